/**
 * The boundary table of the application create request: every field rule (lengths, counts, ranges, formats,
 * references) just inside and just outside its limit, as changes to the full valid app of test-harness.ts. The
 * sandbox's rules test posts each row; `burrow apps create --dry-run` is checked against the same rows.
 */

/** One row: a change to the full valid app and what the platform answers. */
export interface Case {
  /** Dotted path to change (numbers index arrays); `undefined` value deletes. */
  readonly path: string;
  readonly value: unknown;
  /** The JSON path expected in errors[].field, or 'ok' for a 201. */
  readonly expect: 'ok' | string;
}

const CT = 'containerTemplates.0';
const EP_CDN = `${CT}.endpoints.0.cdn`;
const EP_ANY = `${CT}.endpoints.1.anycast`;
const LIVE = `${CT}.probes.liveness`;

/** JSON path of a dotted path: containerTemplates.0.name → containerTemplates[0].name. */
const field = (path: string) => path.replace(/\.(\d+)/g, '[$1]');
const s = (n: number) => 'a'.repeat(n);
const ok = (path: string, value: unknown): Case => ({ path, value, expect: 'ok' });
const bad = (path: string, value: unknown, at = field(path)): Case => ({ path, value, expect: at });

/** For a length or count rule: below, at both edges, above. */
function edges(path: string, min: number, max: number, make: (n: number) => unknown): Case[] {
  const out: Case[] = [ok(path, make(min)), ok(path, make(max)), bad(path, make(max + 1))];
  if (min > 0) out.unshift(bad(path, make(min - 1)));
  return out;
}
const intEdges = (path: string, min: number, max: number) => edges(path, min, max, (n) => n);

const digest = (hex: string) => `sha256:${hex}`;
const mapping = { containerPort: 8080 };

