import { describe, expect, it } from 'vitest';
import type { CdnLogRecord } from '../../../../shared/logs/log-record.js';
import { ColumnStore, F_EDGE, F_IP, F_REFERER, F_REQUEST_ID, F_URL, F_USER_AGENT, newByteRow, type ByteRow } from './columns.js';
import { CACHE_CODES } from './types.js';

const BASE: CdnLogRecord = {
  timestampMs: 1_700_000_000_123,
  pullZoneId: 390,
  requestId: '322b688bd63fb63f2babe9de30a5d262',
  cacheStatus: 'HIT',
  statusCode: 200,
  bytesSent: 412,
  remoteIp: '163.172.53.229',
  countryCode: 'DE',
  edgeLocation: 'WA',
  url: 'https://zone.b-cdn.net/assets/ü/file.m4v?x=1',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
  referer: null,
};

function readAll(store: ColumnStore): CdnLogRecord[] {
  return Array.from({ length: store.length }, (_, i) => store.record(i));
}

/** Fills a ByteRow from field strings laid out in one buffer, the way a parser would hand them over. */
function byteRow(fields: Record<number, string | null>, numbers: Partial<ByteRow>): ByteRow {
  const row = newByteRow();
  const parts: Buffer[] = [];
  let at = 7; // leading junk, so ranges do not start at 0
  parts.push(Buffer.from('garbage'));
  for (const [field, value] of Object.entries(fields)) {
    const f = Number(field);
    if (value === null) continue;
    const b = Buffer.from(value, 'utf8');
    row.ranges[2 * f] = at;
    row.ranges[2 * f + 1] = at + b.length;
    parts.push(b);
    at += b.length;
  }
  return Object.assign(row, numbers, { src: Buffer.concat(parts) });
}

