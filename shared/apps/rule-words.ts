/**
 * The words of the create request's rules: each field as the form labels it, its rule in plain words, the rows around
 * it (`Container 1 (web) › Tag`), and the rules spanning fields. No schema here, so the core can word a server's
 * field errors without loading the platform's schema; app-rules.ts applies the schema and these words together.
 */
import { formatPath } from '../common/json-path.js';
import { isRecord } from './json.js';
import { LIMITS } from './limits.js';

type Part = string | number;
const isInt = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n);

/** A field: the label the form shows beside it, the rule in words, and whether an empty value counts as missing. */
interface FieldRule {
  readonly label: string;
  readonly rule: string;
  readonly required?: boolean;
}

const range = (r: { min: number; max: number }) => `${r.min}–${r.max}`;
const seconds = `a whole number of seconds, ${range(LIMITS.probeSeconds)}`;
const threshold = `a whole number, ${range(LIMITS.probeThreshold)}`;
const port = `a port number, ${range(LIMITS.port)}`;
const text = 'text';
const words = 'a list of words (text)';
const IMAGE_PART = 'letters and digits joined by one or two of . / _ - — no spaces, and none of . / _ - at the start or end';

const PROBE_FIELDS: Readonly<Record<string, FieldRule>> = {
  '': { label: 'Probe', rule: 'an HTTP, TCP or gRPC check with its timings' },
  initialDelaySeconds: { label: 'Initial delay', rule: seconds },
  periodSeconds: { label: 'Period', rule: seconds },
  timeoutSeconds: { label: 'Timeout', rule: seconds },
  failureThreshold: { label: 'Failure threshold', rule: threshold },
  successThreshold: { label: 'Success threshold', rule: threshold },
  httpGet: { label: 'HTTP check', rule: 'a request (path, port) and the expected response' },
  'httpGet.request': { label: 'HTTP request', rule: 'a path and a port' },
  'httpGet.request.path': { label: 'Path', rule: text },
  'httpGet.request.portNumber': { label: 'Port', rule: port },
  'httpGet.response': { label: 'HTTP response', rule: 'the expected status' },
  'httpGet.response.expectedStatusCode': { label: 'Expected status', rule: 'an HTTP status by name, such as ok, noContent or notFound' },
  tcpSocket: { label: 'TCP check', rule: 'a port to connect to' },
  'tcpSocket.request': { label: 'TCP request', rule: 'a port to connect to' },
  'tcpSocket.request.portNumber': { label: 'Port', rule: port },
  grpc: { label: 'gRPC check', rule: 'a port and an optional service name' },
  'grpc.request': { label: 'gRPC request', rule: 'a port and an optional service name' },
  'grpc.request.portNumber': { label: 'Port', rule: port },
  'grpc.request.serviceName': { label: 'Service name', rule: text },
};

const MAPPING_FIELDS: Readonly<Record<string, FieldRule>> = {
  '': { label: 'Port mapping', rule: 'a container port, an optional exposed port and protocols' },
  containerPort: { label: 'Container port', rule: port, required: true },
  exposedPort: { label: 'Exposed port', rule: port },
  protocols: { label: 'Protocols', rule: 'any of TCP, UDP and SCTP' },
  'protocols.*': { label: 'Protocol', rule: 'TCP, UDP or SCTP' },
};

