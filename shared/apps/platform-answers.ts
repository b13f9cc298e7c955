/**
 * Liberal readers of the Magic Containers answers Burrow shows: the app list, one application, regions and image
 * registries. The platform's schema leaves almost every member optional, lets some be null, may add members and enum
 * values Burrow does not know, and may write enums in another letter case; a reader accepts all of that. Values are
 * kept as they came (an unknown status stays its own word). One list item that cannot be used is skipped and counted,
 * with the first reason, and never costs the rest of the list.
 */
import { isRecord } from './json.js';

/** Items of a list that could not be read: how many, and why the first one could not. */
export interface Unreadable {
  readonly count: number;
  /** The first reason, in words ("item 3: it has no id"); null when nothing was skipped. */
  readonly reason: string | null;
}

export const NOTHING_UNREADABLE: Unreadable = { count: 0, reason: null };

/** Adds up what several pages skipped, keeping the first reason. */
export function addUnreadable(a: Unreadable, b: Unreadable): Unreadable {
  return { count: a.count + b.count, reason: a.reason ?? b.reason };
}

/** "1 app could not be read: item 3: it has no id." — null when nothing was skipped. */
export function unreadableText(u: Unreadable, noun: string, plural = `${noun}s`): string | null {
  if (u.count === 0) return null;
  const what = `${u.count} ${u.count === 1 ? noun : plural} could not be read`;
  return u.reason ? `${what}: ${u.reason}` : `${what}.`;
}

/** One item read, or why it could not be. */
export type ItemRead<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly reason: string };

/** One page of a Magic Containers list: the items read, what was skipped, the total when given, the next cursor. */
export interface ListRead<T> {
  readonly items: T[];
  readonly unreadable: Unreadable;
  readonly totalItems: number | null;
  readonly cursor: string | null;
}

/** Text, or null when absent, null, or not text (a member only shown is not worth losing its item over). */
const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const flag = (v: unknown): boolean | null => (typeof v === 'boolean' ? v : null);
const whole = (v: unknown): number | null => (typeof v === 'number' && Number.isSafeInteger(v) ? v : null);
const kindOf = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'a list' : typeof v === 'object' ? 'an object' : typeof v);

/**
 * An id is what every later call names, so an item without one cannot be used: it is skipped and counted. Ids are
 * text on this platform; a registry's is a number, and a number is taken as its digits wherever an id is text.
 */
function idOf(v: unknown): ItemRead<string> {
  if (typeof v === 'string' && v.trim() !== '') return { ok: true, value: v };
  if (typeof v === 'number' && Number.isFinite(v)) return { ok: true, value: String(v) };
  if (v === undefined || v === null || v === '') return { ok: false, reason: 'it has no id' };
  return { ok: false, reason: `its id is ${kindOf(v)}, not text` };
}

/**
 * Reads one page of a list answer (`{ items, meta: { totalItems }, cursor }`, every member optional). The page as a
 * whole is unreadable only when it is not an object or its items are not a list; then the reason is returned.
 */
export function readListPage<T>(raw: unknown, item: (raw: unknown) => ItemRead<T>): ListRead<T> | { readonly error: string } {
  if (!isRecord(raw)) return { error: `The answer is ${kindOf(raw)}, not a list page.` };
  const list = raw.items ?? [];
  if (!Array.isArray(list)) return { error: `Its items are ${kindOf(list)}, not a list.` };
  const items: T[] = [];
  let unreadable: Unreadable = NOTHING_UNREADABLE;
  list.forEach((it: unknown, i) => {
    const r = item(it);
    if (r.ok) items.push(r.value);
    else unreadable = addUnreadable(unreadable, { count: 1, reason: `item ${i + 1}: ${r.reason}` });
  });
  const meta = isRecord(raw.meta) ? raw.meta : null;
  const cursor = typeof raw.cursor === 'string' && raw.cursor !== '' ? raw.cursor : null;
  return { items, unreadable, totalItems: whole(meta?.totalItems), cursor };
}

/** The display endpoint of an app: each part as given, or null. */
export interface DisplayEndpointRead {
  readonly id: string | null;
  readonly address: string | null;
  readonly type: string | null;
}

function displayEndpointOf(v: unknown): DisplayEndpointRead | null {
  if (!isRecord(v)) return null;
  return { id: text(v.id), address: text(v.address), type: text(v.type) };
}

