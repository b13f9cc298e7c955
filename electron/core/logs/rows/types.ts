/**
 * The seams of the logs area in the core. Rows live in a columnar store (typed columns, strings kept as bytes and
 * decoded only for the rows asked for); parsers fill it, aggregates and filters read it, and the renderer only
 * ever gets windows of decoded rows and aggregates.
 */
import type { KnownCacheStatus } from '../../../../shared/logs/cache-status.js';
import type { CdnLogRecord } from '../../../../shared/logs/log-record.js';

/**
 * The cache statuses every store knows by code (the order is the code). A store gives any other status it meets
 * the next code of its own (see RowsView.cacheName); -1 is a row without a cache status.
 */
export const CACHE_CODES: readonly KnownCacheStatus[] = ['HIT', 'MISS', 'BYPASS', 'REVALIDATED', 'STALE', 'UPDATING', '-', 'EXPIRED'];

export { NO_CACHE_STATUS } from '../../../../shared/logs/cache-status.js';

/** Read access to rows by index, without building an object per row. */
export interface RowsView {
  readonly length: number;
  /** UTC UNIX milliseconds. */
  timestamp(i: number): number;
  statusCode(i: number): number;
  /** The row's cache status code: an index into CACHE_CODES, a code the store gave an unknown status, or -1. */
  cacheCode(i: number): number;
  /** The status of a cache code as it came; null for -1. */
  cacheName(code: number): string | null;
  /** How many cache codes the store has (codes run from 0 to cacheCount - 1). */
  readonly cacheCount: number;
  bytesSent(i: number): number;
  /** Small dictionary codes for values with few distinct members; -1 when absent. */
  countryCode(i: number): number;
  edgeCode(i: number): number;
  /** The strings behind the dictionary codes above. */
  country(code: number): string;
  edge(code: number): string;
  /** Decoded on demand. */
  remoteIp(i: number): string | null;
  url(i: number): string;
  userAgent(i: number): string | null;
  referer(i: number): string | null;
  /** Null when the row came without one. */
  requestId(i: number): string | null;
  /** The whole row as a record (for the rows on screen, the detail pane and export). */
  record(i: number): CdnLogRecord;
}
