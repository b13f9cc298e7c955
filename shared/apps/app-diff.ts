/**
 * What an edit of an application changes, in words: the application as the request that would leave it as it is
 * (with the ids that make a merge-patch update its containers rather than add new ones), and the differences between
 * that and a desired request, each named as the form labels the field, with removals said plainly and secret values
 * masked. The form's review, the CLI's `apps update` and the environment quick action all use it.
 *
 * How the platform reads the update (`PATCH /apps/{id}`, a JSON merge-patch with a rule for lists): an item of a list
 * with an id updates the item with that id, one without an id is added, and an item the list leaves out is removed.
 * Outside lists, a member the request leaves out is kept as it is and a member sent as null is cleared. Containers are
 * the only items the request gives an id; every other list (environment variables, endpoints, volume mounts,
 * volumes) is sent whole, so its items are told apart here by their names.
 */
import { MASK } from '../common/redact.js';
import type { AddApplicationRequestInput } from './schema.js';
import { currentAppBody } from './duplicate-app.js';
import { isSecretEnvVar, looksSecretValue } from './env-text.js';
import type { RegistryLike } from './image-registry.js';

type Json = Readonly<Record<string, unknown>>;

const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

export type ChangeKind = 'changed' | 'added' | 'removed';

/** One difference between the application and the desired request. */
export interface AppChange {
  /** Where in the request: `containerTemplates[0].imageTag` (the desired request's index; the current one's for a removal). */
  readonly path: string;
  /** The field as the form labels it: "Container web › Image tag", "Container web › Environment variable DEBUG". */
  readonly label: string;
  /** `added`/`removed`: an item (or a value) that is new or goes; `changed`: a value that differs. */
  readonly kind: ChangeKind;
  /** The value before, in words (lists joined with commas); null when there was none. */
  readonly before: string | null;
  /** The value after, in words; null when there will be none. */
  readonly after: string | null;
  /** The values are a credential by the environment variable rule: shown masked until the user asks. */
  readonly secret: boolean;
  /** The change as a sentence, secret values masked: "Environment variable DEBUG of container web will be removed". */
  readonly text: string;
}

/** One environment variable. */
export interface EnvPair {
  readonly name: string;
  readonly value?: string | null;
}

/**
 * The application (`GET /apps/{id}`, read liberally) as the desired request that changes nothing: what the edit form
 * starts from. Container ids are kept; the platform's own members (status, instances, digests, hosts) are left out.
 */
export function appToRequest(app: Json, registries: readonly RegistryLike[] = []): AddApplicationRequestInput {
  return currentAppBody(app, registries);
}

/** The lists a request may hold at each level (containers hold their own). */
const APP_LISTS = ['containerTemplates', 'volumes'] as const;
const CONTAINER_LISTS = ['environmentVariables', 'endpoints', 'volumeMounts'] as const;

/**
 * The desired request with every list the current one has written out, empty when the desired request leaves it
 * out: the form drops an empty list, and a merge-patch would read a left-out list as "keep", not as "remove all".
 */
export function withListsWritten(current: Json, desired: Json): Json {
  const out: Record<string, unknown> = { ...desired };
  for (const key of APP_LISTS) if (Array.isArray(current[key]) && current[key].length > 0 && out[key] === undefined) out[key] = [];
  if (Array.isArray(out.containerTemplates)) {
    const byId = new Map<string, Json>();
    if (Array.isArray(current.containerTemplates)) for (const c of current.containerTemplates) if (isRecord(c) && typeof c.id === 'string') byId.set(c.id, c);
    out.containerTemplates = out.containerTemplates.map((c: unknown) => {
      if (!isRecord(c) || typeof c.id !== 'string') return c;
      const before = byId.get(c.id);
      if (!before) return c;
      const filled: Record<string, unknown> = { ...c };
      for (const key of CONTAINER_LISTS) if (Array.isArray(before[key]) && before[key].length > 0 && filled[key] === undefined) filled[key] = [];
      return filled;
    });
  }
  return out;
}

/** The members that say which image a container runs. */
const IMAGE_PARTS = ['imageRegistryId', 'imageNamespace', 'imageName', 'imageTag'] as const;

/**
 * The body to send as the update, from the desired request: every list the app has written out (`withListsWritten`);
 * a container id given twice kept only on the first (the platform would update one container from both); and, for
 * a kept container whose image changes while the request pins no digest, the digest cleared (null), so the platform
 * does not keep running the build the old tag was pinned to.
 */
