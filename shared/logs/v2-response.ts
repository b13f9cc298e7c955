/**
 * The v2 response shapes: the `{data, pagination, query}` page and the `{error}` body, and the liberal reader of a
 * page. The platform's schema marks `requestId`, `cacheStatus`, `edgeLocation`, `scheme`, `host`, `path` and `url`
 * as required but nullable, `data` as nullable, and the service adds fields over time; so a page is read row by
 * row, and only a row missing what every row has (time, pull zone, status code, bytes sent) is skipped and counted.
 */
import { z } from 'zod';
import { isSecretName, MASK } from '../common/redact.js';
import { maskAuthorization } from './authorization.js';
import { CACHE_STATUS_MAX_CHARS } from './cache-status.js';
import { splitUrl, urlFromParts, type CdnLogRecord, type ExtendedLogFields } from './log-record.js';

/** A date-time with or without a zone (one without is UTC), as the schema's `date-time` allows. */
const dateTime = z.string().refine((v) => parseLogTimestamp(v) !== undefined, 'must be a date-time');

/**
 * One v2 LogEntry in the shape Burrow hands on (windows of rows, NDJSON): the nullable fields are nullable, unknown
 * keys are stripped, and `cacheStatus` stays a plain string (known values: ALL_CACHE_STATUSES). The platform's own
 * answers are read by readLogEntry, which is more forgiving still.
 */
export const logEntrySchema = z.object({
  timestamp: dateTime,
  pullZoneId: z.number().int(),
  requestId: z.string().nullable(),
  cacheStatus: z.string().nullable(),
  statusCode: z.number().int(),
  bytesSent: z.number().int(),
  remoteIp: z.string().nullish(),
  countryCode: z.string().nullish(),
  edgeLocation: z.string().nullable(),
  scheme: z.string().nullable(),
  host: z.string().nullable(),
  path: z.string().nullable(),
  url: z.string().nullable(),
  userAgent: z.string().nullish(),
  referer: z.string().nullish(),
  bodyBytesSent: z.number().int().nullish(),
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
  offset: z.number().int(),
  limit: z.number().int(),
  returned: z.number().int(),
  hasMore: z.boolean(),
});

/** The query as the service resolved it (defaults filled in). */
export const queryEchoSchema = z.object({
  pullZoneId: z.number().int(),
  from: dateTime,
  to: dateTime,
  order: z.string().nullable(),
});

/** The query as the service echoed it. */
export type QueryEcho = z.infer<typeof queryEchoSchema>;

const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s*(?:([Zz])|([+-])(\d{2}):?(\d{2}))?$/;

/**
 * UTC milliseconds of an ISO 8601 date-time, with `Z`, with an offset, or without a zone (read as UTC, the logging
 * API's zone); undefined when it is not one. Fractions past milliseconds are cut.
 */
export function parseLogTimestamp(text: string): number | undefined {
  const m = TIMESTAMP.exec(text.trim());
  if (m === null) return undefined;
  const [year, month, day, hour, minute] = [1, 2, 3, 4, 5].map((k) => Number(m[k]));
  const second = m[6] === undefined ? 0 : Number(m[6]);
  const ms = m[7] === undefined ? 0 : Number(m[7].slice(0, 3).padEnd(3, '0'));
  if (month! < 1 || month! > 12 || day! < 1 || day! > 31 || hour! > 24 || minute! > 59 || second > 60) return undefined;
  let t = Date.UTC(year!, month! - 1, day!, hour!, minute!, second, ms);
  if (m[9] !== undefined) {
    const offsetMin = Number(m[10]) * 60 + Number(m[11]);
    if (Number(m[10]) > 23 || Number(m[11]) > 59) return undefined;
    t -= (m[9] === '-' ? -1 : 1) * offsetMin * 60_000;
  }
  return Number.isFinite(t) ? t : undefined;
}

/** A row as read: its record and the entry Burrow hands on, or why it cannot be read. */
export type LogEntryRead = { readonly ok: true; readonly record: CdnLogRecord; readonly entry: LogEntry } | { readonly ok: false; readonly reason: string };

/** A value as JSON, or as text when it has none (a function, a cycle). */
function jsonOf(v: unknown): string {
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return String(v);
  }
}

