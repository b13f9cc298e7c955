/**
 * The rows of one logs session and everything computed over them: the column store, which rows pass the chips
 * applied locally, sort orders, windows, aggregates and value completions. It is plain synchronous code so it can
 * run wherever the rows live; the app keeps it in a worker thread (rows-host.ts) so filtering and aggregating a
 * million rows never holds up the process that serves the windows.
 */
import type { LogFilter } from '../../../../shared/logs/filter.js';
import { canonicalAgent } from '../../../../shared/logs/filter.js';
import { matchesRecord } from '../../../../shared/logs/filter-match.js';
import { uaFamily } from '../../../../shared/logs/ua-family.js';
import { HOST_PATTERN, hostKey } from '../../../../shared/logs/url-host.js';
import { bucketSizeMs } from '../../../../shared/logs/range.js';
import { maskAuthorization } from '../../../../shared/logs/authorization.js';
import type { CdnLogRecord } from '../../../../shared/logs/log-record.js';
import { recordToLogEntry } from '../../../../shared/logs/v2-response.js';
import type { FacetsQuery, LogAggregates, LogFacets, LogRow, LogSort } from '../../../../shared/contract/logs.js';
import type { UrlGrouping } from '../../../../shared/logs/url-pattern.js';
import { kpis, STATUS_CLASSES, timeSeries, top } from './aggregate.js';
import { ColumnStore } from './columns.js';
import { facets } from './facets.js';
import { CACHE_CODES, NO_CACHE_STATUS } from './types.js';

/** How many entries each top list holds. */
export const TOP_LIMIT = 10;

/** A key the filter bar completes values for. */
export type ValueKey = 'status' | 'cache' | 'country' | 'pop' | 'ip' | 'host' | 'agent';

/** A span of time in UTC ms, `to` exclusive. */
export interface TimeSpan {
  readonly from: number;
  readonly to: number;
}

/** Rows held and rows passing the local chips. */
export interface RowCounts {
  readonly loaded: number;
  readonly matching: number;
}

/** A host as a filter value, or null when no `host:` value can hold it. */
const hostValue = (h: string | null): string | null => (h !== null && HOST_PATTERN.test(h) ? h : null);

/** One session's rows. */
export class RowsModel {
  #store = new ColumnStore();
  #local: LogFilter = [];
  #matching: number[] = [];
  #checked = 0;
  #sorted: { key: string; order: Uint32Array } | null = null;
  /**
   * The cache statuses the charts count, in a fixed order: the known ones, then each other status in the order this
   * session first met it (kept across new queries, so a chart keeps its series and only gets new numbers).
   */
  #cacheKeys: string[] = [...CACHE_CODES];

  get store(): ColumnStore {
    return this.#store;
  }

  counts(): RowCounts {
    this.#catchUp();
    return { loaded: this.#store.length, matching: this.#matching.length };
  }

  /** Adds the rows of a v2 page, as read (rows that could not be read were counted and left out there). */
  append(records: readonly CdnLogRecord[]): void {
    for (const record of records) this.#store.appendRecord(record);
  }

  /** Takes a whole store (a parsed file) in place of the rows held. */
  adopt(store: ColumnStore): void {
    this.reset();
    this.#store = store;
  }

  /** Drops every row. */
  reset(): void {
    this.#store = new ColumnStore();
    this.#matching = [];
    this.#checked = 0;
    this.#sorted = null;
  }

  /** The chips applied to loaded rows; every row is looked at again. */
  setLocal(filter: LogFilter): void {
    this.#local = filter;
    this.#matching = [];
    this.#checked = 0;
    this.#sorted = null;
  }

  /** First and last time among the rows (the last row's own moment inside), or null when there are none. */
  span(): TimeSpan | null {
    const s = this.#store;
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = 0; i < s.length; i++) {
      const t = s.timestamp(i);
      if (t < lo) lo = t;
      if (t > hi) hi = t;
    }
    return s.length === 0 ? null : { from: lo, to: hi + 1 };
  }

