/** Matching generated entries against v2 queries, and serving them with the zone's IP anonymization. */
import { anonymizeIp } from '../../shared/logs/ip.js';
import type { CdnLogRecord } from '../../shared/logs/log-record.js';
import { matchesStatus } from '../../shared/logs/status-filter.js';
import type { LogQuery } from '../../shared/logs/v2-query.js';
import type { SeedPullZone } from '../context.js';
import type { TrafficEntry } from './traffic.js';

/** The entry as the platform serves it: anonymized address, no generator-only fields. */
export function served(e: TrafficEntry, zone: SeedPullZone): CdnLogRecord {
  return {
    timestampMs: e.timestampMs,
    pullZoneId: e.pullZoneId,
    requestId: e.requestId,
    cacheStatus: e.cacheStatus,
    statusCode: e.statusCode,
    bytesSent: e.bytesSent,
    remoteIp: e.remoteIp === null ? null : anonymizeIp(e.remoteIp, zone.logAnonymizationType),
    countryCode: e.countryCode,
    edgeLocation: e.edgeLocation,
    url: e.url,
    userAgent: e.userAgent,
    referer: e.referer,
  };
}

/** `host+path` of a logged URL, which urlContains searches. */
function hostAndPath(url: string): string {
  const i = url.indexOf('://');
  return i < 0 ? url : url.slice(i + 3);
}

function includes(haystack: string | null, needle: string): boolean {
  return haystack !== null && haystack.toLowerCase().includes(needle);
}

/**
 * The filters the platform applies in its store, before paging. `remoteIp` compares at the
 * zone's anonymization width (/24 or /64), and is ignored when addresses are dropped.
 */
export function matchesBeforePaging(e: TrafficEntry, q: LogQuery, zone: SeedPullZone): boolean {
  if (e.originShield && !q.includeOriginShield) return false;
  if (q.status !== null && !matchesStatus(e.statusCode, q.status)) return false;
  if (q.cacheStatus !== null && (e.cacheStatus === null || !q.cacheStatus.includes(e.cacheStatus))) return false;
  if (q.edgeLocation !== null && e.edgeLocation?.toUpperCase() !== q.edgeLocation) return false;
  if (q.requestId !== null && e.requestId !== q.requestId) return false;
  if (q.remoteIp !== null && zone.logAnonymizationType === 0) {
    if (e.remoteIp === null) return false;
    if (anonymizeIp(e.remoteIp, 0) !== anonymizeIp(q.remoteIp, 0)) return false;
  }
  if (q.urlContains !== null && !includes(hostAndPath(e.url), q.urlContains)) return false;
  if (q.userAgentContains !== null && !includes(e.userAgent, q.userAgentContains)) return false;
  if (q.refererContains !== null && !includes(e.referer, q.refererContains)) return false;
  return true;
}

/** The text `search` looks in: cache status, request id, edge location, host, path, user agent, referer (not IP or country). */
function searchable(e: TrafficEntry): string {
  return `${e.cacheStatus ?? ''}\n${e.requestId ?? ''}\n${e.edgeLocation ?? ''}\n${hostAndPath(e.url)}\n${e.userAgent ?? ''}\n${e.referer ?? ''}`.toLowerCase();
}

/**
 * The filters the platform applies to a page after cutting it (`country` and `search`), which
 * is why a page may hold fewer than `limit` rows while `hasMore` is true.
 */
export function matchesAfterPaging(e: TrafficEntry, q: LogQuery): boolean {
  if (q.country !== null && (e.countryCode === null || !q.country.includes(e.countryCode))) return false;
  if (q.search !== null) {
    const text = searchable(e);
    if (!q.search.some((t) => text.includes(t))) return false;
  }
  return true;
}