/** A short, printable picture of a value for a reason. */
function shown(v: unknown): string {
  if (v === undefined) return 'missing';
  const text = jsonOf(v);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** A text field: the string, or null when absent; a number or boolean is kept as its text, anything else is absent. */
function text(v: unknown): string | null {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return null;
}

/** A text field that means nothing when empty (an id, a status, a code). */
function word(v: unknown): string | null {
  const t = text(v);
  return t === null || t === '' ? null : t;
}

function wholeNumber(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isInteger(v) ? v : undefined;
}

/** Request ids are hex: kept as sent (fewer than 32 digits when leading zeros were dropped), in lower case. */
function requestIdOf(v: unknown): string | null {
  const t = word(v);
  return t !== null && /^[0-9a-fA-F]+$/.test(t) ? t.toLowerCase() : t;
}

/**
 * Reads one LogEntry the way the platform's schema allows it to arrive: the nullable fields may be null, missing or
 * of another type (then absent), keys Burrow does not know are ignored, any cache status is kept as it came, a
 * timestamp may come with or without a zone, and the scheme in any case. Only a row without a readable timestamp,
 * pull zone, status code or bytes sent cannot be read; the reason names the field and the rule.
 */
export function readLogEntry(raw: unknown): LogEntryRead {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return { ok: false, reason: `the row is not an object (${shown(raw)})` };
  const o = raw as Record<string, unknown>;
  const timestampMs = typeof o.timestamp === 'string' ? parseLogTimestamp(o.timestamp) : undefined;
  if (timestampMs === undefined) return { ok: false, reason: `timestamp must be a date-time (got ${shown(o.timestamp)})` };
  const pullZoneId = wholeNumber(o.pullZoneId);
  if (pullZoneId === undefined) return { ok: false, reason: `pullZoneId must be a whole number (got ${shown(o.pullZoneId)})` };
  const statusCode = wholeNumber(o.statusCode);
  if (statusCode === undefined) return { ok: false, reason: `statusCode must be a whole number (got ${shown(o.statusCode)})` };
  const bytesSent = wholeNumber(o.bytesSent);
  if (bytesSent === undefined) return { ok: false, reason: `bytesSent must be a whole number (got ${shown(o.bytesSent)})` };
  const scheme = word(o.scheme);
  const host = text(o.host);
  const path = text(o.path);
  const url = text(o.url) ?? urlFromParts(scheme, host, path);
  const cache = word(o.cacheStatus);
  const record: CdnLogRecord = {
    timestampMs,
    pullZoneId,
    requestId: requestIdOf(o.requestId),
    cacheStatus: cache === null ? null : cache.slice(0, CACHE_STATUS_MAX_CHARS),
    statusCode,
    bytesSent,
    remoteIp: word(o.remoteIp),
    countryCode: word(o.countryCode),
    edgeLocation: word(o.edgeLocation),
    url,
    userAgent: text(o.userAgent),
    referer: text(o.referer),
  };
  const body = wholeNumber(o.bodyBytesSent);
  const extended: ExtendedLogFields | undefined =
    body === undefined ? undefined : { bodyBytesSent: body, contentRange: text(o.contentRange), authorizationHeader: text(o.authorizationHeader) };
  const full = extended === undefined ? record : { ...record, extended };
  const entry: LogEntry = {
    ...recordToLogEntry(full),
    scheme: scheme === null ? null : scheme.toLowerCase(),
    host,
    path,
    url: text(o.url) ?? (url === '' ? null : url),
    ...(text(o.ja4Fingerprint) !== null ? { ja4Fingerprint: text(o.ja4Fingerprint) } : {}),
    ...(wholeNumber(o.asn) !== undefined ? { asn: wholeNumber(o.asn) } : {}),
    ...(text(o.asnOrganization) !== null ? { asnOrganization: text(o.asnOrganization) } : {}),
  };
  return { ok: true, record: full, entry };
}

/** A row of a page that could not be read: its place in the page, why, and the start of it as JSON. */
export interface SkippedRow {
  readonly index: number;
  readonly reason: string;
  readonly text: string;
}

/** A page as read row by row. */
export interface LogPageRead {
  readonly rows: readonly CdnLogRecord[];
  /** The rows as Burrow hands them on, one per record, in the same order. */
  readonly entries: readonly LogEntry[];
  /** Rows sent that could not be read; `rows.length + skipped` is the number of rows sent. */
  readonly skipped: number;
  readonly firstSkipReason?: string;
  /** The first few rows skipped, for the list of rows that could not be read. */
  readonly skippedRows: readonly SkippedRow[];
  /** Every skipped row as the platform sent it (JSON), one per skipped row: what tells a row asked again from a new one. Never shown. */
  readonly skippedKeys: readonly string[];
  readonly pagination: z.infer<typeof paginationSchema>;
  /** The query as the platform echoed it; null when the echo could not be read (it is not needed to go on). */
  readonly query: QueryEcho | null;
}

/** Rows skipped per page that keep their sample. */
const SKIPPED_SAMPLES = 20;

/**
 * The row with the credentials it may carry masked, at any depth: a visitor's Authorization header keeps only its
 * scheme, and any member named like a credential (the shared secret-name rule) is masked whole.
 */
function withoutCredentials(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object' || depth > 8) return value;
  if (Array.isArray(value)) return value.map((v) => withoutCredentials(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [name, v] of Object.entries(value as Record<string, unknown>)) {
    if (name.toLowerCase() === 'authorizationheader') out[name] = typeof v === 'string' ? maskAuthorization(v) : v === null || v === undefined ? v : MASK;
    else if (isSecretName(name)) out[name] = v === null || v === undefined || v === '' ? v : MASK;
    else out[name] = withoutCredentials(v, depth + 1);
  }
  return out;
}

/** The start of a row as JSON, for the list of rows that could not be read; never with a credential in it. */
function sampleOf(raw: unknown): string {
  const t = jsonOf(withoutCredentials(raw));
  return t.length > 200 ? `${t.slice(0, 200)}…` : t;
}

/**
 * Reads a 200 answer of the v2 logs endpoint row by row. The page fails only when its envelope cannot be read
 * (not an object, no readable pagination, or `data` neither a list nor null); a row that cannot be read is
 * skipped and counted, never the page.
 */
export function readLogPage(body: unknown): { readonly ok: true; readonly page: LogPageRead } | { readonly ok: false; readonly reason: string } {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return { ok: false, reason: '(body): must be an object with data, pagination and query' };
  const b = body as Record<string, unknown>;
  const pagination = paginationSchema.safeParse(b.pagination);
  if (!pagination.success) {
    const detail = pagination.error.issues
      .slice(0, 3)
      .map((i) => `pagination${i.path.length > 0 ? `.${i.path.join('.')}` : ''}: ${i.message}`)
      .join('; ');
    return { ok: false, reason: detail };
  }
  const data = b.data;
  if (data !== null && data !== undefined && !Array.isArray(data)) return { ok: false, reason: `data: must be a list of rows or null (got ${shown(data)})` };
  const query = queryEchoSchema.safeParse(b.query);
  const rows: CdnLogRecord[] = [];
  const entries: LogEntry[] = [];
  const skippedRows: SkippedRow[] = [];
  const skippedKeys: string[] = [];
  let skipped = 0;
  let firstSkipReason: string | undefined;
  (data ?? []).forEach((raw: unknown, index: number) => {
    const r = readLogEntry(raw);
    if (r.ok) {
      rows.push(r.record);
      entries.push(r.entry);
      return;
    }
    skipped++;
    firstSkipReason ??= r.reason;
    if (skippedRows.length < SKIPPED_SAMPLES) skippedRows.push({ index, reason: r.reason, text: sampleOf(raw) });
    // The row as sent, whole, as a key (compared, never shown).
    skippedKeys.push(jsonOf(raw));
  });
  return {
    ok: true,
    page: { rows, entries, skipped, ...(firstSkipReason !== undefined ? { firstSkipReason } : {}), skippedRows, skippedKeys, pagination: pagination.data, query: query.success ? query.data : null },
  };
}

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
    // The schema lets each of these be null; a value of another type is read as absent, never the whole body.
    code: z.string().nullish().catch(null),
    message: z.string().nullish().catch(null),
    details: z
      .array(z.unknown())
      .nullish()
      .catch(null)
      .transform((d) => d?.filter((x): x is string => typeof x === 'string')),
  }),
});

