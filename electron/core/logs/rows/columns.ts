/**
 * The columnar row store behind the logs table, charts and filters: numbers in typed columns, few-valued strings
 * (country, edge, user agent, pull zone) as dictionary codes, the other strings as UTF-8 bytes in one arena,
 * decoded only when a row is read; columns double when full. Cache statuses are codes (CACHE_CODES first, then
 * this store's own; -1 for none). The arena has 32-bit offsets: past 4 GiB of string bytes, appending throws.
 */
import type { CdnLogRecord } from '../../../../shared/logs/log-record.js';
import { ByteDict, resized } from './byte-dict.js';
import { BYTE_FIELDS, UNKNOWN_CACHE, F_AUTHORIZATION, F_CONTENT_RANGE, F_EDGE, F_IP, F_REFERER, F_REQUEST_ID, F_URL, F_USER_AGENT, type ByteRow } from './byte-row.js';
import type { ColumnsSnapshot } from './columns-snapshot.js';
import { RowArena } from './row-arena.js';
import { CACHE_CODES, type RowsView } from './types.js';

export { F_AUTHORIZATION, F_CONTENT_RANGE, F_EDGE, F_IP, F_REFERER, F_REQUEST_ID, F_URL, F_USER_AGENT, newByteRow, type ByteRow } from './byte-row.js';
export { snapshotTransferList, type ColumnsSnapshot } from './columns-snapshot.js';

/** Distinct cache statuses one store keeps apart; a status past them is stored as none (a log has a handful). */
const MAX_CACHE_NAMES = 0x7fff;

/** A growable columnar store of log rows; reads never build an object unless record() is asked for. */
export class ColumnStore implements RowsView {
  length = 0;
  private cap: number;
  private ts: Float64Array;
  private status: Int32Array;
  private cache: Int16Array;
  /** Cache statuses by code: CACHE_CODES first, then the others in order of first appearance. */
  private readonly cacheNames: string[] = [...CACHE_CODES];
  private readonly cacheIndex = new Map<string, number>(CACHE_CODES.map((s, i) => [s, i]));
  private bytes: Float64Array;
  private countryCol: Int16Array;
  private edgeCol: Int32Array;
  private uaCol: Int32Array;
  private zoneCol: Int32Array;
  private rowStart: Uint32Array;
  private body: Float64Array | null = null;
  private readonly arena: RowArena;
  private readonly zones: number[] = [];
  private readonly zoneIndex = new Map<number, number>();
  private lastZone = 0;
  private lastZoneCode = -1;
  private readonly countries: ByteDict;
  private readonly edges: ByteDict;
  private readonly userAgents: ByteDict;
  /** Upper-case two-byte country keys to their code + 1 (0 = not seen yet). */
  private readonly countryByKey = new Uint16Array(65536);
  private readonly scratch = new Uint8Array(2);

  /** Capacity is only a starting point (it doubles as needed); a good guess saves the copies of growing. */
  constructor(initialRows = 1024, initialArenaBytes = initialRows * 64, snapshot?: ColumnsSnapshot) {
    if (snapshot !== undefined) {
      this.length = snapshot.length;
      this.cap = snapshot.timestamp.length;
      this.ts = snapshot.timestamp;
      this.status = snapshot.statusCode;
      this.cache = snapshot.cacheCode;
      this.cacheNames.length = 0;
      this.cacheIndex.clear();
      snapshot.cacheNames.forEach((name, i) => (this.cacheNames.push(name), this.cacheIndex.set(name, i)));
      this.bytes = snapshot.bytesSent;
      this.countryCol = snapshot.countryCode;
      this.edgeCol = snapshot.edgeCode;
      this.uaCol = snapshot.userAgentCode;
      this.zoneCol = snapshot.zoneCode;
      this.rowStart = snapshot.rowStart;
      this.body = snapshot.body;
      this.arena = new RowArena(snapshot.arena, snapshot.arena.length);
      snapshot.zones.forEach((z, i) => (this.zones.push(z), this.zoneIndex.set(z, i)));
      this.countries = ByteDict.fromSnapshot(snapshot.countries);
      this.edges = ByteDict.fromSnapshot(snapshot.edges);
      this.userAgents = ByteDict.fromSnapshot(snapshot.userAgents);
      for (let c = 0; c < this.countries.size; c++) {
        const s = this.countries.get(c);
        if (s.length === 2 && s.charCodeAt(0) < 128 && s.charCodeAt(1) < 128) this.countryByKey[(s.charCodeAt(0) << 8) | s.charCodeAt(1)] = c + 1;
      }
    } else {
      const n = Math.max(16, initialRows);
      this.cap = n;
      this.ts = new Float64Array(n);
      this.status = new Int32Array(n);
      this.cache = new Int16Array(n);
      this.bytes = new Float64Array(n);
      this.countryCol = new Int16Array(n);
      this.edgeCol = new Int32Array(n);
      this.uaCol = new Int32Array(n);
      this.zoneCol = new Int32Array(n);
      this.rowStart = new Uint32Array(n);
      this.arena = new RowArena(new Uint8Array(Math.max(1024, initialArenaBytes)), 0);
      this.countries = new ByteDict();
      this.edges = new ByteDict();
      this.userAgents = new ByteDict();
    }
  }