/** The rows by group. */
export const CASES: readonly (readonly [string, readonly Case[]])[] = [
  ['lengths', [
    ...edges('name', 1, 100, s),
    ...edges(`${CT}.name`, 1, 50, s),
    ...edges(`${CT}.endpoints.0.displayName`, 1, 50, s),
    ...edges('volumes.0.name', 1, 50, s),
    ...edges(`${CT}.volumeMounts.0.name`, 1, 50, s),
    bad(`${CT}.imageName`, ''), ok(`${CT}.imageName`, 'a'),
    bad(`${CT}.imageNamespace`, ''), ok(`${CT}.imageNamespace`, 'a'),
    bad(`${CT}.imageTag`, ''), ok(`${CT}.imageTag`, 'a'),
    bad(`${CT}.imageRegistryId`, ''),
    bad(`${CT}.environmentVariables.0.name`, ''), ok(`${CT}.environmentVariables.0.name`, 'A'),
    bad(`${CT}.volumeMounts.0.mountPath`, ''),
  ]],
  ['ranges', [
    ...intEdges('terminationGracePeriodSeconds', 1, 300),
    bad('autoScaling.min', 0), ok('autoScaling.min', 1), bad('autoScaling.min', 1001),
    bad('autoScaling.max', 0), ok('autoScaling.max', 1000), bad('autoScaling.max', 1001),
    ...intEdges('volumes.0.size', 1, 100),
    ...['initialDelaySeconds', 'periodSeconds', 'timeoutSeconds'].flatMap((k) => intEdges(`${LIVE}.${k}`, 1, 3600)),
    ...['failureThreshold', 'successThreshold'].flatMap((k) => intEdges(`${LIVE}.${k}`, 1, 1000)),
    ...[
      `${EP_CDN}.portMappings.0.containerPort`, `${EP_CDN}.portMappings.0.exposedPort`, `${EP_ANY}.portMappings.0.containerPort`,
      `${LIVE}.httpGet.request.portNumber`, `${CT}.probes.startup.tcpSocket.request.portNumber`, `${CT}.probes.readiness.grpc.request.portNumber`,
    ].flatMap((p) => intEdges(p, 1, 65535)),
    ok('regionSettings.maxAllowedRegions', 2147483647), bad('regionSettings.maxAllowedRegions', 2147483648),
    ok(`${EP_CDN}.pullZoneId`, -2147483648), bad(`${EP_CDN}.pullZoneId`, -2147483649),
  ]],
  ['array bounds', [
    ...edges(`${EP_CDN}.stickySessions.sessionHeaders`, 1, 3, (n) => Array.from({ length: n }, (_, i) => `X-H${i}`)),
    ...edges(`${EP_CDN}.portMappings`, 1, 1, (n) => Array.from({ length: n }, () => mapping)),
    bad(`${EP_ANY}.portMappings`, []), ok(`${EP_ANY}.portMappings`, [mapping, { containerPort: 9090 }]),
    bad('containerTemplates', []),
    ok('volumes', []), ok(`${CT}.endpoints`, []), ok(`${CT}.environmentVariables`, []),
  ]],
  ['patterns', [
    ok('name', 'My app-2'), ok('name', 'tab\tand space'), bad('name', 'under_score'), bad('name', 'dot.ted'), bad('name', 'café'), bad('name', 'a/b'),
    ...[`${CT}.imageName`, `${CT}.imageNamespace`].flatMap((p) => [
      ok(p, 'a__b'), ok(p, 'my-org/sub.name'), ok(p, 'a//b'), ok(p, 'a-.b'),
      bad(p, 'a...b'), bad(p, 'a___b'), bad(p, '-a'), bad(p, 'a-'), bad(p, 'a b'), bad(p, 'a:b'), bad(p, '.'),
    ]),
    ok(`${CT}.imageTag`, '1.25-alpine'), ok(`${CT}.imageTag`, 'v1..2'), ok(`${CT}.imageTag`, 'A_b'),
    bad(`${CT}.imageTag`, 'a/b'), bad(`${CT}.imageTag`, 'a...b'), bad(`${CT}.imageTag`, '.hidden'), bad(`${CT}.imageTag`, 'latest '),
    ok(`${CT}.imageDigest`, digest('a'.repeat(64))), ok(`${CT}.imageDigest`, digest('z9'.repeat(32))), ok(`${CT}.imageDigest`, null),
    bad(`${CT}.imageDigest`, ''), bad(`${CT}.imageDigest`, 'sha256:'),
    bad(`${CT}.imageDigest`, digest('A'.repeat(64))), bad(`${CT}.imageDigest`, digest(`${'a'.repeat(63)}B`)),
    bad(`${CT}.imageDigest`, `SHA256:${'a'.repeat(64)}`), bad(`${CT}.imageDigest`, digest('a'.repeat(63))),
    bad(`${CT}.imageDigest`, digest('a'.repeat(65))), bad(`${CT}.imageDigest`, `sha512:${'a'.repeat(64)}`), bad(`${CT}.imageDigest`, 'a'.repeat(64)),
    bad(`${CT}.imageDigest`, ` ${digest('a'.repeat(64))}`), bad(`${CT}.imageDigest`, digest(`${'a'.repeat(63)}-`)),
    ...['/data', '/data/sub/', '/.config', '/a-b_c.d/e', '/a/./b'].map((v) => ok(`${CT}.volumeMounts.0.mountPath`, v)),
    ...['/', 'data', '/a//b', '//a', '/a/../b', '/..', '/a..b', '/a b', '/a\tb', '/a\nb', '/a:b', '/dätä', `/${'a'.repeat(40)}!`].map((v) =>
      bad(`${CT}.volumeMounts.0.mountPath`, v)),
  ]],
  ['enums', [
    ...['shared', 'Shared', 'SHARED', 'reserved', 'RESERVED', 'rEsErVeD'].map((v) => ok('runtimeType', v)),
    ...['dedicated', '', ' shared', 1, true].map((v) => bad('runtimeType', v)),
    ...['always', 'Always', 'ALWAYS', 'ifNotPresent', 'IfNotPresent', 'ifnotpresent'].map((v) => ok(`${CT}.imagePullPolicy`, v)),
    bad(`${CT}.imagePullPolicy`, 'never'),
    ...['tcp', 'TCP', 'Udp', 'sctp'].map((v) => ok(`${EP_CDN}.portMappings.0.protocols`, [v])),
    bad(`${EP_CDN}.portMappings.0.protocols`, ['http'], field(`${EP_CDN}.portMappings.0.protocols.0`)),
    ...['iPv4', 'IPv4', 'ipv4', 'IPV4'].map((v) => ok(`${EP_ANY}.type`, v)),
    ...['iPv6', 'v4', ''].map((v) => bad(`${EP_ANY}.type`, v)),
    ...['ok', 'OK', 'Ok', 'notFound', 'NOTFOUND', 'internalServerError', 'continue', 'networkAuthenticationRequired'].map((v) =>
      ok(`${LIVE}.httpGet.response.expectedStatusCode`, v)),
    ...['teapot', '200', 200, 'not_found'].map((v) => bad(`${LIVE}.httpGet.response.expectedStatusCode`, v)),
  ]],
  ['required fields', [
    ...['name', 'runtimeType', 'autoScaling', 'regionSettings', 'autoScaling.min', 'autoScaling.max', `${CT}.name`, `${CT}.imageName`,
      `${CT}.imageNamespace`, `${CT}.imageTag`, `${CT}.imageRegistryId`, `${CT}.endpoints.0.displayName`, `${EP_CDN}.stickySessions.sessionHeaders`,
      `${EP_ANY}.type`, `${EP_ANY}.portMappings`, `${EP_ANY}.portMappings.0.containerPort`, 'volumes.0.name', 'volumes.0.size',
      `${CT}.volumeMounts.0.name`, `${CT}.volumeMounts.0.mountPath`, `${CT}.environmentVariables.0.name`].map((p) => bad(p, undefined)),
    ...['terminationGracePeriodSeconds', 'repositorySettings', 'containerTemplates', 'volumes', `${CT}.image`, `${CT}.imageDigest`,
      `${CT}.imagePullPolicy`, `${CT}.entryPoint`, `${CT}.probes`, `${CT}.endpoints`, `${EP_CDN}.portMappings`, `${EP_CDN}.isSslEnabled`,
      `${EP_CDN}.stickySessions.cookieName`, `${EP_CDN}.portMappings.0.exposedPort`, `${EP_CDN}.portMappings.0.protocols`,
      `${CT}.environmentVariables.0.value`, 'regionSettings.allowedRegionIds', 'regionSettings.nodeSelectors'].map((p) => ok(p, undefined)),
  ]],
  ['nulls', [
    ...['regionSettings.allowedRegionIds', 'regionSettings.requiredRegionIds', 'regionSettings.maxAllowedRegions', 'regionSettings.nodeSelectors',
      `${CT}.image`, `${CT}.imageDigest`, `${CT}.entryPoint.command`, `${CT}.entryPoint.commandArray`, `${CT}.entryPoint.workingDirectory`,
      `${LIVE}.periodSeconds`, `${LIVE}.failureThreshold`, `${EP_CDN}.pullZoneId`, `${EP_CDN}.portMappings.0.exposedPort`,
      `${CT}.probes.readiness.grpc.request.serviceName`, 'repositorySettings.owner', 'repositorySettings', `${EP_CDN}.stickySessions`,
      `${CT}.endpoints.1.cdn`, `${CT}.probes.startup`].map((p) => ok(p, null)),
    ...['name', 'runtimeType', 'autoScaling', 'autoScaling.min', 'volumes.0.size', `${CT}.name`, `${CT}.imageRegistryId`,
      `${EP_CDN}.isSslEnabled`, `${EP_ANY}.type`, `${CT}.environmentVariables.0.value`].map((p) => bad(p, null)),
  ]],
  ['types and numbers', [
    bad('terminationGracePeriodSeconds', '12'), bad('terminationGracePeriodSeconds', 1.5), bad('autoScaling.min', 1.0000001),
    bad('autoScaling.max', 1e20), bad('volumes.0.size', '5'), bad('volumes.0.size', [5]), bad(`${EP_CDN}.pullZoneId`, 1.5),
    ok('autoScaling.min', 1.0), bad(`${EP_CDN}.isSslEnabled`, 'true'), bad('name', 42), bad('autoScaling', [1, 2]),
    ok('regionSettings.nodeSelectors', {}), bad('regionSettings.nodeSelectors', { a: 1 }, 'regionSettings.nodeSelectors.a'),
    bad('regionSettings.nodeSelectors', ['a']), bad(`${CT}.entryPoint.commandArray`, ['a', 1], field(`${CT}.entryPoint.commandArray.1`)),
    bad('regionSettings.allowedRegionIds', 'DE'), bad('containerTemplates', { name: 'x' }), bad(`${CT}.environmentVariables`, [null], field(`${CT}.environmentVariables.0`)),
  ]],
  ['unknown properties', [
    bad('extra', 1), bad('Name', 'x'), bad('autoScaling.step', 1), bad('regionSettings.regions', []), bad('repositorySettings.branch', 'main'),
    bad(`${CT}.ports`, [80]), bad(`${CT}.entryPoint.shell`, 'sh'), bad(`${CT}.endpoints.0.internalIp`, null), bad(`${EP_CDN}.originUrl`, 'x'),
    bad(`${EP_CDN}.stickySessions.ttl`, 5), bad(`${EP_CDN}.portMappings.0.hostPort`, 80), bad(`${EP_ANY}.ipv6`, false),
    bad(`${LIVE}.exec`, {}), bad(`${LIVE}.httpGet.request.headers`, {}), bad(`${LIVE}.httpGet.response.body`, 'x'),
    bad(`${CT}.probes.startup.tcpSocket.request.host`, 'x'), bad(`${CT}.probes.readiness.grpc.request.tls`, true),
    bad('volumes.0.type', 'ssd'), bad(`${CT}.volumeMounts.0.readOnly`, true), bad(`${CT}.environmentVariables.0.secret`, true),
    bad(`${CT}.probes.other`, {}),
    ok('regionSettings.nodeSelectors', { anything: 'goes', 'kubernetes.io/arch': 'amd64' }),
  ]],
];

