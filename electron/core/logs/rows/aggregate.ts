/**
 * What the charts and the KPI strip show, computed in the core from the loaded rows (never raw rows in a chart):
 * totals and ratios, requests and bytes over time by cache status and by status class, and top URLs, countries
 * and POPs with their hit ratios. One pass over the rows per call; only the matching rows when a selection is given.
 */
import { HIT_STATUSES, OUTSIDE_HIT_RATIO } from '../../../../shared/logs/cache-status.js';
import { DEFAULT_URL_GROUPING, urlGroupKey, type UrlGrouping } from '../../../../shared/logs/url-pattern.js';
import { CACHE_CODES, type RowsView } from './types.js';

const HIT_CODES = new Set(HIT_STATUSES.map((s) => CACHE_CODES.indexOf(s)));
const OUTSIDE_CODES = new Set(OUTSIDE_HIT_RATIO.map((s) => CACHE_CODES.indexOf(s)));

/** The hit ratio's rule, in words, for its tooltip. */
export const HIT_RATIO_RULE = 'Hit ratio = (HIT + STALE + UPDATING) ÷ (all requests − BYPASS − "-"): requests the cache never handled do not count either way.';

/** Counts toward a hit ratio; `ratio` is null when no request counted (nothing to divide). */
export interface HitCounts {
  hits: number;
  counted: number;
}

function ratioOf(h: HitCounts): number | null {
  return h.counted === 0 ? null : h.hits / h.counted;
}

/**
 * What a cache code counts as toward a hit ratio: 0 not at all (no status, BYPASS, "-"), 1 a request that counts
 * and is not a hit, 2 a hit. The same rule as countHit, for loops that keep their counts in arrays.
 */
export function hitKind(cacheCode: number): 0 | 1 | 2 {
  if (cacheCode < 0 || OUTSIDE_CODES.has(cacheCode)) return 0;
  return HIT_CODES.has(cacheCode) ? 2 : 1;
}

function countHit(h: HitCounts, cacheCode: number): void {
  // A row without a cache status says nothing either way.
  if (cacheCode < 0 || OUTSIDE_CODES.has(cacheCode)) return;
  h.counted++;
  if (HIT_CODES.has(cacheCode)) h.hits++;
}

/** The KPI strip over a set of rows. Percentages are fractions (0–1); null when there are no rows. */
export interface Kpis {
  readonly requests: number;
  readonly bytes: number;
  readonly hitRatio: number | null;
  readonly clientErrors: number | null;
  readonly serverErrors: number | null;
  readonly uniqueIps: number;
}

/** Visits every selected row (all rows when no selection is given). */
function each(rows: RowsView, selection: ArrayLike<number> | undefined, visit: (i: number) => void): void {
  if (selection) for (let k = 0; k < selection.length; k++) visit(selection[k]!);
  else for (let i = 0; i < rows.length; i++) visit(i);
}

/** Requests, bytes, hit ratio, 4xx and 5xx shares and distinct client addresses. */
export function kpis(rows: RowsView, selection?: ArrayLike<number>): Kpis {
  let requests = 0;
  let bytes = 0;
  let c4 = 0;
  let c5 = 0;
  const hit: HitCounts = { hits: 0, counted: 0 };
  const ips = new Set<string>();
  each(rows, selection, (i) => {
    requests++;
    bytes += rows.bytesSent(i);
    const status = rows.statusCode(i);
    if (status >= 400 && status < 500) c4++;
    else if (status >= 500 && status < 600) c5++;
    countHit(hit, rows.cacheCode(i));
    const ip = rows.remoteIp(i);
    if (ip !== null) ips.add(ip);
  });
  return {
    requests,
    bytes,
    hitRatio: ratioOf(hit),
    clientErrors: requests === 0 ? null : c4 / requests,
    serverErrors: requests === 0 ? null : c5 / requests,
    uniqueIps: ips.size,
  };
}

/** Status classes as the charts stack them: 1xx to 5xx, and anything else. */
export const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx', 'other'] as const;

function classIndex(status: number): number {
  const c = Math.floor(status / 100);
  return c >= 1 && c <= 5 ? c - 1 : 5;
}

/** Requests and bytes per time bucket, split by cache status and by status class, with a hit ratio per bucket. */
export interface TimeSeries {
  /** Start of each bucket, UTC ms; every bucket of the range is present, empty ones as zero. */
  readonly starts: readonly number[];
  readonly bucketMs: number;
  /** By cache code (see RowsView.cacheName), then bucket; the last series counts rows without a cache status. */
  readonly requestsByCache: readonly (readonly number[])[];
  readonly bytesByCache: readonly (readonly number[])[];
  /** By STATUS_CLASSES index, then bucket. */
  readonly requestsByClass: readonly (readonly number[])[];
  readonly bytesByClass: readonly (readonly number[])[];
  /** Per bucket; null where no request counted toward it. */
  readonly hitRatio: readonly (number | null)[];
  /** Rows outside [from, to), which no bucket holds. */
  readonly outside: number;
}