describe('ColumnStore', () => {
  it('reads back appended records, absent values and extended fields included', () => {
    const store = new ColumnStore();
    const rows: CdnLogRecord[] = [
      BASE,
      { ...BASE, cacheStatus: 'MISS', statusCode: 503, remoteIp: null, countryCode: null, userAgent: null, referer: 'https://ref.example/|x' },
      { ...BASE, cacheStatus: '-', extended: { bodyBytesSent: 300, contentRange: 'bytes=0-1023', authorizationHeader: null } },
      { ...BASE, cacheStatus: 'EXPIRED', requestId: 'NOT-HEX-REQUEST-ID', remoteIp: '', url: '' },
    ];
    rows.forEach((r) => store.appendRecord(r));
    expect(store.length).toBe(4);
    expect(readAll(store)).toEqual(rows);
    expect(store.cacheCode(1)).toBe(CACHE_CODES.indexOf('MISS'));
    expect(store.countryCode(1)).toBe(-1);
    expect(store.userAgent(1)).toBeNull();
    expect(store.userAgentCode(1)).toBe(-1);
    expect(store.referer(1)).toBe('https://ref.example/|x');
    expect(store.url(0)).toBe(BASE.url);
    expect(store.requestId(3)).toBe('NOT-HEX-REQUEST-ID');
    expect(store.remoteIp(3)).toBe('');
  });

  it('gives equal values one dictionary code and names it back', () => {
    const store = new ColumnStore();
    for (const [country, edge] of [['DE', 'WA'], ['US', 'NY'], ['DE', 'NY'], [null, 'WA']] as const) {
      store.appendRecord({ ...BASE, countryCode: country, edgeLocation: edge });
    }
    expect([0, 1, 2, 3].map((i) => store.countryCode(i))).toEqual([0, 1, 0, -1]);
    expect([0, 1, 2, 3].map((i) => store.edgeCode(i))).toEqual([0, 1, 1, 0]);
    expect([store.country(0), store.country(1), store.edge(0), store.edge(1)]).toEqual(['DE', 'US', 'WA', 'NY']);
    expect([store.countryCount, store.edgeCount]).toEqual([2, 2]);
  });

  it('appends from byte ranges with the same codes as from records', () => {
    const store = new ColumnStore();
    store.appendRecord(BASE);
    const row = byteRow(
      { [F_IP]: '10.0.0.1', [F_REFERER]: null, [F_URL]: 'https://zone.b-cdn.net/ä', [F_EDGE]: 'WA', [F_USER_AGENT]: BASE.userAgent, [F_REQUEST_ID]: 'ABCDEF0123456789abcdef0123456789' },
      { timestampMs: 5, statusCode: 404, cacheCode: 1, bytesSent: 2 ** 40, pullZoneId: 7, country2: (0x44 << 8) | 0x45 },
    );
    store.appendBytes(row);
    row.src.fill(0); // the store copied what it needs
    expect(store.record(1)).toEqual({
      timestampMs: 5,
      pullZoneId: 7,
      requestId: 'abcdef0123456789abcdef0123456789',
      cacheStatus: 'MISS',
      statusCode: 404,
      bytesSent: 2 ** 40,
      remoteIp: '10.0.0.1',
      countryCode: 'DE',
      edgeLocation: 'WA',
      url: 'https://zone.b-cdn.net/ä',
      userAgent: BASE.userAgent,
      referer: null,
    });
    expect([store.countryCode(1), store.edgeCode(1), store.userAgentCode(1)]).toEqual([store.countryCode(0), store.edgeCode(0), store.userAgentCode(0)]);
    expect(store.pullZoneId(0)).toBe(390);
  });

  it('keeps every row across many doublings, long fields included', () => {
    const store = new ColumnStore(16);
    const rows = Array.from({ length: 5000 }, (_, i): CdnLogRecord => ({
      ...BASE,
      timestampMs: BASE.timestampMs + i,
      statusCode: 200 + (i % 7),
      bytesSent: i * 1000,
      cacheStatus: CACHE_CODES[i % CACHE_CODES.length]!,
      pullZoneId: 1 + (i % 3),
      url: `https://zone.b-cdn.net/${'p'.repeat(i % 300)}/${i}`,
      remoteIp: i % 5 === 0 ? null : `10.0.${i % 256}.${i % 7}`,
      countryCode: i % 11 === 0 ? null : String.fromCharCode(65 + (i % 26), 65 + ((i >> 3) % 26)),
      edgeLocation: `E${i % 40}`,
      userAgent: i % 4 === 0 ? null : `agent-${i % 50}`,
      referer: i % 3 === 0 ? `https://ref/${'r'.repeat(i % 200)}` : null,
      ...(i % 9 === 0 ? { extended: { bodyBytesSent: i, contentRange: i % 2 ? 'bytes=0-1' : null, authorizationHeader: 'Basic x' } } : {}),
    }));
    rows.forEach((r) => store.appendRecord(r));
    expect(readAll(store)).toEqual(rows);
    store.compact();
    expect(readAll(store)).toEqual(rows);
    store.appendRecord(BASE);
    expect(store.record(5000)).toEqual(BASE);
  });

  it('survives a snapshot taken and rebuilt, and accepts more rows after it', () => {
    const store = new ColumnStore(16);
    const rows = Array.from({ length: 100 }, (_, i) => ({ ...BASE, edgeLocation: `E${i % 9}`, userAgent: `ua${i % 13}`, timestampMs: i }));
    rows.forEach((r) => store.appendRecord(r));
    const copy = ColumnStore.fromSnapshot(structuredClone(store.snapshot()));
    expect(readAll(copy)).toEqual(rows);
    copy.appendRecord({ ...BASE, edgeLocation: 'E3', userAgent: 'ua5', countryCode: 'DE' });
    expect([copy.edgeCode(100), copy.userAgentCode(100), copy.countryCode(100)]).toEqual([copy.edgeCode(3), copy.userAgentCode(5), copy.countryCode(0)]);
    expect(copy.edgeCount).toBe(9);
  });

  it('grows again from an empty snapshot', () => {
    const copy = ColumnStore.fromSnapshot(new ColumnStore(16).snapshot());
    expect(copy.length).toBe(0);
    const rows = Array.from({ length: 40 }, (_, i) => ({ ...BASE, edgeLocation: `E${i}`, userAgent: `ua${i}`, timestampMs: i }));
    rows.forEach((r) => copy.appendRecord(r));
    expect(readAll(copy)).toEqual(rows);
    expect(copy.edge(copy.edgeCode(39))).toBe('E39');
    copy.appendRecord({ ...BASE, edgeLocation: 'E3', userAgent: 'ua3' });
    expect([copy.edgeCode(40), copy.userAgentCode(40), copy.edgeCount]).toEqual([copy.edgeCode(3), copy.userAgentCode(3), 40]);
  });

  it('stays well under 300 bytes a row for typical rows once compacted', () => {
    const store = new ColumnStore();
    const n = 20_000;
    for (let i = 0; i < n; i++) {
      store.appendRecord({
        ...BASE,
        timestampMs: BASE.timestampMs + i,
        requestId: i.toString(16).padStart(32, '0'),
        remoteIp: `203.0.${i % 256}.${(i * 7) % 256}`,
        url: `https://zone.b-cdn.net/videos/${i % 5000}/segment-${i % 97}.ts`,
        userAgent: `Mozilla/5.0 agent ${i % 200}`,
        referer: i % 4 === 0 ? 'https://www.example.com/watch' : null,
      });
    }
    store.compact();
    expect(store.byteSize / n).toBeLessThan(150);
  });
});
