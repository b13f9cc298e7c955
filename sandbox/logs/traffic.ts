/**
 * Deterministic CDN traffic for the account's pull zones. Every minute of every zone has its own
 * seeded random source, so an entry depends only on (seed, zone, minute): the same seed gives
 * the same entries on every run, and "everything up to now()" grows into a live trickle as the
 * clock advances, without timers. A library's zone serves plays of its ready videos (plays.ts), an app endpoint's
 * zone requests to the app (app-traffic.ts), other zones a website. Whole UTC days are generated on first use and
 * cached (again when what the zone follows changed); the busy zone's (busy.ts) are far too large for that, so its
 * minutes are generated on demand and only the latest few are kept.
 */
import type { CacheStatus } from '../../shared/logs/cache-status.js';
import type { CdnLogRecord } from '../../shared/logs/log-record.js';
import type { AppZone, PlayableVideo, SeedPullZone } from '../context.js';
import { createRandom } from '../seed.js';
import { appMinute } from './app-traffic.js';
import { busyMinute, incidentAt, type Incident } from './busy.js';
import { catalogFor, isBusyZone, type Catalog, type RequestKind } from './catalog.js';
import { between, hex, mix, pick, pickCountry, referer, SHIELDS, userAgent, visitorIp, weighted, type Rand } from './mix.js';
import { libraryMinute, loadAt } from './plays.js';

/** A generated request: the record (with the visitor's full address) plus whether an edge asked its origin shield. */
export interface TrafficEntry extends CdnLogRecord {
  readonly originShield: boolean;
  /** A row a test injected (see inject.ts): served exactly as given, never varied by realism. */
  readonly injected?: boolean;
}

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;
/** Default volume of a website zone (and of an app's zone; a library's videos share it by popularity). */
export const DEFAULT_ENTRIES_PER_DAY = 4_000;

/** Edges that ask a shield. */
const SHIELD_CLIENTS = ['DE', 'NY', 'SG', 'UK', 'LA'];
/** Per shield POP, the edges that may ask it (all but itself), made once rather than per entry. */
const CLIENTS_OF = new Map(SHIELDS.map(([pop]) => [pop, SHIELD_CLIENTS.filter((p) => p !== pop)]));

const pickStatus = weighted<number>([
  [200, 74],
  [304, 12],
  [301, 1.5],
  [302, 1.5],
  [403, 1],
  [404, 4],
  [499, 1.5],
  [500, 1],
  [502, 0.8],
  [503, 0.7],
]);

const pickServedCache = weighted<CacheStatus>([
  ['HIT', 70],
  ['MISS', 18],
  ['REVALIDATED', 3],
  ['STALE', 2],
  ['UPDATING', 3],
  ['BYPASS', 4],
]);

function chooseStatus(rand: Rand, kind: RequestKind): number {
  if (kind.missing) return rand() < 0.85 ? 404 : 403;
  if (kind.method === 'POST') return rand() < 0.9 ? 200 : pick(rand, [403, 500, 502]);
  if (kind.ranged) return rand() < 0.8 ? 206 : rand() < 0.75 ? 200 : 499;
  const status = pickStatus(rand);
  if (kind.bypass && status === 304) return 200;
  return status;
}

function chooseCache(rand: Rand, kind: RequestKind, status: number): CacheStatus {
  if (kind.method === 'POST') return '-';
  if (kind.bypass) return rand() < 0.85 ? 'BYPASS' : 'MISS';
  if (status === 304) return rand() < 0.4 ? 'REVALIDATED' : 'HIT';
  if (status >= 500) return rand() < 0.8 ? 'MISS' : 'BYPASS';
  if (status >= 300) return rand() < 0.6 ? 'HIT' : 'MISS';
  return pickServedCache(rand);
}

function chooseBytes(rand: Rand, kind: RequestKind, status: number): number {
  const headers = between(rand, 250, 650);
  const [min, max] = kind.bodyBytes;
  if (status === 304) return headers;
  if (status === 206) return headers + between(rand, 65_536, 2_097_152);
  if (status === 499) return between(rand, 0, Math.floor(max / 4));
  if (status >= 300 && status < 400) return headers + between(rand, 0, 200);
  if (status >= 400) return headers + between(rand, 150, 2_000);
  return headers + between(rand, min, max);
}

