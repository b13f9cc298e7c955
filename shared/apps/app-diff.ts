/**
 * What an edit of an application changes, in words: the desired request made into the update's body, and the
 * differences between the application as a request (`appToRequest`) and that body, each named as the form labels
 * the field, with removals said plainly and secret values masked. The form's review, the CLI's `apps update` and the
 * environment quick action all use it.
 *
 * How the platform reads the update (`PATCH /apps/{id}`, a JSON merge-patch with a rule for lists): an item of a list
 * with an id updates the item with that id, one without an id is added, and an item the list leaves out is removed.
 * Outside lists, a member the request leaves out is kept as it is and a member sent as null is cleared. Containers are
 * the only items the request gives an id; every other list (environment variables, endpoints, volume mounts,
 * volumes) is sent whole, so its items are told apart here by their names.
 */
import { changeText, ENUMS, joinLabel, labelOf, nothing, portMappingText, same, show, type AppChange, type ChangeKind } from './change-words.js';
import { isSecretEnvVar, looksSecretValue } from './env-text.js';
import { isRecord, type Json } from './json.js';

/** One environment variable. */
export interface EnvPair {
  readonly name: string;
  readonly value?: string | null;
}

/** The variables as the app's answer holds them: `{ name, value }` items with a name; anything else is left out. */
export function envPairsOf(raw: unknown): { name: string; value: string }[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((v: unknown) => (isRecord(v) && typeof v.name === 'string' && v.name !== '' ? [{ name: v.name, value: typeof v.value === 'string' ? v.value : '' }] : []));
}

/** `into` with each list of `keys` that `from` holds items in written out, empty where `into` leaves it out. */
function listsWritten(into: Json, from: Json | undefined, keys: readonly string[]): Json {
  const out = { ...into };
  for (const key of keys) if (Array.isArray(from?.[key]) && from[key].length > 0 && out[key] === undefined) out[key] = [];
  return out;
}

/** The request's containers by id. */
function containersById(request: Json): Map<string, Json> {
  const byId = new Map<string, Json>();
  if (Array.isArray(request.containerTemplates)) for (const c of request.containerTemplates) if (isRecord(c) && typeof c.id === 'string') byId.set(c.id, c);
  return byId;
}

/**
 * The desired request with every list the current one has written out (a container's by its id), empty when the
 * desired request leaves it out: the form drops an empty list, and a merge-patch would read a left-out list as
 * "keep", not as "remove all".
 */
export function withListsWritten(current: Json, desired: Json): Json {
  const out = listsWritten(desired, current, ['containerTemplates', 'volumes']);
  if (!Array.isArray(out.containerTemplates)) return out;
  const byId = containersById(current);
  const lists = ['environmentVariables', 'endpoints', 'volumeMounts'];
  return { ...out, containerTemplates: out.containerTemplates.map((c: unknown) => (isRecord(c) && typeof c.id === 'string' ? listsWritten(c, byId.get(c.id), lists) : c)) };
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
  const before = containersById(current);
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

type Change = Omit<AppChange, 'text'> & { readonly subject?: string };

function push(changes: AppChange[], c: Change): void {
  const { subject: _subject, ...change } = c;
  changes.push({ ...change, text: changeText(c) });
}

/**
 * A member's difference: records member by member, lists of items by their keys, everything else as one value. A
 * member the desired request leaves out is kept by the platform, so it is no change.
 */
function diffMember(changes: AppChange[], key: string, before: unknown, after: unknown, path: string, label: readonly string[], secret: boolean): void {
  if (after === undefined) return;
  const here = [...label, labelOf(key)];
  if (isRecord(after) && (isRecord(before) || nothing(before))) {
    if (key === 'nodeSelectors') {
      diffSelectors(changes, isRecord(before) ? before : {}, after, path, here);
      return;
    }
    const b = isRecord(before) ? before : {};
    for (const k of Object.keys(after)) diffMember(changes, k, b[k], after[k], `${path}.${k}`, here, secret);
    return;
  }
  if (nothing(before) && nothing(after)) return;
  if (key === 'portMappings' && same(withPortDefaults(before), withPortDefaults(after), true)) return;
  if (same(before, after, ENUMS.has(key))) return;
  const secretValue = secret || [before, after].some((x) => typeof x === 'string' && looksSecretValue(x));
  const kind: ChangeKind = nothing(before) ? 'added' : nothing(after) ? 'removed' : 'changed';
  push(changes, { path, label: joinLabel(here), kind, before: nothing(before) ? null : show(before), after: nothing(after) ? null : show(after), secret: secretValue });
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

function diffSelectors(changes: AppChange[], before: Json, after: Json, path: string, label: readonly string[]): void {
  for (const k of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const b = before[k];
    const a = after[k];
    if (same(b, a)) continue;
    const where = `${path}.${k}`;
    const name = joinLabel([...label, k]);
    if (a === undefined || a === null) push(changes, { path: where, label: name, kind: 'removed', before: show(b), after: null, secret: false, subject: `Node selector ${k}` });
    else if (b === undefined || b === null) push(changes, { path: where, label: name, kind: 'added', before: null, after: show(a), secret: false, subject: `Node selector ${k}` });
    else push(changes, { path: where, label: name, kind: 'changed', before: show(b), after: show(a), secret: false });
  }
}

/** How one list's items are told apart, named and compared. */
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
  /** The differences of a matched item: the desired item's members (or only `compare`'s), or a comparison of its own. */
  readonly compare?: readonly string[] | ((changes: AppChange[], b: Json, a: Json, path: string, label: readonly string[]) => void);
}

const nameOf = (item: Json, key = 'name'): string => (typeof item[key] === 'string' && item[key] !== '' ? (item[key] as string) : '(unnamed)');

/** Items told apart by a name member: `noun` names one ("Volume data"), `of` follows it in a sentence. */
function named(noun: string, of: string, summary: ListKind['summary'], compare: ListKind['compare'], key = 'name'): ListKind {
  return { keyOf: (item) => nameOf(item, key), noun: (item) => `${noun} ${nameOf(item, key)}`, subject: (item) => `${noun} ${nameOf(item, key)}${of}`, summary, secret: () => false, compare };
}

/**
 * Matches the desired list's items with the current one's by key (the first with that key, then the next, so names
 * given twice still pair up), and reports added, removed and changed items. Items of the current list that nothing
 * matched are removed: the merge-patch leaves them out.
 */
function diffList(changes: AppChange[], before: readonly unknown[], after: readonly unknown[], path: string, label: readonly string[], kind: ListKind): void {
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
      push(changes, { path: where, label: joinLabel([...label, kind.noun(item)]), kind: 'added', before: null, after: kind.summary(item), secret: kind.secret(item), subject: kind.subject(item) });
      return;
    }
    matched.add(j);
    const b = before[j] as Json;
    const here = [...label, kind.noun(item)];
    if (typeof kind.compare === 'function') kind.compare(changes, b, item, where, here);
    else for (const k of kind.compare ?? Object.keys(item)) diffMember(changes, k, b[k], item[k], `${where}.${k}`, here, false);
  });
  before.forEach((item, j) => {
    if (matched.has(j) || !isRecord(item)) return;
    push(changes, { path: `${path}[${j}]`, label: joinLabel([...label, kind.noun(item)]), kind: 'removed', before: kind.summary(item), after: null, secret: kind.secret(item), subject: kind.subject(item) });
  });
}

