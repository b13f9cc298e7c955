/**
 * The seams of the logs area in the core. Rows live in a columnar store (typed columns, strings kept as bytes and
 * decoded only for the rows asked for); parsers fill it, aggregates and filters read it, and the renderer only
 * ever gets windows of decoded rows and aggregates.
 */
import type { CacheStatus } from '../../../shared/logs/cache-status.js';
import type { CdnLogRecord } from '../../../shared/logs/log-record.js';

/** Cache statuses by their code in a store's cache column (the order is the code). */
export const CACHE_CODES: readonly CacheStatus[] = ['HIT', 'MISS', 'BYPASS', 'REVALIDATED', 'STALE', 'UPDATING', '-', 'EXPIRED'];

/** Read access to rows by index, without building an object per row. */
export interface RowsView {
  readonly length: number;
  /** UTC UNIX milliseconds. */
  timestamp(i: number): number;
  statusCode(i: number): number;
  /** An index into CACHE_CODES. */
  cacheCode(i: number): number;
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
  requestId(i: number): string;
  /** The whole row as a record (for the rows on screen, the detail pane and export). */
  record(i: number): CdnLogRecord;
}
