/**
 * Liberal readers of the core API's pull zones and video libraries. The platform's schema makes every member of
 * these models optional and names and hostnames nullable, and may add members; a list comes as a plain array, or as
 * a page (`Items`, nullable) when a page is asked for. A zone or library without a numeric id cannot be named in any
 * later call, so it is skipped and counted with the first reason; nothing else costs an item or the list.
 */
import { addUnreadable, NOTHING_UNREADABLE, type ItemRead, type Unreadable } from '../apps/platform-answers.js';

type Obj = Readonly<Record<string, unknown>>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const kindOf = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'a list' : typeof v === 'object' ? 'an object' : typeof v);
const nonEmpty = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

/** A list of the core API read: the items, and what could not be read. */
export interface CoreListRead<T> {
  readonly items: T[];
  readonly unreadable: Unreadable;
}

/** A core id: a whole number (int64 within what a double holds exactly); the id asked for stands in for a missing one. */
function idOf(v: unknown, what: string, askedId?: number): ItemRead<number> {
  if (typeof v === 'number' && Number.isSafeInteger(v)) return { ok: true, value: v };
  if ((v === undefined || v === null) && askedId !== undefined) return { ok: true, value: askedId };
  if (v === undefined || v === null) return { ok: false, reason: `the ${what} has no Id` };
  return { ok: false, reason: `the ${what}'s Id is ${typeof v === 'number' ? String(v) : kindOf(v)}, not a whole number` };
}

/**
 * Reads a list answer: a plain array, or a page object with `Items` (null or missing: no items). Anything else is
 * no list at all, and the reason is returned.
 */
export function readCoreList<T>(raw: unknown, item: (raw: unknown) => ItemRead<T>): CoreListRead<T> | { readonly error: string } {
  const list = Array.isArray(raw) ? raw : isObj(raw) ? (raw.Items ?? []) : undefined;
  if (list === undefined) return { error: `The answer is ${kindOf(raw)}, not a list.` };
  if (!Array.isArray(list)) return { error: `Its Items are ${kindOf(list)}, not a list.` };
  const items: T[] = [];
  let unreadable = NOTHING_UNREADABLE;
  list.forEach((it: unknown, i) => {
    const r = item(it);
    if (r.ok) items.push(r.value);
    else unreadable = addUnreadable(unreadable, { count: 1, reason: `item ${i + 1}: ${r.reason}` });
  });
  return { items, unreadable };
}

/** One hostname of a pull zone. */
export interface HostnameRead {
  readonly value: string;
  readonly isSystemHostname: boolean;
}

/** A pull zone, as Burrow uses it. */
export interface PullZoneRead {
  readonly id: number;
  /** The name, or "Zone <id>" when the platform sent none. */
  readonly name: string;
  readonly loggingEnabled: boolean;
  /** Hostnames with a value; null or empty ones are left out (they name nothing). */
  readonly hostnames: readonly HostnameRead[];
}

/** Reads one `PullZoneModel`; `askedId` is the id of a `GET /pullzone/{id}` (a list item has none). */
export function readPullZone(raw: unknown, askedId?: number): ItemRead<PullZoneRead> {
  if (!isObj(raw)) return { ok: false, reason: `it is ${kindOf(raw)}, not a pull zone` };
  const id = idOf(raw.Id, 'pull zone', askedId);
  if (!id.ok) return id;
  const hostnames = (Array.isArray(raw.Hostnames) ? raw.Hostnames : []).filter(isObj).flatMap((h) => {
    const value = nonEmpty(h.Value);
    return value === null ? [] : [{ value, isSystemHostname: h.IsSystemHostname === true }];
  });
  return { ok: true, value: { id: id.value, name: nonEmpty(raw.Name) ?? `Zone ${id.value}`, loggingEnabled: raw.EnableLogging === true, hostnames } };
}

/** A video library, as Burrow uses it. */
export interface VideoLibraryRead {
  readonly id: number;
  /** The name, or "Library <id>" when the platform sent none. */
  readonly name: string;
  /** The library's own API key; null when not given (the account key may not see it). */
  readonly apiKey: string | null;
  /** The library's pull zone; null when not given. */
  readonly pullZoneId: number | null;
}

/** Reads one `VideoLibraryModel`; `askedId` is the id of a `GET /videolibrary/{id}` (a list item has none). */
export function readVideoLibrary(raw: unknown, askedId?: number): ItemRead<VideoLibraryRead> {
  if (!isObj(raw)) return { ok: false, reason: `it is ${kindOf(raw)}, not a video library` };
  const id = idOf(raw.Id, 'library', askedId);
  if (!id.ok) return id;
  const zone = typeof raw.PullZoneId === 'number' && Number.isSafeInteger(raw.PullZoneId) && raw.PullZoneId > 0 ? raw.PullZoneId : null;
  return { ok: true, value: { id: id.value, name: nonEmpty(raw.Name) ?? `Library ${id.value}`, apiKey: nonEmpty(raw.ApiKey), pullZoneId: zone } };
}