export function updateBody(current: Json, desired: Json): Json {
  const body = withListsWritten(current, desired);
  if (!Array.isArray(body.containerTemplates)) return body;
  const before = new Map<string, Json>();
  if (Array.isArray(current.containerTemplates)) for (const c of current.containerTemplates) if (isRecord(c) && typeof c.id === 'string') before.set(c.id, c);
  const seen = new Set<string>();
  return {
    ...body,
    containerTemplates: body.containerTemplates.map((c: unknown) => {
      if (!isRecord(c) || typeof c.id !== 'string') return c;
      if (seen.has(c.id)) {
        const { id: _id, ...rest } = c;
        return rest;
      }
      seen.add(c.id);
      const old = before.get(c.id);
      const imageChanged = old !== undefined && IMAGE_PARTS.some((k) => c[k] !== undefined && !same(old[k], c[k]));
      return imageChanged && c.imageDigest === undefined ? { ...c, imageDigest: null } : c;
    }),
  };
}

/** The form's labels for the request's members (a member with no label here is named by its own key). */
const LABELS: Readonly<Record<string, string>> = {
  name: 'Name',
  runtimeType: 'Runtime',
  terminationGracePeriodSeconds: 'Grace period on stop (seconds)',
  autoScaling: '',
  min: 'Minimum instances per region',
  max: 'Maximum instances per region',
  regionSettings: '',
  allowedRegionIds: 'Allowed regions',
  requiredRegionIds: 'Required regions',
  maxAllowedRegions: 'Max allowed regions',
  nodeSelectors: 'Node selectors',
  repositorySettings: 'Repository',
  templateRepository: 'Template repository',
  repositoryName: 'Repository name',
  owner: 'Repository owner',
  image: 'Image reference',
  imageName: 'Image name',
  imageNamespace: 'Image namespace',
  imageTag: 'Image tag',
  imageDigest: 'Image digest',
  imageRegistryId: 'Image registry',
  imagePullPolicy: 'Image pull policy',
  entryPoint: '',
  command: 'Command',
  commandArray: 'Command',
  arguments: 'Arguments',
  argumentsArray: 'Arguments',
  workingDirectory: 'Working directory',
  probes: '',
  startup: 'Startup probe',
  readiness: 'Readiness probe',
  liveness: 'Liveness probe',
  initialDelaySeconds: 'Initial delay (seconds)',
  periodSeconds: 'Period (seconds)',
  timeoutSeconds: 'Timeout (seconds)',
  failureThreshold: 'Failure threshold',
  successThreshold: 'Success threshold',
  httpGet: 'HTTP',
  tcpSocket: 'TCP',
  grpc: 'gRPC',
  request: '',
  response: '',
  path: 'Path',
  portNumber: 'Port',
  expectedStatusCode: 'Expected status',
  serviceName: 'Service name',
  cdn: 'CDN',
  anycast: 'Anycast',
  isSslEnabled: 'SSL',
  stickySessions: 'Sticky sessions',
  enabled: 'Enabled',
  sessionHeaders: 'Session headers',
  cookieName: 'Cookie name',
  pullZoneId: 'Pull zone',
  portMappings: 'Port mappings',
  type: 'Type',
  displayName: 'Name',
  size: 'Size (GB)',
  mountPath: 'Mount path',
  value: 'Value',
};

/** Members whose values are the platform's enum words, which it reads in any letter case. */
const ENUMS = new Set(['runtimeType', 'imagePullPolicy', 'type', 'protocols', 'expectedStatusCode']);

const labelOf = (key: string): string => LABELS[key] ?? key;
const joinLabel = (parts: readonly string[]): string => parts.filter((p) => p !== '').join(' › ');

/**
 * A port mapping in words: "8080 as 80 (tcp, udp)" (container port, then the public one when it differs). No arrow:
 * the change itself is written "before → after".
 */
function portMappingText(m: unknown): string {
  if (!isRecord(m)) return show(m);
  const exposed = m.exposedPort === undefined || m.exposedPort === null || same(m.exposedPort, m.containerPort) ? '' : ` as ${show(m.exposedPort)}`;
  const protocols = Array.isArray(m.protocols) && m.protocols.length ? ` (${m.protocols.map(show).join(', ')})` : '';
  return `${show(m.containerPort)}${exposed}${protocols}`;
}