/**
 * One request. An incident (busy zone only) bends it: in a miss storm conditional requests get whole bodies, edges
 * ask their shield far more often and cached answers mostly miss; in a 5xx burst most GETs fail with 502 or 503.
 * Without an incident no extra random draw is made, so the other zones' traffic is what it always was.
 */
function makeEntry(rand: Rand, zone: SeedPullZone, catalog: Catalog, timestampMs: number, incident?: Incident): TrafficEntry {
  const kind = catalog.pickKind(rand);
  const path = kind.path(rand);
  let statusCode = chooseStatus(rand, kind);
  if (incident === 'burst' && kind.method === 'GET' && rand() < 0.6) statusCode = rand() < 0.55 ? 502 : 503;
  if (incident === 'storm' && statusCode === 304) statusCode = 200;
  const url = `${rand() < 0.96 ? 'https' : 'http'}://${zone.hostname}${path}`;
  const requestId = hex(rand, 32);
  const bytesSent = chooseBytes(rand, kind, statusCode);
  // Objects are built whole (no spread): object spread is markedly slower here and this runs per entry.
  if (kind.method === 'GET' && !kind.bypass && rand() < (incident === 'storm' ? 0.25 : 0.03)) {
    // An edge fetching from its origin shield: bunny's own address, no browser headers.
    const [pop, country] = pick(rand, SHIELDS);
    return {
      timestampMs,
      pullZoneId: zone.id,
      requestId,
      cacheStatus: rand() < 0.6 ? 'MISS' : 'HIT',
      statusCode,
      bytesSent,
      remoteIp: `185.93.${between(rand, 0, 3)}.${between(rand, 1, 254)}`,
      countryCode: country,
      edgeLocation: pick(rand, CLIENTS_OF.get(pop) ?? SHIELD_CLIENTS),
      url,
      userAgent: 'BunnyCDN-Edge/1.0',
      referer: null,
      originShield: true,
    };
  }
  const country = pickCountry(rand);
  const agent = userAgent(rand, false);
  let cacheStatus = chooseCache(rand, kind, statusCode);
  if (incident === 'storm' && cacheStatus !== '-' && cacheStatus !== 'BYPASS' && cacheStatus !== 'MISS' && rand() < 0.85) cacheStatus = 'MISS';
  return {
    timestampMs,
    pullZoneId: zone.id,
    requestId,
    cacheStatus,
    statusCode,
    bytesSent,
    remoteIp: visitorIp(rand, country),
    countryCode: country.code,
    edgeLocation: pick(rand, country.pops),
    url,
    userAgent: agent,
    referer: referer(rand, agent, catalog.pages),
    originShield: false,
  };
}

/** Traffic of one zone in one minute, ascending by time. */
export function minuteEntries(seed: number, zone: SeedPullZone, catalog: Catalog, minute: number, perDay: number): TrafficEntry[] {
  const rand = createRandom(mix(mix(mix(0x1065eed, seed), zone.id), minute));
  const count = Math.floor((perDay * loadAt(minute)) / 1440 + rand());
  const offsets = Array.from({ length: count }, () => Math.floor(rand() * MINUTE_MS)).sort((a, b) => a - b);
  return offsets.map((o) => makeEntry(rand, zone, catalog, minute * MINUTE_MS + o));
}

/** One minute of the busy zone, ascending by time (see busy.ts). */
export function busyMinuteEntries(seed: number, zone: SeedPullZone, catalog: Catalog, minute: number): TrafficEntry[] {
  const { rand, count } = busyMinute(seed, zone, minute);
  const incident = incidentAt(minute);
  const offsets = new Float64Array(count);
  for (let i = 0; i < count; i++) offsets[i] = Math.floor(rand() * MINUTE_MS);
  offsets.sort();
  const out = new Array<TrafficEntry>(count);
  for (let i = 0; i < count; i++) out[i] = makeEntry(rand, zone, catalog, minute * MINUTE_MS + (offsets[i] ?? 0), incident);
  return out;
}

/** Generated traffic of the demo account, cached per zone and UTC day (per minute, a few at a time, for the busy zone). */
export interface TrafficStore {
  /** Entries with `lo <= timestamp < hi`, ascending or descending. */
  range(zone: SeedPullZone, lo: number, hi: number, order: 'asc' | 'desc'): Generator<TrafficEntry>;
  /**
   * The entries of `range` that `matches`, past the first `skip` of them: what offset paging walks. `key` names the
   * test (the same key must always mean the same test): with it the busy zone remembers how many entries of each
   * whole minute match, and skips those minutes without generating them again.
   */
  select(zone: SeedPullZone, lo: number, hi: number, order: 'asc' | 'desc', matches: (e: TrafficEntry) => boolean, key: string, skip: number): Generator<TrafficEntry>;
  /** Forgets cached days that end before `ms`. */
  forgetBefore(ms: number): void;
}

