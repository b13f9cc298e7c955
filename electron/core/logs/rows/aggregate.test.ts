import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CacheStatus } from '../../../../shared/logs/cache-status.js';
import type { CdnLogRecord } from '../../../../shared/logs/log-record.js';
import { HIT_RATIO_RULE, kpis, STATUS_CLASSES, timeSeries, top } from './aggregate.js';
import { arrayRows } from '../testing/array-rows.js';
import { CACHE_CODES } from './types.js';

const T0 = Date.UTC(2026, 10, 20, 12, 0, 0);
const MIN = 60_000;

function rec(over: Partial<CdnLogRecord> = {}): CdnLogRecord {
  return {
    timestampMs: T0,
    pullZoneId: 7,
    requestId: '0'.repeat(32),
    cacheStatus: 'HIT',
    statusCode: 200,
    bytesSent: 100,
    remoteIp: '10.0.0.0',
    countryCode: 'DE',
    edgeLocation: 'FR',
    url: 'https://cdn.example/a.js',
    userAgent: null,
    referer: null,
    ...over,
  };
}

const MIX: [CacheStatus, number][] = [['HIT', 6], ['STALE', 1], ['MISS', 2], ['REVALIDATED', 1], ['BYPASS', 3], ['-', 2]];
const fixture = MIX.flatMap(([cacheStatus, n]) => Array.from({ length: n }, () => rec({ cacheStatus })));

describe('kpis', () => {
  it('reads 70.0 % for 6 HIT, 1 STALE, 2 MISS, 1 REVALIDATED, 3 BYPASS and 2 "-"', () => {
    const k = kpis(arrayRows(fixture));
    expect(k.requests).toBe(15);
    expect((k.hitRatio! * 100).toFixed(1)).toBe('70.0');
    expect(HIT_RATIO_RULE).toContain('BYPASS');
  });

  it('counts bytes, 4xx and 5xx shares and distinct addresses, and says nothing of an empty set', () => {
    const rows = arrayRows([
      rec({ statusCode: 404, bytesSent: 10, remoteIp: '1.2.3.0' }),
      rec({ statusCode: 503, bytesSent: 20, remoteIp: '1.2.3.0' }),
      rec({ statusCode: 200, bytesSent: 30, remoteIp: null }),
      rec({ statusCode: 200, bytesSent: 40, remoteIp: '2001:db8::' }),
    ]);
    expect(kpis(rows)).toEqual({ requests: 4, bytes: 100, hitRatio: 1, clientErrors: 0.25, serverErrors: 0.25, uniqueIps: 2 });
    expect(kpis(rows, [0, 1])).toMatchObject({ requests: 2, bytes: 30, uniqueIps: 1 });
    expect(kpis(arrayRows([]))).toEqual({ requests: 0, bytes: 0, hitRatio: null, clientErrors: null, serverErrors: null, uniqueIps: 0 });
    // Only requests the cache never handled: no ratio to give.
    expect(kpis(arrayRows([rec({ cacheStatus: 'BYPASS' }), rec({ cacheStatus: '-' })])).hitRatio).toBeNull();
  });
});

describe('timeSeries', () => {
  it('draws every bucket of the range, empty ones as zero, and leaves rows outside it out', () => {
    const rows = arrayRows([
      rec({ timestampMs: T0, cacheStatus: 'HIT', statusCode: 200, bytesSent: 5 }),
      rec({ timestampMs: T0 + 30_000, cacheStatus: 'MISS', statusCode: 502, bytesSent: 7 }),
      rec({ timestampMs: T0 + 3 * MIN + 1, cacheStatus: 'HIT', statusCode: 304, bytesSent: 1 }),
      rec({ timestampMs: T0 - 1 }),
      rec({ timestampMs: T0 + 5 * MIN }),
    ]);
    const s = timeSeries(rows, { from: T0, to: T0 + 5 * MIN, bucketMs: MIN });
    expect(s.starts).toEqual([0, 1, 2, 3, 4].map((k) => T0 + k * MIN));
    expect(s.requestsByCache[CACHE_CODES.indexOf('HIT')]).toEqual([1, 0, 0, 1, 0]);
    expect(s.requestsByCache[CACHE_CODES.indexOf('MISS')]).toEqual([1, 0, 0, 0, 0]);
    expect(s.bytesByClass[STATUS_CLASSES.indexOf('5xx')]).toEqual([7, 0, 0, 0, 0]);
    expect(s.requestsByClass[STATUS_CLASSES.indexOf('3xx')]).toEqual([0, 0, 0, 1, 0]);
    expect(s.hitRatio).toEqual([0.5, null, null, 1, null]);
    expect(s.outside).toBe(2);
  });
});

