/**
 * A live tail of one zone: v2 asked every few seconds through the zone's shared budget, each request id kept once,
 * the newest arrivals last, at most `cap` rows held, nothing asked while paused. Rows arrive late, so most asks
 * cover the last `nearMs` and every `sweepEvery`-th reaches back `lookbackMs`; seen ids are dropped (at most
 * `idMemory` remembered). A second or third page is asked only while more than half the budget is free, so the
 * table, "Load all" and the CLI find room beside a tail. The screen reads a tail as any session (see RowsReader).
 */
import { createHash } from 'node:crypto';
import type { TailStatus } from '../../../../shared/contract/logs-tail.js';
import { TAIL_DEFAULT_CAP, TAIL_DEFAULT_INTERVAL_MS, TAIL_DEFAULT_LOOKBACK_MS } from '../../../../shared/contract/logs-tail.js';
import type { LogRow, LogSort } from '../../../../shared/contract/logs.js';
import type { LogFilter } from '../../../../shared/logs/filter.js';
import { toV2Query } from '../../../../shared/logs/filter.js';
import { V2_LIMIT_MAX } from '../../../../shared/logs/v2-query.js';
import type { CdnLogRecord } from '../../../../shared/logs/log-record.js';
import { toAppError } from '../../errors.js';
import { realTimers, type BudgetTimers, type RateBudget } from '../v2/rate-budget.js';
import type { RowsHandle } from '../rows/rows-host.js';
import type { TimeSpan } from '../rows/rows-model.js';
import { budgetOf, filterText, statusError } from '../sessions/session.js';
import type { V2LogClient, V2Page } from '../v2/v2-client.js';

/**
 * What a tail knows a row by: its request id, or for a row that came without one, everything it says (asks
 * overlap, so the same row comes again and again).
 */
function tailKey(r: CdnLogRecord): string {
  if (r.requestId !== null) return r.requestId;
  return `\u0000${r.timestampMs}|${r.statusCode}|${r.bytesSent}|${r.cacheStatus ?? ''}|${r.remoteIp ?? ''}|${r.edgeLocation ?? ''}|${r.url}|${r.userAgent ?? ''}|${r.referer ?? ''}`;
}

/** Timers a tail schedules its asks on; fake ones in tests. */
export type TailTimers = Pick<BudgetTimers, 'set' | 'clear'>;

/** Tuning; everything has a default. */
export interface TailOptions {
  /** Pause between the end of one ask and the start of the next (default 3 s). */
  readonly intervalMs?: number;
  /** How far back a sweep reaches (default 10 min). */
  readonly lookbackMs?: number;
  /** How far back the other asks reach (default 2 min). */
  readonly nearMs?: number;
  /** Every how many asks one is a sweep (default 5; the first ask is always one). */
  readonly sweepEvery?: number;
  /** Asks reach this far past now, for clocks that differ (default 1 min). */
  readonly aheadMs?: number;
  /** Most rows held (default 50,000); past it the oldest arrivals go, down to nine tenths of the cap. */
  readonly cap?: number;
  /** Most pages one ask fetches (default 3). */
  readonly maxPages?: number;
  /** Rows per page (default 10,000). */
  readonly pageSize?: number;
  /** Most request ids remembered (default 200,000). */
  readonly idMemory?: number;
  /** Longest wait between asks after failures (default 60 s). */
  readonly maxBackoffMs?: number;
  readonly timers?: TailTimers;
}

/** What a tail needs from the core. */
export interface TailEnv {
  readonly now: () => number;
  readonly budget: RateBudget;
  emit(status: TailStatus): void;
}

/** Errors another ask may get past: the network, the platform's own failures, its rate limit. */
export function isTransient(e: unknown): boolean {
  const a = toAppError(e);
  return a.kind === 'network' || a.kind === 'timeout' || a.code === 'rate_limited' || (a.status !== undefined && (a.status >= 500 || a.status === 429 || a.status === 408));
}

