/**
 * The fast path of the v1 stream parser: one pass over a well-formed line's bytes, filling the row. It gives up
 * (false) at the first unexpected byte and the parser reads that line the careful way; it may pass on a good line
 * but must never accept, or read differently, a line the careful path refuses (the tests hold both to
 * parseV1Line in shared/logs/testing). Why it is fast: see bench/README.md, logs-v1.
 */
import { F_AUTHORIZATION, F_CONTENT_RANGE, F_EDGE, F_IP, F_REFERER, F_REQUEST_ID, F_URL, F_USER_AGENT, type ByteRow } from '../rows/columns.js';
import { CACHE_CODES } from '../rows/types.js';

const PIPE = 0x7c;
const DASH = 0x2d;

/** Byte classes: DIGIT, HEX and ALNUM bits per byte value. */
const DIGIT = 1;
const HEX = 2;
const ALNUM = 4;
const CLASS = new Uint8Array(256);
for (let c = 0; c < 256; c++) {
  const ch = String.fromCharCode(c);
  CLASS[c] = (/[0-9]/.test(ch) ? DIGIT : 0) | (/[0-9a-fA-F]/.test(ch) ? HEX : 0) | (/[0-9a-zA-Z]/.test(ch) ? ALNUM : 0);
}

/**
 * The cache code a field starting with a given byte can be, -1 for none. Every code starts with a letter of its
 * own, so the first byte names the one candidate; should two codes ever share one, neither is taken here (-2) and
 * the careful path decides.
 */
const CACHE_BY_FIRST = new Int8Array(256).fill(-1);
/** Each code's bytes followed by the pipe that must end it. */
const CACHE_BYTES = CACHE_CODES.map((c) => Uint8Array.from(`${c}|`, (ch) => ch.charCodeAt(0)));
CACHE_CODES.forEach((c, i) => {
  const f = c.charCodeAt(0);
  CACHE_BY_FIRST[f] = CACHE_BY_FIRST[f] === -1 ? i : -2;
});

/** The value of the last readInt, in a typed array's slot so that passing a number back allocates nothing. */
const intValue = new Float64Array(1);

/**
 * Reads a whole number of 1 to 16 digits that is a safe integer (the line format's rule) from b[p..), which must
 * end at a pipe before e. Returns the pipe's index with the number in intValue, or -1.
 */
function readInt(b: Uint8Array, p: number, e: number): number {
  const stop = p + 16 < e ? p + 16 : e;
  let v = 0;
  let q = p;
  while (q < stop) {
    const c = b[q]!;
    if ((CLASS[c]! & DIGIT) === 0) break;
    v = v * 10 + (c - 48);
    q++;
  }
  if (q === p || q >= e || b[q] !== PIPE || !Number.isSafeInteger(v)) return -1;
  intValue[0] = v;
  return q;
}

/**
 * The first pipe in b[p..e), or -1. The first `probe` bytes are tried one by one (cheaper than a native call for
 * fields that are usually short); the rest is searched natively.
 */
function pipeIn(b: Buffer, p: number, e: number, probe: number): number {
  const stop = p + probe < e ? p + probe : e;
  for (; p < stop; p++) if (b[p] === PIPE) return p;
  if (p >= e) return -1;
  const q = b.indexOf(PIPE, p);
  return q < 0 || q >= e ? -1 : q;
}

/** Whether b[p..p + 32) are all hex digits; eight bytes a step with one branch, twice as fast as one by one. */
function isHex32(b: Uint8Array, p: number): boolean {
  for (let k = p; k < p + 32; k += 8) {
    const m = CLASS[b[k]!]! & CLASS[b[k + 1]!]! & CLASS[b[k + 2]!]! & CLASS[b[k + 3]!]! & CLASS[b[k + 4]!]! & CLASS[b[k + 5]!]! & CLASS[b[k + 6]!]! & CLASS[b[k + 7]!]!;
    if ((m & HEX) === 0) return false;
  }
  return true;
}

/** Records b[s..e) as field f in a row's ranges; empty and `-` are recorded as absent. */
function setNullable(ranges: Int32Array, b: Uint8Array, f: number, s: number, e: number): void {
  const absent = s === e || (e - s === 1 && b[s] === DASH);
  ranges[2 * f] = absent ? -1 : s;
  ranges[2 * f + 1] = absent ? -1 : e;
}

/**
 * Reads b[s..e) (one line without its line break) into row when it is a well-formed 12- or 15-field line and returns
 * true; returns false, with row in no particular state, as soon as anything is unusual.
 */