const CONTAINER_FIELDS: Readonly<Record<string, FieldRule>> = {
  '': { label: 'Container', rule: 'a name and an image' },
  id: { label: 'Container id', rule: text },
  name: { label: 'Container name', rule: `${range(LIMITS.shortName)} characters`, required: true },
  image: { label: 'Image', rule: text },
  imageName: { label: 'Image name', rule: IMAGE_PART, required: true },
  imageNamespace: { label: 'Namespace', rule: IMAGE_PART, required: true },
  imageTag: { label: 'Tag', rule: 'letters and digits joined by one or two of . _ -, such as 1.25-alpine', required: true },
  imageDigest: { label: 'Digest', rule: '“sha256:” then 64 lowercase letters or digits, or nothing' },
  imageRegistryId: { label: 'Registry', rule: 'one of the account’s image registries', required: true },
  imagePullPolicy: { label: 'Pull policy', rule: 'always or ifNotPresent' },
  entryPoint: { label: 'Entry point', rule: 'a command, arguments and a working directory' },
  'entryPoint.command': { label: 'Command', rule: text },
  'entryPoint.commandArray': { label: 'Command', rule: words },
  'entryPoint.commandArray.*': { label: 'Command word', rule: text },
  'entryPoint.arguments': { label: 'Arguments', rule: text },
  'entryPoint.argumentsArray': { label: 'Arguments', rule: words },
  'entryPoint.argumentsArray.*': { label: 'Argument', rule: text },
  'entryPoint.workingDirectory': { label: 'Working directory', rule: text },
  probes: { label: 'Probes', rule: 'a startup, readiness and liveness probe, each optional' },
  environmentVariables: { label: 'Environment variables', rule: 'a list of variables, each a name and a value' },
  'environmentVariables.*': { label: 'Variable', rule: 'a name and a value' },
  'environmentVariables.*.name': { label: 'Variable name', rule: 'at least one character', required: true },
  'environmentVariables.*.value': { label: 'Variable value', rule: text },
  endpoints: { label: 'Endpoints', rule: 'a list of endpoints, each CDN or anycast' },
  'endpoints.*': { label: 'Endpoint', rule: 'a name and a CDN or anycast address' },
  'endpoints.*.displayName': { label: 'Endpoint name', rule: `${range(LIMITS.shortName)} characters`, required: true },
  'endpoints.*.cdn': { label: 'CDN', rule: 'one port mapping, SSL, sticky sessions and an optional pull zone' },
  'endpoints.*.cdn.isSslEnabled': { label: 'SSL', rule: 'on or off (true or false)' },
  'endpoints.*.cdn.pullZoneId': { label: 'Pull zone id', rule: 'a whole number (a pull zone’s id)' },
  'endpoints.*.cdn.portMappings': { label: 'Port mappings', rule: 'exactly one port mapping for a CDN endpoint' },
  'endpoints.*.cdn.stickySessions': { label: 'Sticky sessions', rule: '1–3 session headers and an optional cookie name' },
  'endpoints.*.cdn.stickySessions.enabled': { label: 'Sticky sessions', rule: 'on or off (true or false)' },
  'endpoints.*.cdn.stickySessions.sessionHeaders': { label: 'Session headers', rule: `${range(LIMITS.stickyHeaders)} header names`, required: true },
  'endpoints.*.cdn.stickySessions.sessionHeaders.*': { label: 'Session header', rule: text },
  'endpoints.*.cdn.stickySessions.cookieName': { label: 'Cookie name', rule: text },
  'endpoints.*.anycast': { label: 'Anycast', rule: 'an address type and at least one port mapping' },
  'endpoints.*.anycast.type': { label: 'Address type', rule: 'IPv4', required: true },
  'endpoints.*.anycast.portMappings': { label: 'Port mappings', rule: 'at least one port mapping', required: true },
  volumeMounts: { label: 'Volume mounts', rule: 'a list of mounts, each a volume and a path' },
  'volumeMounts.*': { label: 'Mount', rule: 'a volume and a path' },
  'volumeMounts.*.name': { label: 'Volume', rule: `the name of a volume of the app (${range(LIMITS.shortName)} characters)`, required: true },
  'volumeMounts.*.mountPath': {
    label: 'Mount path',
    rule: 'an absolute path such as /var/lib/data — letters, digits, . _ - between single slashes, no “..” and no spaces',
    required: true,
  },
};