/** `select` over any sequence of entries: the matching ones past the first `skip`. */
export function* selectFrom(entries: Iterable<TrafficEntry>, matches: (e: TrafficEntry) => boolean, skip: number): Generator<TrafficEntry> {
  let left = skip;
  for (const e of entries) {
    if (!matches(e)) continue;
    if (left > 0) left--;
    else yield e;
  }
}

/** Minutes of the busy zone kept generated: the edges of the pages being walked, not a day. */
const BUSY_MINUTES_KEPT = 4;
/** Tests whose per-minute match counts are remembered (the latest ones). */
const COUNTED_TESTS_KEPT = 16;

/** First index whose timestamp is >= ms. */
function lowerBound(entries: readonly TrafficEntry[], ms: number): number {
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((entries[mid]?.timestampMs ?? Infinity) < ms) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** What the traffic follows: a library zone's ready videos (undefined for a zone that fronts no library). */
export interface TrafficAccount {
  videosOf(zone: SeedPullZone): readonly PlayableVideo[] | undefined;
}

const isAppZone = (zone: SeedPullZone): zone is AppZone => 'appId' in zone;

/** Creates the store for a seed; `perDay` sets the volume of a website zone. */
export function createTrafficStore(seed: number, perDay = DEFAULT_ENTRIES_PER_DAY, account: TrafficAccount = { videosOf: () => undefined }): TrafficStore {
  // Per zone and day: what the zone followed when the day was made (its videos, its app) and the entries.
  const days = new Map<string, { readonly follows: string; readonly entries: readonly TrafficEntry[] }>();
  const catalogs = new Map<number, Catalog>();

  // The busy zone's latest minutes (a Map in use order: the first key is the least recently used).
  const busyMinutes = new Map<string, readonly TrafficEntry[]>();
  // Per zone and test key (`zoneId|key`), per minute: how many entries of that whole minute match.
  const counted = new Map<string, Map<number, number>>();
  // Counts of minutes before this one are gone (cleaned at most once an hour of the clock).
  let countsFrom = -Infinity;

  function catalogOf(zone: SeedPullZone): Catalog {
    let catalog = catalogs.get(zone.id);
    if (catalog === undefined) {
      catalog = catalogFor(seed, zone);
      catalogs.set(zone.id, catalog);
    }
    return catalog;
  }

  function busyMinuteOf(zone: SeedPullZone, minute: number): readonly TrafficEntry[] {
    const key = `${zone.id}:${minute}`;
    let entries = busyMinutes.get(key);
    if (entries !== undefined) {
      busyMinutes.delete(key);
    } else {
      entries = busyMinuteEntries(seed, zone, catalogOf(zone), minute);
      if (busyMinutes.size >= BUSY_MINUTES_KEPT) {
        const oldest = busyMinutes.keys().next();
        if (oldest.done !== true) busyMinutes.delete(oldest.value);
      }
    }
    busyMinutes.set(key, entries);
    return entries;
  }

  function countsFor(key: string): Map<number, number> {
    let counts = counted.get(key);
    if (counts !== undefined) {
      counted.delete(key);
    } else {
      counts = new Map();
      if (counted.size >= COUNTED_TESTS_KEPT) {
        const oldest = counted.keys().next();
        if (oldest.done !== true) counted.delete(oldest.value);
      }
    }
    counted.set(key, counts);
    return counts;
  }

  /** The busy zone's minutes that touch `[lo, hi)`, in the order asked. */
  function* busyMinutesOf(lo: number, hi: number, order: 'asc' | 'desc'): Generator<number> {
    const first = Math.floor(lo / MINUTE_MS);
    const last = Math.floor((hi - 1) / MINUTE_MS);
    if (order === 'asc') for (let m = first; m <= last; m++) yield m;
    else for (let m = last; m >= first; m--) yield m;
  }

  /** The entries of one generated minute inside `[lo, hi)`, in the order asked. */
  function* within(entries: readonly TrafficEntry[], lo: number, hi: number, order: 'asc' | 'desc'): Generator<TrafficEntry> {
    const start = lowerBound(entries, lo);
    const end = lowerBound(entries, hi);
    if (order === 'asc') for (let i = start; i < end; i++) yield entries[i] as TrafficEntry;
    else for (let i = end - 1; i >= start; i--) yield entries[i] as TrafficEntry;
  }

  function* busyRange(zone: SeedPullZone, lo: number, hi: number, order: 'asc' | 'desc'): Generator<TrafficEntry> {
    for (const m of busyMinutesOf(lo, hi, order)) yield* within(busyMinuteOf(zone, m), lo, hi, order);
  }

  function* busySelect(zone: SeedPullZone, lo: number, hi: number, order: 'asc' | 'desc', matches: (e: TrafficEntry) => boolean, key: string, skip: number): Generator<TrafficEntry> {
    const counts = countsFor(`${zone.id}|${key}`);
    let left = skip;
    for (const m of busyMinutesOf(lo, hi, order)) {
      const whole = m * MINUTE_MS >= lo && (m + 1) * MINUTE_MS <= hi;
      const known = whole ? counts.get(m) : undefined;
      if (known !== undefined && known <= left) {
        left -= known;
        continue;
      }
      let n = 0;
      for (const e of within(busyMinuteOf(zone, m), lo, hi, order)) {
        if (!matches(e)) continue;
        n++;
        if (left > 0) left--;
        else yield e;
      }
      // Reached only when the caller took the whole minute: then n is the minute's full count.
      if (whole) counts.set(m, n);
    }
  }

  function day(zone: SeedPullZone, dayIndex: number): readonly TrafficEntry[] {
    const key = `${zone.id}:${dayIndex}`;
    const videos = account.videosOf(zone)?.filter((v) => v.readyAt < (dayIndex + 1) * DAY_MS);
    const follows = videos !== undefined ? videos.map((v) => `${v.guid}@${v.readyAt}@${v.heights.join()}`).join() : isAppZone(zone) ? `${zone.since}:${zone.rate5xx}` : '';
    const cached = days.get(key);
    if (cached !== undefined && cached.follows === follows) return cached.entries;
    const minute = (m: number) =>
      videos !== undefined ? libraryMinute(seed, zone, videos, m, perDay) : isAppZone(zone) ? appMinute(seed, zone, m, perDay) : minuteEntries(seed, zone, catalogOf(zone), m, perDay);
    const entries: TrafficEntry[] = [];
    const first = dayIndex * 1440;
    for (let m = first; m < first + 1440; m++) for (const e of minute(m)) entries.push(e);
    days.set(key, { follows, entries });
    return entries;
  }

  function* range(zone: SeedPullZone, lo: number, hi: number, order: 'asc' | 'desc'): Generator<TrafficEntry> {
    if (!(hi > lo)) return;
    if (isBusyZone(zone)) {
      yield* busyRange(zone, lo, hi, order);
      return;
    }
    const firstDay = Math.floor(lo / DAY_MS);
    const lastDay = Math.floor((hi - 1) / DAY_MS);
    const step = order === 'asc' ? 1 : -1;
    for (let d = order === 'asc' ? firstDay : lastDay; d >= firstDay && d <= lastDay; d += step) {
      const entries = day(zone, d);
      const start = lowerBound(entries, lo);
      const end = lowerBound(entries, hi);
      if (order === 'asc') for (let i = start; i < end; i++) yield entries[i] as TrafficEntry;
      else for (let i = end - 1; i >= start; i--) yield entries[i] as TrafficEntry;
    }
  }

  return {
    range,
    *select(zone, lo, hi, order, matches, key, skip) {
      if (!(hi > lo)) return;
      if (isBusyZone(zone)) yield* busySelect(zone, lo, hi, order, matches, key, skip);
      else yield* selectFrom(range(zone, lo, hi, order), matches, skip);
    },
    forgetBefore(ms) {
      const oldest = Math.floor(ms / DAY_MS);
      for (const key of days.keys()) if (Number(key.split(':')[1]) < oldest) days.delete(key);
      const oldestMinute = Math.floor(ms / MINUTE_MS);
      if (oldestMinute >= countsFrom + 60) {
        countsFrom = oldestMinute;
        for (const counts of counted.values()) for (const m of counts.keys()) if (m < oldestMinute) counts.delete(m);
      }
    },
  };
}
