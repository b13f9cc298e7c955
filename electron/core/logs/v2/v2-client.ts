/**
 * Queries the logging API's v2 JSON endpoint of one pull zone, a page at a time, through the process's shared
 * rate budget. Every request waits for its slot, a 429 pauses the whole zone for as long as the platform asked,
 * and every answer is read row by row: a row that cannot be read is counted and left out, never the page.
 */
import { V2_LIMIT_MAX } from '../../../../shared/logs/v2-query.js';
import { formatV2Query, type V2QueryInput } from '../../../../shared/logs/v2-query-string.js';
import type { CdnLogRecord } from '../../../../shared/logs/log-record.js';
import { readLogErrorBody, readLogPage, type LogEntry, type LogErrorBodyRead, type QueryEcho, type SkippedRow } from '../../../../shared/logs/v2-response.js';
import { appError } from '../../../../shared/contract/result.js';
import { AppFailure, toAppError } from '../../errors.js';
import { mapPlatformError } from '../../platform/errors.js';
import { retry, type AttemptOutcome, type Clock, type RetryPolicy } from '../../platform/policy.js';
import type { PlatformClient, PlatformResponse } from '../../platform/types.js';
import { LOG_RATE_WINDOW_MS, processRateBudget, type RateBudget } from './rate-budget.js';
import { explainLogError } from './log-errors.js';

/** What the client is built from; only `client` is required. */
export interface V2ClientOptions {
  readonly client: PlatformClient;
  /** The process's shared budget unless a test gives its own. */
  readonly budget?: RateBudget;
  /** The clock Retry-After dates are read against. */
  readonly now?: () => number;
  /** Waits between attempts after a failure of the platform (not after a 429: the budget waits for those). */
  readonly sleep?: Clock['sleep'];
  readonly random?: () => number;
}

/** One page of rows, as the platform paged it. */
export interface V2Page {
  readonly zoneId: number;
  /** The rows that could be read. */
  readonly rows: readonly CdnLogRecord[];
  /** The same rows as v2 entries, as Burrow hands them on (NDJSON, CSV). */
  readonly entries: readonly LogEntry[];
  /** Rows the platform sent that could not be read, the first reason, and the first few of them. */
  readonly skipped: number;
  readonly firstSkipReason?: string;
  readonly skippedRows: readonly SkippedRow[];
  /** Each skipped row as sent (JSON), to tell a row asked again from a new one; kept in the main process only. */
  readonly skippedKeys?: readonly string[];
  /** The offset this page was asked for (the platform's echo is not trusted for paging). */
  readonly offset: number;
  readonly limit: number;
  /** Rows in this page: fewer than `limit` does not mean the end (some filters run after paging). */
  readonly returned: number;
  readonly hasMore: boolean;
  /** The query as the platform resolved it; null when its echo could not be read. */
  readonly query: QueryEcho | null;
  /** Requests this page took, 429s and retries included. */
  readonly requests: number;
  /** Set on the last page of a walk that `pages` ended although the platform said there was more, in words. */
  readonly stopped?: string;
}

/** How `pages` walks a query. */
export interface PagesOptions {
  /** Rows asked per request, 1 to 10,000 (default 10,000: every request counts against the budget). */
  readonly pageSize?: number;
  /** Where to start (default: the query's offset, else 0). */
  readonly startOffset?: number;
  /** Stops the walk; the iterator then ends without an error. */
  readonly signal?: AbortSignal;
}

/** The v2 log client. */
export interface V2LogClient {
  /** One page: `limit` rows from `offset`, after the budget allows it. */
  fetchPage(zoneId: number, query: V2QueryInput, offset: number, limit: number, options?: { readonly signal?: AbortSignal }): Promise<V2Page>;
  /** Every page from the start until the platform says there are no more, or the signal aborts. */
  pages(zoneId: number, query: V2QueryInput, options?: PagesOptions): AsyncGenerator<V2Page, void, undefined>;
}

/**
 * The logging API's retries, for pages and day files alike: 3 attempts after the platform's own failures; a 429 is
 * counted apart (5 in a row) and pauses the zone as asked, else for a whole budget window.
 */
export const LOG_POLICY: RetryPolicy = {
  maxAttempts: 3,
  baseMs: 500,
  capMs: 8_000,
  statuses: [408, 500, 502, 503, 504],
  retryAfterStatuses: [],
  maxRetryAfterMs: 0,
  rateLimited: { inRow: 5, waitMs: LOG_RATE_WINDOW_MS },
};

/** An answer of the logging API that is not a success: what the policy reads, and what is explained if it is the last. */
export class LogAnswer extends Error {
  constructor(readonly response: PlatformResponse) {
    super(`HTTP ${response.status}`);
  }
}