/** What an update row knows of the app made from the full valid app before it is changed. */
export interface MadeApp {
  /** The id of its one container ("web"). */
  readonly containerId: string;
}

/** One update row: a PATCH (or PUT) body for the app made from the full valid app, and what the platform answers. */
export interface UpdateCase {
  readonly name: string;
  readonly method: 'PUT' | 'PATCH';
  /** The body, from the made app and a fresh copy of the full valid app it was made from. */
  readonly body: (made: MadeApp, full: Record<string, unknown>) => unknown;
  /** 'ok' for 200; otherwise the status and the JSON paths expected in errors[].field, in order. */
  readonly expect: 'ok' | { readonly status: 400 | 422; readonly fields: readonly string[] };
  /** For 'ok': what the app's GET then matches (a partial Application). */
  readonly after?: (made: MadeApp) => Record<string, unknown>;
}

const worker = { name: 'worker', imageName: 'busybox', imageNamespace: 'library', imageTag: 'latest', imageRegistryId: '1' };

/**
 * Update rows: PATCH with the platform's merge-patch array rules (an item with an id updates that container, one
 * without is added, one left out is removed; volumes by name) and PUT replacing the whole app; the merged result is
 * checked with the create rules. (Every create row is also sent as a PUT body by the rules test.)
 */