const APP_FIELDS: Readonly<Record<string, FieldRule>> = {
  '': { label: 'The app', rule: 'an object with the create request’s fields' },
  name: { label: 'Name', rule: `${range(LIMITS.appName)} characters — letters, digits, hyphens and spaces`, required: true },
  runtimeType: { label: 'Runtime', rule: 'shared or reserved', required: true },
  terminationGracePeriodSeconds: { label: 'Grace period on stop', rule: `a whole number of seconds, ${range(LIMITS.terminationGracePeriodSeconds)}` },
  repositorySettings: { label: 'Repository', rule: 'a template repository, a repository name and an owner' },
  'repositorySettings.templateRepository': { label: 'Template repository', rule: text },
  'repositorySettings.repositoryName': { label: 'Repository name', rule: text },
  'repositorySettings.owner': { label: 'Repository owner', rule: text },
  autoScaling: { label: 'Scaling', rule: 'a minimum and a maximum number of instances per region', required: true },
  'autoScaling.min': { label: 'Minimum instances per region', rule: `a whole number, ${range(LIMITS.autoscaling)}`, required: true },
  'autoScaling.max': { label: 'Maximum instances per region', rule: `a whole number, ${range(LIMITS.autoscaling)}, at least the minimum`, required: true },
  regionSettings: { label: 'Regions', rule: 'the allowed and required regions', required: true },
  'regionSettings.allowedRegionIds': { label: 'Allowed regions', rule: 'a list of region ids' },
  'regionSettings.allowedRegionIds.*': { label: 'Allowed region', rule: 'a region id' },
  'regionSettings.requiredRegionIds': { label: 'Required regions', rule: 'a list of region ids, each also allowed' },
  'regionSettings.requiredRegionIds.*': { label: 'Required region', rule: 'a region id' },
  'regionSettings.maxAllowedRegions': { label: 'Max allowed regions', rule: 'a whole number, at least the number of required regions' },
  'regionSettings.nodeSelectors': { label: 'Node selectors', rule: 'labels, each with a text value' },
  'regionSettings.nodeSelectors.*': { label: 'Node selector', rule: 'a text value' },
  containerTemplates: { label: 'Containers', rule: 'at least one container', required: true },
  volumes: { label: 'Volumes', rule: 'a list of volumes, each a name and a size' },
  'volumes.*': { label: 'Volume', rule: 'a name and a size' },
  'volumes.*.name': { label: 'Volume name', rule: `${range(LIMITS.shortName)} characters, unique among the volumes`, required: true },
  'volumes.*.size': { label: 'Size (GB)', rule: `a whole number of GB, ${range(LIMITS.volumeSize)}`, required: true },
};

const PROBE_KINDS: Readonly<Record<string, string>> = { startup: 'Startup probe', readiness: 'Readiness probe', liveness: 'Liveness probe' };

/** A table's own entry (never one inherited from Object, such as `__proto__` or `constructor`). */
function own<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/** `a.*.b` for a path: each array index becomes `*`. */
function patternOf(path: readonly Part[]): string {
  return path.map((p) => (typeof p === 'number' ? '*' : p)).join('.');
}

/** The field a path names, or undefined for a path no form field has (an unknown member, say). */
export function fieldRuleAt(path: readonly Part[]): FieldRule | undefined {
  if (path[0] !== 'containerTemplates') return own(APP_FIELDS, patternOf(path));
  if (path.length === 1) return APP_FIELDS.containerTemplates;
  const inside = path.slice(2);
  const probe = inside[0] === 'probes' && typeof inside[1] === 'string' ? own(PROBE_KINDS, inside[1]) : undefined;
  if (probe !== undefined) {
    const rule = own(PROBE_FIELDS, patternOf(inside.slice(2)));
    return rule && inside.length === 2 ? { ...rule, label: probe } : rule;
  }
  const mapping = inside.findIndex((p) => p === 'portMappings');
  if (mapping >= 0 && inside.length > mapping + 1) return own(MAPPING_FIELDS, patternOf(inside.slice(mapping + 2)));
  return own(CONTAINER_FIELDS, patternOf(inside));
}

function step(node: unknown, part: Part): unknown {
  return typeof node === 'object' && node !== null ? (node as Record<Part, unknown>)[part] : undefined;
}

/** The member of a value at a path, or undefined. */
export function valueAtPath(value: unknown, path: readonly Part[]): unknown {
  return path.reduce<unknown>(step, value);
}

/** `Container 1 (web)`: a numbered row, with its name when it has one. */
function row(noun: string, index: number, name: unknown): string {
  return typeof name === 'string' && name.trim() !== '' ? `${noun} ${index + 1} (${name.trim()})` : `${noun} ${index + 1}`;
}