/** A failed attempt as LOG_POLICY reads it: an answer, or a lost connection or timeout (anything else is not retried). */
export function logOutcome(e: unknown): AttemptOutcome | undefined {
  if (e instanceof LogAnswer) return { kind: 'status', status: e.response.status, retryAfter: e.response.headers['retry-after'] };
  const kind = e instanceof AppFailure ? e.error.kind : undefined;
  return kind === 'network' || kind === 'timeout' ? { kind: 'network', code: kind } : undefined;
}

function checkArgs(zoneId: number, offset: number, limit: number): void {
  const fieldErrors: Record<string, string> = {};
  if (!Number.isSafeInteger(zoneId) || zoneId <= 0) fieldErrors.zoneId = 'must be a pull zone id (a whole number above 0)';
  if (!Number.isSafeInteger(offset) || offset < 0) fieldErrors.offset = 'must be a whole number from 0';
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > V2_LIMIT_MAX) fieldErrors.limit = `must be a whole number from 1 to ${V2_LIMIT_MAX}`;
  if (Object.keys(fieldErrors).length > 0) throw new AppFailure(appError('validation', 'The log page request is not valid', { fieldErrors }));
}

/**
 * The page out of a 2xx answer, read row by row; only an envelope that cannot be read (no pagination, `data` not a
 * list) fails the page. `offset` and `limit` are the ones asked for.
 */
function readPage(zoneId: number, response: PlatformResponse, requests: number, offset: number, limit: number): V2Page {
  let body: unknown;
  try {
    body = response.json();
  } catch {
    throw new AppFailure(appError('http', 'The logging service sent a page Burrow cannot read', { status: response.status, detail: '(body): is not JSON' }));
  }
  const result = readLogPage(body);
  if (!result.ok) throw new AppFailure(appError('http', 'The logging service sent a page Burrow cannot read', { status: response.status, detail: result.reason }));
  const { rows, entries, skipped, firstSkipReason, skippedRows, skippedKeys, pagination, query } = result.page;
  return {
    zoneId,
    rows,
    entries,
    skipped,
    ...(firstSkipReason !== undefined ? { firstSkipReason } : {}),
    skippedRows,
    skippedKeys,
    offset,
    limit,
    returned: pagination.returned,
    hasMore: pagination.hasMore,
    query,
    requests,
  };
}

/** `GET /v2/…?…` of the answer, for the error's last line. */
function whereOf(response: PlatformResponse): string {
  const url = new URL(response.url);
  return `GET ${url.pathname}${url.search}`;
}

/** Creates a client; every caller in the app should pass the same budget (the default). */
export function createV2LogClient(opts: V2ClientOptions): V2LogClient {
  const budget = opts.budget ?? processRateBudget();
  const now = opts.now ?? Date.now;
  const clock = { now, ...(opts.sleep ? { sleep: opts.sleep } : {}), ...(opts.random ? { random: opts.random } : {}) };
  /** Sends one request once its slot is granted; the slot is returned when the answer is in. */
  async function sendOnce(zoneId: number, path: string, signal: AbortSignal | undefined): Promise<PlatformResponse> {
    const grant = await budget.acquire(zoneId, signal);
    try {
      // The client must not retry on its own: every attempt has to come out of the budget.
      return await opts.client.send({ area: 'logging', method: 'GET', path, retry: false, ...(signal ? { signal } : {}) });
    } finally {
      grant.done();
    }
  }

  async function fetchPage(zoneId: number, query: V2QueryInput, offset: number, limit: number, options: { readonly signal?: AbortSignal } = {}): Promise<V2Page> {
    checkArgs(zoneId, offset, limit);
    const { signal } = options;
    const path = `/v2/pullzones/${zoneId}/logs?${formatV2Query({ ...query, offset, limit })}`;
    const attempt = async (n: number) => {
      const response = await sendOnce(zoneId, path, signal);
      if (response.status >= 200 && response.status < 300) return readPage(zoneId, response, n + 1, offset, limit);
      throw new LogAnswer(response);
    };
    // Every caller of the zone waits out a 429, not only this one: the budget is paused.
    return retry(attempt, LOG_POLICY, { signal, clock, outcomeOf: logOutcome, pace: (ms) => budget.pauseFor(zoneId, ms), giveUp: logGiveUp });
  }

  async function* pages(zoneId: number, query: V2QueryInput, options: PagesOptions = {}): AsyncGenerator<V2Page, void, undefined> {
    const { signal } = options;
    const pageSize = options.pageSize ?? V2_LIMIT_MAX;
    let offset = options.startOffset ?? query.offset ?? 0;
    // What the last few pages brought: a row already among them is not handed on twice, and a page that brings no
    // new readable row is no progress. Offset paging only ever repeats recent pages, so older pages are forgotten.
    const recent = new RecentRows();
    // Filters the platform applies after cutting the page (country, search) make short and empty pages with more
    // behind them normal, so a few pages in a row may bring nothing; more than that, and the platform is stuck.
    const allowedIdle = (query.country?.length ?? 0) > 0 || (query.search ?? '') !== '' ? MAX_IDLE_PAGES_FILTERED : MAX_IDLE_PAGES;
    let idle = 0;
    for (;;) {
      if (signal?.aborted) return;
      let page: V2Page;
      try {
        page = await fetchPage(zoneId, query, offset, pageSize, signal ? { signal } : {});
      } catch (e) {
        if (signal?.aborted && toAppError(e).kind === 'cancelled') return;
        throw e;
      }
      const fresh = recent.take(page);
      // The platform's hasMore ends the walk: a short or even empty page may have more behind it. The next page is
      // the one after the offset asked for, whatever the platform echoed.
      if (!page.hasMore) {
        yield fresh.page;
        return;
      }
      idle = fresh.anyNew ? 0 : idle + 1;
      if (idle >= allowedIdle) {
        yield {
          ...fresh.page,
          stopped: `paging stopped after ${idle} pages in a row brought no new rows although the platform said there were more (it kept answering the same); the rows may be incomplete`,
        };
        return;
      }
      yield fresh.page;
      offset += pageSize;
    }
  }

  return { fetchPage, pages };
}

