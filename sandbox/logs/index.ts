/**
 * The CDN logging area (mounted under /logging): v2 JSON queries and v1 day files over traffic
 * generated from the seed. Checks run in this order: credentials (401/403), account suspended
 * (403), v1 date format (403), pull zone (403 forbidden when it is not the account's, as the schema
 * answers), logging enabled (404 logging_disabled), per-zone rate limit (429), then the query itself (400).
 * With realism on, some 429s come without Retry-After (the client then waits a whole window).
 */
import { pullZonesOf, type Area, type SandboxContext, type SeedPullZone } from '../context.js';
import type { CdnLogRecord } from '../../shared/logs/log-record.js';
import { authenticate } from './auth.js';
import { sendLogError } from './errors.js';
import { createLogService } from './service.js';
import { injectedRowsOf, type InjectRow } from './inject.js';
import type { TrafficEntry } from './traffic.js';
import { handleV1, parseV1Date } from './v1.js';
import { everyServedRow, handleV2 } from './v2.js';

/** A logging request the area answered for a known zone (the ones its rate limit counts), for tests. */
export interface LoggedRequest {
  /** The sandbox clock when it arrived. */
  readonly at: number;
  readonly zoneId: number;
  readonly kind: 'v1' | 'v2';
  /** The query string as sent (without the `?`). */
  readonly query: string;
  /** 429 when the limit refused it, else what the query answered. */
  readonly status: number;
}

/** The logging area plus what tests read of it. */
export interface LoggingArea extends Area {
  /** The latest requests (at most 10,000), oldest first. */
  requests(): readonly LoggedRequest[];
  resetRequests(): void;
  /** Injects rows into a zone's traffic (see inject.ts); answers them as stored. */
  inject(zoneId: number, rows: readonly InjectRow[]): TrafficEntry[];
  /**
   * Every row a v2 query (its parameters by name) answers over all its pages, as served now: what tests compute
   * expected figures from. Not rate limited nor counted in requests(); throws for an unknown zone or a bad query.
   */
  served(zoneId: number, query: Readonly<Record<string, string>>): CdnLogRecord[];
}

const KEPT_REQUESTS = 10_000;

/** Tuning for tests and benchmarks. */
export interface LoggingAreaOptions {
  /** Generated requests per day of a website or app zone (default 4000; a library's videos each play a share of it). */
  readonly entriesPerDay?: number;
}

/**
 * The per-zone request limit: `requests` per `windowMs` over a sliding window on the sandbox clock (30 per 10 s by
 * default). Refused requests are not counted, so a client that waits `Retry-After` always gets through.
 */
function rateLimiter(limit: { readonly requests: number; readonly windowMs: number }, now: () => number) {
  const hits = new Map<number, number[]>();
  return (zoneId: number): { readonly ok: true } | { readonly ok: false; readonly retryAfterSeconds: number } => {
    const t = now();
    const recent = (hits.get(zoneId) ?? []).filter((h) => h > t - limit.windowMs);
    hits.set(zoneId, recent);
    if (recent.length >= limit.requests) return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(((recent[0] ?? t) + limit.windowMs - t) / 1000)) };
    recent.push(t);
    return { ok: true };
  };
}

type Route =
  | { readonly kind: 'v2'; readonly zone: string }
  | { readonly kind: 'v1'; readonly day: string; readonly zone: string };

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function route(path: string): Route | undefined {
  const v2 = /^\/v2\/pullzones\/([^/]+)\/logs\/?$/.exec(path);
  if (v2 !== null) return { kind: 'v2', zone: v2[1] ?? '' };
  const v1 = /^\/([^/]+)\/([^/]+)\.log$/.exec(path);
  if (v1 !== null) return { kind: 'v1', day: decode(v1[1] ?? ''), zone: v1[2] ?? '' };
  return undefined;
}

/** Builds the logging area for a sandbox. */
export function createLoggingArea(ctx: SandboxContext, options: LoggingAreaOptions = {}): LoggingArea {
  const service = createLogService(ctx, options.entriesPerDay);
  const takeSlot = rateLimiter(ctx.options.logRateLimit, ctx.options.now);
  let seen: LoggedRequest[] = [];
  let refusals = 0;
  const record = (zoneId: number, kind: 'v1' | 'v2', query: URLSearchParams, status: number) => {
    seen.push({ at: ctx.options.now(), zoneId, kind, query: query.toString(), status });
    if (seen.length > KEPT_REQUESTS) seen = seen.slice(-KEPT_REQUESTS);
  };

  function findZone(text: string): SeedPullZone | undefined {
    if (!/^\d{1,15}$/.test(text)) return undefined;
    return pullZonesOf(ctx).find((z) => z.id === Number(text));
  }
  function zoneOf(zoneId: number): SeedPullZone {
    const zone = findZone(String(zoneId));
    if (zone === undefined) throw new Error(`Pull zone ${zoneId} was not found`);
    return zone;
  }
  const realismOf = () => ({ on: ctx.options.realism === true, seed: ctx.options.seed ?? 0 });

  return {
    requests: () => seen,
    resetRequests: () => {
      seen = [];
    },
    inject: (zoneId, rows) => injectedRowsOf(ctx).inject(zoneOf(zoneId), rows),
    served: (zoneId, query) => everyServedRow(service, zoneOf(zoneId), new URLSearchParams({ ...query }), realismOf()),
    async handle(req, res, path, query) {
      const r = route(path);
      if (r === undefined) return false;
      const method = req.method ?? 'GET';
      if (method !== 'GET') {
        return sendLogError(res, 405, 'method_not_allowed', `${method} is not allowed here; use GET`, undefined, { allow: 'GET' });
      }
      const auth = authenticate(req, ctx);
      if (!auth.ok) return sendLogError(res, auth.status, auth.code, auth.message);
      if (ctx.accountSuspended) return sendLogError(res, 403, 'forbidden', 'The account is suspended');
      let dayStart: number | undefined;
      if (r.kind === 'v1') {
        dayStart = parseV1Date(r.day);
        // The platform answers a badly formed date with 403, not 400.
        if (dayStart === undefined) return sendLogError(res, 403, 'forbidden', `"${r.day.slice(0, 32)}" is not a date in MM-DD-YY form`);
      }
      const zone = findZone(r.zone);
      if (zone === undefined) return sendLogError(res, 403, 'forbidden', `Pull zone ${r.zone.slice(0, 32)} is not one of this account's`);
      if (!zone.loggingEnabled) return sendLogError(res, 404, 'logging_disabled', `Logging is not enabled for pull zone ${zone.id}`);
      const rate = takeSlot(zone.id);
      if (!rate.ok) {
        record(zone.id, r.kind, query, 429);
        const retry = String(rate.retryAfterSeconds);
        // Realism: every third refusal leaves Retry-After out, as the platform may.
        const withoutRetryAfter = ctx.options.realism === true && ++refusals % 3 === 0;
        return sendLogError(res, 429, 'rate_limited', `Too many log requests for pull zone ${zone.id}; retry in ${retry} s`, undefined, withoutRetryAfter ? {} : { 'retry-after': retry });
      }
      try {
        const realism = realismOf();
        const answered = r.kind === 'v2' ? handleV2(service, res, zone, query, realism) : await handleV1(service, req, res, zone, r.day, dayStart ?? 0, query, realism);
        record(zone.id, r.kind, query, res.statusCode);
        return answered;
      } catch (e) {
        if (res.headersSent) {
          res.destroy(e as Error);
          return true;
        }
        return sendLogError(res, 500, 'internal_error', 'Unexpected error while reading logs');
      }
    },
  };
}