/** A value in words: text as it is, lists joined with commas, objects as `key: value` pairs. */
function show(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return v.map((x) => (isRecord(x) && 'containerPort' in x ? portMappingText(x) : show(x))).join(', ');
  if (isRecord(v)) {
    return Object.entries(v)
      .filter(([, x]) => x !== undefined && x !== null)
      .map(([k, x]) => `${k}: ${show(x)}`)
      .join(', ');
  }
  return String(v);
}

/** The value compared: the same JSON, member order aside, and enum words in any letter case. */
function canonical(v: unknown, enumWords: boolean): string {
  if (v === undefined) return 'undefined';
  if (typeof v === 'string') return JSON.stringify(enumWords ? v.toLowerCase() : v);
  if (Array.isArray(v)) return `[${v.map((x) => canonical(x, enumWords)).join(',')}]`;
  if (isRecord(v)) {
    return `{${Object.keys(v)
      .filter((k) => v[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(v[k], enumWords || ENUMS.has(k))}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

const same = (a: unknown, b: unknown, enumWords = false): boolean => canonical(a, enumWords) === canonical(b, enumWords);

/** Absent and null both mean "no value" to the platform's reader. */
const nothing = (v: unknown): boolean => v === undefined || v === null || (Array.isArray(v) && v.length === 0) || (isRecord(v) && Object.values(v).every((x) => x === undefined || x === null));

/** The change as a sentence; secret values masked unless `reveal`. */
export function changeText(c: Omit<AppChange, 'text'> & { readonly subject?: string }, reveal = false): string {
  const v = (x: string | null): string => (x === null ? '' : c.secret && !reveal && x !== '' ? MASK : x === '' ? '(empty)' : x);
  const subject = c.subject ?? c.label;
  if (c.kind === 'removed') return c.subject !== undefined ? `${subject} will be removed` : `${c.label} will be cleared (was ${v(c.before)})`;
  if (c.kind === 'added') return c.subject !== undefined ? `${subject} will be added${c.after !== null ? `: ${v(c.after)}` : ''}` : `${c.label} will be set to ${v(c.after)}`;
  return `${c.label}: ${v(c.before)} → ${v(c.after)}`;
}

interface Sink {
  readonly changes: AppChange[];
}

function push(sink: Sink, c: Omit<AppChange, 'text'> & { readonly subject?: string }): void {
  const { subject: _subject, ...change } = c;
  sink.changes.push({ ...change, text: changeText(c) });
}

/**
 * A member's difference: records member by member, lists of items by their keys, everything else as one value. A
 * member the desired request leaves out is kept by the platform, so it is no change.
 */
function diffMember(sink: Sink, key: string, before: unknown, after: unknown, path: string, label: readonly string[], secret: boolean): void {
  if (after === undefined) return;
  const here = [...label, labelOf(key)];
  if (isRecord(after) && (isRecord(before) || nothing(before))) {
    if (key === 'nodeSelectors') {
      diffSelectors(sink, isRecord(before) ? before : {}, after, path, here);
      return;
    }
    const b = isRecord(before) ? before : {};
    for (const k of Object.keys(after)) diffMember(sink, k, b[k], after[k], `${path}.${k}`, here, secret);
    return;
  }
  if (nothing(before) && nothing(after)) return;
  if (key === 'portMappings' && same(withPortDefaults(before), withPortDefaults(after), true)) return;
  if (same(before, after, ENUMS.has(key))) return;
  const secretValue = secret || [before, after].some((x) => typeof x === 'string' && looksSecretValue(x));
  const kind: ChangeKind = nothing(before) ? 'added' : nothing(after) ? 'removed' : 'changed';
  push(sink, { path, label: joinLabel(here), kind, before: nothing(before) ? null : show(before), after: nothing(after) ? null : show(after), secret: secretValue });
}

/**
 * Port mappings as the platform keeps them: a left-out public port is the container port, left-out protocols are
 * TCP. So a file that leaves them out (as a hand-written one or a compose import does) is no change.
 */
function withPortDefaults(list: unknown): unknown {
  if (!Array.isArray(list)) return list;
  return list.map((m: unknown) =>
    isRecord(m)
      ? {
          ...m,
          exposedPort: m.exposedPort ?? m.containerPort,
          protocols: Array.isArray(m.protocols) && m.protocols.length > 0 ? m.protocols : ['tcp'],
        }
      : m,
  );
}

function diffSelectors(sink: Sink, before: Json, after: Json, path: string, label: readonly string[]): void {
  for (const k of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const b = before[k];
    const a = after[k];
    if (same(b, a)) continue;
    const where = `${path}.${k}`;
    const name = joinLabel([...label, k]);
    if (a === undefined || a === null) push(sink, { path: where, label: name, kind: 'removed', before: show(b), after: null, secret: false, subject: `Node selector ${k}` });
    else if (b === undefined || b === null) push(sink, { path: where, label: name, kind: 'added', before: null, after: show(a), secret: false, subject: `Node selector ${k}` });
    else push(sink, { path: where, label: name, kind: 'changed', before: show(b), after: show(a), secret: false });
  }
}

/** How one list's items are told apart and named. */
interface ListKind {
  /** The key an item is matched by, null when the item cannot be matched (it is then added). */
  readonly keyOf: (item: Json) => string | null;
  /** The item's name in a label: "Environment variable DEBUG". */
  readonly noun: (item: Json) => string;
  /** The item as a subject of a sentence: "Environment variable DEBUG of container web". */
  readonly subject: (item: Json) => string;
  /** The item in a few words, for an added or removed one; null to say nothing more. */
  readonly summary: (item: Json) => string | null;
  readonly secret: (item: Json) => boolean;
}

const nameOf = (item: Json, key = 'name'): string => (typeof item[key] === 'string' && item[key] !== '' ? (item[key] as string) : '(unnamed)');

/**
 * Matches the desired list's items with the current one's by key (the first with that key, then the next, so names
 * given twice still pair up), and reports added, removed and changed items. Items of the current list that nothing
 * matched are removed: the merge-patch leaves them out.
 */
function diffList(sink: Sink, before: readonly unknown[], after: readonly unknown[], path: string, label: readonly string[], kind: ListKind, inner: (b: Json, a: Json, path: string, label: readonly string[]) => void): void {
  const pool = new Map<string, number[]>();
  before.forEach((item, i) => {
    const key = isRecord(item) ? kind.keyOf(item) : null;
    if (key !== null) pool.set(key, [...(pool.get(key) ?? []), i]);
  });
  const matched = new Set<number>();
  after.forEach((item, i) => {
    if (!isRecord(item)) return;
    const key = kind.keyOf(item);
    const queue = key === null ? undefined : pool.get(key);
    const j = queue?.shift();
    const where = `${path}[${i}]`;
    if (j === undefined) {
      push(sink, { path: where, label: joinLabel([...label, kind.noun(item)]), kind: 'added', before: null, after: kind.summary(item), secret: kind.secret(item), subject: kind.subject(item) });
      return;
    }
    matched.add(j);
    inner(before[j] as Json, item, where, [...label, kind.noun(item)]);
  });
  before.forEach((item, j) => {
    if (matched.has(j) || !isRecord(item)) return;
    push(sink, { path: `${path}[${j}]`, label: joinLabel([...label, kind.noun(item)]), kind: 'removed', before: kind.summary(item), after: null, secret: kind.secret(item), subject: kind.subject(item) });
  });
}

const envSecret = (item: Json): boolean => isSecretEnvVar(nameOf(item), item.value);

function envKind(container: string | null): ListKind {
  return {
    keyOf: (item) => nameOf(item),
    noun: (item) => `Environment variable ${nameOf(item)}`,
    subject: (item) => `Environment variable ${nameOf(item)}${container === null ? '' : ` of container ${container}`}`,
    summary: (item) => (typeof item.value === 'string' ? item.value : ''),
    secret: envSecret,
  };
}

function diffEnvList(sink: Sink, before: readonly unknown[], after: readonly unknown[], path: string, label: readonly string[], container: string | null): void {
  diffList(sink, before, after, path, label, envKind(container), (b, a, where, here) => {
    const secret = envSecret(b) || envSecret(a);
    const bv = typeof b.value === 'string' ? b.value : '';
    const av = typeof a.value === 'string' ? a.value : '';
    if (bv !== av) push(sink, { path: `${where}.value`, label: joinLabel(here), kind: 'changed', before: bv, after: av, secret });
  });
}

function endpointSummary(e: Json): string {
  const kind = isRecord(e.cdn) ? 'CDN' : isRecord(e.anycast) ? 'anycast' : 'public IP';
  const settings = isRecord(e.cdn) ? e.cdn : isRecord(e.anycast) ? e.anycast : {};
  const ports = Array.isArray(settings.portMappings) ? settings.portMappings.map(portMappingText).join(', ') : '';
  return ports ? `${kind}, ports ${ports}` : kind;
}

function diffContainer(sink: Sink, b: Json, a: Json, path: string, label: readonly string[]): void {
  const cname = nameOf(a);
  for (const key of Object.keys(a)) {
    if (key === 'id') continue;
    const where = `${path}.${key}`;
    const after = a[key];
    if (after === undefined) continue;
    const before = Array.isArray(b[key]) ? (b[key] as unknown[]) : [];
    if (key === 'environmentVariables' && Array.isArray(after)) diffEnvList(sink, before, after, where, label, cname);
    else if (key === 'endpoints' && Array.isArray(after)) {
      diffList(
        sink,
        before,
        after,
        where,
        label,
        {
          keyOf: (e) => nameOf(e, 'displayName'),
          noun: (e) => `Endpoint ${nameOf(e, 'displayName')}`,
          subject: (e) => `Endpoint ${nameOf(e, 'displayName')} of container ${cname}`,
          summary: endpointSummary,
          secret: () => false,
        },
        (eb, ea, w, here) => {
          for (const k of Object.keys(ea)) diffMember(sink, k, eb[k], ea[k], `${w}.${k}`, here, false);
        },
      );
    } else if (key === 'volumeMounts' && Array.isArray(after)) {
      diffList(
        sink,
        before,
        after,
        where,
        label,
        {
          keyOf: (m) => nameOf(m),
          noun: (m) => `Volume mount ${nameOf(m)}`,
          subject: (m) => `Volume mount ${nameOf(m)} of container ${cname}`,
          summary: (m) => (typeof m.mountPath === 'string' ? `at ${m.mountPath}` : null),
          secret: () => false,
        },
        (mb, ma, w, here) => diffMember(sink, 'mountPath', mb.mountPath, ma.mountPath, `${w}.mountPath`, here, false),
      );
    } else diffMember(sink, key, b[key], after, where, label, false);
  }
}

function imageText(c: Json): string | null {
  const parts = [c.imageNamespace, c.imageName].filter((p): p is string => typeof p === 'string' && p !== '');
  if (parts.length === 0) return null;
  return `${parts.join('/')}${typeof c.imageTag === 'string' && c.imageTag ? `:${c.imageTag}` : ''}`;
}

/**
 * The differences between two requests: `current` is the application as a request (`appToRequest`), `desired` the
 * request to send. Containers are matched by id (a desired container without an id, or with one the app does not
 * have, is added; an app's container the desired request leaves out is removed); the other lists by their names.
 */
export function diffRequests(current: Json, desired: Json): AppChange[] {
  const sink: Sink = { changes: [] };
  for (const key of Object.keys(desired)) {
    const after = desired[key];
    if (after === undefined) continue;
    const before = current[key];
    if (key === 'containerTemplates' && Array.isArray(after)) {
      diffList(
        sink,
        Array.isArray(before) ? before : [],
        after,
        key,
        [],
        {
          keyOf: (c) => (typeof c.id === 'string' && c.id !== '' ? c.id : null),
          noun: (c) => `Container ${nameOf(c)}`,
          subject: (c) => `Container ${nameOf(c)}`,
          summary: imageText,
          secret: () => false,
        },
        (b, a, where, here) => diffContainer(sink, b, a, where, here),
      );
    } else if (key === 'volumes' && Array.isArray(after)) {
      diffList(
        sink,
        Array.isArray(before) ? before : [],
        after,
        key,
        [],
        {
          keyOf: (v) => nameOf(v),
          noun: (v) => `Volume ${nameOf(v)}`,
          subject: (v) => `Volume ${nameOf(v)}`,
          summary: (v) => (typeof v.size === 'number' ? `${v.size} GB` : null),
          secret: () => false,
        },
        (b, a, where, here) => diffMember(sink, 'size', b.size, a.size, `${where}.size`, here, false),
      );
    } else diffMember(sink, key, before, after, key, [], false);
  }
  return sink.changes;
}

/** The differences between the application (`GET /apps/{id}`) and a desired request. */
export function diffApp(app: Json, desired: Json, registries: readonly RegistryLike[] = []): AppChange[] {
  const current = appToRequest(app, registries) as Json;
  return diffRequests(current, updateBody(current, desired));
}

/**
 * The differences between one container's variables before and after (the environment quick action): added,
 * changed and removed variables, matched by name. `container` names the container in the sentences when given.
 */
export function diffEnv(before: readonly EnvPair[], after: readonly EnvPair[], container: string | null = null): AppChange[] {
  const sink: Sink = { changes: [] };
  diffEnvList(sink, before as unknown[], after as unknown[], 'environmentVariables', container === null ? [] : [`Container ${container}`], container);
  return sink.changes;
}