export const UPDATE_CASES: readonly UpdateCase[] = [
  { name: 'PATCH a name only', method: 'PATCH', body: () => ({ name: 'Renamed app' }), expect: 'ok', after: () => ({ name: 'Renamed app', autoScaling: { min: 1, max: 3 } }) },
  { name: 'PATCH autoscaling', method: 'PATCH', body: () => ({ autoScaling: { min: 2, max: 2 } }), expect: 'ok', after: () => ({ autoScaling: { min: 2, max: 2 } }) },
  {
    name: 'PATCH updates a container by id (tag, env replaced)',
    method: 'PATCH',
    body: ({ containerId }) => ({ containerTemplates: [{ id: containerId, imageTag: '1.28', environmentVariables: [{ name: 'LEVEL', value: 'debug' }] }] }),
    expect: 'ok',
    after: ({ containerId }) => ({ containerTemplates: [{ id: containerId, name: 'web', imageTag: '1.28', environmentVariables: [{ name: 'LEVEL', value: 'debug' }] }] }),
  },
  {
    name: 'PATCH with the whole container as read back (old image and digest) and a new tag',
    method: 'PATCH',
    body: ({ containerId }, full) => {
      const [web] = full['containerTemplates'] as Record<string, unknown>[];
      return { containerTemplates: [{ ...web, id: containerId, imageTag: '1.30' }] };
    },
    expect: 'ok',
    after: ({ containerId }) => ({ containerTemplates: [{ id: containerId, imageTag: '1.30', image: 'docker.io/library/nginx:1.30' }] }),
  },
  {
    name: 'PATCH adds a container without an id',
    method: 'PATCH',
    body: ({ containerId }) => ({ containerTemplates: [{ id: containerId }, worker] }),
    expect: 'ok',
    after: ({ containerId }) => ({ containerTemplates: [{ id: containerId, name: 'web' }, { name: 'worker', imageName: 'busybox' }] }),
  },
  {
    name: 'PATCH removes the container it leaves out',
    method: 'PATCH',
    body: () => ({ containerTemplates: [worker], volumes: [] }),
    expect: 'ok',
    after: () => ({ containerTemplates: [{ name: 'worker' }], volumes: [] }),
  },
  { name: 'PATCH grows a volume by name', method: 'PATCH', body: () => ({ volumes: [{ name: 'data', size: 20 }] }), expect: 'ok', after: () => ({ volumes: [{ name: 'data', size: 20 }] }) },
  { name: 'PATCH removes a member with null', method: 'PATCH', body: () => ({ repositorySettings: null }), expect: 'ok' },
  { name: 'PATCH null on a required member', method: 'PATCH', body: () => ({ autoScaling: null }), expect: { status: 400, fields: ['autoScaling'] } },
  { name: 'PATCH a name the pattern refuses', method: 'PATCH', body: () => ({ name: 'a_b' }), expect: { status: 400, fields: ['name'] } },
  { name: 'PATCH merged autoscaling out of range', method: 'PATCH', body: () => ({ autoScaling: { max: 1001 } }), expect: { status: 400, fields: ['autoScaling.max'] } },
  { name: 'PATCH merged min above max', method: 'PATCH', body: () => ({ autoScaling: { min: 4 } }), expect: { status: 422, fields: ['autoScaling.min'] } },
  {
    name: 'PATCH a container by id with a bad tag',
    method: 'PATCH',
    body: ({ containerId }) => ({ containerTemplates: [{ id: containerId, imageTag: 'no spaces' }] }),
    expect: { status: 400, fields: ['containerTemplates[0].imageTag'] },
  },
  {
    name: 'PATCH an added container missing required members',
    method: 'PATCH',
    body: ({ containerId }) => ({ containerTemplates: [{ id: containerId }, { name: 'half' }] }),
    expect: { status: 400, fields: ['containerTemplates[1].imageName', 'containerTemplates[1].imageNamespace', 'containerTemplates[1].imageTag', 'containerTemplates[1].imageRegistryId'] },
  },
  { name: 'PATCH every container removed', method: 'PATCH', body: () => ({ containerTemplates: [] }), expect: { status: 400, fields: ['containerTemplates'] } },
  {
    name: 'PATCH a container id the app does not have',
    method: 'PATCH',
    body: () => ({ containerTemplates: [{ id: 'NoSuchContainer', name: 'x' }] }),
    expect: { status: 400, fields: ['containerTemplates[0].id'] },
  },
  { name: 'PATCH a volume below 1 GB', method: 'PATCH', body: () => ({ volumes: [{ name: 'data', size: 0 }] }), expect: { status: 400, fields: ['volumes[0].size'] } },
  { name: 'PATCH a member the request does not define', method: 'PATCH', body: () => ({ replicas: 3 }), expect: { status: 400, fields: ['replicas'] } },
  {
    name: 'PUT keeps a container by id and changes its tag',
    method: 'PUT',
    body: ({ containerId }, full) => {
      const [web] = full['containerTemplates'] as Record<string, unknown>[];
      return { ...full, containerTemplates: [{ ...web, id: containerId, image: null, imageDigest: null, imageTag: '1.29' }] };
    },
    expect: 'ok',
    after: ({ containerId }) => ({ containerTemplates: [{ id: containerId, imageTag: '1.29' }] }),
  },
  {
    name: 'PUT with the old image reference and digest and a new tag',
    method: 'PUT',
    body: ({ containerId }, full) => {
      const [web] = full['containerTemplates'] as Record<string, unknown>[];
      return { ...full, containerTemplates: [{ ...web, id: containerId, imageTag: '1.31' }] };
    },
    expect: 'ok',
    after: ({ containerId }) => ({ containerTemplates: [{ id: containerId, imageTag: '1.31', image: 'docker.io/library/nginx:1.31' }] }),
  },
  {
    name: 'PUT without an id makes a new container',
    method: 'PUT',
    body: (_, full) => full,
    expect: 'ok',
    after: () => ({ containerTemplates: [{ name: 'web' }] }),
  },
  {
    name: 'PUT with a container id the app does not have',
    method: 'PUT',
    body: (_, full) => {
      const [web] = full['containerTemplates'] as Record<string, unknown>[];
      return { ...full, containerTemplates: [{ ...web, id: 'NoSuchContainer' }] };
    },
    expect: { status: 400, fields: ['containerTemplates[0].id'] },
  },
  { name: 'PUT without required members', method: 'PUT', body: () => ({ name: 'x' }), expect: { status: 400, fields: ['runtimeType', 'autoScaling', 'regionSettings'] } },
];
