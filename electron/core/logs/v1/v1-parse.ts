/**
 * A streaming, byte-level parser for v1 log lines: chunks of any size in, lines split on LF, validated from the
 * bytes into a ColumnStore; bad lines counted by reason with samples, and nothing makes it throw. scanV1Line takes
 * the well-formed lines; the rest are read here field by field. Together they accept what parseV1Line accepts,
 * except a leading BOM (skipped) and a line over maxLineBytes ('line-too-long'). A line without exactly 12 or 15
 * fields is refused ('field-count'): a pipe inside a field cannot be placed.
 */
import { maskAuthorization } from '../../../../shared/logs/authorization.js';
import type { V1RejectReason } from '../../../../shared/logs/v1-line.js';
import { F_AUTHORIZATION, F_CONTENT_RANGE, F_EDGE, F_IP, F_REFERER, F_REQUEST_ID, F_URL, F_USER_AGENT, newByteRow, type ByteRow } from '../rows/columns.js';
import { UNKNOWN_CACHE } from '../rows/byte-row.js';
import { CACHE_STATUS_MAX_CHARS } from '../../../../shared/logs/cache-status.js';
import { CACHE_CODES } from '../rows/types.js';
import { scanV1Line } from './v1-scan.js';

/** Why a line was refused: the line format's reasons plus one for lines too long to hold. */
export type V1MalformedReason = V1RejectReason | 'line-too-long';

/** A refused line, for the list of malformed lines. */
export interface V1MalformedSample {
  /** 1-based line number in the stream. */
  readonly line: number;
  readonly reason: V1MalformedReason;
  /** The start of the line, at most sampleChars characters. */
  readonly text: string;
}

/** Limits of a V1StreamParser. */
export interface V1ParserOptions {
  /** Malformed lines kept as samples (the count goes on past it). Default 1000. */
  readonly maxSamples?: number;
  /** Characters of a malformed line kept in its sample. Default 200. */
  readonly sampleChars?: number;
  /** Longest line accepted, in bytes. Default 1 MiB. */
  readonly maxLineBytes?: number;
  /**
   * Whether the bytes start the file (default true). A part of a file read on its own starts at a line start
   * further in, where a byte order mark is just text.
   */
  readonly startsFile?: boolean;
}

const CR = 0x0d;
const LF = 0x0a;
const PIPE = 0x7c;
const DASH = 0x2d;
const CACHE_BYTES = CACHE_CODES.map((c) => Buffer.from(c, 'latin1'));

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isAlnum(c: number): boolean {
  const l = c | 0x20;
  return isDigit(c) || (l >= 97 && l <= 122);
}

/** An ASCII letter or digit in upper case. */
function upper(c: number): number {
  return c >= 97 ? c - 32 : c;
}

/** A whole number of 1 to 16 ASCII digits that is a safe integer, else -1 (the rule parseV1Line applies). */
function safeInt(b: Uint8Array, s: number, e: number): number {
  const n = e - s;
  if (n < 1 || n > 16) return -1;
  let v = 0;
  for (let k = s; k < e; k++) {
    const c = b[k]!;
    if (!isDigit(c)) return -1;
    v = v * 10 + (c - 48);
  }
  return Number.isSafeInteger(v) ? v : -1;
}

/** Empty or `-`: the format's ways of saying absent. */
function isAbsent(b: Uint8Array, s: number, e: number): boolean {
  return s === e || (e - s === 1 && b[s] === DASH);
}

function cacheCodeOf(b: Uint8Array, s: number, e: number): number {
  const n = e - s;
  for (let c = 0; c < CACHE_BYTES.length; c++) {
    const want = CACHE_BYTES[c]!;
    if (want.length !== n) continue;
    let k = 0;
    while (k < n && b[s + k] === want[k]) k++;
    if (k === n) return c;
  }
  return -1;
}

/**
 * Whether b[s..e) can be a cache status: at most 64 characters without white space (the rule of
 * isCacheStatusText; pipes cannot occur inside a field).
 */
function isWord(b: Uint8Array, s: number, e: number): boolean {
  const t = textOf(b, s, e);
  return t.length > 0 && t.length <= CACHE_STATUS_MAX_CHARS && !/\s/.test(t);
}

/**
 * A malformed line's sample as it may be shown: the 15th field on (a visitor's Authorization header, with extended
 * logging) masked, scheme kept, as everywhere else; samples reach the screen and the CLI.
 */