type Phase = TailStatus['phase'];

/** One live tail. */
export class TailSession {
  phase: Phase = 'live';
  filter: LogFilter;
  error: TailStatus['error'] = null;
  readonly cap: number;
  readonly intervalMs: number;
  readonly lookbackMs: number;
  polls = 0;
  requests = 0;
  arrived = 0;
  /** Rows the platform sent that could not be read, and why the first one. */
  unreadable = 0;
  firstUnreadableReason: string | null = null;
  arrivedMatching = 0;
  lastArrived = 0;
  trimmed = 0;
  trimmedMatching = 0;
  lastPollAt: number | null = null;
  behind = false;
  readonly #o: Required<Omit<TailOptions, 'timers' | 'cap' | 'intervalMs' | 'lookbackMs'>>;
  readonly #timers: TailTimers;
  /** Request id → its row's time; insertion order is arrival order. */
  readonly #ids = new Map<string, number>();
  /** How far back the first ask reached (since the start or the latest new filter). */
  #reach: number;
  /** The first and last time among the rows held, as of the latest ask. */
  #rowSpan: TimeSpan | null = null;
  /** Digests of the unreadable rows counted so far (oldest first, at most idMemory): each is counted once, however often asked. */
  readonly #unreadableSeen = new Set<string>();
  #timer: unknown = undefined;
  #abort = new AbortController();
  #generation = 0;
  #localSet = false;
  #failures = 0;
  #running: Promise<void> = Promise.resolve();

