/**
 * Delivery figures read from a pull zone's v2 logs, for the videos and apps areas: one query per key, walked a few
 * pages per call through the process's one rate budget (the Logs screen's too), its rows folded into a sink and
 * the walk kept a short while, so the next call goes on where this one stopped. A zone whose logging is off is
 * explained as the Logs screen explains it, and no log request is spent on it.
 */
import type { DeliveryCompleteness, DeliveryUnavailable } from '../../../../shared/contract/delivery.js';
import { readPullZone } from '../../../../shared/common/core-answers.js';
import type { CdnLogRecord } from '../../../../shared/logs/log-record.js';
import { LOG_ERROR_TEXTS } from '../../../../shared/logs/log-error-texts.js';
import type { V2QueryInput } from '../../../../shared/logs/v2-query-string.js';
import { toAppError } from '../../errors.js';
import type { PlatformClient } from '../../platform/types.js';
import { processRateBudget, type RateBudget } from '../v2/rate-budget.js';
import { createV2LogClient, type V2Page } from '../v2/v2-client.js';

/** Pages one call reads at most; the rest waits for the next call. */
export const PAGES_PER_CALL = 10;
/** Slots of the zone's window left for others (the Logs screen): after its first page a call stops below this. */
export const BUDGET_RESERVE = 10;
/** The most pages one walk reads (a million rows); past it the figures are cut short and say so. */
export const MAX_WALK_PAGES = 100;
/** A complete walk answers again for this long; `refresh` starts over at once. */
export const FRESH_MS = 60_000;
/** An unfinished walk nobody went on with is started over after this long (its range has moved on). */
const STALE_MS = 10 * 60_000;
const MAX_WALKS = 200;

/** What a walk folds rows into. */
export interface RowSink {
  add(row: CdnLogRecord): void;
}

/** A walk's start: the zone (null when there is none to read), the query and a fresh sink. */
export interface WalkStart<S extends RowSink> {
  readonly zoneId: number | null;
  /** What to say when there is no zone. */
  readonly noZone?: string;
  readonly query: V2QueryInput;
  readonly sink: S;
}

/** What a call answers: the sink so far, the zone read, how complete, or why nothing can be read. */
export interface DeliveryRead<S extends RowSink> {
  readonly sink: S;
  readonly zone: { readonly id: number; readonly name: string } | null;
  readonly completeness: DeliveryCompleteness;
  readonly unavailable: DeliveryUnavailable | null;
}

/** A zone whose logging is off: the Logs screen's words, and the one setting to change. */
export function loggingOff(): DeliveryUnavailable {
  const { sentence, action } = LOG_ERROR_TEXTS.logging_disabled;
  return { kind: 'logging-off', message: `${sentence} ${action}`, setting: 'Pull zone › Logging › Enable logging' };
}

/** Nothing to read: no pull zone delivers this. */
export function noZone(message: string): DeliveryUnavailable {
  return { kind: 'no-zone', message, setting: null };
}

interface Walk<S extends RowSink> extends WalkStart<S> {
  zone: DeliveryRead<S>['zone'];
  unavailable: DeliveryUnavailable | null;
  looked: boolean;
  pages: AsyncGenerator<V2Page, void, undefined> | null;
  readonly abort: AbortController;
  readonly startedAt: number;
  pagesRead: number;
  rowsSkipped: number;
  done: boolean;
  cut: string | null;
  busy: Promise<unknown>;
}

/** What the reads are built from. */
export interface DeliveryReadsDeps {
  client(): Promise<PlatformClient>;
  /** The process's one budget unless a test gives its own. */
  readonly budget?: RateBudget;
  readonly now?: () => number;
}

/** The reads of one area. */
export interface DeliveryReads {
  /** Goes on with the walk kept under `key` (a new one from `start` when there is none, it is old, or `refresh`). */
  read<S extends RowSink>(key: string, start: () => Promise<WalkStart<S>>, refresh?: boolean): Promise<DeliveryRead<S>>;
}

