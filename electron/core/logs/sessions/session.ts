/**
 * One logs session per source: a zone's v2 rows paged in through the shared budget, or a v1 file read in. The
 * rows themselves, and everything computed over them, live behind a RowsHandle (in a worker thread in the app); the
 * session keeps the query, the paging and the status, and passes windows and aggregates through. A million rows
 * never leave the rows' side.
 */
import { normalizeFilter, toV2Query, type LogFilter } from '../../../../shared/logs/filter.js';
import { formatChip, parseFilterText } from '../../../../shared/logs/filter-text.js';
import { resolveRange, type LogRange } from '../../../../shared/logs/range.js';
import { V2_LIMIT_MAX } from '../../../../shared/logs/v2-query.js';
import type { LogRow, LogSort, LogsStatus } from '../../../../shared/contract/logs.js';
import { appError } from '../../../../shared/contract/result.js';
import { AppFailure, toAppError } from '../../errors.js';
import type { RateBudget } from '../v2/rate-budget.js';
import type { RowsHandle } from '../rows/rows-host.js';
import type { TimeSpan } from '../rows/rows-model.js';
import type { V2LogClient, V2Page } from '../v2/v2-client.js';

/** Unreadable rows a zone session keeps for the list (the count goes on past it). */
const UNREADABLE_SAMPLES = 1000;

const canonical = new WeakMap<LogFilter, { readonly text: string; readonly chips: string[] }>();

/** A filter's canonical text and chips for statuses: formatted once per filter the core holds, not once per status. */
export function filterText(filter: LogFilter): { readonly text: string; readonly chips: string[] } {
  let f = canonical.get(filter);
  if (f === undefined) {
    const chips = normalizeFilter(filter).map(formatChip);
    canonical.set(filter, (f = { text: chips.join(' '), chips }));
  }
  return f;
}

/** The filter text parsed (the one parse a filter gets in the core), or a validation error naming the first problem and where it is. */
export function parseFilterOrFail(text: string): LogFilter {
  const parsed = parseFilterText(text);
  if (parsed.ok) return parsed.filter;
  const first = parsed.errors[0];
  const message = first ? `${first.message} (at character ${first.at + 1})` : 'is not a valid filter';
  throw new AppFailure(appError('validation', 'The filter could not be read', { detail: parsed.errors.map((e) => e.message).join('; '), fieldErrors: { filter: message } }));
}

/** The range resolved against now, or a validation error naming the rule (and nothing is sent). */
export function resolveOrFail(range: LogRange, now: number): { from: number; to: number } {
  const r = resolveRange(range, now);
  if (r.ok) return { from: r.from, to: r.to };
  throw new AppFailure(appError('validation', 'This time range cannot be queried', { detail: r.message, fieldErrors: { range: r.message } }));
}

/** An error as a status carries it: the words and codes, JSON-safe. */
export function statusError(e: unknown): NonNullable<LogsStatus['error']> {
  const a = toAppError(e);
  return { kind: a.kind, title: a.title, ...(a.detail !== undefined ? { detail: a.detail } : {}), ...(a.status !== undefined ? { status: a.status } : {}), ...(a.code !== undefined ? { code: a.code } : {}) };
}

/** What a session needs from the core. */
export interface SessionEnv {
  readonly now: () => number;
  readonly budget: RateBudget;
  emit(status: LogsStatus): void;
}

/** What every session is made of: its id, the core's services, its filter and its rows. */
export type SessionBase = [id: string, env: SessionEnv, filter: LogFilter, rows: RowsHandle];

/** A zone's share of the request budget, as statuses carry it. */
export function budgetOf(budget: RateBudget, zoneId: number): NonNullable<LogsStatus['budget']> {
  const { limit, windowMs, remaining, pausedUntil } = budget.state(zoneId);
  return { limit, windowMs, remaining, pausedUntil };
}

type Phase = LogsStatus['phase'];

/** Shared by both kinds: the rows, the filter and the status. */
export abstract class Session {
  filter: LogFilter;
  phase: Phase = 'loading';
  error: LogsStatus['error'] = null;