/** The error body both versions answer with. */
export type LogErrorResponse = z.input<typeof logErrorResponseSchema>;
/** The error body as read: code and message null when absent, details only the readable ones. */
export type LogErrorBodyRead = z.output<typeof logErrorResponseSchema>;

/** The logging error body of an answer, read as liberally as the schema allows; undefined when it is not one. */
export function readLogErrorBody(value: unknown): LogErrorBodyRead | undefined {
  const r = logErrorResponseSchema.safeParse(value);
  return r.success ? r.data : undefined;
}

/** Builds an error body, leaving `details` out when there are none. */
export function logError(code: LogErrorCode, message: string, details?: readonly string[]): LogErrorResponse {
  return { error: details === undefined || details.length === 0 ? { code, message } : { code, message, details: [...details] } };
}

/** Converts a record to the v2 JSON entry (ISO timestamp with milliseconds; absent values null). */
export function recordToLogEntry(r: CdnLogRecord): LogEntry {
  const parts = r.url === '' ? undefined : splitUrl(r.url);
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
    scheme: parts?.scheme ?? null,
    host: parts?.host ?? null,
    path: parts === undefined ? (r.url === '' ? null : r.url) : parts.path,
    url: r.url === '' ? null : r.url,
    userAgent: r.userAgent,
    referer: r.referer,
  };
  if (r.extended === undefined) return entry;
  return { ...entry, ...r.extended };
}
