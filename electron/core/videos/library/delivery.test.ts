/**
 * A video's delivery and a library's top videos through the router, against a sandbox over HTTP: every figure equals
 * the count the test takes of the rows the sandbox holds (injected through its admin path, or read from its v2
 * endpoint), and a library whose zone keeps no logs is explained without a log request.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TopVideos, VideoDelivery } from '../../../../shared/contract/delivery.js';
import { startDeliveryCore, type DeliveryCore, type SandboxRow } from '../../testing/delivery-core.js';

const HOUR = 3_600_000;
let clock = Date.now();
let t: DeliveryCore;
let lib: { id: number; zoneId: number; zoneName: string };
let off: { id: number; zoneId: number };

beforeAll(async () => {
  t = await startDeliveryCore({ now: () => clock, liveTraffic: false });
  const zoneOf = async (id: number) => (await (await fetch(`${t.sandbox.apiUrl}/videolibrary/${id}`, { headers: { AccessKey: t.sandbox.accountKey } })).json()) as { PullZoneId: number };
  const [demo, training] = [t.sandbox.libraries.find((l) => l.name === 'Demo Library')!, t.sandbox.libraries.find((l) => l.name === 'Training Videos')!];
  const zoneId = (await zoneOf(demo.id)).PullZoneId;
  lib = { id: demo.id, zoneId, zoneName: t.sandbox.pullZones.find((z) => z.id === zoneId)!.name };
  off = { id: training.id, zoneId: (await zoneOf(training.id)).PullZoneId };
});
afterAll(() => t.close());
// The sandbox's rate limit counts on its clock: each test starts in a window of its own.
beforeEach(() => {
  clock += 11_000;
  t.sandbox.logging.resetRequests();
});

const newVideo = async (title: string) => (await t.video<{ guid: string }>(lib.id, 'POST', '/videos', { title })).guid;

/** Rows of one video spread over the last `hours`, each rendition, country, referrer, status and cache status by turns. */
function rowsOf(guid: string, n: number, hours: number): Record<string, unknown>[] {
  const parts = ['playlist.m3u8', '720p/video.m3u8', '720p/video3.ts', '1080p/video7.ts', '480p/video1.ts', 'thumbnail.jpg'];
  const referers = ['https://blog.example/post', null, 'https://hotlink.example/', 'https://blog.example/other'];
  return Array.from({ length: n }, (_, k) => ({
    timestampMs: clock - 60_000 - Math.floor((k * (hours * HOUR - 120_000)) / n),
    url: `/${guid}/${parts[k % parts.length]}`,
    countryCode: ['DE', 'US', 'SI', 'DE', 'FR', 'JP', 'BR'][k % 7],
    referer: referers[k % referers.length],
    statusCode: [200, 200, 206, 404, 200, 503, 304][k % 7],
    cacheStatus: ['HIT', 'MISS', 'HIT', 'BYPASS', 'STALE', '-', 'EXPIRED'][k % 7],
    bytesSent: 1000 + ((k * 7919) % 500_000),
  }));
}

/** The shares of a key, most first, ties by key, at most five. */
function shares(rows: readonly SandboxRow[], key: (r: SandboxRow) => string | null): { key: string; requests: number }[] {
  const m = new Map<string, number>();
  for (const r of rows) {
    const k = key(r);
    if (k !== null) m.set(k, (m.get(k) ?? 0) + 1);
  }
  return [...m].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 5).map(([k, requests]) => ({ key: k, requests }));
}

