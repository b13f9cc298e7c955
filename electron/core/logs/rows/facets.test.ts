import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CdnLogRecord } from '../../../../shared/logs/log-record.js';
import { canonicalAgent } from '../../../../shared/logs/filter.js';
import { matchesRecord } from '../../../../shared/logs/filter-match.js';
import { parseFilterText, parseFilterValue } from '../../../../shared/logs/filter-text.js';
import { uaFamily, uaFamilyKey } from '../../../../shared/logs/ua-family.js';
import { urlGroupKey } from '../../../../shared/logs/url-pattern.js';
import { ColumnStore } from './columns.js';
import { facets, FACET_URL_GROUPING, hostOf } from './facets.js';
import type { UrlGrouping } from '../../../../shared/logs/url-pattern.js';
import { RowsModel } from './rows-model.js';

const T0 = Date.UTC(2026, 10, 20, 12, 0, 0);

const recordArb: fc.Arbitrary<CdnLogRecord> = fc.record({
  timestampMs: fc.integer({ min: T0, max: T0 + 3_600_000 }),
  pullZoneId: fc.constant(7),
  requestId: fc.constant(null),
  cacheStatus: fc.constantFrom('HIT', 'MISS', 'BYPASS', 'STALE', 'UPDATING', 'REVALIDATED', '-', 'EXPIRED', 'DEFERRED', null),
  statusCode: fc.constantFrom(200, 206, 301, 304, 404, 499, 500, 503, 0, 99, 700, 1234),
  bytesSent: fc.integer({ min: 0, max: 5_000_000 }),
  remoteIp: fc.constant('10.0.0.0'),
  countryCode: fc.constantFrom('DE', 'US', 'FR', null),
  edgeLocation: fc.constantFrom('WA', 'DE', 'AMS', null),
  url: fc.constantFrom(
    'https://cdn.example/v/123/thumb.jpg',
    'https://cdn.example/v/98/thumb.jpg',
    'https://cdn.example/v/98/Thumb.jpg#t',
    'https://img.example/a.js?v=1',
    'https://img.example/a.js?v=2',
    'https://img.example/a.js?',
    'https://img.example/a.js',
    'https://img.example/seg/video17.ts',
    'https://img.example/seg/video18.ts?x=1&x=2',
    'http://CDN.example/',
    'http://cdn.example:8080?x',
    '/no-host',
    '/r?u=https://x.example/',
    'https://odd,host.example/x',
    '',
  ),
  userAgent: fc.constantFrom(
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
    'curl/8.5.0',
    'Googlebot/2.1 (+http://www.google.com/bot.html)',
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'weird',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
    'Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0',
    'Mozilla/5.0 (compatible; SomeCrawler/1.0)',
    'Mozilla/5.0',
    'python-requests/2.31',
    null,
  ),
  referer: fc.constantFrom('https://site.example/page', 'https://SITE.example/', 'https://site.example.org/', 'android-app://com.app/', 'junk', '', null),
});

