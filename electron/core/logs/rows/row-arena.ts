/**
 * The column store's string arena: each row's string fields one after another as UTF-8 bytes behind a varint
 * length prefix (0 = absent, n + 1 = n bytes); a request id of 32 hex characters is packed into 16 bytes behind a
 * 0 prefix. It doubles when full and is addressed with 32-bit offsets, so it holds at most 4 GiB; fields are
 * decoded only when read.
 */
import { resized } from './byte-dict.js';

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
const MAX_ARENA = 0xffff_ffff;

function hexNibble(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  const l = c | 0x20;
  return l >= 97 && l <= 102 ? l - 87 : -1;
}

/** A growable arena of row fields, written at its end and read by a row's start offset. */
export class RowArena {
  private data: Uint8Array;
  private text: Buffer;
  private end: number;
  private varintEnd = 0;

  /** An arena over `data`, of which the first `used` bytes are written. */
  constructor(data: Uint8Array, used: number) {
    this.data = data;
    this.end = used;
    this.text = Buffer.from(data.buffer, data.byteOffset, data.length);
  }

  /** The arena's bytes, its whole capacity (the store's own array, not a copy). */
  get bytes(): Uint8Array {
    return this.data;
  }

  /** Bytes written so far: where the next field goes. */
  get used(): number {
    return this.end;
  }

  /** Forgets the bytes written from `used` on (the last row's, when a row is taken back). */
  rewindTo(used: number): void {
    if (used >= 0 && used <= this.end) this.end = used;
  }

  /** Gives back the capacity past the bytes written. */
  trim(): void {
    this.setData(resized(this.data, this.end));
  }

  /** The n-th field (0 ip, 1 referer, 2 url, 4 range, 5 authorization) of the row starting at `start`; null when absent. */
  field(start: number, n: number): string | null {
    const p = this.skip(start, n);
    const v = this.readVarint(p);
    if (v === 0) return null;
    const s = this.varintEnd;
    return this.text.toString('utf8', s, s + v - 1);
  }

  /** The request id of the row starting at `start`, unpacked to hex when it was packed. */
  requestId(start: number): string {
    let p = this.skip(start, 3);
    const v = this.readVarint(p);
    p = this.varintEnd;
    if (v === 0) {
      let s = '';
      for (let k = 0; k < 16; k++) s += HEX[this.data[p + k]!];
      return s;
    }
    return this.text.toString('utf8', p, p + v - 1);
  }

  /** Makes room for `extra` more bytes, doubling as needed; past 4 GiB it throws a RangeError. */
  reserve(extra: number): void {
    const need = this.end + extra;
    if (need <= this.data.length) return;
    if (need > MAX_ARENA) throw new RangeError('The log rows exceed the 4 GiB a store can hold');
    let size = Math.max(1024, this.data.length * 2);
    while (size < need) size *= 2;
    this.setData(resized(this.data, Math.min(size, MAX_ARENA)));
  }

  private setData(a: Uint8Array): void {
    this.data = a;
    this.text = Buffer.from(a.buffer, a.byteOffset, a.length);
  }

  private putVarint(v: number): void {
    while (v >= 0x80) {
      this.data[this.end++] = (v & 0x7f) | 0x80;
      v >>>= 7;
    }
    this.data[this.end++] = v;
  }

  /** A field as a length prefix (0 = absent, n + 1 = n bytes) and its bytes; a start of -1 is an absent field. */
  putBytes(src: Uint8Array, start: number, end: number): void {
    if (start < 0) return this.putVarint(0);
    this.putVarint(end - start + 1);
    const a = this.data;
    let at = this.end;
    // Short fields copy faster byte by byte than through a subarray view.
    if (end - start > 64) a.set(src.subarray(start, end), at);
    else for (let k = start; k < end; k++) a[at++] = src[k]!;
    this.end += end - start;
  }

  /** A field already encoded as UTF-8; null is an absent field. */
  putEncoded(b: Buffer | null): void {
    if (b === null) return this.putVarint(0);
    this.putBytes(b, 0, b.length);
  }

  /** A request id of 32 hex characters is packed into 16 bytes behind a 0 prefix; anything else is kept as text. */
  putRequestId(src: Uint8Array, start: number, end: number): void {
    if (end - start === 32) {
      const at = this.end + 1;
      let ok = true;
      for (let k = 0; k < 16 && ok; k++) {
        const hi = hexNibble(src[start + 2 * k]!);
        const lo = hexNibble(src[start + 2 * k + 1]!);
        ok = hi >= 0 && lo >= 0;
        this.data[at + k] = (hi << 4) | lo;
      }
      if (ok) {
        this.data[this.end] = 0;
        this.end = at + 16;
        return;
      }
    }
    this.putBytes(src, start < 0 ? 0 : start, start < 0 ? 0 : end);
  }

  private readVarint(p: number): number {
    let v = 0;
    let shift = 0;
    for (;;) {
      const b = this.data[p++]!;
      v += (b & 0x7f) * 2 ** shift;
      if (b < 0x80) break;
      shift += 7;
    }
    this.varintEnd = p;
    return v;
  }

  /** The position of the n-th field of a row (0 ip, 1 referer, 2 url, 3 request id, 4 range, 5 authorization). */
  private skip(p: number, n: number): number {
    for (let f = 0; f < n; f++) {
      const v = this.readVarint(p);
      p = this.varintEnd + (f === 3 && v === 0 ? 16 : Math.max(0, v - 1));
    }
    return p;
  }
}