  constructor(
    readonly id: string,
    readonly env: SessionEnv,
    filter: LogFilter,
    readonly rows: RowsHandle,
  ) {
    this.filter = filter;
  }

  abstract status(): LogsStatus;
  abstract get partial(): boolean;
  abstract timeSpan(): TimeSpan | null;
  abstract close(): void;

  protected base(): Pick<LogsStatus, 'sessionId' | 'filter' | 'chips' | 'loadedRows' | 'matchingRows' | 'phase' | 'error'> {
    const c = this.rows.counts;
    const { text, chips } = filterText(this.filter);
    return { sessionId: this.id, filter: text, chips, loadedRows: c.loaded, matchingRows: c.matching, phase: this.phase, error: this.error };
  }

  protected fail(e: unknown, phase: Phase = 'failed'): void {
    this.phase = phase;
    this.error = statusError(e);
  }

  /** The rows of a window, in the sort asked for (none: as they arrived). */
  window(offset: number, count: number, sort?: LogSort): Promise<{ rows: LogRow[]; total: number }> {
    return this.rows.call('window', [offset, count, sort]);
  }

  publish(): LogsStatus {
    const s = this.status();
    this.env.emit(s);
    return s;
  }
}

/** A zone's v2 logs: pages loaded on demand, all of them on request, through the zone's shared budget. */
export class ZoneSession extends Session {
  range: LogRange;
  from = 0;
  to = 0;
  hasMore = true;
  requests = 0;
  #pages: AsyncGenerator<V2Page, void, undefined> | null = null;
  #abort = new AbortController();
  #busy: Promise<void> = Promise.resolve();
  #generation = 0;
  /** Where the next page starts: the platform's offsets count rows before its after-paging filters. */
  #nextOffset = 0;
  /** Rows the platform sent that could not be read, why the first one, and the first of them for the list. */
  unreadable = 0;
  firstUnreadableReason: string | null = null;
  unreadableSamples: { line: number; reason: string; text: string }[] = [];
  /** Why the pages stopped coming although the platform said there were more; null while they have not. */
  pagingStopped: string | null = null;

  constructor(
    base: SessionBase,
    readonly zoneId: number,
    range: LogRange,
    private readonly v2: () => Promise<V2LogClient>,
  ) {
    super(...base);
    this.range = range;
    const r = resolveOrFail(range, this.env.now());
    this.from = r.from;
    this.to = r.to;
  }

  get partial(): boolean {
    return this.hasMore;
  }

  timeSpan() {
    return { from: this.from, to: this.to };
  }

  /**
   * About how many pages are still on the platform: the rows held so far cover part of the range, and the rest of
   * the range is assumed to be as busy (0 when nothing is left; null when nothing is loaded yet to judge by).
   */
  async pagesLeft(rowsPerPage: number): Promise<number | null> {
    if (!this.hasMore) return 0;
    const loaded = this.rows.counts.loaded;
    const held = loaded > 0 ? await this.rows.call('span', []) : null;
    if (held === null) return null;
    const covered = Math.max(60_000, Math.min(held.to, this.to) - Math.max(held.from, this.from));
    const projected = (loaded * (this.to - this.from)) / covered;
    return Math.max(1, Math.ceil((projected - loaded) / rowsPerPage));
  }

  status(): LogsStatus {
    return {
      ...this.base(),
      source: { kind: 'zone', zoneId: this.zoneId },
      from: this.from,
      to: this.to,
      hasMore: this.hasMore,
      requests: this.requests,
      budget: budgetOf(this.env.budget, this.zoneId),
      file: null,
      ...(this.unreadable > 0 ? { unreadable: { rows: this.unreadable, firstReason: this.firstUnreadableReason } } : {}),
      ...(this.pagingStopped !== null ? { pagingStopped: this.pagingStopped } : {}),
    };
  }

