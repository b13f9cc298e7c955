/** The v2 response shapes: the `{data, pagination, query}` page and the `{error}` body. */
import { z } from 'zod';
import { isCacheStatus } from './cache-status.js';
import { joinUrl, splitUrl, type CdnLogRecord } from './log-record.js';

const dateTime = z.iso.datetime({ offset: true });

/**
 * One v2 LogEntry. Unknown keys are stripped and optional fields may be missing or null, so
 * the app accepts what the real service adds later; `cacheStatus` stays a plain string for the
 * same reason (known values: ALL_CACHE_STATUSES).
 */
export const logEntrySchema = z.object({
  timestamp: dateTime,
  pullZoneId: z.number().int(),
  requestId: z.string().regex(/^[0-9a-fA-F]{32}$/, 'must be 32 hex characters'),
  cacheStatus: z.string().min(1),
  statusCode: z.number().int(),
  bytesSent: z.number().int().nonnegative(),
  remoteIp: z.string().nullish(),
  countryCode: z.string().nullish(),
  edgeLocation: z.string(),
  scheme: z.enum(['http', 'https']),
  host: z.string(),
  path: z.string(),
  url: z.string(),
  userAgent: z.string().nullish(),
  referer: z.string().nullish(),
  bodyBytesSent: z.number().int().nonnegative().nullish(),
  contentRange: z.string().nullish(),
  authorizationHeader: z.string().nullish(),
  ja4Fingerprint: z.string().nullish(),
  asn: z.number().int().nullish(),
  asnOrganization: z.string().nullish(),
});

/** One v2 LogEntry as JSON. */
export type LogEntry = z.infer<typeof logEntrySchema>;

/** Offset pagination: the next page starts at `offset + limit`, even when `returned < limit`. */
export const paginationSchema = z.object({
  offset: z.number().int().nonnegative(),
  limit: z.number().int().positive(),
  returned: z.number().int().nonnegative(),
  hasMore: z.boolean(),
});

/** The query as the service resolved it (defaults filled in). */
export const queryEchoSchema = z.object({
  pullZoneId: z.number().int(),
  from: dateTime,
  to: dateTime,
  order: z.string().nullable(),
});

/** A 200 answer of `GET /v2/pullzones/{id}/logs`. */
export const logQueryResponseSchema = z.object({
  data: z.array(logEntrySchema),
  pagination: paginationSchema,
  query: queryEchoSchema,
});

/** A 200 answer of `GET /v2/pullzones/{id}/logs`. */
export type LogQueryResponse = z.infer<typeof logQueryResponseSchema>;

/** The logging API's documented error codes, plus `not_found` (unknown pull zone or day) and `method_not_allowed`. */
export const LOG_ERROR_CODES = [
  'invalid_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'logging_disabled',
  'rate_limited',
  'internal_error',
  'method_not_allowed',
] as const;

/** A documented logging error code. */
export type LogErrorCode = (typeof LOG_ERROR_CODES)[number];

/** The error body both versions answer with; `details` lists the failed rules. */
export const logErrorResponseSchema = z.object({
  error: z.object({
    code: z.string().min(1),
    message: z.string(),
    details: z.array(z.string()).optional(),
  }),
});

/** The error body both versions answer with. */
export type LogErrorResponse = z.infer<typeof logErrorResponseSchema>;

/** Builds an error body, leaving `details` out when there are none. */
export function logError(code: LogErrorCode, message: string, details?: readonly string[]): LogErrorResponse {
  return { error: details === undefined || details.length === 0 ? { code, message } : { code, message, details: [...details] } };
}

/** Converts a record to the v2 JSON entry (ISO timestamp with milliseconds, null referer when absent). */
export function recordToLogEntry(r: CdnLogRecord): LogEntry {
  const parts = splitUrl(r.url) ?? { scheme: 'https' as const, host: '', path: r.url };
  const entry: LogEntry = {
    timestamp: new Date(r.timestampMs).toISOString(),
    pullZoneId: r.pullZoneId,
    requestId: r.requestId,
    cacheStatus: r.cacheStatus,
    statusCode: r.statusCode,
    bytesSent: r.bytesSent,
    remoteIp: r.remoteIp,
    countryCode: r.countryCode,
    edgeLocation: r.edgeLocation,
    scheme: parts.scheme,
    host: parts.host,
    path: parts.path,
    url: joinUrl(parts),
    userAgent: r.userAgent,
    referer: r.referer,
  };
  if (r.extended === undefined) return entry;
  return { ...entry, ...r.extended };
}

/** Converts a v2 entry back to a record; undefined when its timestamp or cache status is not usable. */
export function logEntryToRecord(e: LogEntry): CdnLogRecord | undefined {
  const timestampMs = Date.parse(e.timestamp);
  if (!Number.isFinite(timestampMs) || !isCacheStatus(e.cacheStatus)) return undefined;
  const record: CdnLogRecord = {
    timestampMs,
    pullZoneId: e.pullZoneId,
    requestId: e.requestId.toLowerCase(),
    cacheStatus: e.cacheStatus,
    statusCode: e.statusCode,
    bytesSent: e.bytesSent,
    remoteIp: e.remoteIp ?? null,
    countryCode: e.countryCode ?? null,
    edgeLocation: e.edgeLocation,
    url: e.url,
    userAgent: e.userAgent ?? null,
    referer: e.referer ?? null,
  };
  if (e.bodyBytesSent === undefined || e.bodyBytesSent === null) return record;
  return {
    ...record,
    extended: {
      bodyBytesSent: e.bodyBytesSent,
      contentRange: e.contentRange ?? null,
      authorizationHeader: e.authorizationHeader ?? null,
    },
  };
}
