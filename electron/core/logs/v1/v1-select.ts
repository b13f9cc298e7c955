/**
 * Which rows of a v1 file are kept as it is read: up to the store's ceiling, then reading stops. A selection keeps
 * only rows in its window that pass its filter, and with a limit the first `limit` of them: in file order reading
 * stops there; by time only the best so far are held (pruned as more come), so a gzip bomb costs no more memory
 * than its best `limit` rows.
 */
import type { LogFilter } from '../../../../shared/logs/filter.js';
import { matchesRecord } from '../../../../shared/logs/filter-match.js';
import { ColumnStore, type ByteRow } from '../rows/columns.js';

/** The rows a file read keeps (`order` file: the first `limit` as the file has them; else by time, this way). */
export type V1Selection = { readonly from?: number; readonly to?: number; readonly filter?: LogFilter; readonly limit?: number; readonly order?: 'asc' | 'desc' | 'file' };

/** The most a file's rows may take in the store (see DEFAULT_ROW_CEILING). */
export type V1RowCeiling = { readonly maxRows: number; readonly maxBytes: number };

/** The parser's sink: takes the rows the selection wants, and says why reading should stop. */
export class RowSelector {
  /** Why reading stopped before the end: the limit reached in file order, or the ceiling. */
  stopped: 'limit' | 'ceiling' | null = null;
  readonly stop = new AbortController();
  /** Rows looked at before reading stopped. */
  rows = 0;
  /** By time with a limit, once pruned: the time of the last row kept; a row must beat it to be kept. */
  #bar: number | null = null;
  #checkAt = 0;

  constructor(
    public kept: ColumnStore,
    private readonly ceiling: V1RowCeiling,
    private readonly select: V1Selection = {},
  ) {}

  appendBytes(row: ByteRow): void {
    if (this.stopped !== null) return;
    const { from = -Infinity, to = Infinity, filter = [], limit, order = 'file' } = this.select;
    const t = row.timestampMs;
    // Equal times keep the file's order, so a later row with the bar's time ranks after every kept one.
    const outside = t < from || t >= to || (this.#bar !== null && (order === 'asc' ? t >= this.#bar : t <= this.#bar));
    const k = this.kept;
    // usedBytes sums a dozen arrays: looked at every 4,096 rows.
    if (!outside && (k.length >= this.ceiling.maxRows || (k.length >= this.#checkAt && k.usedBytes >= this.ceiling.maxBytes))) return this.#halt('ceiling');
    this.rows++;
    if (outside) return;
    if (k.length >= this.#checkAt) this.#checkAt = k.length + 4096;
    k.appendBytes(row);
    if (filter.length > 0 && !matchesRecord(filter, k.record(k.length - 1))) return k.dropLast();
    if (limit === undefined) return;
    if (order === 'file') {
      if (k.length >= limit) this.#halt('limit');
    } else if (k.length >= Math.max(2 * limit, 65_536)) this.#prune(limit);
  }

  /** The rows kept once reading ended, in file order: by time with a limit, only the best `limit` of them. */
  finish(): ColumnStore {
    const { limit, order = 'file' } = this.select;
    if (limit !== undefined && order !== 'file' && this.kept.length > limit) this.#prune(limit);
    return this.kept;
  }

  #halt(why: 'limit' | 'ceiling'): void {
    this.stopped = why;
    this.stop.abort(STOPPED);
  }

  /** Keeps only the best `limit` rows so far, in file order; the last of them sets the bar. */
  #prune(limit: number): void {
    const k = this.kept;
    const sign = this.select.order === 'asc' ? 1 : -1;
    const ranked = Array.from({ length: k.length }, (_, i) => i)
      .sort((a, b) => sign * (k.timestamp(a) - k.timestamp(b)) || a - b)
      .slice(0, limit);
    this.#bar = k.timestamp(ranked[ranked.length - 1]!);
    const next = new ColumnStore(Math.max(limit, 1024));
    for (const i of ranked.sort((a, b) => a - b)) next.appendRecord(k.record(i));
    this.kept = next;
    this.#checkAt = 0;
  }
}

/** What a read stopped by its selector fails with (and is then caught as the stop it is). */
export const STOPPED = new Error('The rows asked for are read');