/** Buckets [from, to) into `bucketMs` slices aligned on `from`. */
export function timeSeries(rows: RowsView, range: { readonly from: number; readonly to: number; readonly bucketMs: number }, selection?: ArrayLike<number>): TimeSeries {
  const { from, to, bucketMs } = range;
  if (!(bucketMs > 0) || !(to > from)) throw new RangeError('A time series needs a positive bucket and a range that ends after it starts');
  const n = Math.ceil((to - from) / bucketMs);
  const zeros = () => new Array<number>(n).fill(0);
  const requestsByCache = Array.from({ length: rows.cacheCount + 1 }, zeros);
  const bytesByCache = Array.from({ length: rows.cacheCount + 1 }, zeros);
  const requestsByClass = STATUS_CLASSES.map(zeros);
  const bytesByClass = STATUS_CLASSES.map(zeros);
  const hits = Array.from({ length: n }, (): HitCounts => ({ hits: 0, counted: 0 }));
  let outside = 0;
  each(rows, selection, (i) => {
    const t = rows.timestamp(i);
    if (t < from || t >= to) {
      outside++;
      return;
    }
    const b = Math.floor((t - from) / bucketMs);
    const code = rows.cacheCode(i);
    const cache = code < 0 ? rows.cacheCount : code;
    const cls = classIndex(rows.statusCode(i));
    const bytes = rows.bytesSent(i);
    requestsByCache[cache]![b]!++;
    bytesByCache[cache]![b]! += bytes;
    requestsByClass[cls]![b]!++;
    bytesByClass[cls]![b]! += bytes;
    countHit(hits[b]!, code);
  });
  return {
    starts: Array.from({ length: n }, (_, k) => from + k * bucketMs),
    bucketMs,
    requestsByCache,
    bytesByCache,
    requestsByClass,
    bytesByClass,
    hitRatio: hits.map(ratioOf),
    outside,
  };
}

/** One bar of a top list. */
export interface TopEntry {
  readonly key: string;
  readonly requests: number;
  readonly bytes: number;
  readonly hitRatio: number | null;
  /** For URLs: how many different URLs the entry counts (more than one when a pattern or a dropped query joins them). */
  readonly urls?: number;
}

/**
 * What a top list groups by. URLs group as the grouping says: by default by host and path, the query string
 * dropped so `?w=800` and `?w=1200` of one image count together.
 */
export type TopDimension = 'url' | 'country' | 'pop';

/** The key a row counts under for a dimension; null when the row has no value there. URLs are keyed by the caller. */
function keyOf(rows: RowsView, i: number, by: Exclude<TopDimension, 'url'>): string | null {
  if (by === 'country') {
    const c = rows.countryCode(i);
    return c < 0 ? null : rows.country(c);
  }
  const c = rows.edgeCode(i);
  return c < 0 ? null : rows.edge(c);
}

/**
 * The `limit` largest groups by requests (ties by key), each with its bytes and hit ratio; URL entries also say how
 * many different URLs they count. Each different URL is shaped into its key once per call.
 */
export function top(rows: RowsView, by: TopDimension, limit: number, selection?: ArrayLike<number>, grouping: UrlGrouping = DEFAULT_URL_GROUPING): TopEntry[] {
  const groups = new Map<string, { requests: number; bytes: number; hit: HitCounts }>();
  const urlKeys = new Map<string, string>();
  const urlKey = (i: number) => {
    const url = rows.url(i);
    let key = urlKeys.get(url);
    if (key === undefined) urlKeys.set(url, (key = urlGroupKey(url, grouping)));
    return key;
  };
  each(rows, selection, (i) => {
    const key = by === 'url' ? urlKey(i) : keyOf(rows, i, by);
    // A row that came without a URL (or a country, an edge) is not one of the top values.
    if (key === null || key === '') return;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { requests: 0, bytes: 0, hit: { hits: 0, counted: 0 } }));
    g.requests++;
    g.bytes += rows.bytesSent(i);
    countHit(g.hit, rows.cacheCode(i));
  });
  const chosen = [...groups].sort((a, b) => b[1].requests - a[1].requests || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).slice(0, Math.max(0, limit));
  if (by !== 'url') return chosen.map(([key, g]) => ({ key, requests: g.requests, bytes: g.bytes, hitRatio: ratioOf(g.hit) }));
  const distinct = new Map<string, number>(chosen.map(([key]) => [key, 0]));
  for (const key of urlKeys.values()) {
    const n = distinct.get(key);
    if (n !== undefined) distinct.set(key, n + 1);
  }
  return chosen.map(([key, g]) => ({ key, requests: g.requests, bytes: g.bytes, hitRatio: ratioOf(g.hit), urls: distinct.get(key) ?? 0 }));
}