/** The groups around a field, outermost first: `Container 1 (web)`, `Endpoint 2 (api)`, `Port mapping 1`. */
function groupsOf(path: readonly Part[], body: unknown): string[] {
  const out: string[] = [];
  for (let i = 0; i < path.length; i++) {
    const part = path[i];
    const parent = path[i - 1];
    const here = path.slice(0, i + 1);
    if (typeof part === 'number' && i < path.length - 1) {
      const item = valueAtPath(body, here);
      if (parent === 'containerTemplates') out.push(row('Container', part, step(item, 'name')));
      else if (parent === 'endpoints') out.push(row('Endpoint', part, step(item, 'displayName')));
      else if (parent === 'portMappings') out.push(row('Port mapping', part, undefined));
      else if (parent === 'environmentVariables') out.push(row('Variable', part, step(item, 'name')));
      else if (parent === 'volumeMounts') out.push(row('Mount', part, undefined));
      else if (parent === 'volumes') out.push(row('Volume', part, step(item, 'name')));
    } else if (parent === 'probes' && typeof part === 'string' && own(PROBE_KINDS, part) !== undefined && i < path.length - 1) {
      out.push(own(PROBE_KINDS, part)!);
    } else if ((part === 'cdn' || part === 'anycast') && i < path.length - 1) {
      out.push(part === 'cdn' ? 'CDN' : 'Anycast');
    }
  }
  return out;
}

/** How a problem came about: a value missing, a member the platform does not know, or a rule broken. */
export type RuleKind = 'missing' | 'unknown' | 'rule';

/** One broken rule, ready to show. */
export interface RuleProblem {
  /** Where it is, as the platform names it: `containerTemplates[0].imageTag`. */
  readonly field: string;
  /** The same place as parts, for the form: ['containerTemplates', 0, 'imageTag']. */
  readonly path: readonly Part[];
  readonly kind: RuleKind;
  /** The field as the form labels it beside the field: `Tag`. */
  readonly label: string;
  /** The field with the rows around it, for a message read away from the form: `Container 1 (web) › Tag`. */
  readonly place: string;
  /** The rule in words, without the field: `letters and digits, …` */
  readonly rule: string;
  /** `Tag: letters and digits, …` — what the form shows under the field. */
  readonly message: string;
  /** `Container 1 (web) › Tag: letters and digits, …` — what the CLI and the core say. */
  readonly placedMessage: string;
}

/**
 * The person's message for a broken rule at a path: the one place that turns a rule and a path into words. `rule`
 * overrides the field's own rule (a rule spanning fields says what the other field holds); `kind` says why.
 */
export function ruleProblem(path: readonly Part[], body: unknown, kind: RuleKind, rule?: string): RuleProblem {
  // A member the platform does not know is named on the object holding it, as the form has no field for it.
  const named = kind === 'unknown' ? path.slice(0, -1) : path;
  const known = fieldRuleAt(named);
  const last = named[named.length - 1];
  const label = known?.label ?? (typeof last === 'string' ? last : `Item ${Number(last) + 1}`);
  const place = [...groupsOf(named, body), label].join(' › ');
  let said: string;
  if (rule !== undefined) said = rule;
  else if (kind === 'missing') said = known === undefined ? 'required' : `required (${known.rule})`;
  else if (kind === 'unknown') said = `“${String(path[path.length - 1])}” is not a field the platform knows; remove it`;
  else said = known?.rule ?? 'not valid here';
  return { field: formatPath(path), path, kind, label, place, rule: said, message: `${label}: ${said}`, placedMessage: `${place}: ${said}` };
}

/** One cross-field problem: the path of the field that shows it and the rule in words. */
export interface CrossFieldProblem {
  readonly path: readonly Part[];
  readonly rule: string;
}

/**
 * Rules spanning fields, on any value (fields that do not parse are skipped): max not below min, required regions
 * allowed and not more than max allowed regions, unique volume names, unique variable names in a container, mounts
 * naming a declared volume.
 */
