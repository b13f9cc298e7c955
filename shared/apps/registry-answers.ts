/**
 * Liberal readers of the platform's answers to the form's questions: public image search, an image's tags, config
 * suggestions, account limits and the optimal region. As in platform-answers.ts: members may be missing or null,
 * unknown members are kept, and one item that cannot be used is skipped and counted without costing the rest.
 */
import { isRecord } from './json.js';
import { addUnreadable, NOTHING_UNREADABLE, readRegion, type ItemRead, type RegionRead, type Unreadable } from './platform-answers.js';

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const whole = (v: unknown): number | null => (typeof v === 'number' && Number.isSafeInteger(v) ? v : null);
const kindOf = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'a list' : typeof v === 'object' ? 'an object' : typeof v);

/** A list answer read item by item; not a list at all is the answer's error. */
export interface ItemsRead<T> {
  readonly items: T[];
  readonly unreadable: Unreadable;
}

/** Reads a JSON array (absent or null is an empty list) with an item reader; anything else is not a list. */
export function readItems<T>(raw: unknown, item: (raw: unknown) => ItemRead<T>): ItemsRead<T> | { readonly error: string } {
  if (raw === undefined || raw === null) return { items: [], unreadable: NOTHING_UNREADABLE };
  if (!Array.isArray(raw)) return { error: `The answer is ${kindOf(raw)}, not a list.` };
  const items: T[] = [];
  let unreadable = NOTHING_UNREADABLE;
  raw.forEach((it: unknown, i) => {
    const r = item(it);
    if (r.ok) items.push(r.value);
    else unreadable = addUnreadable(unreadable, { count: 1, reason: `item ${i + 1}: ${r.reason}` });
  });
  return { items, unreadable };
}

/** A public image found by a search: its namespace (`library` for Docker Hub's official images) and name. */
export interface FoundImage {
  readonly namespace: string;
  readonly name: string;
}

/** Reads one `ContainerImage` (`{id, namespace}`; the id is the image's name). A missing namespace is empty. */
export function readFoundImage(raw: unknown): ItemRead<FoundImage> {
  if (!isRecord(raw)) return { ok: false, reason: `it is ${kindOf(raw)}, not an image` };
  const name = text(raw.id) ?? text(raw.name);
  if (!name) return { ok: false, reason: 'it has no name' };
  return { ok: true, value: { namespace: text(raw.namespace) ?? '', name } };
}

/** Reads one `ContainerImageTag` (`{name}`); a bare string is taken as the name. */
export function readTag(raw: unknown): ItemRead<string> {
  if (typeof raw === 'string' && raw !== '') return { ok: true, value: raw };
  if (!isRecord(raw)) return { ok: false, reason: `it is ${kindOf(raw)}, not a tag` };
  const name = text(raw.name);
  return name ? { ok: true, value: name } : { ok: false, reason: 'it has no name' };
}

/** An environment variable the image suggests. */
export interface EnvSuggestionRead {
  readonly name: string;
  readonly defaultValue: string | null;
  /** The image needs a value for it to start; false when the platform did not say. */
  readonly required: boolean;
  readonly description: string | null;
}

/** A volume the image suggests: where it mounts and the name the platform proposes. */
export interface VolumeSuggestionRead {
  readonly containerPath: string;
  readonly suggestedVolumeName: string;
}

/** An endpoint suggestion: an EndpointRequest as the platform wrote it, its display name checked. */
export interface EndpointSuggestionRead {
  readonly displayName: string;
  readonly [extra: string]: unknown;
}

/** Everything an image suggests, each list read item by item. */
export interface ConfigSuggestionsRead {
  readonly endpoints: EndpointSuggestionRead[];
  readonly env: EnvSuggestionRead[];
  readonly volumes: VolumeSuggestionRead[];
  readonly appName: string | null;
  readonly description: string | null;
  readonly instructions: string | null;
  readonly registryUrl: string | null;
  readonly unreadable: Unreadable;
}