const envSecret = (item: Json): boolean => isSecretEnvVar(nameOf(item), item.value);
const envValue = (item: Json): string => (typeof item.value === 'string' ? item.value : '');

/** A container's variables, matched by name; a matched one differs in its value alone. */
function envKind(container: string | null): ListKind {
  const compare = (changes: AppChange[], b: Json, a: Json, where: string, here: readonly string[]) => {
    const secret = envSecret(b) || envSecret(a);
    if (envValue(b) !== envValue(a)) push(changes, { path: `${where}.value`, label: joinLabel(here), kind: 'changed', before: envValue(b), after: envValue(a), secret });
  };
  return { ...named('Environment variable', container === null ? '' : ` of container ${container}`, envValue, compare), secret: envSecret };
}

function endpointSummary(e: Json): string {
  const kind = isRecord(e.cdn) ? 'CDN' : isRecord(e.anycast) ? 'anycast' : 'public IP';
  const settings = isRecord(e.cdn) ? e.cdn : isRecord(e.anycast) ? e.anycast : {};
  const ports = Array.isArray(settings.portMappings) ? settings.portMappings.map(portMappingText).join(', ') : '';
  return ports ? `${kind}, ports ${ports}` : kind;
}

function imageText(c: Json): string | null {
  const parts = [c.imageNamespace, c.imageName].filter((p): p is string => typeof p === 'string' && p !== '');
  if (parts.length === 0) return null;
  return `${parts.join('/')}${typeof c.imageTag === 'string' && c.imageTag ? `:${c.imageTag}` : ''}`;
}

/** The differences of an object's members, its lists (by `lists`) item by item; a container's id is no change. */
function diffObject(changes: AppChange[], before: Json, after: Json, path: string, label: readonly string[], lists: Readonly<Record<string, ListKind>>): void {
  for (const key of Object.keys(after)) {
    const value = after[key];
    if (key === 'id' || value === undefined) continue;
    const where = path === '' ? key : `${path}.${key}`;
    const list = Object.hasOwn(lists, key) ? lists[key] : undefined;
    if (list && Array.isArray(value)) diffList(changes, Array.isArray(before[key]) ? before[key] : [], value, where, label, list);
    else diffMember(changes, key, before[key], value, where, label, false);
  }
}

const CONTAINERS: ListKind = {
  ...named('Container', '', imageText, (changes, b, a, path, label) => {
    const of = ` of container ${nameOf(a)}`;
    diffObject(changes, b, a, path, label, {
      environmentVariables: envKind(nameOf(a)),
      endpoints: named('Endpoint', of, endpointSummary, undefined, 'displayName'),
      volumeMounts: named('Volume mount', of, (m) => (typeof m.mountPath === 'string' ? `at ${m.mountPath}` : null), ['mountPath']),
    });
  }),
  keyOf: (c) => (typeof c.id === 'string' && c.id !== '' ? c.id : null),
};
const VOLUMES = named('Volume', '', (v) => (typeof v.size === 'number' ? `${v.size} GB` : null), ['size']);

/**
 * The differences between two requests: `current` is the application as a request (`appToRequest`), `desired` the
 * request to send. Containers are matched by id (a desired container without an id, or with one the app does not
 * have, is added; an app's container the desired request leaves out is removed); the other lists by their names.
 */
export function diffRequests(current: Json, desired: Json): AppChange[] {
  const changes: AppChange[] = [];
  diffObject(changes, current, desired, '', [], { containerTemplates: CONTAINERS, volumes: VOLUMES });
  return changes;
}

/**
 * The differences between one container's variables before and after (the environment quick action): added,
 * changed and removed variables, matched by name. `container` names the container in the sentences when given.
 */
export function diffEnv(before: readonly EnvPair[], after: readonly EnvPair[], container: string | null = null): AppChange[] {
  const changes: AppChange[] = [];
  diffList(changes, before as unknown[], after as unknown[], 'environmentVariables', container === null ? [] : [`Container ${container}`], envKind(container));
  return changes;
}
