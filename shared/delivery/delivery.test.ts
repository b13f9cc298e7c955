/** The pure part of delivery: a Stream path's guid and rendition, an app's CDN endpoints, and the figures folded from rows. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CdnLogRecord } from '../logs/log-record.js';
import { cdnEndpointsOf } from './endpoints.js';
import { guidOf, renditionOf } from './paths.js';
import { DeliveryTally, percentile, topShares, TopTally } from './tally.js';

const G = '3f2b9c1e-8d4a-4b7e-9f00-1a2b3c4d5e6f';
const H = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';

describe('a Stream path', () => {
  it.each([
    [`https://vz-1.b-cdn.net/${G}/playlist.m3u8`, G, 'playlist'],
    [`https://vz-1.b-cdn.net/${G}/720p/video.m3u8`, G, '720p'],
    [`https://vz-1.b-cdn.net/${G.toUpperCase()}/1080P/video12.ts?v=1`, G, '1080p'],
    [`/${G}/thumbnail.jpg`, G, 'thumbnail'],
    [`https://vz-1.b-cdn.net/${G}/original`, G, 'original'],
    [`https://vz-1.b-cdn.net/${G}`, null, null],
    ['https://vz-1.b-cdn.net/favicon.ico', null, null],
    ['https://vz-1.b-cdn.net/not-a-guid/720p/video.m3u8', null, null],
    ['', null, null],
  ])('%s → guid %s, rendition %s', (url, guid, rendition) => {
    expect(guidOf(url)).toBe(guid);
    expect(renditionOf(url)).toBe(rendition);
  });
});

describe('an app’s CDN endpoints', () => {
  it('keeps CDN endpoints with their container, host and zone; anycast, public IP and unreadable members are left out', () => {
    const app = {
      containerTemplates: [
        {
          name: 'web',
          endpoints: [
            { displayName: 'site', type: 'CDN', publicHost: 'mc-x-site.b-cdn.net', pullZoneId: '4000123' },
            { displayName: 'dns', type: 'anycast', publicHost: '185.93.1.2', pullZoneId: '0' },
            { displayName: 'ip', type: 'publicIp', publicHost: '185.93.1.3' },
            { displayName: 'api', type: 'cdn', pullZoneId: 77 },
            'junk',
          ],
        },
        { endpoints: [{ type: 'cdn', pullZoneId: null }] },
        null,
      ],
    };
    expect(cdnEndpointsOf(app)).toEqual([
      { containerName: 'web', endpointName: 'site', address: 'mc-x-site.b-cdn.net', pullZoneId: 4000123 },
      { containerName: 'web', endpointName: 'api', address: null, pullZoneId: 77 },
      { containerName: 'container 2', endpointName: 'endpoint 1', address: null, pullZoneId: null },
    ]);
    expect(cdnEndpointsOf(null)).toEqual([]);
    expect(cdnEndpointsOf({ containerTemplates: 'x' })).toEqual([]);
  });
});

const FROM = Date.UTC(2026, 10, 28, 0, 0);
const TO = FROM + 24 * 3_600_000;
const row = fc.record({
  offset: fc.integer({ min: 0, max: TO - FROM - 1 }),
  guid: fc.constantFrom(G, H, null),
  part: fc.constantFrom('playlist.m3u8', '720p/video3.ts', '1080p/video.m3u8', 'thumbnail.jpg'),
  cacheStatus: fc.constantFrom('HIT', 'MISS', 'STALE', 'UPDATING', 'BYPASS', '-', 'EXPIRED', null),
  statusCode: fc.constantFrom(200, 206, 304, 403, 404, 500, 503),
  bytesSent: fc.integer({ min: 0, max: 5_000_000 }),
  countryCode: fc.constantFrom('DE', 'US', 'SI', null),
  referer: fc.constantFrom('https://example.com/watch', 'https://HOTLINK.example/x', null, 'junk'),
});
type Row = typeof row extends fc.Arbitrary<infer T> ? T : never;
const recordOf = (r: Row): CdnLogRecord => ({
  timestampMs: FROM + r.offset, pullZoneId: 1, requestId: null, cacheStatus: r.cacheStatus, statusCode: r.statusCode, bytesSent: r.bytesSent,
  remoteIp: null, countryCode: r.countryCode, edgeLocation: null, url: r.guid === null ? 'https://z.b-cdn.net/robots.txt' : `https://z.b-cdn.net/${r.guid}/${r.part}`, userAgent: null, referer: r.referer,
});

describe('figures folded from rows', () => {
  it('equal the counts taken over the whole set at once', () => {
    fc.assert(
      fc.property(fc.array(row, { maxLength: 300 }), (given) => {
        const rows = given.map(recordOf);
        const t = new DeliveryTally(FROM, TO, 30);
        for (const r of rows) t.add(r);
        const counted = rows.filter((r) => r.cacheStatus !== null && r.cacheStatus !== 'BYPASS' && r.cacheStatus !== '-');
        const hits = counted.filter((r) => ['HIT', 'STALE', 'UPDATING'].includes(r.cacheStatus!)).length;
        expect(t.figures()).toEqual({
          requests: rows.length,
          bytes: rows.reduce((n, r) => n + r.bytesSent, 0),
          hitRatio: counted.length === 0 ? null : hits / counted.length,
          status4xx: rows.filter((r) => r.statusCode >= 400 && r.statusCode < 500).length,
          status5xx: rows.filter((r) => r.statusCode >= 500).length,
        });
        expect(t.sparkline).toHaveLength(48);
        expect(t.sparkline.reduce((a, b) => a + b, 0)).toBe(rows.length);
        for (const r of rows) expect(t.sparkline[Math.floor((r.timestampMs - FROM) / 1_800_000)]).toBeGreaterThan(0);
        const sizes = rows.map((r) => r.bytesSent).sort((a, b) => a - b);
        expect(t.bytesAt(0.5)).toBe(sizes.length === 0 ? null : sizes[Math.ceil(sizes.length / 2) - 1]);
        expect(t.bytesAt(0.95)).toBe(sizes.length === 0 ? null : sizes[Math.ceil(sizes.length * 0.95) - 1]);
        expect(t.countries.get('DE') ?? 0).toBe(rows.filter((r) => r.countryCode === 'DE').length);
        expect(t.referrers.get('hotlink.example') ?? 0).toBe(rows.filter((r) => r.referer?.includes('HOTLINK') === true).length);
        expect(t.renditions.get('720p') ?? 0).toBe(rows.filter((r) => r.url.includes('/720p/')).length);
        const top = new TopTally();
        for (const r of rows) top.add(r);
        const ofG = rows.filter((r) => r.url.includes(G));
        expect(top.videos.get(G) ?? { requests: 0, bytes: 0 }).toEqual(ofG.length === 0 ? { requests: 0, bytes: 0 } : { requests: ofG.length, bytes: ofG.reduce((n, r) => n + r.bytesSent, 0) });
      }),
    );
  });

  it('rank shares and videos by the figure asked for, ties by key, at most the limit', () => {
    expect(topShares(new Map([['b', 2], ['a', 2], ['c', 5], ['d', 1], ['e', 1], ['f', 1]]))).toEqual([
      { key: 'c', requests: 5 }, { key: 'a', requests: 2 }, { key: 'b', requests: 2 }, { key: 'd', requests: 1 }, { key: 'e', requests: 1 },
    ]);
    const top = new TopTally();
    const at = (guid: Row['guid'], bytes: number) => top.add({ ...recordOf({ offset: 0, guid, part: 'playlist.m3u8', cacheStatus: 'HIT', statusCode: 200, bytesSent: bytes, countryCode: null, referer: null }) });
    at(G, 10);
    at(G, 10);
    at(H, 1000);
    expect(top.top('requests', 10, new Map([[G, 'Intro']]))).toEqual([{ guid: G, title: 'Intro', requests: 2, bytes: 20 }, { guid: H, title: null, requests: 1, bytes: 1000 }]);
    expect(top.top('bytes', 1, new Map()).map((v) => v.guid)).toEqual([H]);
    expect(percentile([], 0.5)).toBeNull();
    expect(percentile([3, 1, 2], 0.5)).toBe(2);
  });
});