function withoutCredential(text: string): string {
  const f = text.split('|');
  if (f.length < 15) return text;
  return [...f.slice(0, 14), ...f.slice(14).map((v) => (v === '' || v === '-' ? v : (maskAuthorization(v) ?? v)))].join('|');
}

function textOf(b: Uint8Array, s: number, e: number): string {
  return Buffer.from(b.buffer, b.byteOffset, b.length).toString('utf8', s, e);
}

/**
 * Where accepted rows go: a ColumnStore, or anything else that reads a ByteRow during the call (an aggregate
 * that keeps no rows, for instance). The row and its source buffer are reused after the call returns.
 */
export interface V1RowSink {
  appendBytes(row: ByteRow): void;
}

/** Parses v1 lines from a byte stream into a row sink (normally a ColumnStore). */
export class V1StreamParser {
  /** Lines seen (accepted and malformed); the empty remainder after a final newline is not a line. */
  lines = 0;
  malformed = 0;
  /** Malformed lines by reason. */
  readonly malformedByReason = new Map<V1MalformedReason, number>();
  private readonly sampleList: V1MalformedSample[] = [];
  private readonly maxSamples: number;
  private readonly sampleChars: number;
  private readonly maxLineBytes: number;
  private readonly row = newByteRow();
  /** Field starts and ends of the current line; a sixteenth field is enough to know the count is wrong. */
  private readonly fs = new Int32Array(16);
  private readonly fe = new Int32Array(16);
  private carry: Buffer = Buffer.alloc(4096);
  private carried = 0;
  /** The line in carry passed maxLineBytes: the rest of it is dropped up to the next newline. */
  private overflow = false;
  private started = false;

  constructor(
    private readonly store: V1RowSink,
    options: V1ParserOptions = {},
  ) {
    this.maxSamples = options.maxSamples ?? 1000;
    this.sampleChars = options.sampleChars ?? 200;
    this.maxLineBytes = options.maxLineBytes ?? 1024 * 1024;
    this.started = options.startsFile === false;
  }

  /** The first malformed lines, in order (up to maxSamples). */
  samples(): readonly V1MalformedSample[] {
    return this.sampleList;
  }

  /** Feeds the next chunk; lines may be split anywhere between chunks. */
  push(chunk: Uint8Array): void {
    // Buffer's indexOf is a native byte search; a view costs nothing and nothing is copied.
    const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let p = 0;
    if (this.carried > 0 || this.overflow) {
      const nl = b.indexOf(LF);
      if (nl < 0) return this.keep(b, 0, b.length);
      this.keep(b, 0, nl);
      this.finishCarry();
      p = nl + 1;
    }
    for (;;) {
      const nl = b.indexOf(LF, p);
      if (nl < 0) break;
      this.line(b, p, nl);
      p = nl + 1;
    }
    if (p < b.length) this.keep(b, p, b.length);
  }

  /** Ends the stream: a last line without a newline is parsed now. */
  end(): void {
    if (this.carried > 0 || this.overflow) this.finishCarry();
  }

  private keep(b: Uint8Array, s: number, e: number): void {
    if (this.overflow) return;
    let need = this.carried + (e - s);
    if (need > this.maxLineBytes + 1) {
      // Keep only what a sample shows; the line is refused when its end arrives.
      this.overflow = true;
      need = Math.max(this.carried, Math.min(need, this.sampleChars * 4));
      e = s + (need - this.carried);
    }
    if (need > this.carry.length) {
      let n = this.carry.length * 2;
      while (n < need) n *= 2;
      const c = Buffer.alloc(n);
      c.set(this.carry.subarray(0, this.carried));
      this.carry = c;
    }
    this.carry.set(b.subarray(s, e), this.carried);
    this.carried = need;
  }

  private finishCarry(): void {
    if (this.overflow) {
      this.lines++;
      this.started = true;
      this.reject('line-too-long', this.carry, 0, this.carried);
      this.overflow = false;
    } else {
      this.line(this.carry, 0, this.carried);
    }
    this.carried = 0;
  }

  private reject(reason: V1MalformedReason, b: Uint8Array, s: number, e: number): void {
    this.malformed++;
    this.malformedByReason.set(reason, (this.malformedByReason.get(reason) ?? 0) + 1);
    if (this.sampleList.length < this.maxSamples) {
      const text = withoutCredential(textOf(b, s, Math.min(e, s + this.sampleChars * 4)).slice(0, this.sampleChars));
      this.sampleList.push({ line: this.lines, reason, text });
    }
  }