  /** A store over a snapshot taken (and perhaps transferred from another thread) with snapshot(). */
  static fromSnapshot(snapshot: ColumnsSnapshot): ColumnStore {
    return new ColumnStore(0, 0, snapshot);
  }

  /** Bytes held by the columns, the arena and the dictionaries (capacity, not just what is used). */
  get byteSize(): number {
    const cols = [this.ts, this.status, this.cache, this.bytes, this.countryCol, this.edgeCol, this.uaCol, this.zoneCol, this.rowStart];
    const colBytes = cols.reduce((sum, c) => sum + c.byteLength, 0) + (this.body?.byteLength ?? 0);
    return colBytes + this.arena.bytes.byteLength + this.countries.byteSize + this.edges.byteSize + this.userAgents.byteSize + this.countryByKey.byteLength;
  }

  /**
   * Bytes the rows fill: each column up to the last row, the arena's written bytes, and the dictionaries. A column's
   * capacity past its rows is memory a fresh array has not touched (the system hands such pages out on first write),
   * so this, not byteSize, is what the rows cost in resident memory while a store grows.
   */
  get usedBytes(): number {
    const cols = [this.ts, this.status, this.cache, this.bytes, this.countryCol, this.edgeCol, this.uaCol, this.zoneCol, this.rowStart];
    const perRow = cols.reduce((sum, c) => sum + c.BYTES_PER_ELEMENT, 0) + (this.body === null ? 0 : this.body.BYTES_PER_ELEMENT);
    return this.length * perRow + this.arena.used + this.countries.byteSize + this.edges.byteSize + this.userAgents.byteSize + this.countryByKey.byteLength;
  }

  /** Appends a row given as numbers and byte ranges (see ByteRow); the bytes are copied, src may be reused. */
  appendBytes(row: ByteRow): void {
    const i = this.beginRow();
    const r = row.ranges;
    const src = row.src;
    this.ts[i] = row.timestampMs;
    this.status[i] = row.statusCode;
    this.cache[i] = row.cacheCode === UNKNOWN_CACHE ? this.cacheCodeOf(Buffer.from(src.buffer, src.byteOffset, src.length).toString('utf8', row.cacheStart, row.cacheEnd)) : row.cacheCode;
    this.bytes[i] = row.bytesSent;
    this.zoneCol[i] = this.zoneCodeOf(row.pullZoneId);
    this.countryCol[i] = row.country2 < 0 ? -1 : this.countryFromKey(row.country2);
    this.edgeCol[i] = r[2 * F_EDGE]! < 0 ? -1 : this.edges.intern(src, r[2 * F_EDGE]!, r[2 * F_EDGE + 1]!);
    this.uaCol[i] = r[2 * F_USER_AGENT]! < 0 ? -1 : this.userAgents.intern(src, r[2 * F_USER_AGENT]!, r[2 * F_USER_AGENT + 1]!);
    let need = 40;
    for (let f = 0; f < BYTE_FIELDS; f++) if (r[2 * f]! >= 0) need += r[2 * f + 1]! - r[2 * f]!;
    this.arena.reserve(need);
    this.rowStart[i] = this.arena.used;
    this.arena.putBytes(src, r[2 * F_IP]!, r[2 * F_IP + 1]!);
    this.arena.putBytes(src, r[2 * F_REFERER]!, r[2 * F_REFERER + 1]!);
    this.arena.putBytes(src, r[2 * F_URL]!, r[2 * F_URL + 1]!);
    this.arena.putRequestId(src, r[2 * F_REQUEST_ID]!, r[2 * F_REQUEST_ID + 1]!);
    this.setBody(i, row.extended ? row.bodyBytesSent : NaN);
    if (row.extended) {
      this.arena.putBytes(src, r[2 * F_CONTENT_RANGE]!, r[2 * F_CONTENT_RANGE + 1]!);
      this.arena.putBytes(src, r[2 * F_AUTHORIZATION]!, r[2 * F_AUTHORIZATION + 1]!);
    }
    this.length = i + 1;
  }

