/**
 * One logs session per source: a zone's v2 rows paged into a column store through the shared budget, or a v1
 * file read into one. The session keeps which rows pass the filters applied in the core (negated chips for a zone,
 * every chip for a file), sorts them on demand, and answers windows of rows and aggregates: a million rows never
 * leave it.
 */
import type { LogFilter } from '../../../shared/logs/filter.js';
import { matchesRecord, toV2Query } from '../../../shared/logs/filter.js';
import { formatFilterText, parseFilterText } from '../../../shared/logs/filter-text.js';
import { bucketSizeMs, resolveRange, type LogRange } from '../../../shared/logs/range.js';
import { V2_LIMIT_MAX } from '../../../shared/logs/v2-query.js';
import { logEntryToRecord, recordToLogEntry } from '../../../shared/logs/v2-response.js';
import type { LogAggregates, LogRow, LogSort, LogsStatus } from '../../../shared/contract/logs.js';
import { appError } from '../../../shared/result.js';
import { AppFailure, toAppError } from '../errors.js';
import { kpis, STATUS_CLASSES, timeSeries, top } from './aggregate.js';
import { ColumnStore } from './columns.js';
import type { RateBudget } from './rate-budget.js';
import { CACHE_CODES } from './types.js';
import type { V2LogClient, V2Page } from './v2-client.js';

/** How many entries each top list holds. */
export const TOP_LIMIT = 10;

/** The filter text parsed, or a validation error naming the first problem and where it is. */
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

/** What a session needs from the core. */
export interface SessionEnv {
  readonly now: () => number;
  readonly budget: RateBudget;
  emit(status: LogsStatus): void;
}

type Phase = LogsStatus['phase'];

/** Shared by both kinds: the store, the filter, the matching rows, the sort cache and the status. */
export abstract class Session {
  store = new ColumnStore();
  filter: LogFilter;
  /** Chips the core applies to loaded rows. */
  local: LogFilter = [];
  matching: number[] = [];
  checked = 0;
  phase: Phase = 'loading';
  error: LogsStatus['error'] = null;
  #sorted: { key: string; order: Uint32Array } | null = null;

  constructor(
    readonly id: string,
    readonly env: SessionEnv,
    filter: LogFilter,
  ) {
    this.filter = filter;
  }

  abstract status(): LogsStatus;
  abstract get partial(): boolean;
  abstract timeSpan(): { from: number; to: number } | null;
  abstract close(): void;

  protected base(): Pick<LogsStatus, 'sessionId' | 'filter' | 'loadedRows' | 'matchingRows' | 'phase' | 'error'> {
    return { sessionId: this.id, filter: formatFilterText(this.filter), loadedRows: this.store.length, matchingRows: this.matching.length, phase: this.phase, error: this.error };
  }

  /** Brings the matching rows up to date with rows added since the last look. */
  protected catchUp(): void {
    for (let i = this.checked; i < this.store.length; i++) {
      if (this.local.length === 0 || matchesRecord(this.local, this.store.record(i))) this.matching.push(i);
    }
    if (this.checked !== this.store.length) this.#sorted = null;
    this.checked = this.store.length;
  }

  protected resetRows(): void {
    this.store = new ColumnStore();
    this.matching = [];
    this.checked = 0;
    this.#sorted = null;
  }

  protected refilter(): void {
    this.matching = [];
    this.checked = 0;
    this.#sorted = null;
    this.catchUp();
  }

  /** The rows of a window, in the sort asked for. */
  window(offset: number, count: number, sort: LogSort): { rows: LogRow[]; total: number } {
    this.catchUp();
    const order = this.order(sort);
    const rows: LogRow[] = [];
    for (let k = offset; k < Math.min(order.length, offset + count); k++) {
      const i = order[k]!;
      rows.push({ ...recordToLogEntry(this.store.record(i)), index: k });
    }
    return { rows, total: order.length };
  }