/** What the answer must say of these rows over its own range, counted here. */
function expected(rows: readonly SandboxRow[], answer: VideoDelivery) {
  const from = Date.parse(answer.from);
  const inRange = rows.filter((r) => r.timestamp >= from && r.timestamp <= Date.parse(answer.to));
  const counted = inRange.filter((r) => r.cacheStatus !== null && !['BYPASS', '-'].includes(r.cacheStatus));
  const sparkline = new Array<number>(answer.sparkline.length).fill(0);
  for (const r of inRange) sparkline[Math.min(sparkline.length - 1, Math.floor((r.timestamp - from) / (answer.bucketMinutes * 60_000)))]!++;
  return {
    figures: {
      requests: inRange.length,
      bytes: inRange.reduce((n, r) => n + r.bytesSent, 0),
      hitRatio: counted.length === 0 ? null : counted.filter((r) => ['HIT', 'STALE', 'UPDATING'].includes(r.cacheStatus)).length / counted.length,
      status4xx: inRange.filter((r) => r.statusCode >= 400 && r.statusCode < 500).length,
      status5xx: inRange.filter((r) => r.statusCode >= 500).length,
    },
    countries: shares(inRange, (r) => r.countryCode),
    renditions: shares(inRange, (r) => /\/[^/]+\/(\d+p)\//.exec(r.url)?.[1] ?? /\/[^/]+\/([^/.]+)\.[a-z0-9]+$/.exec(r.url)?.[1] ?? null),
    referrers: shares(inRange, (r) => (r.referer === null ? null : new URL(r.referer).host)),
    sparkline,
  };
}

const v2Asked = (zoneId: number) => t.sandbox.logging.requests().filter((r) => r.zoneId === zoneId && r.kind === 'v2');

describe('a video’s delivery', () => {
  it('over 24 h and 3 days equals the counts of its rows in the sandbox, from one query filtered on its guid', async () => {
    const guid = await newVideo('Delivery probe');
    const rows = await t.inject(lib.zoneId, [...rowsOf(guid, 700, 70), ...rowsOf(randomUUID(), 50, 20)]);
    const mine = rows.filter((r) => r.url.includes(`/${guid}/`));

    const day = await t.call<VideoDelivery>('videos.delivery', { libraryId: lib.id, guid, range: '24h' });
    expect(day).toMatchObject({ libraryId: lib.id, guid, range: '24h', zone: { id: lib.zoneId, name: lib.zoneName }, bucketMinutes: 30, unavailable: null });
    expect(day.completeness).toEqual({ partial: false, pagesRead: 1, rowsSkipped: 0, reason: null });
    expect(day.sparkline).toHaveLength(48);
    expect(day).toMatchObject(expected(mine, day));
    expect(day.figures.requests).toBeLessThan(mine.length);
    expect(day.renditions.map((r) => r.key)).toEqual(expect.arrayContaining(['720p', 'playlist']));
    expect(v2Asked(lib.zoneId).map((r) => new URLSearchParams(r.query).get('urlContains'))).toEqual([`/${guid}/`]);

    const days = await t.call<VideoDelivery>('videos.delivery', { libraryId: lib.id, guid, range: '3d' });
    expect(days).toMatchObject({ ...expected(mine, days), bucketMinutes: 120 });
    expect(days.figures.requests).toBe(mine.length);
  });

  it('is read once per range a while: asking again sends nothing, refresh reads again and sees new rows', async () => {
    const guid = await newVideo('Cached');
    await t.inject(lib.zoneId, rowsOf(guid, 20, 2));
    const first = await t.call<VideoDelivery>('videos.delivery', { libraryId: lib.id, guid, range: '24h' });
    await t.inject(lib.zoneId, rowsOf(guid, 5, 1));
    const again = await t.call<VideoDelivery>('videos.delivery', { libraryId: lib.id, guid, range: '24h' });
    expect(again.figures).toEqual(first.figures);
    expect(v2Asked(lib.zoneId)).toHaveLength(1);
    const fresh = await t.call<VideoDelivery>('videos.delivery', { libraryId: lib.id, guid, range: '24h', refresh: true });
    expect(fresh.figures.requests).toBe(25);
    expect(v2Asked(lib.zoneId)).toHaveLength(2);
  });

  it('pages through a busy video: 25,000 rows in three pages of one call, every one counted', async () => {
    const guid = await newVideo('Busy');
    const rows = await t.inject(lib.zoneId, rowsOf(guid, 25_000, 20));
    const answer = await t.call<VideoDelivery>('videos.delivery', { libraryId: lib.id, guid, range: '24h' });
    expect(answer.completeness).toEqual({ partial: false, pagesRead: 3, rowsSkipped: 0, reason: null });
    expect(answer).toMatchObject(expected(rows, answer));
  }, 60_000);

  it('of a library whose zone keeps no logs says so, with the setting to change, and asks the logs nothing', async () => {
    const answer = await t.call<VideoDelivery>('videos.delivery', { libraryId: off.id, guid: randomUUID(), range: '24h' });
    expect(answer.unavailable).toEqual({ kind: 'logging-off', message: expect.stringContaining('Logging is turned off for this pull zone'), setting: expect.stringContaining('Enable logging') });
    expect(answer.unavailable?.message).toContain('Turn logging on');
    expect(answer).toMatchObject({ zone: { id: off.zoneId }, figures: { requests: 0 }, completeness: { partial: false, pagesRead: 0 } });
    const top = await t.call<TopVideos>('videos.top', { libraryId: off.id, range: '24h', by: 'requests' });
    expect(top).toMatchObject({ videos: [], unavailable: { kind: 'logging-off' } });
    expect(v2Asked(off.zoneId)).toEqual([]);
  });
});

describe('a library’s top videos', () => {
  it('rank the zone’s rows grouped by guid, by requests or bytes, titled from the library', async () => {
    const guid = await newVideo('Most watched');
    await t.inject(lib.zoneId, rowsOf(guid, 2000, 20));
    const top = await t.call<TopVideos>('videos.top', { libraryId: lib.id, range: '24h', by: 'requests', limit: 20 });
    const byBytes = await t.call<TopVideos>('videos.top', { libraryId: lib.id, range: '24h', by: 'bytes', limit: 3 });
    expect(top.completeness).toMatchObject({ partial: false, reason: null });
    const truth = new Map<string, { requests: number; bytes: number }>();
    for (const r of await t.zoneRows(lib.zoneId, clock - 24 * HOUR, clock)) {
      const g = /^(?:https?:\/\/[^/]+)?\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\//.exec(r.url)?.[1];
      if (g === undefined) continue;
      const v = truth.get(g) ?? { requests: 0, bytes: 0 };
      truth.set(g, { requests: v.requests + 1, bytes: v.bytes + r.bytesSent });
    }
    const rank = (by: 'requests' | 'bytes', n: number) => [...truth].sort((a, b) => b[1][by] - a[1][by] || (a[0] < b[0] ? -1 : 1)).slice(0, n).map(([g, v]) => ({ guid: g, ...v }));
    expect(top.videos.map(({ title: _t, ...v }) => v)).toEqual(rank('requests', 20));
    expect(byBytes.videos.map(({ title: _t, ...v }) => v)).toEqual(rank('bytes', 3));
    expect(top.videos).toContainEqual(expect.objectContaining({ guid, title: 'Most watched' }));
    // Generated traffic names videos the library does not hold: they stay untitled.
    expect(top.videos.some((v) => v.title === null)).toBe(true);
  }, 60_000);
});