  constructor(
    readonly id: string,
    readonly env: TailEnv,
    filter: LogFilter,
    readonly rows: RowsHandle,
    readonly zoneId: number,
    private readonly v2: () => Promise<V2LogClient>,
    options: TailOptions = {},
  ) {
    this.filter = filter;
    this.cap = options.cap ?? TAIL_DEFAULT_CAP;
    this.intervalMs = options.intervalMs ?? TAIL_DEFAULT_INTERVAL_MS;
    this.lookbackMs = options.lookbackMs ?? TAIL_DEFAULT_LOOKBACK_MS;
    this.#o = {
      nearMs: Math.min(options.nearMs ?? 2 * 60_000, this.lookbackMs),
      sweepEvery: Math.max(1, options.sweepEvery ?? 5),
      aheadMs: options.aheadMs ?? 60_000,
      maxPages: Math.max(1, options.maxPages ?? 3),
      pageSize: options.pageSize ?? V2_LIMIT_MAX,
      idMemory: options.idMemory ?? 200_000,
      maxBackoffMs: options.maxBackoffMs ?? 60_000,
    };
    this.#timers = options.timers ?? realTimers;
    this.#reach = env.now() - this.lookbackMs;
  }

  status(): TailStatus {
    const c = this.rows.counts;
    const span = this.timeSpan();
    return {
      sessionId: this.id,
      zoneId: this.zoneId,
      from: span.from,
      to: span.to,
      phase: this.phase,
      filter: filterText(this.filter).text,
      loadedRows: c.loaded,
      matchingRows: c.matching,
      arrived: this.arrived,
      arrivedMatching: this.arrivedMatching,
      ...(this.unreadable > 0 ? { unreadable: { rows: this.unreadable, firstReason: this.firstUnreadableReason } } : {}),
      lastArrived: this.lastArrived,
      trimmed: this.trimmed,
      trimmedMatching: this.trimmedMatching,
      cap: this.cap,
      intervalMs: this.intervalMs,
      lookbackMs: this.lookbackMs,
      polls: this.polls,
      requests: this.requests,
      lastPollAt: this.lastPollAt,
      behind: this.behind,
      budget: budgetOf(this.env.budget, this.zoneId),
      error: this.error,
    };
  }

  publish(): TailStatus {
    const s = this.status();
    this.env.emit(s);
    return s;
  }

  /** Starts asking: the first ask at once. */
  start(): TailStatus {
    this.phase = 'live';
    this.#reach = this.env.now() - this.lookbackMs;
    this.#schedule(0);
    return this.status();
  }

  /** Stops asking (an ask on its way is abandoned, so nothing more is sent); the rows stay. */
  pause(): TailStatus {
    if (this.phase !== 'live') return this.status();
    this.#halt();
    this.phase = 'paused';
    return this.publish();
  }

  /** Asks again at once, then every interval; also the way out of a failure. */
  resume(): TailStatus {
    if (this.phase === 'live' || this.phase === 'stopped') return this.status();
    this.phase = 'live';
    this.error = null;
    this.#failures = 0;
    this.#schedule(0);
    return this.publish();
  }

  /** A new filter: the rows so far go, and the tail starts over (live unless it was paused). */
  setFilter(filter: LogFilter): TailStatus {
    this.#halt();
    this.filter = filter;
    this.#ids.clear();
    this.#unreadableSeen.clear();
    this.#localSet = false;
    this.#reach = this.env.now() - this.lookbackMs;
    this.#rowSpan = null;
    this.arrived = this.arrivedMatching = this.lastArrived = this.trimmed = this.trimmedMatching = this.unreadable = 0;
    this.firstUnreadableReason = null;
    this.polls = 0;
    this.behind = false;
    this.error = null;
    this.rows.call('reset', []).catch(() => undefined);
    if (this.phase === 'failed') this.phase = 'live';
    if (this.phase === 'live') this.#schedule(0);
    return this.publish();
  }

  /** Matching rows in the sort given (as a logs session's), or without one in arrival order (newest last). */
  window(offset: number, count: number, sort?: LogSort): Promise<{ rows: LogRow[]; total: number }> {
    return this.rows.call('window', [offset, count, sort]);
  }

  /**
   * The live window: from the oldest row held (before any trim, from as far back as the first ask reached, which
   * the rows may not fill) to now or the newest row, whichever is later.
   */
  timeSpan(): TimeSpan {
    const rows = this.#rowSpan;
    const from = rows === null ? this.#reach : this.trimmed > 0 ? rows.from : Math.min(rows.from, this.#reach);
    return { from, to: Math.max(this.env.now(), rows?.to ?? 0, from + 1) };
  }

  /** Charts and facets are partial when the tail could not fetch every row the platform had (it is behind). */
  get partial(): boolean {
    return this.behind;
  }

  /** Resolves when the ask under way (if any) has ended. */
  settled(): Promise<void> {
    return this.#running;
  }

  /** How many request ids are remembered (bounded). */
  get rememberedIds(): number {
    return this.#ids.size;
  }

  /** Ends the tail and frees its rows. */
  close(): void {
    this.#halt();
    this.phase = 'stopped';
    this.rows.close();
  }

  #halt(): void {
    this.#generation++;
    this.#abort.abort();
    this.#abort = new AbortController();
    if (this.#timer !== undefined) this.#timers.clear(this.#timer);
    this.#timer = undefined;
  }

  #schedule(ms: number): void {
    if (this.#timer !== undefined) this.#timers.clear(this.#timer);
    const generation = this.#generation;
    this.#timer = this.#timers.set(() => {
      this.#timer = undefined;
      if (generation !== this.#generation || this.phase !== 'live') return;
      const run = this.#running.then(() => this.#poll(generation));
      this.#running = run.catch(() => undefined);
    }, ms, true);
  }

  /** Counts the page's unreadable rows not counted before: the tail asks the same minutes again and again. */
  #countUnreadable(p: V2Page): void {
    if (p.skipped === 0) return;
    const keys = p.skippedKeys;
    if (keys === undefined) {
      this.unreadable += p.skipped;
    } else {
      for (const k of keys) {
        const digest = createHash('sha256').update(k).digest('base64');
        if (this.#unreadableSeen.has(digest)) continue;
        this.#unreadableSeen.add(digest);
        this.unreadable++;
        if (this.#unreadableSeen.size > this.#o.idMemory) {
          const oldest = this.#unreadableSeen.values().next().value;
          if (oldest !== undefined) this.#unreadableSeen.delete(oldest);
        }
      }
    }
    if (this.unreadable > 0) this.firstUnreadableReason ??= p.firstSkipReason ?? null;
  }

  async #poll(generation: number): Promise<void> {
    if (generation !== this.#generation || this.phase !== 'live') return;
    const signal = this.#abort.signal;
    const current = () => generation === this.#generation && this.phase === 'live';
    try {
      const now = this.env.now();
      const sweep = this.polls % this.#o.sweepEvery === 0;
      const from = now - (sweep ? this.lookbackMs : this.#o.nearMs);
      const { query, localOnly } = toV2Query(this.filter, { from, to: now + this.#o.aheadMs });
      if (!this.#localSet) {
        await this.rows.call('setLocal', [localOnly]);
        this.#localSet = true;
      }
      const client = await this.v2();
      const fresh: CdnLogRecord[] = [];
      let offset = 0;
      let behind = false;
      this.polls++;
      for (let page = 0; page < this.#o.maxPages; page++) {
        // A further page only while more than half the zone's budget is free: others come first.
        const budget = this.env.budget.state(this.zoneId);
        if (page > 0 && budget.remaining <= budget.limit / 2) {
          behind = true;
          break;
        }
        const p = await client.fetchPage(this.zoneId, { ...query, order: 'desc' }, offset, this.#o.pageSize, { signal });
        this.requests += p.requests;
        if (!current()) return;
        this.#countUnreadable(p);
        for (const e of p.rows) {
          const key = tailKey(e);
          if (this.#ids.has(key)) continue;
          this.#ids.set(key, e.timestampMs);
          fresh.push(e);
        }
        if (!p.hasMore) break;
        offset = p.offset + p.limit;
        if (page === this.#o.maxPages - 1) behind = true;
      }
      // Oldest first within one ask; a late row still comes after the rows that arrived before it.
      // Each time was read once as its id was kept.
      fresh.sort((a, b) => a.timestampMs - b.timestampMs);
      const before = this.rows.counts.matching;
      await this.rows.call('append', [fresh]);
      if (!current()) return;
      const added = Math.max(0, this.rows.counts.matching - before);
      this.arrived += fresh.length;
      this.arrivedMatching += added;
      this.lastArrived = added;
      if (this.rows.counts.loaded > this.cap) {
        const t = await this.rows.call('trimOldest', [this.rows.counts.loaded - Math.floor(this.cap * 0.9)]);
        this.trimmed += t.rows;
        this.trimmedMatching += t.matching;
      }
      const span = await this.rows.call('span', []);
      if (!current()) return;
      this.#rowSpan = span;
      if (sweep) this.behind = behind;
      else this.behind ||= behind;
      this.#forgetIds(now - this.lookbackMs - 60_000);
      this.lastPollAt = this.env.now();
      this.error = null;
      this.#failures = 0;
      if (!current()) return;
      this.publish();
      this.#schedule(this.intervalMs);
    } catch (e) {
      if (!current()) return;
      this.error = statusError(e);
      if (isTransient(e)) {
        this.#failures++;
        this.publish();
        this.#schedule(Math.min(this.#o.maxBackoffMs, this.intervalMs * 2 ** this.#failures));
      } else {
        this.phase = 'failed';
        this.publish();
      }
    }
  }

  /** Forgets ids of rows older than any ask reaches, and the oldest past the memory's bound. */
  #forgetIds(before: number): void {
    for (const [id, t] of this.#ids) {
      if (this.#ids.size <= this.#o.idMemory && t >= before) break;
      this.#ids.delete(id);
    }
    // Rows that arrived late sit behind newer ones in arrival order: sweep the rest now and then.
    if (this.polls % 50 === 0) for (const [id, t] of this.#ids) if (t < before) this.#ids.delete(id);
  }
}
