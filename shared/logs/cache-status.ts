/** Cache statuses of a CDN log entry, as the platform documents them. */

/** The statuses the platform documents, in its order; `-` means no cache interaction (e.g. POST). */
export const CACHE_STATUSES = ['HIT', 'MISS', 'BYPASS', 'REVALIDATED', 'STALE', 'UPDATING', '-'] as const;

/** A cache status the platform documents. */
export type DocumentedCacheStatus = (typeof CACHE_STATUSES)[number];

/**
 * Every cache status a log may carry: the documented ones plus `EXPIRED`, which the
 * v2 documentation uses as a filter example and real logs may therefore contain.
 */
export type CacheStatus = DocumentedCacheStatus | 'EXPIRED';

/** All values of CacheStatus, for parsers and pickers. */
export const ALL_CACHE_STATUSES: readonly CacheStatus[] = [...CACHE_STATUSES, 'EXPIRED'];

const KNOWN: ReadonlySet<string> = new Set(ALL_CACHE_STATUSES);

/** Narrows a string to a CacheStatus (exact, upper-case match as the logs write them). */
export function isCacheStatus(value: string): value is CacheStatus {
  return KNOWN.has(value);
}

/** What a status means, for tooltips and legends (the platform's meanings). */
export const CACHE_STATUS_MEANING: Readonly<Record<CacheStatus, string>> = {
  HIT: 'Served directly from cache',
  MISS: 'Not in cache, fetched from origin',
  BYPASS: 'Cache skipped (request headers, cookies or configuration)',
  REVALIDATED: 'Cached response validated with origin and reused',
  STALE: 'Stale cached response served (origin unavailable or slow)',
  UPDATING: 'Stale content served while a background cache update runs',
  EXPIRED: 'Cached copy had expired',
  '-': 'No cache interaction (for example a POST)',
};