  /** Brings the matching rows up to date with rows added since the last look. */
  #catchUp(): void {
    const s = this.#store;
    for (let i = this.#checked; i < s.length; i++) {
      if (this.#local.length === 0 || matchesRecord(this.#local, s.record(i))) this.#matching.push(i);
    }
    if (this.#checked !== s.length) this.#sorted = null;
    this.#checked = s.length;
  }

  /** The rows of a window, in the sort asked for (none: in the order they arrived, a live tail's newest last). */
  window(offset: number, count: number, sort?: LogSort): { rows: LogRow[]; total: number } {
    this.#catchUp();
    const order = this.#places(sort);
    const rows: LogRow[] = [];
    // A window never starts before the first row: a negative place would read past the store.
    for (let k = Math.max(0, offset); k < Math.min(order.length, offset + count); k++) {
      rows.push(this.#row(order[k]!, k));
    }
    return { rows, total: order.length };
  }

  /**
   * A row as a window carries it to the renderer: a visitor's Authorization header only in its masked form, with
   * a flag saying it was masked (authorizationFor gives the value of one row on an explicit reveal).
   */
  #row(i: number, index: number): LogRow {
    const entry = recordToLogEntry(this.#store.record(i));
    const auth = entry.authorizationHeader;
    if (auth === null || auth === undefined || auth === '') return { ...entry, index };
    return { ...entry, authorizationHeader: maskAuthorization(auth), authorizationMasked: true, index };
  }

  /**
   * The Authorization header of the matching row at `index` in the sort given, in clear; null when it has none. With
   * `requestId`, the row there must be that request (rows may have arrived since the window was sent); when it is
   * not, the request is looked for, and a request no longer among the matching rows gives null: never another
   * visitor's header.
   */
  authorizationFor(index: number, sort: LogSort | undefined, requestId?: string): string | null {
    this.#catchUp();
    const order = this.#places(sort);
    let at = index;
    if (requestId !== undefined && (at < 0 || at >= order.length || this.#store.requestId(order[at]!)?.toLowerCase() !== requestId.toLowerCase())) {
      at = this.findRequest(requestId, sort) ?? -1;
    }
    if (at < 0 || at >= order.length) return null;
    return this.#store.record(order[at]!).extended?.authorizationHeader ?? null;
  }

  /**
   * The place, in the sort asked for, of the nearest matching row after (`step` 1) or before (`step` -1) `from`
   * whose status code is in `min..max`; null when there is none that way. `from` may be -1 or the total, to start
   * at either end.
   */
  findStatus(from: number, step: 1 | -1, sort: LogSort, min: number, max: number): number | null {
    this.#catchUp();
    const order = this.#order(sort);
    const s = this.#store;
    for (let k = from + step; k >= 0 && k < order.length; k += step) {
      const code = s.statusCode(order[k]!);
      if (code >= min && code <= max) return k;
    }
    return null;
  }

  /** The place, in the sort asked for, of the matching row with this request id; null when none matches. */
  findRequest(requestId: string, sort: LogSort | undefined): number | null {
    this.#catchUp();
    const order = this.#places(sort);
    const s = this.#store;
    const id = requestId.toLowerCase();
    for (let k = 0; k < order.length; k++) {
      if (s.requestId(order[k]!)?.toLowerCase() === id) return k;
    }
    return null;
  }

  /** The matching rows in the sort asked for; without one, as they arrived. */
  #places(sort: LogSort | undefined): ArrayLike<number> {
    return sort === undefined ? this.#matching : this.#order(sort);
  }

  #order(sort: LogSort): Uint32Array {
    const key = `${sort.key}:${sort.dir}`;
    if (this.#sorted?.key === key && this.#sorted.order.length === this.#matching.length) return this.#sorted.order;
    const s = this.#store;
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
        value = (i) => s.cacheName(s.cacheCode(i)) ?? '';
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
    const order = Uint32Array.from(this.#matching);
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

  /** Charts, KPIs and top lists over the matching rows; `span` is the session's time range (buckets cover it). */
  aggregates(span: TimeSpan | null, partial: boolean, bucketMs?: number, urls?: UrlGrouping): LogAggregates {
    this.#catchUp();
    const sel = this.#matching;
    const from = span?.from ?? 0;
    const to = span && span.to > span.from ? span.to : from + 60_000;
    const size = bucketMs ?? bucketSizeMs(from, to);
    const series = timeSeries(this.#store, { from: Math.floor(from / size) * size, to, bucketMs: size }, sel);
    const s = this.#store;
    const codeOf = new Map<string, number>();
    for (let c = 0; c < s.cacheCount; c++) {
      const name = s.cacheName(c) ?? '';
      codeOf.set(name, c);
      if (c >= CACHE_CODES.length && !this.#cacheKeys.includes(name)) this.#cacheKeys.push(name);
    }
    // The last series counts rows without a cache status (timeSeries puts them after the store's codes).
    const pick = (byCode: readonly (readonly number[])[]) => [
      ...this.#cacheKeys.map((k) => [...(byCode[codeOf.get(k) ?? -1] ?? series.starts.map(() => 0))]),
      [...(byCode[s.cacheCount] ?? series.starts.map(() => 0))],
    ];
    return {
      rows: sel.length,
      partial,
      kpis: kpis(this.#store, sel),
      series: {
        starts: [...series.starts],
        bucketMs: series.bucketMs,
        cacheStatuses: [...this.#cacheKeys, NO_CACHE_STATUS],
        requestsByCache: pick(series.requestsByCache),
        bytesByCache: pick(series.bytesByCache),
        statusClasses: [...STATUS_CLASSES],
        requestsByClass: series.requestsByClass.map((a) => [...a]),
        bytesByClass: series.bytesByClass.map((a) => [...a]),
        hitRatio: [...series.hitRatio],
      },
      top: { urls: top(this.#store, 'url', TOP_LIMIT, sel, urls), countries: top(this.#store, 'country', TOP_LIMIT, sel), pops: top(this.#store, 'pop', TOP_LIMIT, sel) },
    };
  }

  /** Facets with counts over the matching rows (see facets.ts). */
  facets(query: FacetsQuery = {}, partial = false): LogFacets {
    this.#catchUp();
    return facets(this.#store, this.#local.length === 0 ? undefined : this.#matching, query, partial);
  }

  /** Values seen for a key among the matching rows, most frequent first. */
  values(key: ValueKey, prefix: string, limit = 20): string[] {
    this.#catchUp();
    const counts = new Map<string, number>();
    const s = this.#store;
    // A user agent's family is worked out once per distinct agent, as the agent: filter writes it.
    const families = new Map<number, string>();
    const familyOf = (code: number): string => {
      let name = families.get(code);
      if (name === undefined) {
        const f = uaFamily(s.userAgentName(code)).name;
        families.set(code, (name = canonicalAgent(f) ?? f));
      }
      return name;
    };
    const read: (i: number) => string | null =
      key === 'status' ? (i) => String(s.statusCode(i))
      : key === 'cache' ? (i) => s.cacheName(s.cacheCode(i))
      : key === 'country' ? (i) => (s.countryCode(i) < 0 ? null : s.country(s.countryCode(i)))
      : key === 'pop' ? (i) => (s.edgeCode(i) < 0 ? null : s.edge(s.edgeCode(i)))
      : key === 'host' ? (i) => hostValue(hostKey(s.url(i)))
      : key === 'agent' ? (i) => (s.userAgentCode(i) < 0 ? null : familyOf(s.userAgentCode(i)))
      : (i) => s.remoteIp(i);
    const p = prefix.toLowerCase();
    for (const i of this.#matching) {
      const v = read(i);
      if (v === null || !v.toLowerCase().startsWith(p)) continue;
      counts.set(v, (counts.get(v) ?? 0) + 1);
    }
    return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, limit).map(([v]) => v);
  }

  /**
   * The store and the matching rows in the sort asked for, as they are now, for an export to read while other
   * calls go on: neither is changed in place later (a reset or a new filter makes new ones).
   */
  exportView(sort: LogSort): { store: ColumnStore; order: Uint32Array } {
    this.#catchUp();
    return { store: this.#store, order: this.#order(sort) };
  }

  /**
   * Drops the `count` rows that arrived first (a live tail's buffer cap); answers how many rows went and how many
   * of them matched the local chips. The rows kept are copied into a new store, so their bytes go too.
   */
  trimOldest(count: number): { rows: number; matching: number } {
    this.#catchUp();
    const old = this.#store;
    const n = Math.max(0, Math.min(Math.floor(count), old.length));
    if (n === 0) return { rows: 0, matching: 0 };
    const next = new ColumnStore(old.length - n);
    for (let i = n; i < old.length; i++) next.appendRecord(old.record(i));
    let dropped = 0;
    while (dropped < this.#matching.length && this.#matching[dropped]! < n) dropped++;
    this.#store = next;
    this.#matching = this.#matching.slice(dropped).map((i) => i - n);
    this.#checked = next.length;
    this.#sorted = null;
    return { rows: n, matching: dropped };
  }
}