describe('top', () => {
  it('groups URLs without their query string, with requests, bytes and hit ratio, largest first', () => {
    const rows = arrayRows([
      rec({ url: 'https://cdn.example/img.webp?w=800', cacheStatus: 'HIT' }),
      rec({ url: 'https://cdn.example/img.webp?w=1200', cacheStatus: 'MISS' }),
      rec({ url: 'https://cdn.example/a.js', cacheStatus: 'HIT' }),
    ]);
    expect(top(rows, 'url', 10)).toEqual([
      { key: 'https://cdn.example/img.webp', requests: 2, bytes: 200, hitRatio: 0.5, urls: 2 },
      { key: 'https://cdn.example/a.js', requests: 1, bytes: 100, hitRatio: 1, urls: 1 },
    ]);
    expect(top(rows, 'url', 1)).toHaveLength(1);
    expect(top(arrayRows([rec({ countryCode: null }), rec({ countryCode: 'US' })]), 'country', 5)).toEqual([{ key: 'US', requests: 1, bytes: 100, hitRatio: 1 }]);
  });

  it('keeps query strings apart when they are not ignored', () => {
    const rows = arrayRows([rec({ url: 'https://cdn.example/img.webp?w=800' }), rec({ url: 'https://cdn.example/img.webp?w=800' }), rec({ url: 'https://cdn.example/img.webp?w=1200' })]);
    expect(top(rows, 'url', 10, undefined, { patterns: false, ignoreQuery: false }).map((e) => [e.key, e.requests, e.urls])).toEqual([
      ['https://cdn.example/img.webp?w=800', 2, 1],
      ['https://cdn.example/img.webp?w=1200', 1, 1],
    ]);
  });

  it('groups ids in paths into patterns, counting requests, bytes, hit ratio and the URLs each pattern joins', () => {
    const uuid = (n: number) => `${String(n).repeat(8)}-aaaa-4bbb-accc-${String(n).repeat(12)}`;
    const rows = arrayRows([
      rec({ url: `https://v.example/${uuid(1)}/720p/video3.ts`, bytesSent: 1000, cacheStatus: 'HIT' }),
      rec({ url: `https://v.example/${uuid(2)}/720p/video3.ts`, bytesSent: 3000, cacheStatus: 'MISS' }),
      rec({ url: `https://v.example/${uuid(2)}/720p/video3.ts`, bytesSent: 1000, cacheStatus: 'HIT' }),
      rec({ url: 'https://v.example/item/17/thumb.jpg?w=80', bytesSent: 10 }),
      rec({ url: 'https://v.example/item/2024/thumb.jpg?w=90&h=1', bytesSent: 20 }),
    ]);
    const grouped = top(rows, 'url', 10, undefined, { patterns: true, ignoreQuery: true });
    expect(grouped).toEqual([
      { key: 'https://v.example/{uuid}/720p/video{n}.ts', requests: 3, bytes: 5000, hitRatio: 2 / 3, urls: 2 },
      { key: 'https://v.example/item/{n}/thumb.jpg', requests: 2, bytes: 30, hitRatio: 1, urls: 2 },
    ]);
    const withQuery = top(rows, 'url', 10, undefined, { patterns: true, ignoreQuery: false }).map((e) => e.key);
    expect(withQuery).toContain('https://v.example/item/{n}/thumb.jpg?w=*');
    expect(withQuery).toContain('https://v.example/item/{n}/thumb.jpg?w=*&h=*');
  });
});

