/**
 * A log row as a parser hands it to the column store: numbers, plus byte ranges of the source buffer for the
 * strings, so appending a row builds no string at all.
 */
/** Positions of the byte-range fields in ByteRow.ranges (each takes a start and an end). */
export const F_IP = 0;
export const F_REFERER = 1;
export const F_URL = 2;
export const F_EDGE = 3;
export const F_USER_AGENT = 4;
export const F_REQUEST_ID = 5;
export const F_CONTENT_RANGE = 6;
export const F_AUTHORIZATION = 7;
/** ByteRow.cacheCode of a status none of CACHE_CODES: its bytes are at cacheStart..cacheEnd. */
export const UNKNOWN_CACHE = -2;
/** How many byte-range fields a row has. */
export const BYTE_FIELDS = 8;

/**
 * One row as numbers plus byte ranges of a source buffer, so a parser can append without building strings.
 * Callers keep one and overwrite it for every row.
 */
export interface ByteRow {
  src: Uint8Array;
  timestampMs: number;
  statusCode: number;
  /** An index into CACHE_CODES; -1 when absent; UNKNOWN_CACHE when the status is src[cacheStart..cacheEnd). */
  cacheCode: number;
  cacheStart: number;
  cacheEnd: number;
  bytesSent: number;
  pullZoneId: number;
  /** A two-character country code as (first byte << 8) | second byte, already upper case; -1 when absent. */
  country2: number;
  /** [start, end) pairs into src at 2 * F_…; a start of -1 means the value is absent. */
  readonly ranges: Int32Array;
  extended: boolean;
  bodyBytesSent: number;
}

/** A blank ByteRow to fill and pass to appendBytes. */
export function newByteRow(): ByteRow {
  return {
    src: new Uint8Array(0),
    timestampMs: 0,
    statusCode: 0,
    cacheCode: 0,
    cacheStart: 0,
    cacheEnd: 0,
    bytesSent: 0,
    pullZoneId: 0,
    country2: -1,
    ranges: new Int32Array(BYTE_FIELDS * 2).fill(-1),
    extended: false,
    bodyBytesSent: 0,
  };
}