  /**
   * Takes back the row appended last (a reader that filters as it reads appends, looks, and may let it go). Values
   * it added to the dictionaries stay there, unused.
   */
  dropLast(): void {
    if (this.length === 0) return;
    this.length--;
    this.arena.rewindTo(this.rowStart[this.length]!);
  }

  /** Appends a decoded record (for v2 pages, which arrive as objects). */
  appendRecord(rec: CdnLogRecord): void {
    const i = this.beginRow();
    this.ts[i] = rec.timestampMs;
    this.status[i] = rec.statusCode;
    this.cache[i] = this.cacheCodeOf(rec.cacheStatus);
    this.bytes[i] = rec.bytesSent;
    this.zoneCol[i] = this.zoneCodeOf(rec.pullZoneId);
    const country = rec.countryCode === null ? -1 : this.countries.internString(rec.countryCode);
    // Country codes are two characters; a store with tens of thousands of distinct ones is not a log.
    if (country > 0x7fff) throw new RangeError('Too many distinct country codes for one store');
    this.countryCol[i] = country;
    this.edgeCol[i] = rec.edgeLocation === null ? -1 : this.edges.internString(rec.edgeLocation);
    this.uaCol[i] = rec.userAgent === null ? -1 : this.userAgents.internString(rec.userAgent);
    const x = rec.extended;
    const parts = [rec.remoteIp, rec.referer, rec.url, x?.contentRange ?? null, x?.authorizationHeader ?? null];
    const encoded = parts.map((p) => (p === null ? null : Buffer.from(p, 'utf8')));
    // A missing request id is kept as an empty one (read back as null); 32 lower-case hex digits are packed.
    const rid = rec.requestId ?? '';
    const packed = /^[0-9a-f]{32}$/.test(rid);
    const id = packed ? null : Buffer.from(rid, 'utf8');
    this.arena.reserve(40 + encoded.reduce((s, b) => s + (b?.length ?? 0), 0) + (id?.length ?? 16));
    this.rowStart[i] = this.arena.used;
    for (let f = 0; f < 3; f++) this.arena.putEncoded(encoded[f] ?? null);
    if (id === null) this.arena.putRequestId(Buffer.from(rid, 'latin1'), 0, 32);
    else this.arena.putEncoded(id);
    this.setBody(i, x === undefined ? NaN : x.bodyBytesSent);
    if (x !== undefined) {
      this.arena.putEncoded(encoded[3] ?? null);
      this.arena.putEncoded(encoded[4] ?? null);
    }
    this.length = i + 1;
  }

  timestamp(i: number): number {
    return this.ts[i]!;
  }
  statusCode(i: number): number {
    return this.status[i]!;
  }
  cacheCode(i: number): number {
    return this.cache[i]!;
  }
  cacheName(code: number): string | null {
    return code < 0 ? null : (this.cacheNames[code] ?? null);
  }
  get cacheCount(): number {
    return this.cacheNames.length;
  }
  /** The code of a cache status, a new one for a status the store has not met; -1 for none. */
  cacheCodeOf(name: string | null): number {
    if (name === null || name === '') return -1;
    const known = this.cacheIndex.get(name);
    if (known !== undefined) return known;
    if (this.cacheNames.length >= MAX_CACHE_NAMES) return -1;
    const code = this.cacheNames.push(name) - 1;
    this.cacheIndex.set(name, code);
    return code;
  }
  bytesSent(i: number): number {
    return this.bytes[i]!;
  }
  countryCode(i: number): number {
    return this.countryCol[i]!;
  }
  edgeCode(i: number): number {
    return this.edgeCol[i]!;
  }
  /** The user agent's dictionary code, -1 when absent (for grouping without decoding). */
  userAgentCode(i: number): number {
    return this.uaCol[i]!;
  }
  pullZoneId(i: number): number {
    return this.zones[this.zoneCol[i]!]!;
  }
  country(code: number): string {
    return this.countries.get(code);
  }
  /** The user agent behind a dictionary code (see userAgentCode). */
  userAgentName(code: number): string {
    return this.userAgents.get(code);
  }
  /** How many distinct user agents the store has seen (codes run from 0 to size - 1). */
  get userAgentCount(): number {
    return this.userAgents.size;
  }
  edge(code: number): string {
    return this.edges.get(code);
  }
  /** How many distinct countries and edges the store has seen (codes run from 0 to size - 1). */
  get countryCount(): number {
    return this.countries.size;
  }
  get edgeCount(): number {
    return this.edges.size;
  }
  remoteIp(i: number): string | null {
    return this.field(i, 0);
  }
  referer(i: number): string | null {
    return this.field(i, 1);
  }
  url(i: number): string {
    return this.field(i, 2) ?? '';
  }
  userAgent(i: number): string | null {
    const c = this.uaCol[i]!;
    return c < 0 ? null : this.userAgents.get(c);
  }
  requestId(i: number): string | null {
    const id = this.arena.requestId(this.rowStart[i]!);
    return id === '' ? null : id;
  }