export function crossFieldProblems(body: unknown): CrossFieldProblem[] {
  const problems: CrossFieldProblem[] = [];
  if (!isRecord(body)) return problems;
  const scaling = isRecord(body.autoScaling) ? body.autoScaling : {};
  const { min, max } = scaling;
  // Shown on max: the user raising min past max is told where the bound is, and fixing either clears it.
  if (isInt(min) && isInt(max) && min > max) {
    problems.push({ path: ['autoScaling', 'max'], rule: `at least the minimum (${min}); the platform refuses a max below the min` });
  }
  const regions = isRecord(body.regionSettings) ? body.regionSettings : {};
  const ids = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  // Without an allowed list the platform takes the required regions as they are; only a list that leaves some out is refused.
  const allowed = new Set(ids(regions.allowedRegionIds));
  const required = ids(regions.requiredRegionIds);
  const notAllowed = Array.isArray(regions.allowedRegionIds) ? required.filter((id) => !allowed.has(id)) : [];
  if (notAllowed.length > 0) {
    problems.push({
      path: ['regionSettings', 'requiredRegionIds'],
      rule: `a required region must also be allowed: ${notAllowed.join(', ')} ${notAllowed.length === 1 ? 'is' : 'are'} required but not allowed`,
    });
  }
  const maxRegions = regions.maxAllowedRegions;
  if (isInt(maxRegions) && maxRegions < required.length) {
    problems.push({
      path: ['regionSettings', 'maxAllowedRegions'],
      rule: `at least the number of required regions (${required.length}), since required regions always run`,
    });
  }
  const volumes = Array.isArray(body.volumes) ? body.volumes : [];
  const seen = new Set<string>();
  volumes.forEach((v, i) => {
    const name = step(v, 'name');
    if (typeof name !== 'string') return;
    if (seen.has(name)) problems.push({ path: ['volumes', i, 'name'], rule: `another volume is already named “${name}”; volume names must be unique` });
    seen.add(name);
  });
  // A container's variables are one name→value table to the platform (its env call takes an object): a name given
  // twice would lose one value, silently, on the next change of the variables. Shown on the second one.
  if (Array.isArray(body.containerTemplates)) {
    body.containerTemplates.forEach((c, ci) => {
      const vars = step(c, 'environmentVariables');
      if (!Array.isArray(vars)) return;
      const names = new Set<string>();
      vars.forEach((v, vi) => {
        const name = step(v, 'name');
        if (typeof name !== 'string' || name === '') return;
        if (names.has(name)) problems.push({ path: ['containerTemplates', ci, 'environmentVariables', vi, 'name'], rule: `another variable of this container is already named “${name}”; variable names must be unique` });
        names.add(name);
      });
    });
  }
  // A volume without a name (its own rule says so) leaves the mounts unchecked: any of them may mean it.
  const templates = Array.isArray(body.containerTemplates) && volumes.every((v) => typeof step(v, 'name') === 'string') ? body.containerTemplates : [];
  templates.forEach((c, ci) => {
    const mounts = step(c, 'volumeMounts');
    if (!Array.isArray(mounts)) return;
    mounts.forEach((m, mi) => {
      const name = step(m, 'name');
      if (typeof name === 'string' && !seen.has(name)) {
        problems.push({ path: ['containerTemplates', ci, 'volumeMounts', mi, 'name'], rule: `no volume named “${name}” is declared in Volumes` });
      }
    });
  });
  return problems;
}

/**
 * The person's message for an error the server sent at a platform path: the field's own rule in words when Burrow
 * knows the field (the platform's text is then kept beside it as "platform says"), else the platform's text as is.
 */
export function serverFieldMessage(field: string, platformText: string, body?: unknown): { readonly message: string; readonly platformSays?: string } {
  const path = parsePath(field);
  if (path === undefined || fieldRuleAt(path) === undefined) return { message: platformText };
  const p = ruleProblem(path, body, 'rule');
  return p.placedMessage === platformText ? { message: platformText } : { message: p.placedMessage, platformSays: platformText };
}

/** `a[0].b` → ['a', 0, 'b']; undefined for `$` or a spelling that is not a path. */
export function parsePath(field: string): Part[] | undefined {
  if (field === '' || field === '$') return undefined;
  const out: Part[] = [];
  for (const m of field.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) out.push(m[2] !== undefined ? Number(m[2]) : m[1]!);
  return out.length === 0 ? undefined : out;
}