  /** Splits b[s..e) at its pipes into fs/fe and returns the field count (16 means too many). */
  private split(b: Buffer, s: number, e: number): number {
    const fs = this.fs;
    const fe = this.fe;
    let n = 0;
    fs[0] = s;
    let q = b.indexOf(PIPE, s);
    while (q >= 0 && q < e) {
      fe[n] = q;
      if (++n === 16) return n;
      fs[n] = q + 1;
      q = b.indexOf(PIPE, q + 1);
    }
    fe[n++] = e;
    return n;
  }

  /** One line, b[s..e) without its LF. */
  private line(b: Buffer, s: number, e: number): void {
    this.lines++;
    if (!this.started) {
      this.started = true;
      if (e - s >= 3 && b[s] === 0xef && b[s + 1] === 0xbb && b[s + 2] === 0xbf) s += 3;
    }
    if (e > s && b[e - 1] === CR) e--;
    if (e - s > this.maxLineBytes) return this.reject('line-too-long', b, s, e);
    if (scanV1Line(b, s, e, this.row)) return this.store.appendBytes(this.row);
    this.carefulLine(b, s, e);
  }

  /** A line the fast path passed on: checked field by field in the line format's order, for the reason. */
  private carefulLine(b: Buffer, s: number, e: number): void {
    if (s === e) return this.reject('empty', b, s, e);
    const fs = this.fs;
    const fe = this.fe;
    const n = this.split(b, s, e);
    if (n !== 12 && n !== 15) {
      // Whitespace alone is an empty line to the line format, including non-ASCII spaces; only then is it decoded.
      const reason = n === 1 && textOf(b, s, e).trim() === '' ? 'empty' : 'field-count';
      return this.reject(reason, b, s, e);
    }
    // A known status by its code; an empty field is none; any other word is kept as it came (the store numbers it).
    let cache = cacheCodeOf(b, fs[0]!, fe[0]!);
    if (cache < 0) {
      if (fs[0] === fe[0]) cache = -1;
      else if (isWord(b, fs[0]!, fe[0]!)) cache = UNKNOWN_CACHE;
      else return this.reject('cache-status', b, s, e);
    }
    const ss = fs[1]!;
    if (fe[1]! - ss !== 3 || !isDigit(b[ss]!) || !isDigit(b[ss + 1]!) || !isDigit(b[ss + 2]!)) return this.reject('status-code', b, s, e);
    const ts = safeInt(b, fs[2]!, fe[2]!);
    if (ts < 0) return this.reject('timestamp', b, s, e);
    const bytes = safeInt(b, fs[3]!, fe[3]!);
    if (bytes < 0) return this.reject('bytes-sent', b, s, e);
    const zone = safeInt(b, fs[4]!, fe[4]!);
    if (zone < 0) return this.reject('pull-zone-id', b, s, e);
    let country2 = -1;
    const cs = fs[11]!;
    if (!(fe[11]! - cs === 1 && b[cs] === DASH)) {
      if (fe[11]! - cs !== 2 || !isAlnum(b[cs]!) || !isAlnum(b[cs + 1]!)) return this.reject('country', b, s, e);
      country2 = (upper(b[cs]!) << 8) | upper(b[cs + 1]!);
    }
    const row = this.row;
    row.extended = n === 15;
    if (row.extended) {
      const body = safeInt(b, fs[12]!, fe[12]!);
      if (body < 0) return this.reject('body-bytes-sent', b, s, e);
      row.bodyBytesSent = body;
    }
    row.src = b;
    row.cacheCode = cache;
    row.cacheStart = fs[0]!;
    row.cacheEnd = fe[0]!;
    row.statusCode = (b[ss]! - 48) * 100 + (b[ss + 1]! - 48) * 10 + (b[ss + 2]! - 48);
    row.timestampMs = ts;
    row.bytesSent = bytes;
    row.pullZoneId = zone;
    row.country2 = country2;
    this.range(F_IP, 5, true);
    this.range(F_REFERER, 6, true);
    this.range(F_URL, 7, true);
    this.range(F_EDGE, 8, true);
    this.range(F_USER_AGENT, 9, true);
    this.range(F_REQUEST_ID, 10, true);
    if (row.extended) {
      this.range(F_CONTENT_RANGE, 13, true);
      this.range(F_AUTHORIZATION, 14, true);
    }
    this.store.appendBytes(row);
  }

  private range(field: number, index: number, nullable: boolean): void {
    const s = this.fs[index]!;
    const e = this.fe[index]!;
    const absent = nullable && isAbsent(this.row.src, s, e);
    this.row.ranges[2 * field] = absent ? -1 : s;
    this.row.ranges[2 * field + 1] = absent ? -1 : e;
  }
}