  /** Starts over with a new filter or range: the rows so far are dropped, nothing from the old query lands. */
  restart(filter: LogFilter, range: LogRange): void {
    const r = resolveOrFail(range, this.env.now());
    this.#abort.abort();
    this.#abort = new AbortController();
    this.#generation++;
    this.#pages = null;
    this.#nextOffset = 0;
    this.unreadable = 0;
    this.firstUnreadableReason = null;
    this.unreadableSamples = [];
    this.pagingStopped = null;
    this.filter = filter;
    this.range = range;
    this.from = r.from;
    this.to = r.to;
    this.hasMore = true;
    this.requests = 0;
    this.error = null;
    this.phase = 'loading';
    // Queued before anything the new query brings; a failure here shows on the next step.
    this.rows.call('reset', []).catch(() => undefined);
    this.publish();
  }

  /** Loads one more page (the first one on open); resolves when it is in. `quiet`: its status is the caller's to tell. */
  loadMore(quiet = false): Promise<void> {
    const run = this.#busy.then(() => this.#step(false, quiet));
    this.#busy = run.catch(() => undefined);
    return run;
  }

  /** Loads every remaining page in the background; `logs.status` events follow it. */
  loadAll(): void {
    this.phase = 'loading-all';
    this.publish();
    const run = this.#busy.then(async () => {
      const generation = this.#generation;
      while (this.hasMore && generation === this.#generation && this.phase === 'loading-all') await this.#step(true);
      // Nothing (or nothing more) to load: the load is over either way.
      if (generation === this.#generation && this.phase === 'loading-all') {
        this.phase = 'idle';
        this.publish();
      }
    });
    this.#busy = run.catch(() => undefined);
  }

  cancel(): void {
    this.#abort.abort();
    this.#abort = new AbortController();
    this.#pages = null;
    this.#generation++;
    if (this.phase === 'loading' || this.phase === 'loading-all') this.phase = 'cancelled';
    this.publish();
  }

  async #step(all: boolean, quiet = false): Promise<void> {
    if (!this.hasMore) return;
    const generation = this.#generation;
    const signal = this.#abort.signal;
    if (!all) this.phase = 'loading';
    try {
      if (this.#pages === null) {
        const { query, localOnly } = toV2Query(this.filter, { from: this.from, to: this.to });
        await this.rows.call('setLocal', [localOnly]);
        const client = await this.v2();
        // A restart while this step waited owns the pages now; this step's query is stale.
        if (generation !== this.#generation) return;
        // Pages resume after the rows already held (a cancelled load picks up where it stopped).
        this.#pages = client.pages(this.zoneId, query, { pageSize: V2_LIMIT_MAX, startOffset: this.#nextOffset, signal });
      }
      const next = await this.#pages.next();
      if (generation !== this.#generation) return;
      if (next.done) {
        this.hasMore = signal.aborted ? this.hasMore : false;
      } else {
        const page = next.value;
        this.requests += page.requests;
        await this.rows.call('append', [page.rows]);
        if (generation !== this.#generation) return;
        this.#countUnreadable(page);
        this.#nextOffset = page.offset + page.limit;
        // A walk the client ended on a stuck platform has no more to give, whatever the platform said.
        if (page.stopped !== undefined) this.pagingStopped = page.stopped;
        this.hasMore = page.hasMore && page.stopped === undefined;
      }
      if (!this.hasMore || !all) this.phase = 'idle';
    } catch (e) {
      if (generation !== this.#generation) return;
      this.#pages = null;
      this.fail(e);
    }
    if (!quiet) this.publish();
  }

  /** Counts a page's rows that could not be read; the first thousand are kept for the list. */
  #countUnreadable(page: V2Page): void {
    if (page.skipped === 0) return;
    this.unreadable += page.skipped;
    this.firstUnreadableReason ??= page.firstSkipReason ?? null;
    for (const r of page.skippedRows) {
      if (this.unreadableSamples.length >= UNREADABLE_SAMPLES) break;
      this.unreadableSamples.push({ line: page.offset + r.index + 1, reason: r.reason, text: r.text });
    }
  }

  close(): void {
    this.#abort.abort();
    this.#generation++;
    this.rows.close();
  }

  /** Resolves when the loading asked for so far (a page, or every page) has stopped, however it ended. */
  settled(): Promise<void> {
    return this.#busy;
  }
}
