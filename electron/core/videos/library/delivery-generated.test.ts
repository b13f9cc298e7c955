/**
 * Delivery over the sandbox's generated traffic (libraries' zones play their ready videos, apps' CDN endpoints carry
 * their traffic, one app failing 4 % with a 5xx): every figure the core answers equals the hidden truth the sandbox's
 * generator serves (sandbox/logs/testing/truth.ts), counted here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppHealth, TopVideos, VideoDelivery } from '../../../../shared/contract/delivery.js';
import type { LibraryPage } from '../../../../shared/contract/videos-library.js';
import { countBy, endpointZones, libraryZoneId, refererHost, renditionOf, topVideosOf, videoRows, zoneRows } from '../../../../sandbox/logs/testing/truth.js';
import { startDeliveryCore, type DeliveryCore } from '../../testing/delivery-core.js';

const HOUR = 3_600_000;
const clock = Date.now();
let t: DeliveryCore;
let libraryId: number;

beforeAll(async () => {
  t = await startDeliveryCore({ now: () => clock, liveTraffic: false, demoApps: true });
  libraryId = t.sandbox.libraries.find((l) => l.name === 'Clips On Demand')!.id;
});
afterAll(() => t.close());

type Row = Awaited<ReturnType<typeof videoRows>>[number];
const top5 = (rows: readonly Row[], key: (r: Row) => string | null) =>
  countBy(rows, key).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 5).map(([k, requests]) => ({ key: k, requests }));

describe('generated traffic', () => {
  it('a library’s videos: each one’s figures and the top list equal the generator’s rows', async () => {
    const page = await t.call<LibraryPage>('videos.libraryList', { libraryId, page: 1, itemsPerPage: 100, search: '', collectionId: null, orderBy: 'date' });
    expect(page.items.length).toBeGreaterThan(0);
    let played = 0;
    for (const video of page.items.slice(0, 4)) {
      const got = await t.call<VideoDelivery>('videos.delivery', { libraryId, guid: video.guid, range: '24h' });
      const rows = await videoRows(t.sandbox, libraryId, video.guid, { from: Date.parse(got.from), to: Date.parse(got.to) });
      played += rows.length;
      const counted = rows.filter((r) => r.cacheStatus !== null && !['BYPASS', '-'].includes(r.cacheStatus));
      expect(got.figures).toEqual({
        requests: rows.length,
        bytes: rows.reduce((n, r) => n + r.bytesSent, 0),
        hitRatio: counted.length === 0 ? null : counted.filter((r) => ['HIT', 'STALE', 'UPDATING'].includes(r.cacheStatus!)).length / counted.length,
        status4xx: rows.filter((r) => r.statusCode >= 400 && r.statusCode < 500).length,
        status5xx: rows.filter((r) => r.statusCode >= 500).length,
      });
      expect(got.renditions).toEqual(top5(rows, (r) => renditionOf(r.url) || null));
      expect(got.countries).toEqual(top5(rows, (r) => r.countryCode));
      expect(got.referrers).toEqual(top5(rows, (r) => refererHost(r.referer)?.toLowerCase() ?? null));
      expect(got.sparkline.reduce((a, b) => a + b, 0)).toBe(rows.length);
    }
    expect(played).toBeGreaterThan(0);

    const top = await t.call<TopVideos>('videos.top', { libraryId, range: '3d', by: 'bytes', limit: 1000 });
    const all = zoneRows(t.sandbox, await libraryZoneId(t.sandbox, libraryId), { from: clock - 72 * HOUR + 60_000, to: clock });
    const truth = topVideosOf(all, 'bytes').sort((a, b) => b.bytes - a.bytes || (a.guid < b.guid ? -1 : 1));
    expect(top.videos.map(({ title: _t, ...v }) => v)).toEqual(truth);
    const titles = new Map(page.items.map((v) => [v.guid, v.title]));
    for (const v of top.videos) expect(v.title).toBe(titles.get(v.guid) ?? null);
  }, 60_000);

  it('apps’ endpoint health: the failing app’s 5xx rate is the generator’s and marks it; the others are healthy', async () => {
    const { items } = await t.call<{ items: { id: string; name: string }[] }>('apps.list', {});
    expect(items.map((a) => a.name)).toContain('shop-api');
    for (const app of items) {
      const health = await t.call<AppHealth>('apps.health', { id: app.id });
      const zones = await endpointZones(t.sandbox, app.id);
      expect(health.endpoints.map((e) => e.endpointName).sort()).toEqual([...zones.keys()].sort());
      for (const e of health.endpoints) {
        const rows = zoneRows(t.sandbox, zones.get(e.endpointName)!, { from: clock - HOUR, to: clock });
        const s5 = rows.filter((r) => r.statusCode >= 500).length;
        expect(e.figures).toMatchObject({ requests: rows.length, status5xx: s5 });
        expect(e.rate5xx).toBe(rows.length === 0 ? null : s5 / rows.length);
        expect(e.unhealthy).toBe(app.name === 'shop-api');
      }
    }
  }, 60_000);
});