/** Builds an area's reads; walks are kept per client, so another profile never sees this one's. */
export function createDeliveryReads(deps: DeliveryReadsDeps): DeliveryReads {
  const budget = deps.budget ?? processRateBudget();
  const now = deps.now ?? Date.now;
  const byClient = new WeakMap<PlatformClient, Map<string, Walk<RowSink>>>();

  /** The zone's name and whether it keeps logs; a zone the platform does not know is none. */
  async function lookUp(client: PlatformClient, w: Walk<RowSink>): Promise<void> {
    w.looked = true;
    if (w.zoneId === null) {
      w.unavailable = noZone(w.noZone ?? 'No pull zone delivers this, so there are no logs to read.');
      return;
    }
    try {
      const read = readPullZone(await client.json<unknown>({ area: 'core', method: 'GET', path: `/pullzone/${w.zoneId}` }), w.zoneId);
      w.zone = { id: w.zoneId, name: read.ok ? read.value.name : `Zone ${w.zoneId}` };
      if (read.ok && !read.value.loggingEnabled) w.unavailable = loggingOff();
    } catch (e) {
      if (toAppError(e).kind !== 'not_found') throw e;
      w.unavailable = noZone(`Pull zone ${w.zoneId} is not one of this account's, so there are no logs to read.`);
    }
  }

  async function step(client: PlatformClient, w: Walk<RowSink>): Promise<void> {
    if (!w.looked) await lookUp(client, w);
    if (w.unavailable !== null) w.done = true;
    const zoneId = w.zoneId ?? 0;
    for (let n = 0; !w.done && n < PAGES_PER_CALL; n++) {
      if (n > 0 && budget.remaining(zoneId) < BUDGET_RESERVE) return;
      w.pages ??= createV2LogClient({ client, budget, now }).pages(zoneId, w.query, { signal: w.abort.signal });
      let next: IteratorResult<V2Page, void>;
      try {
        next = await w.pages.next();
      } catch (e) {
        // Turned off since the zone was looked up: the same explanation.
        if (toAppError(e).code !== 'logging_disabled') throw e;
        w.unavailable = loggingOff();
        w.done = true;
        return;
      }
      if (next.done === true) {
        w.done = true;
        return;
      }
      const page = next.value;
      for (const row of page.rows) w.sink.add(row);
      w.pagesRead++;
      w.rowsSkipped += page.skipped;
      if (page.stopped !== undefined) w.cut = page.stopped;
      else if (page.hasMore && w.pagesRead >= MAX_WALK_PAGES) w.cut = `reading stopped after ${MAX_WALK_PAGES} pages (${MAX_WALK_PAGES * 10_000} requests); the figures cover the newest part of the range`;
      w.done = !page.hasMore || w.cut !== null;
    }
  }

  const answer = <S extends RowSink>(w: Walk<S>): DeliveryRead<S> => {
    const waiting = `${w.pagesRead} page${w.pagesRead === 1 ? '' : 's'} of logs read so far; the rest waits its turn in the zone's request budget, shared with the Logs screen`;
    const reason = w.unavailable !== null ? null : (w.cut ?? (w.done ? null : waiting));
    return { sink: w.sink, zone: w.zone, unavailable: w.unavailable, completeness: { partial: reason !== null, pagesRead: w.pagesRead, rowsSkipped: w.rowsSkipped, reason } };
  };

  return {
    async read<S extends RowSink>(key: string, start: () => Promise<WalkStart<S>>, refresh = false): Promise<DeliveryRead<S>> {
      const client = await deps.client();
      let walks = byClient.get(client);
      if (walks === undefined) byClient.set(client, (walks = new Map()));
      let w = walks.get(key) as Walk<S> | undefined;
      if (w !== undefined && (refresh || now() - w.startedAt > (w.done ? FRESH_MS : STALE_MS))) {
        w.abort.abort();
        walks.delete(key);
        w = undefined;
      }
      if (w === undefined) {
        const s = await start();
        w = { ...s, zone: null, unavailable: null, looked: false, pages: null, abort: new AbortController(), startedAt: now(), pagesRead: 0, rowsSkipped: 0, done: false, cut: null, busy: Promise.resolve() };
        walks.set(key, w as Walk<RowSink>);
        for (const [old, o] of walks) {
          if (walks.size <= MAX_WALKS) break;
          o.abort.abort();
          walks.delete(old);
        }
      }
      const walk = w;
      // One step at a time per walk: a second call waits for the first, then goes on.
      const run = walk.busy.then(() => step(client, walk as Walk<RowSink>));
      walk.busy = run.catch(() => undefined);
      try {
        await run;
      } catch (e) {
        walk.abort.abort();
        if (walks.get(key) === walk) walks.delete(key);
        throw e;
      }
      return answer(walk);
    },
  };
}