/** Pages in a row that may bring no new row before `pages` ends the walk (with filters applied after paging). */
const MAX_IDLE_PAGES = 3;
const MAX_IDLE_PAGES_FILTERED = 10;
/** How many pages back a row is remembered: offset paging repeats recent pages, never old ones. */
const REMEMBERED_PAGES = 4;

/**
 * The rows of the last few pages, by request id (or, for a row without one, by its whole entry), so that memory
 * stays bounded however long the walk.
 */
class RecentRows {
  readonly #pages: Set<string>[] = [];

  #has(key: string): boolean {
    return this.#pages.some((p) => p.has(key));
  }

  /** The page without rows already seen by id; says whether any row was new (by id, or by content for rows without one). */
  take(page: V2Page): { page: V2Page; anyNew: boolean } {
    const keys = new Set<string>();
    let anyNew = false;
    let repeated = false;
    const keep = page.rows.map((r, k) => {
      if (r.requestId === null) {
        // Rows without ids cannot be told apart, so they are always kept; they are new when not on a recent page.
        const key = `row:${JSON.stringify(page.entries[k])}`;
        if (!this.#has(key)) anyNew = true;
        keys.add(key);
        return true;
      }
      const key = `id:${r.requestId}`;
      if (this.#has(key) || keys.has(key)) {
        repeated = true;
        return false;
      }
      keys.add(key);
      anyNew = true;
      return true;
    });
    this.#pages.push(keys);
    if (this.#pages.length > REMEMBERED_PAGES) this.#pages.shift();
    if (!repeated) return { page, anyNew };
    return { page: { ...page, rows: page.rows.filter((_, k) => keep[k]), entries: page.entries.filter((_, k) => keep[k]) }, anyNew };
  }
}

/** The logging API's error body of an answer, when it is one. */
export function logErrorBody(response: PlatformResponse): LogErrorBodyRead | undefined {
  try {
    return readLogErrorBody(response.json());
  } catch {
    return undefined;
  }
}

/** What a logging request that gave up fails with: the 429 or the refusal explained, else the error as it came. */
export function logGiveUp(e: unknown): unknown {
  if (!(e instanceof LogAnswer)) return e;
  const { response } = e;
  const body = logErrorBody(response);
  const where = whereOf(response);
  if (response.status === 429) return new AppFailure(explainLogError({ code: 'rate_limited', message: body?.error.message ?? '', status: 429, where }));
  return logRefusal(response, body, where);
}

/** What a refused logging request fails with: the platform's code explained, or its status mapped without one. */
export function logRefusal(response: PlatformResponse, body: LogErrorBodyRead | undefined, where: string): AppFailure {
  // Without a code, the status says what happened (the platform's message is still in the body shown beneath).
  const code = body?.error.code;
  if (body === undefined || typeof code !== 'string' || code === '') return new AppFailure(mapPlatformError('logging', response.status, response.headers, response.body, 'GET', where.slice(4)));
  const { message, details } = body.error;
  return new AppFailure(explainLogError({ code, message: message ?? '', ...(details ? { details } : {}), status: response.status, where }));
}