export function scanV1Line(b: Buffer, s: number, e: number, row: ByteRow): boolean {
  const ranges = row.ranges;
  // Cache status: one of the known codes and its pipe, matched byte for byte.
  const cache = CACHE_BY_FIRST[b[s]!]!;
  if (cache < 0 || s === e) return false;
  const want = CACHE_BYTES[cache]!;
  let p = s + want.length;
  if (p > e) return false;
  for (let k = 1; k < want.length; k++) if (b[s + k] !== want[k]) return false;
  // Status: three digits.
  let q: number;
  if (p + 3 >= e || b[p + 3] !== PIPE) return false;
  const d0 = b[p]! - 48;
  const d1 = b[p + 1]! - 48;
  const d2 = b[p + 2]! - 48;
  if (d0 < 0 || d0 > 9 || d1 < 0 || d1 > 9 || d2 < 0 || d2 > 9) return false;
  const status = d0 * 100 + d1 * 10 + d2;
  // Timestamp, bytes sent, pull zone id.
  q = readInt(b, p + 4, e);
  if (q < 0) return false;
  const ts = intValue[0]!;
  q = readInt(b, q + 1, e);
  if (q < 0) return false;
  const bytes = intValue[0]!;
  q = readInt(b, q + 1, e);
  if (q < 0) return false;
  const zone = intValue[0]!;
  // IP, referer: anything, `-` or empty for none.
  p = q + 1;
  q = pipeIn(b, p, e, 16);
  if (q < 0) return false;
  setNullable(ranges, b, F_IP, p, q);
  p = q + 1;
  // Half the lines or more have no referer: `-` and its pipe are checked outright.
  q = b[p] === DASH && b[p + 1] === PIPE && p + 1 < e ? p + 1 : pipeIn(b, p, e, 0);
  if (q < 0) return false;
  setNullable(ranges, b, F_REFERER, p, q);
  // URL and edge: anything but absent.
  p = q + 1;
  q = pipeIn(b, p, e, 0);
  if (q < 0 || q === p || (q - p === 1 && b[p] === DASH)) return false;
  ranges[2 * F_URL] = p;
  ranges[2 * F_URL + 1] = q;
  p = q + 1;
  q = pipeIn(b, p, e, 24);
  if (q < 0 || q === p || (q - p === 1 && b[p] === DASH)) return false;
  ranges[2 * F_EDGE] = p;
  ranges[2 * F_EDGE + 1] = q;
  // User agent: anything.
  p = q + 1;
  q = pipeIn(b, p, e, 0);
  if (q < 0) return false;
  setNullable(ranges, b, F_USER_AGENT, p, q);
  // Request id: 32 hex digits.
  p = q + 1;
  if (p + 32 >= e || b[p + 32] !== PIPE) return false;
  if (!isHex32(b, p)) return false;
  ranges[2 * F_REQUEST_ID] = p;
  ranges[2 * F_REQUEST_ID + 1] = p + 32;
  // Country: `-` or two letters or digits, then the end of the line or the extended fields.
  p += 33;
  let country2 = -1;
  if (p < e && b[p] === DASH) q = p + 1;
  else {
    if (p + 2 > e || (CLASS[b[p]!]! & ALNUM) === 0 || (CLASS[b[p + 1]!]! & ALNUM) === 0) return false;
    // Upper case: a lower-case letter loses its 0x20 bit; digits are left alone.
    const c0 = b[p]!;
    const c1 = b[p + 1]!;
    country2 = ((c0 >= 97 ? c0 - 32 : c0) << 8) | (c1 >= 97 ? c1 - 32 : c1);
    q = p + 2;
  }
  if (q === e) row.extended = false;
  else {
    // Body bytes, content range, authorization; the last runs to the end of the line and holds no pipe.
    if (b[q] !== PIPE) return false;
    q = readInt(b, q + 1, e);
    if (q < 0) return false;
    row.bodyBytesSent = intValue[0]!;
    p = q + 1;
    q = pipeIn(b, p, e, 16);
    if (q < 0) return false;
    setNullable(ranges, b, F_CONTENT_RANGE, p, q);
    p = q + 1;
    if (pipeIn(b, p, e, 16) >= 0) return false;
    setNullable(ranges, b, F_AUTHORIZATION, p, e);
    row.extended = true;
  }
  row.src = b;
  row.cacheCode = cache;
  row.statusCode = status;
  row.timestampMs = ts;
  row.bytesSent = bytes;
  row.pullZoneId = zone;
  row.country2 = country2;
  return true;
}