  private order(sort: LogSort): Uint32Array {
    const key = `${sort.key}:${sort.dir}`;
    if (this.#sorted?.key === key && this.#sorted.order.length === this.matching.length) return this.#sorted.order;
    const s = this.store;
    const names = (n: number, name: (c: number) => string) => Array.from({ length: n }, (_, c) => name(c));
    let value: (i: number) => number | string;
    switch (sort.key) {
      case 'time':
        value = (i) => s.timestamp(i);
        break;
      case 'status':
        value = (i) => s.statusCode(i);
        break;
      case 'bytes':
        value = (i) => s.bytesSent(i);
        break;
      case 'cache':
        value = (i) => CACHE_CODES[s.cacheCode(i)] ?? '';
        break;
      case 'country': {
        const n = names(s.countryCount, (c) => s.country(c));
        value = (i) => n[s.countryCode(i)] ?? '';
        break;
      }
      case 'pop': {
        const n = names(s.edgeCount, (c) => s.edge(c));
        value = (i) => n[s.edgeCode(i)] ?? '';
        break;
      }
    }
    const sign = sort.dir === 'asc' ? 1 : -1;
    // Stable: equal values keep the order the rows arrived in.
    const order = Uint32Array.from(this.matching);
    const idx = Array.from(order);
    idx.sort((a, b) => {
      const va = value(a);
      const vb = value(b);
      return (va < vb ? -sign : va > vb ? sign : 0) || a - b;
    });
    order.set(idx);
    this.#sorted = { key, order };
    return order;
  }

  aggregates(bucketMs?: number): LogAggregates {
    this.catchUp();
    const sel = this.matching;
    const span = this.timeSpan();
    const from = span?.from ?? 0;
    const to = span && span.to > span.from ? span.to : from + 60_000;
    const size = bucketMs ?? bucketSizeMs(from, to);
    const series = timeSeries(this.store, { from: Math.floor(from / size) * size, to, bucketMs: size }, sel);
    return {
      rows: sel.length,
      partial: this.partial,
      kpis: kpis(this.store, sel),
      series: {
        starts: [...series.starts],
        bucketMs: series.bucketMs,
        cacheStatuses: [...CACHE_CODES],
        requestsByCache: series.requestsByCache.map((a) => [...a]),
        bytesByCache: series.bytesByCache.map((a) => [...a]),
        statusClasses: [...STATUS_CLASSES],
        requestsByClass: series.requestsByClass.map((a) => [...a]),
        bytesByClass: series.bytesByClass.map((a) => [...a]),
        hitRatio: [...series.hitRatio],
      },
      top: { urls: top(this.store, 'url', TOP_LIMIT, sel), countries: top(this.store, 'country', TOP_LIMIT, sel), pops: top(this.store, 'pop', TOP_LIMIT, sel) },
    };
  }

  /** Values seen for a key among the matching rows, most frequent first. */
  values(key: 'status' | 'cache' | 'country' | 'pop' | 'ip', prefix: string, limit = 20): string[] {
    this.catchUp();
    const counts = new Map<string, number>();
    const s = this.store;
    const read: (i: number) => string | null =
      key === 'status' ? (i) => String(s.statusCode(i))
      : key === 'cache' ? (i) => CACHE_CODES[s.cacheCode(i)] ?? null
      : key === 'country' ? (i) => (s.countryCode(i) < 0 ? null : s.country(s.countryCode(i)))
      : key === 'pop' ? (i) => (s.edgeCode(i) < 0 ? null : s.edge(s.edgeCode(i)))
      : (i) => s.remoteIp(i);
    const p = prefix.toLowerCase();
    for (const i of this.matching) {
      const v = read(i);
      if (v === null || !v.toLowerCase().startsWith(p)) continue;
      counts.set(v, (counts.get(v) ?? 0) + 1);
    }
    return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, limit).map(([v]) => v);
  }

  publish(): LogsStatus {
    this.catchUp();
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

  constructor(
    id: string,
    env: SessionEnv,
    filter: LogFilter,
    readonly zoneId: number,
    range: LogRange,
    private readonly v2: () => Promise<V2LogClient>,
  ) {
    super(id, env, filter);
    this.range = range;
    const r = resolveOrFail(range, env.now());
    this.from = r.from;
    this.to = r.to;
  }

  get partial(): boolean {
    return this.hasMore;
  }

  timeSpan() {
    return { from: this.from, to: this.to };
  }

  status(): LogsStatus {
    const b = this.env.budget.state(this.zoneId);
    return {
      ...this.base(),
      source: { kind: 'zone', zoneId: this.zoneId },
      from: this.from,
      to: this.to,
      hasMore: this.hasMore,
      requests: this.requests,
      budget: { limit: b.limit, windowMs: b.windowMs, remaining: b.remaining, pausedUntil: b.pausedUntil },
      file: null,
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
    this.filter = filter;
    this.range = range;
    this.from = r.from;
    this.to = r.to;
    this.hasMore = true;
    this.requests = 0;
    this.error = null;
    this.phase = 'loading';
    this.resetRows();
    this.publish();
  }

  /** Loads one more page (the first one on open); resolves when it is in. */
  loadMore(): Promise<void> {
    const run = this.#busy.then(() => this.#step(false));
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

  async #step(all: boolean): Promise<void> {
    if (!this.hasMore) return;
    const generation = this.#generation;
    const signal = this.#abort.signal;
    if (!all) this.phase = 'loading';
    try {
      if (this.#pages === null) {
        const { query, localOnly } = toV2Query(this.filter, { from: this.from, to: this.to });
        this.local = localOnly;
        const client = await this.v2();
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
        for (const entry of page.rows) {
          const record = logEntryToRecord(entry);
          if (record) this.store.appendRecord(record);
        }
        this.#nextOffset = page.offset + page.limit;
        this.hasMore = page.hasMore;
      }
      if (!this.hasMore || !all) this.phase = 'idle';
    } catch (e) {
      if (generation !== this.#generation) return;
      this.#pages = null;
      this.phase = 'failed';
      const a = toAppError(e);
      this.error = { kind: a.kind, title: a.title, ...(a.detail !== undefined ? { detail: a.detail } : {}), ...(a.status !== undefined ? { status: a.status } : {}), ...(a.code !== undefined ? { code: a.code } : {}) };
    }
    this.publish();
  }

  close(): void {
    this.#abort.abort();
    this.#generation++;
  }
}
