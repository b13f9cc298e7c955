/** A dictionary of byte strings for the column store: a value's code is found from its bytes, without building a string. */
/** The typed arrays the store and the dictionary grow. */
export type Column = Float64Array | Uint32Array | Int32Array | Int16Array | Uint16Array | Uint8Array;

/** A copy of `a` with room for `size` elements (or cut to it). */
export function resized<A extends Column>(a: A, size: number): A {
  const b = new (a.constructor as new (n: number) => A)(size);
  b.set(a.length <= size ? a : (a.subarray(0, size) as A));
  return b;
}

/** A dictionary's contents as transferable arrays. */
export interface ByteDictSnapshot {
  readonly bytes: Uint8Array;
  readonly starts: Uint32Array;
  readonly hashes: Int32Array;
}

/** FNV-1a over a byte range. */
function hashBytes(src: Uint8Array, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let k = start; k < end; k++) h = Math.imul(h ^ src[k]!, 0x01000193);
  return h | 0;
}

/**
 * Strings interned by their UTF-8 bytes: looking a value up from a byte range builds no string, and each distinct
 * value is decoded once, when it is first read. Codes run from 0 in order of first appearance.
 */
export class ByteDict {
  size = 0;
  private bytes: Uint8Array = new Uint8Array(256);
  private used = 0;
  /** starts[c] .. starts[c + 1] are the bytes of code c. */
  private starts: Uint32Array = new Uint32Array(17);
  private hashes: Int32Array = new Int32Array(16);
  /** Open addressing: code + 1 per slot, 0 when empty; never more than half full. */
  private table = new Int32Array(32);
  private readonly decoded: (string | undefined)[] = [];
  private readonly byString = new Map<string, number>();

  /** A dictionary over a snapshot, its lookup table rebuilt from the stored hashes. */
  static fromSnapshot(s: ByteDictSnapshot): ByteDict {
    const d = new ByteDict();
    d.size = s.hashes.length;
    d.bytes = s.bytes;
    d.used = s.bytes.length;
    d.starts = s.starts;
    d.hashes = s.hashes;
    let slots = 32;
    while (slots < d.size * 2 + 2) slots *= 2;
    d.rehash(slots);
    return d;
  }

  /** The buffers of a snapshot, for a transfer list. */
  static transferList(s: ByteDictSnapshot): ArrayBufferLike[] {
    return [s.bytes.buffer, s.starts.buffer, s.hashes.buffer];
  }

  /** Bytes held, capacity included. */
  get byteSize(): number {
    return this.bytes.byteLength + this.starts.byteLength + this.hashes.byteLength + this.table.byteLength;
  }

  /** The code of the bytes src[start..end), added when new. */
  intern(src: Uint8Array, start: number, end: number): number {
    const h = hashBytes(src, start, end);
    const mask = this.table.length - 1;
    const len = end - start;
    for (let slot = h & mask; ; slot = (slot + 1) & mask) {
      const entry = this.table[slot]!;
      if (entry === 0) break;
      const c = entry - 1;
      if (this.hashes[c] !== h) continue;
      const s = this.starts[c]!;
      if (this.starts[c + 1]! - s !== len) continue;
      const bytes = this.bytes;
      let k = 0;
      while (k < len && bytes[s + k] === src[start + k]) k++;
      if (k === len) return c;
    }
    return this.add(src, start, end, h);
  }

  /** The code of a string, added when new. */
  internString(value: string): number {
    const known = this.byString.get(value);
    if (known !== undefined) return known;
    const b = Buffer.from(value, 'utf8');
    const code = this.intern(b, 0, b.length);
    this.byString.set(value, code);
    return code;
  }

  /** The string of a code (decoded on first use). */
  get(code: number): string {
    const cached = this.decoded[code];
    if (cached !== undefined) return cached;
    if (code < 0 || code >= this.size) return '';
    const s = Buffer.from(this.bytes.buffer, this.bytes.byteOffset, this.used).toString('utf8', this.starts[code], this.starts[code + 1]);
    this.decoded[code] = s;
    return s;
  }

  /** The contents trimmed to size; the arrays are this dictionary's own. */
  snapshot(): ByteDictSnapshot {
    this.bytes = this.bytes.slice(0, this.used);
    this.starts = this.starts.slice(0, this.size + 1);
    this.hashes = this.hashes.slice(0, this.size);
    return { bytes: this.bytes, starts: this.starts, hashes: this.hashes };
  }

  private add(src: Uint8Array, start: number, end: number, h: number): number {
    const c = this.size;
    const len = end - start;
    if (this.used + len > this.bytes.length) {
      let n = Math.max(256, this.bytes.length * 2);
      while (n < this.used + len) n *= 2;
      this.bytes = resized(this.bytes, n);
    }
    // A dictionary rebuilt from a snapshot is trimmed to size, possibly to nothing: grow from at least 16.
    if (c + 2 > this.starts.length) this.starts = resized(this.starts, Math.max(17, this.starts.length * 2));
    if (c + 1 > this.hashes.length) this.hashes = resized(this.hashes, Math.max(16, this.hashes.length * 2));
    this.bytes.set(src.subarray(start, end), this.used);
    this.used += len;
    this.starts[c + 1] = this.used;
    this.hashes[c] = h;
    this.size = c + 1;
    if (this.size * 2 > this.table.length) this.rehash(this.table.length * 2);
    else this.place(c);
    return c;
  }

  private place(c: number): void {
    const mask = this.table.length - 1;
    let slot = this.hashes[c]! & mask;
    while (this.table[slot] !== 0) slot = (slot + 1) & mask;
    this.table[slot] = c + 1;
  }

  private rehash(slots: number): void {
    this.table = new Int32Array(slots);
    for (let c = 0; c < this.size; c++) this.place(c);
  }
}