/** The value a record counts under in each facet, worked out the slow, obvious way (null: no value). */
function keysOf(r: CdnLogRecord, grouping: UrlGrouping = FACET_URL_GROUPING): Record<string, string | null> {
  const cls = Math.floor(r.statusCode / 100);
  const m = /^[a-z]+:\/\/([^/?#]+)/i.exec(r.url);
  const rm = r.referer === null ? null : /^[a-z-]+:\/\/([^/?#]+)/i.exec(r.referer);
  return {
    cache: r.cacheStatus,
    status: String(r.statusCode),
    statusClass: cls >= 1 && cls <= 5 ? `${cls}xx` : 'other',
    country: r.countryCode,
    pop: r.edgeLocation,
    urlPattern: r.url === '' || (grouping.ignoreQuery && /^[?#]/.test(r.url)) ? null : urlGroupKey(r.url, grouping),
    host: m ? m[1]!.toLowerCase() : null,
    refererHost: rm ? rm[1]!.toLowerCase() : null,
    uaFamily: r.userAgent === null ? null : uaFamilyKey(uaFamily(r.userAgent)),
  };
}

/** The facets worked out the slow, obvious way from the records themselves. */
function naive(records: readonly CdnLogRecord[]): Map<string, Map<string, { requests: number; bytes: number; hits: number; counted: number }>> {
  const out = new Map<string, Map<string, { requests: number; bytes: number; hits: number; counted: number }>>();
  const add = (facet: string, key: string | null, r: CdnLogRecord) => {
    const m = out.get(facet) ?? new Map();
    out.set(facet, m);
    const k = key ?? '(none)';
    const g = m.get(k) ?? { requests: 0, bytes: 0, hits: 0, counted: 0 };
    m.set(k, g);
    g.requests++;
    g.bytes += r.bytesSent;
    const c = r.cacheStatus;
    if (c !== null && c !== 'BYPASS' && c !== '-') {
      g.counted++;
      if (c === 'HIT' || c === 'STALE' || c === 'UPDATING') g.hits++;
    }
  };
  for (const r of records) for (const [facet, key] of Object.entries(keysOf(r))) add(facet, key, r);
  return out;
}

function storeOf(records: readonly CdnLogRecord[]): ColumnStore {
  const s = new ColumnStore(16);
  for (const r of records) s.appendRecord(r);
  return s;
}

describe('facets', () => {
  it('counts, bytes and hit ratios of every facet equal those counted naively from the records', () => {
    fc.assert(
      fc.property(fc.array(recordArb, { maxLength: 120 }), (records) => {
        const got = facets(storeOf(records), undefined, { limit: 1000 });
        const want = naive(records);
        expect(got.rows).toBe(records.length);
        for (const f of got.facets) {
          const w = want.get(f.name) ?? new Map();
          expect(f.distinct).toBe(w.size);
          expect(new Map(f.values.map((v) => [v.key, v.requests]))).toEqual(new Map([...w].map(([k, g]) => [k, g.requests])));
          for (const v of f.values) {
            const g = w.get(v.key)!;
            expect(v.bytes).toBe(g.bytes);
            expect(v.hitRatio).toBe(g.counted === 0 ? null : g.hits / g.counted);
            expect(v.share).toBeCloseTo(g.requests / records.length, 12);
          }
          // Most requests first, ties by key.
          const ranked = [...f.values].sort((a, b) => b.requests - a.requests || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
          expect(f.values).toEqual(ranked);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('counts only the selected rows', () => {
    const records = fc.sample(recordArb, { numRuns: 300, seed: 7 });
    const sel = records.map((_, i) => i).filter((i) => i % 3 === 0);
    const got = facets(storeOf(records), sel, { limit: 1000 });
    const want = naive(sel.map((i) => records[i]!));
    for (const f of got.facets) expect(new Map(f.values.map((v) => [v.key, v.requests]))).toEqual(new Map([...(want.get(f.name) ?? new Map())].map(([k, g]) => [k, g.requests])));
  });

  it('gives every value the filter that picks exactly its rows, in and out (what a click on it adds)', () => {
    const records = fc.sample(recordArb, { numRuns: 600, seed: 11 });
    const got = facets(storeOf(records), undefined, { limit: 1000 });
    for (const f of got.facets) {
      for (const v of f.values) {
        // Only "no value" and status codes outside 100–599 have no filter (no chip can name them).
        if (v.key === '(none)' || (f.name === 'statusClass' && v.key === 'other') || (f.name === 'status' && !/^[1-5]\d\d$/.test(v.key))) {
          expect(v.filter, `${f.name} ${v.key}`).toBeNull();
          continue;
        }
        if (f.name === 'host' && v.key.includes(',')) {
          // A host a filter value cannot hold (values are listed with commas).
          expect(v.filter).toBeNull();
          continue;
        }
        expect(v.exact, `${f.name} ${v.key}: ${v.filter}`).toBe(true);
        const parsed = parseFilterText(v.filter!);
        expect(parsed.ok, `${f.name} ${v.key}: ${v.filter}`).toBe(true);
        if (!parsed.ok) continue;
        const counted = records.filter((r) => keysOf(r)[f.name] === v.key);
        expect(records.filter((r) => matchesRecord(parsed.filter, r)), `${v.filter}`).toEqual(counted);
        expect(counted).toHaveLength(v.requests);
        // Filtering out picks the rest.
        const out = parseFilterText(`-${v.filter}`);
        expect(out.ok && records.filter((r) => matchesRecord(out.filter, r))).toEqual(records.filter((r) => keysOf(r)[f.name] !== v.key));
      }
    }
    const value = (name: string, key: string) => got.facets.find((f) => f.name === name)!.values.find((v) => v.key === key)?.filter;
    expect(value('cache', 'HIT')).toBe('cache:HIT');
    expect(value('statusClass', '5xx')).toBe('status:5xx');
    expect(value('urlPattern', 'https://cdn.example/v/{n}/thumb.jpg')).toBe('pattern:https://cdn.example/v/{n}/thumb.jpg');
    expect(value('urlPattern', '/no-host')).toBe('pattern:/no-host');
    expect(value('host', 'cdn.example')).toBe('host:cdn.example');
    expect(value('host', 'cdn.example:8080')).toBe('host:cdn.example:8080');
    expect(value('refererHost', 'site.example')).toBe('referer-host:site.example');
    expect(value('uaFamily', 'bot · Googlebot')).toBe('agent:Googlebot');
    expect(value('uaFamily', 'bot · Other bot')).toBe('agent:"Other bot"');
    expect(value('uaFamily', 'other · Other')).toBe('agent:other');
  });

  it('with other URL groupings, says exact only where the filter picks exactly the value, and a superset otherwise', () => {
    const records = fc.sample(recordArb, { numRuns: 600, seed: 5 });
    const groupings: UrlGrouping[] = [
      { patterns: true, ignoreQuery: false },
      { patterns: false, ignoreQuery: true },
      { patterns: false, ignoreQuery: false },
    ];
    for (const urls of groupings) {
      const got = facets(storeOf(records), undefined, { facet: 'urlPattern', urls });
      let exact = 0;
      for (const v of got.facets[0]!.values) {
        if (v.filter === null) continue;
        const parsed = parseFilterText(v.filter);
        if (!parsed.ok) throw new Error(v.filter);
        const picked = records.filter((r) => matchesRecord(parsed.filter, r));
        const counted = records.filter((r) => keysOf(r, urls).urlPattern === v.key);
        expect(picked.length, `${JSON.stringify(urls)} ${v.filter}`).toBeGreaterThanOrEqual(v.requests);
        expect(counted.every((r) => picked.includes(r)), `${JSON.stringify(urls)} ${v.filter}`).toBe(true);
        if (v.exact) {
          exact++;
          expect(picked, `${JSON.stringify(urls)} ${v.filter}`).toEqual(counted);
        }
      }
      expect(exact, JSON.stringify(urls)).toBeGreaterThan(0);
    }
  });

  it('lists the top N by default, one facet in full on request, and only values containing the search', () => {
    const records: CdnLogRecord[] = Array.from({ length: 40 }, (_, i) => ({
      timestampMs: T0,
      pullZoneId: 7,
      requestId: null,
      cacheStatus: 'HIT',
      statusCode: 200,
      bytesSent: 1,
      remoteIp: null,
      countryCode: null,
      edgeLocation: null,
      url: `https://h${i % 25}.example/x`,
      userAgent: null,
      referer: null,
    }));
    const store = storeOf(records);
    const top = facets(store, undefined);
    expect(top.facets.map((f) => f.name)).toEqual(['cache', 'statusClass', 'status', 'country', 'pop', 'urlPattern', 'host', 'refererHost', 'uaFamily']);
    const host = top.facets.find((f) => f.name === 'host')!;
    expect(host.values).toHaveLength(10);
    expect(host.distinct).toBe(25);
    const all = facets(store, undefined, { facet: 'host' });
    expect(all.facets).toHaveLength(1);
    expect(all.facets[0]!.values).toHaveLength(25);
    const found = facets(store, undefined, { facet: 'host', search: 'H2' });
    // h2, h20…h24
    expect(found.facets[0]!.values.map((v) => v.key).sort()).toEqual(['h2.example', 'h20.example', 'h21.example', 'h22.example', 'h23.example', 'h24.example']);
    expect(found.facets[0]!.matched).toBe(6);
    expect(found.facets[0]!.distinct).toBe(25);
  });

  it('are computed by the rows model over the rows passing the local chips', () => {
    const records = fc.sample(recordArb, { numRuns: 200, seed: 3 });
    const model = new RowsModel();
    model.append(records);
    const parsed = parseFilterText('-cache:HIT');
    if (!parsed.ok) throw new Error('filter');
    model.setLocal(parsed.filter);
    const got = model.facets({ facet: 'cache' });
    expect(got.rows).toBe(records.filter((r) => r.cacheStatus !== 'HIT').length);
    expect(got.facets[0]!.values.some((v) => v.key === 'HIT')).toBe(false);
  });
});

describe('value completions for the new keys', () => {
  it('offer hosts and agent families among the matching rows as the filters write them, most frequent first', () => {
    const records = fc.sample(recordArb, { numRuns: 300, seed: 9 });
    const model = new RowsModel();
    model.append(records);
    const count = (key: (r: CdnLogRecord) => string | null) => {
      const m = new Map<string, number>();
      for (const r of records) {
        const k = key(r);
        if (k !== null) m.set(k, (m.get(k) ?? 0) + 1);
      }
      return [...m].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([k]) => k);
    };
    const hosts = model.values('host', '');
    // A host no filter value can hold (a comma in it) is not offered.
    expect(hosts).toEqual(count((r) => keysOf(r).host ?? null).filter((h) => !h.includes(',')));
    expect(model.values('host', 'CDN')).toEqual(hosts.filter((h) => h.startsWith('cdn')));
    const agents = model.values('agent', '');
    expect(agents).toEqual(count((r) => (r.userAgent === null ? null : canonicalAgent(uaFamily(r.userAgent).name)!)));
    expect(agents).toContain('other');
    // Every value offered is a filter value that picks rows.
    for (const [key, values] of [['host', hosts], ['agent', agents]] as const) {
      for (const v of values) {
        const chip = parseFilterValue(key, v);
        expect(chip.ok && records.some((r) => matchesRecord([chip.chip], r)), `${key}:${v}`).toBe(true);
      }
    }
  });
});

describe('hostOf', () => {
  it.each([
    ['https://cdn.example/a', 'cdn.example'],
    ['https://cdn.example:8443?x', 'cdn.example:8443'],
    ['https://cdn.example', 'cdn.example'],
    ['android-app://com.app/', 'com.app'],
    ['/path', null],
    ['/go?to=https://elsewhere.example/', null],
    ['https:///x', null],
  ])('%s → %s', (url, host) => expect(hostOf(url)).toBe(host));
});
