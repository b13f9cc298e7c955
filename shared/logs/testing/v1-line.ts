/**
 * The v1 line read back field by field: the reference the tests hold the core's fast scanner (v1-scan.ts) and the
 * sandbox's day files to. The app itself reads v1 with the scanner only.
 */
import { isCacheStatusText } from '../cache-status.js';
import type { CdnLogRecord, ExtendedLogFields } from '../log-record.js';
import type { V1RejectReason } from '../v1-line.js';

/** Field count of a standard line. */
const V1_FIELDS = 12;
/** Field count of a line written with extended logging. */
const V1_EXTENDED_FIELDS = 15;

/** What parseV1Line returns: a record, or the reason and a readable message. */
export type V1ParseResult =
  | { readonly ok: true; readonly record: CdnLogRecord }
  | { readonly ok: false; readonly reason: V1RejectReason; readonly message: string };

const DIGITS = /^\d{1,16}$/;
const STATUS = /^\d{3}$/;
const HEX32 = /^[0-9a-fA-F]{32}$/;
const COUNTRY = /^[A-Za-z0-9]{2}$/;

function reject(reason: V1RejectReason, message: string): V1ParseResult {
  return { ok: false, reason, message };
}

function orNull(field: string): string | null {
  return field === '-' || field === '' ? null : field;
}

function safeInt(text: string): number | undefined {
  if (!DIGITS.test(text)) return undefined;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : undefined;
}

/**
 * Parses one line (a trailing `\r` or `\n` is ignored); never throws: a line that is not well-formed comes back
 * as a reason. A field count other than 12 or 15 is refused (a stray pipe makes the split ambiguous). Only the
 * numbers every row has (status, time, bytes, pull zone) make a line unreadable; other fields are kept as they
 * came (a short hex request id, an unknown cache status), an empty URL, edge or request id as absent.
 */
export function parseV1Line(line: string): V1ParseResult {
  const text = line.replace(/\r?\n$/, '').replace(/\r$/, '');
  if (text.trim() === '') return reject('empty', 'Empty line');
  const f = text.split('|');
  if (f.length !== V1_FIELDS && f.length !== V1_EXTENDED_FIELDS) {
    return reject('field-count', `Expected ${V1_FIELDS} or ${V1_EXTENDED_FIELDS} fields, found ${f.length}`);
  }
  const [cache = '', status = '', ts = '', bytes = '', zone = '', ip = '', referer = '', url = '', edge = '', ua = '', id = '', country = ''] = f;
  if (cache !== '' && !isCacheStatusText(cache)) return reject('cache-status', `Cache status "${cache.slice(0, 32)}" is not one word of at most 64 characters`);
  if (!STATUS.test(status)) return reject('status-code', `Status code "${status.slice(0, 32)}" is not three digits`);
  const timestampMs = safeInt(ts);
  if (timestampMs === undefined) return reject('timestamp', `Timestamp "${ts.slice(0, 32)}" is not UNIX milliseconds`);
  const bytesSent = safeInt(bytes);
  if (bytesSent === undefined) return reject('bytes-sent', `Bytes sent "${bytes.slice(0, 32)}" is not a whole number`);
  const pullZoneId = safeInt(zone);
  if (pullZoneId === undefined) return reject('pull-zone-id', `Pull zone id "${zone.slice(0, 32)}" is not a whole number`);
  if (country !== '-' && !COUNTRY.test(country)) return reject('country', `Country "${country.slice(0, 32)}" is not a two-letter code`);
  let extended: ExtendedLogFields | undefined;
  if (f.length === V1_EXTENDED_FIELDS) {
    const bodyBytesSent = safeInt(f[12] ?? '');
    if (bodyBytesSent === undefined) return reject('body-bytes-sent', `Body bytes "${(f[12] ?? '').slice(0, 32)}" is not a whole number`);
    extended = { bodyBytesSent, contentRange: orNull(f[13] ?? ''), authorizationHeader: orNull(f[14] ?? '') };
  }
  const record: CdnLogRecord = {
    timestampMs,
    pullZoneId,
    // 32 hex digits are read in lower case (as the store packs them); anything else is kept as it came.
    requestId: HEX32.test(id) ? id.toLowerCase() : orNull(id),
    cacheStatus: cache === '' ? null : cache,
    statusCode: Number(status),
    bytesSent,
    remoteIp: orNull(ip),
    countryCode: country === '-' ? null : country.toUpperCase(),
    edgeLocation: orNull(edge),
    url: orNull(url) ?? '',
    userAgent: orNull(ua),
    referer: orNull(referer),
  };
  return { ok: true, record: extended === undefined ? record : { ...record, extended } };
}
