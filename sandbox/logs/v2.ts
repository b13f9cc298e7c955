/** `GET /v2/pullzones/{pullZoneId}/logs`: structured JSON with filters and offset pagination. */
import type { ServerResponse } from 'node:http';
import { V2_QUERY_PARAMS, parseV2Query, type LogQuery } from '../../shared/logs/v2-query.js';
import type { CdnLogRecord } from '../../shared/logs/log-record.js';
import { recordToLogEntry } from '../../shared/logs/v2-response.js';
import type { SeedPullZone } from '../context.js';
import { sendJson } from '../http.js';
import { sendLogError } from './errors.js';
import { matchesAfterPaging, matchesBeforePaging, served } from './filter.js';
import { variationOf, variedEntry, variedJson, type Variation } from './realism.js';
import type { LogService } from './service.js';
import type { TrafficEntry } from './traffic.js';

/** What realism needs: whether it is on, and the seed its rate follows. */
export interface V2Realism {
  readonly on: boolean;
  readonly seed: number;
}

/** Names what `matchesBeforePaging` tests for a query (not its range, order or paging), for the store's counts. */
function beforePagingKey(q: LogQuery, realism: V2Realism): string {
  const { status, cacheStatus, edgeLocation, remoteIp, urlContains, userAgentContains, refererContains, requestId, includeOriginShield } = q;
  return JSON.stringify([realism.on ? realism.seed : null, status, cacheStatus, edgeLocation, remoteIp, urlContains, userAgentContains, refererContains, requestId, includeOriginShield]);
}

/**
 * The rows a query selects after the platform's filters, from its offset on, each with how realism varies it.
 * Nothing older than retention or newer than what exists.
 */
function* selected(service: LogService, zone: SeedPullZone, q: LogQuery, realism: V2Realism): Generator<{ readonly e: TrafficEntry; readonly v: Variation | undefined }> {
  const lo = Math.max(q.from, service.retentionStart());
  const hi = Math.min(q.to, service.servedUntil());
  // The filters the platform applies before paging, to the row as realism varies it.
  const matches = (stored: TrafficEntry) => matchesBeforePaging(realism.on ? variedEntry(stored, variationOf(realism.seed, stored)) : stored, q, zone);
  for (const stored of service.traffic.select(zone, lo, hi, q.order, matches, beforePagingKey(q, realism), q.offset)) {
    const v = realism.on ? variationOf(realism.seed, stored) : undefined;
    yield { e: variedEntry(stored, v), v };
  }
}

/**
 * Answers one v2 query for a zone that exists and has logging enabled. With realism, some rows vary as the schema
 * allows (see realism.ts) and a page without rows says `data: null`.
 */
export function handleV2(service: LogService, res: ServerResponse, zone: SeedPullZone, query: URLSearchParams, realism: V2Realism = { on: false, seed: 0 }): true {
  const parsed = parse(service, query);
  if (!parsed.ok) return sendLogError(res, 400, 'invalid_request', 'One or more query parameters failed validation', parsed.details);
  const q = parsed.query;
  const page: Record<string, unknown>[] = [];
  let taken = 0;
  let hasMore = false;
  for (const { e, v } of selected(service, zone, q, realism)) {
    if (taken === q.limit) {
      hasMore = true;
      break;
    }
    taken++;
    if (matchesAfterPaging(e, q)) page.push(variedJson(recordToLogEntry(served(e, zone)), v, realism.seed));
  }

  const body = {
    data: realism.on && page.length === 0 ? null : page,
    pagination: { offset: q.offset, limit: q.limit, returned: page.length, hasMore },
    query: { pullZoneId: zone.id, from: new Date(q.from).toISOString(), to: new Date(q.to).toISOString(), order: q.order },
  };
  sendJson(res, 200, body);
  return true;
}

function parse(service: LogService, query: URLSearchParams) {
  const params: Record<string, string | undefined> = {};
  for (const name of V2_QUERY_PARAMS) params[name] = query.get(name) ?? undefined;
  return parseV2Query(params, service.now());
}

/**
 * Every row a v2 query answers over all its pages (limit and offset aside), as the zone serves it: for tests, which
 * compute the figures a client must show from the very rows the sandbox serves.
 */
export function everyServedRow(service: LogService, zone: SeedPullZone, query: URLSearchParams, realism: V2Realism): CdnLogRecord[] {
  const parsed = parse(service, query);
  if (!parsed.ok) throw new Error(`Not a v2 query: ${JSON.stringify(parsed.details)}`);
  const q = { ...parsed.query, offset: 0 };
  const rows: CdnLogRecord[] = [];
  for (const { e } of selected(service, zone, q, realism)) if (matchesAfterPaging(e, q)) rows.push(served(e, zone));
  return rows;
}