// Every aggregate against one computed here another way, straight from the records.
const recordArb = fc.record({
  timestampMs: fc.integer({ min: T0, max: T0 + 60 * MIN }),
  cacheStatus: fc.constantFrom(...CACHE_CODES),
  statusCode: fc.constantFrom(101, 200, 206, 301, 304, 404, 429, 500, 503, 999),
  bytesSent: fc.integer({ min: 0, max: 1_000_000 }),
  remoteIp: fc.option(fc.constantFrom('1.1.1.0', '2.2.2.0', '3.3.3.0', '::'), { nil: null }),
  countryCode: fc.option(fc.constantFrom('DE', 'US', 'JP'), { nil: null }),
  edgeLocation: fc.constantFrom('FR', 'WA', 'NY'),
  url: fc.constantFrom('https://h/a', 'https://h/a?x=1', 'https://h/b', 'https://g/a'),
});

const isHit = (r: CdnLogRecord) => r.cacheStatus === 'HIT' || r.cacheStatus === 'STALE' || r.cacheStatus === 'UPDATING';
const counts = (r: CdnLogRecord) => r.cacheStatus !== 'BYPASS' && r.cacheStatus !== '-';
const ratio = (rs: readonly CdnLogRecord[]) => (rs.filter(counts).length === 0 ? null : rs.filter(isHit).length / rs.filter(counts).length);

describe('aggregates agree with a direct computation', () => {
  it('for random rows and random selections', () => {
    fc.assert(
      fc.property(fc.array(recordArb, { maxLength: 80 }), fc.integer({ min: 1, max: 20 }), (partial, bucketMin) => {
        const records = partial.map((p) => rec(p));
        const rows = arrayRows(records);
        const chosen = records.map((_, i) => i).filter((i) => i % 3 !== 1);
        const picked = chosen.map((i) => records[i]!);

        const k = kpis(rows, chosen);
        expect(k.requests).toBe(picked.length);
        expect(k.bytes).toBe(picked.reduce((t, r) => t + r.bytesSent, 0));
        expect(k.hitRatio).toBe(ratio(picked));
        expect(k.uniqueIps).toBe(new Set(picked.map((r) => r.remoteIp).filter((ip) => ip !== null)).size);

        const bucketMs = bucketMin * MIN;
        const to = T0 + 60 * MIN;
        const s = timeSeries(rows, { from: T0, to, bucketMs }, chosen);
        s.starts.forEach((start, b) => {
          const inBucket = picked.filter((r) => r.timestampMs >= start && r.timestampMs < Math.min(start + bucketMs, to));
          CACHE_CODES.forEach((c, ci) => expect(s.requestsByCache[ci]![b]).toBe(inBucket.filter((r) => r.cacheStatus === c).length));
          expect(s.hitRatio[b]).toBe(ratio(inBucket));
          const fives = inBucket.filter((r) => r.statusCode >= 500 && r.statusCode < 600);
          expect(s.bytesByClass[STATUS_CLASSES.indexOf('5xx')]![b]).toBe(fives.reduce((t, r) => t + r.bytesSent, 0));
        });
        expect(s.outside).toBe(picked.filter((r) => r.timestampMs >= to).length);

        for (const pop of top(rows, 'pop', 10, chosen)) {
          const group = picked.filter((r) => r.edgeLocation === pop.key);
          expect(pop).toEqual({ key: pop.key, requests: group.length, bytes: group.reduce((t, r) => t + r.bytesSent, 0), hitRatio: ratio(group) });
        }
        expect(top(rows, 'url', 10, chosen).reduce((t, e) => t + e.requests, 0)).toBe(picked.length);
      }),
      { numRuns: 200 },
    );
  });
});