function readEndpoint(raw: unknown): ItemRead<EndpointSuggestionRead> {
  if (!isRecord(raw)) return { ok: false, reason: `it is ${kindOf(raw)}, not an endpoint` };
  const displayName = text(raw.displayName);
  if (!displayName) return { ok: false, reason: 'the endpoint has no name' };
  if (!isRecord(raw.cdn) && !isRecord(raw.anycast)) return { ok: false, reason: `endpoint ${displayName} is neither CDN nor anycast` };
  return { ok: true, value: { ...raw, displayName } };
}

function readEnv(raw: unknown): ItemRead<EnvSuggestionRead> {
  if (!isRecord(raw)) return { ok: false, reason: `it is ${kindOf(raw)}, not a variable` };
  const name = text(raw.name);
  if (!name) return { ok: false, reason: 'the variable has no name' };
  return { ok: true, value: { name, defaultValue: text(raw.defaultValue), required: raw.required === true, description: text(raw.description) } };
}

function readVolume(raw: unknown): ItemRead<VolumeSuggestionRead> {
  if (!isRecord(raw)) return { ok: false, reason: `it is ${kindOf(raw)}, not a volume` };
  const containerPath = text(raw.containerPath);
  if (!containerPath) return { ok: false, reason: 'the volume has no path' };
  return { ok: true, value: { containerPath, suggestedVolumeName: text(raw.suggestedVolumeName) ?? '' } };
}

/** Reads `ContainerConfigSuggestions` (or `ImageConfig`, which has only the endpoints and volumes). */
export function readConfigSuggestions(raw: unknown): ConfigSuggestionsRead | { readonly error: string } {
  if (!isRecord(raw)) return { error: `The answer is ${kindOf(raw)}, not suggestions.` };
  let unreadable = NOTHING_UNREADABLE;
  const list = <T>(v: unknown, item: (r: unknown) => ItemRead<T>): T[] => {
    const r = readItems(v, item);
    if ('error' in r) {
      unreadable = addUnreadable(unreadable, { count: 1, reason: r.error });
      return [];
    }
    unreadable = addUnreadable(unreadable, r.unreadable);
    return r.items;
  };
  return {
    endpoints: list(raw.endpointSuggestions, readEndpoint),
    env: list(raw.environmentVariablesSuggestions, readEnv),
    volumes: list(raw.volumeSuggestions, readVolume),
    appName: text(raw.appName),
    description: text(raw.description),
    instructions: text(raw.instructions),
    registryUrl: text(raw.registryUrl),
    unreadable,
  };
}

/** The account's limits; each null when the platform did not say (no limit known). */
export interface LimitsRead {
  readonly maxApps: number | null;
  readonly existingApps: number | null;
  readonly maxRegionsPerApp: number | null;
  readonly maxInstancesPerRegion: number | null;
  readonly maxInstancesPerApp: number | null;
  readonly maxVolumesPerApp: number | null;
  /** In GB. */
  readonly maxVolumeSize: number | null;
}

/** Reads `UserLimits`. */
export function readLimits(raw: unknown): LimitsRead | { readonly error: string } {
  if (!isRecord(raw)) return { error: `The answer is ${kindOf(raw)}, not limits.` };
  return {
    maxApps: whole(raw.maxNumberOfApplications),
    existingApps: whole(raw.existingNumberOfApplications),
    maxRegionsPerApp: whole(raw.maxNumberOfRegionsPerApplication),
    maxInstancesPerRegion: whole(raw.maxNumberOfInstancesPerRegion),
    maxInstancesPerApp: whole(raw.maxNumberOfInstancesPerApplication),
    maxVolumesPerApp: whole(raw.maxNumberOfVolumesPerApplication),
    maxVolumeSize: whole(raw.maxVolumeSize),
  };
}

/** Reads `OptimalBaseRegionResponse`: the region, or null when there is none that can be used. */
export function readOptimalRegion(raw: unknown): RegionRead | null {
  if (!isRecord(raw)) return null;
  const r = readRegion(raw.region);
  return r.ok ? r.value : null;
}