  record(i: number): CdnLogRecord {
    const edge = this.edgeCol[i]!;
    const country = this.countryCol[i]!;
    const rec: CdnLogRecord = {
      timestampMs: this.ts[i]!,
      pullZoneId: this.pullZoneId(i),
      requestId: this.requestId(i),
      cacheStatus: this.cacheName(this.cache[i]!),
      statusCode: this.status[i]!,
      bytesSent: this.bytes[i]!,
      remoteIp: this.remoteIp(i),
      countryCode: country < 0 ? null : this.countries.get(country),
      edgeLocation: edge < 0 ? null : this.edges.get(edge),
      url: this.url(i),
      userAgent: this.userAgent(i),
      referer: this.referer(i),
    };
    const body = this.body?.[i];
    if (body === undefined || Number.isNaN(body)) return rec;
    return { ...rec, extended: { bodyBytesSent: body, contentRange: this.field(i, 4), authorizationHeader: this.field(i, 5) } };
  }

  /**
   * Gives back the slack that doubling left. Shrinking copies, and while it copies both sizes are held, so by
   * default a column set is only shrunk when more than an eighth of it is unused; exact trims to the byte.
   */
  compact(exact = false): void {
    const worth = (capacity: number, used: number) => (exact ? capacity !== used : capacity - used > capacity / 8);
    if (worth(this.cap, this.length)) this.setCapacity(Math.max(this.length, 1));
    if (worth(this.arena.bytes.length, this.arena.used)) this.arena.trim();
  }

  /**
   * The store's contents, compacted, as transferable arrays. The arrays are the store's own: once they are
   * transferred to another thread this store must no longer be used.
   */
  snapshot(): ColumnsSnapshot {
    this.compact(true);
    return {
      length: this.length,
      timestamp: this.ts,
      statusCode: this.status,
      cacheCode: this.cache,
      cacheNames: [...this.cacheNames],
      bytesSent: this.bytes,
      countryCode: this.countryCol,
      edgeCode: this.edgeCol,
      userAgentCode: this.uaCol,
      zoneCode: this.zoneCol,
      rowStart: this.rowStart,
      arena: this.arena.bytes,
      body: this.body,
      zones: [...this.zones],
      countries: this.countries.snapshot(),
      edges: this.edges.snapshot(),
      userAgents: this.userAgents.snapshot(),
    };
  }

  private beginRow(): number {
    const i = this.length;
    if (i === this.cap) this.setCapacity(this.cap * 2);
    return i;
  }

  private setCapacity(n: number): void {
    this.cap = n;
    this.ts = resized(this.ts, n);
    this.status = resized(this.status, n);
    this.cache = resized(this.cache, n);
    this.bytes = resized(this.bytes, n);
    this.countryCol = resized(this.countryCol, n);
    this.edgeCol = resized(this.edgeCol, n);
    this.uaCol = resized(this.uaCol, n);
    this.zoneCol = resized(this.zoneCol, n);
    this.rowStart = resized(this.rowStart, n);
    if (this.body !== null) this.body = resized(this.body, n);
  }

  private setBody(i: number, value: number): void {
    if (this.body === null) {
      if (Number.isNaN(value)) return;
      // The first extended row creates the column; the rows before it had no extended fields.
      this.body = new Float64Array(this.cap).fill(NaN);
    }
    this.body[i] = value;
  }

  private zoneCodeOf(id: number): number {
    // A file or a page is nearly always one pull zone: the last answer is the likely one.
    if (id === this.lastZone && this.lastZoneCode >= 0) return this.lastZoneCode;
    let code = this.zoneIndex.get(id);
    if (code === undefined) {
      code = this.zones.length;
      this.zones.push(id);
      this.zoneIndex.set(id, code);
    }
    this.lastZone = id;
    this.lastZoneCode = code;
    return code;
  }

  private countryFromKey(key: number): number {
    const known = this.countryByKey[key]!;
    if (known !== 0) return known - 1;
    this.scratch[0] = key >> 8;
    this.scratch[1] = key & 0xff;
    const code = this.countries.intern(this.scratch, 0, 2);
    this.countryByKey[key] = code + 1;
    return code;
  }

  private field(i: number, n: number): string | null {
    return this.arena.field(this.rowStart[i]!, n);
  }
}