/** One application as the list shows it, every other member the platform sent kept beside. */
export interface AppListItemRead {
  readonly id: string;
  /** The name, or the id when the platform sent none. */
  readonly name: string;
  /** As the platform wrote it, in whatever letter case; null when not given. */
  readonly status: string | null;
  readonly description: string | null;
  readonly displayEndpoint: DisplayEndpointRead | null;
  readonly [extra: string]: unknown;
}

/** Reads one `AppListItem`. */
export function readAppListItem(raw: unknown): ItemRead<AppListItemRead> {
  if (!isRecord(raw)) return { ok: false, reason: `it is ${kindOf(raw)}, not an app` };
  const id = idOf(raw.id);
  if (!id.ok) return id;
  return {
    ok: true,
    value: {
      ...raw,
      id: id.value,
      name: text(raw.name) || id.value,
      status: text(raw.status),
      description: text(raw.description),
      displayEndpoint: displayEndpointOf(raw.displayEndpoint),
    },
  };
}

/** The whole application: the members the screen names read liberally, every other member kept as sent. */
export interface ApplicationRead {
  readonly id: string;
  readonly name: string;
  readonly status: string | null;
  readonly runtimeType: string | null;
  readonly [extra: string]: unknown;
}

/**
 * Reads `GET /apps/{id}`. The id asked for stands in when the answer has none (it is the app that was asked for);
 * only an answer that is not an object cannot be read at all.
 */
export function readApplication(raw: unknown, askedId: string): ItemRead<ApplicationRead> {
  if (!isRecord(raw)) return { ok: false, reason: `the answer is ${kindOf(raw)}, not an app` };
  const id = idOf(raw.id);
  const appId = id.ok ? id.value : askedId;
  return { ok: true, value: { ...raw, id: appId, name: text(raw.name) || appId, status: text(raw.status), runtimeType: text(raw.runtimeType) } };
}

/** A region an app may run in. */
export interface RegionRead {
  readonly id: string;
  /** The name, or the id when the platform sent none. */
  readonly name: string;
  readonly group: string | null;
  readonly hasAnycastSupport: boolean | null;
  readonly hasCapacity: boolean | null;
}

/** Reads one `Region`. */
export function readRegion(raw: unknown): ItemRead<RegionRead> {
  if (!isRecord(raw)) return { ok: false, reason: `it is ${kindOf(raw)}, not a region` };
  const id = idOf(raw.id);
  if (!id.ok) return id;
  return {
    ok: true,
    value: { id: id.value, name: text(raw.name) || id.value, group: text(raw.group), hasAnycastSupport: flag(raw.hasAnycastSupport), hasCapacity: flag(raw.hasCapacity) },
  };
}

/**
 * An image registry. Only what the form needs is kept: the registry object also carries the first and last symbols
 * of its stored password, which have no business leaving the core.
 */
export interface RegistryRead {
  /** The platform's int64 id; text when it came as text. */
  readonly id: number | string;
  /** The display name, or "Registry <id>" when the platform sent none. */
  readonly displayName: string;
  /** The host images are pulled from; empty when not given. */
  readonly hostName: string;
  readonly isPublic: boolean | null;
}

/** Reads one `ContainerRegistry`. */
export function readRegistry(raw: unknown): ItemRead<RegistryRead> {
  if (!isRecord(raw)) return { ok: false, reason: `it is ${kindOf(raw)}, not a registry` };
  const id = idOf(raw.id);
  if (!id.ok) return id;
  const keptId = typeof raw.id === 'number' ? raw.id : id.value;
  return { ok: true, value: { id: keptId, displayName: text(raw.displayName) || `Registry ${id.value}`, hostName: text(raw.hostName) ?? '', isPublic: flag(raw.isPublic) } };
}

/** The application statuses the platform documents (the platform may write them in another letter case). */
export const APP_STATUSES = ['unknown', 'active', 'progressing', 'inactive', 'failing', 'suspended'] as const;

/** A class-safe name for a status: a known one (any letter case) by its name, any other as `other`. */
export function appStatusKey(status: string | null | undefined): string {
  const key = (status ?? 'unknown').toLowerCase();
  return (APP_STATUSES as readonly string[]).includes(key) ? key : 'other';
}
