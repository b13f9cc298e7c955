import { describe, expect, it } from 'vitest';
import type { CdnLogRecord } from '../../../../shared/logs/log-record.js';
import { ColumnStore } from './columns.js';
import { concatSnapshots } from './snapshot-concat.js';

function rec(i: number, over: Partial<CdnLogRecord> = {}): CdnLogRecord {
  return {
    timestampMs: 1_700_000_000_000 + i,
    pullZoneId: 390 + (i % 3),
    requestId: i.toString(16).padStart(32, '0'),
    cacheStatus: i % 2 === 0 ? 'HIT' : 'MISS',
    statusCode: 200 + (i % 5),
    bytesSent: i * 10,
    remoteIp: i % 4 === 0 ? null : `198.51.100.${i}`,
    countryCode: i % 5 === 0 ? null : ['DE', 'US', 'JP', 'FR'][i % 4]!,
    edgeLocation: ['WA', 'NY', 'DE'][i % 3]!,
    url: `https://zone.b-cdn.net/${i}/ü`,
    userAgent: i % 6 === 0 ? null : `agent/${i % 7}`,
    referer: i % 3 === 0 ? 'https://example.com/' : null,
    ...over,
  };
}

function storeOf(records: readonly CdnLogRecord[]): ColumnStore {
  const s = new ColumnStore(4);
  for (const r of records) s.appendRecord(r);
  return s;
}

const all = (s: ColumnStore) => Array.from({ length: s.length }, (_, i) => s.record(i));

describe('concatSnapshots', () => {
  it('reads back as one store of the parts’ rows in order, with dictionaries and zones shared', () => {
    // Overlapping and distinct countries, edges, agents and zones; extended rows only in the second part.
    const a = Array.from({ length: 40 }, (_, i) => rec(i));
    const b = Array.from({ length: 30 }, (_, i) =>
      rec(100 + i, { countryCode: i % 2 === 0 ? 'BR' : 'DE', edgeLocation: i % 2 === 0 ? 'SG' : 'WA', pullZoneId: 7, ...(i % 3 === 0 ? { extended: { bodyBytesSent: i, contentRange: null, authorizationHeader: 'Basic x' } } : {}) }),
    );
    const c = [rec(500, { userAgent: 'agent/1' })];
    const joined = ColumnStore.fromSnapshot(concatSnapshots([storeOf(a).snapshot(), storeOf(b).snapshot(), storeOf(c).snapshot()]));
    expect(all(joined)).toEqual([...a, ...b, ...c]);
    expect(joined.countryCount).toBe(new Set([...a, ...b, ...c].map((r) => r.countryCode).filter((x) => x !== null)).size);
    expect(joined.edgeCount).toBe(4);
    // The joined store goes on growing like any other.
    joined.appendRecord(rec(900, { countryCode: 'BR' }));
    expect(joined.record(71)).toEqual(rec(900, { countryCode: 'BR' }));
  });

  it('keeps each part’s unknown cache statuses and rows without one, whatever codes the parts gave them', () => {
    const a = [rec(1, { cacheStatus: 'DEFERRED' }), rec(2, { cacheStatus: null, requestId: null, edgeLocation: null, url: '' })];
    const b = [rec(3, { cacheStatus: 'WARMING' }), rec(4, { cacheStatus: 'DEFERRED' }), rec(5, { cacheStatus: 'EXPIRED', requestId: 'd2af1ddaf9efe0fe3cc9739c40413' })];
    const joined = ColumnStore.fromSnapshot(concatSnapshots([storeOf(a).snapshot(), storeOf(b).snapshot()]));
    expect(all(joined)).toEqual([...a, ...b]);
    expect(joined.cacheCode(0)).toBe(joined.cacheCode(3));
    expect(joined.cacheCode(1)).toBe(-1);
  });

  it('handles empty parts and a single part', () => {
    const a = storeOf([rec(1), rec(2)]).snapshot();
    expect(concatSnapshots([a])).toBe(a);
    const joined = ColumnStore.fromSnapshot(concatSnapshots([new ColumnStore().snapshot(), storeOf([rec(1), rec(2)]).snapshot(), new ColumnStore().snapshot()]));
    expect(all(joined)).toEqual([rec(1), rec(2)]);
  });
});
