/** Cache statuses of a CDN log entry, as the platform documents them. */

/** The statuses the platform documents, in its order; `-` means no cache interaction (e.g. POST). */
export const CACHE_STATUSES = ['HIT', 'MISS', 'BYPASS', 'REVALIDATED', 'STALE', 'UPDATING', '-'] as const;

/** A cache status the platform documents. */
export type DocumentedCacheStatus = (typeof CACHE_STATUSES)[number];

/**
 * The cache statuses Burrow knows words for: the documented ones plus `EXPIRED`, which the v2 documentation uses
 * as a filter example and real logs therefore contain.
 */
export type KnownCacheStatus = DocumentedCacheStatus | 'EXPIRED';

/**
 * Every cache status a log may carry. The platform does not document the full set, so a value Burrow has no
 * words for is kept exactly as it came and counts as its own status in charts, top lists and filters.
 */
export type CacheStatus = KnownCacheStatus | (string & {});

/** The hit ratio's rule: these statuses are hits, of every request except those the cache never handled. */
export const HIT_STATUSES: readonly KnownCacheStatus[] = ['HIT', 'STALE', 'UPDATING'];
/** Statuses outside the hit ratio (the cache never handled the request); a row without a status is outside too. */
export const OUTSIDE_HIT_RATIO: readonly KnownCacheStatus[] = ['BYPASS', '-'];

/** The known values, for parsers and pickers. */
export const ALL_CACHE_STATUSES: readonly KnownCacheStatus[] = [...CACHE_STATUSES, 'EXPIRED'];

/** The longest cache status kept as it came; anything longer is cut (it is a word, not a text). */
export const CACHE_STATUS_MAX_CHARS = 64;

/** A value usable as a cache status: a non-empty word without line breaks or pipes, at most 64 characters. */
export function isCacheStatusText(value: string): boolean {
  return value.length > 0 && value.length <= CACHE_STATUS_MAX_CHARS && !/[\s|]/.test(value);
}

/**
 * A cache status a filter can name: letters, digits and `_ . : -` (so `HIT`, `-`, a new word like `DEFERRED`), at
 * most 64 characters. The charts' label for rows without a status, `(none)`, is not one.
 */
export function isCacheStatusFilterValue(value: string): boolean {
  return /^[A-Za-z0-9_.:-]{1,64}$/.test(value);
}

/** What the charts and facets call rows that came without a cache status. */
export const NO_CACHE_STATUS = '(none)';

