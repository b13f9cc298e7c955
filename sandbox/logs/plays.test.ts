/**
 * A library's pull zone plays the library's videos, read through the v2 API of a real sandbox: only its guids, in
 * several renditions, countries and referrers (hotlinking among them), mostly cache hits with a few misses and 4xx;
 * videos differ in popularity; an upload plays from the moment it is ready; the same seed and clock give the same rows.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { CdnLogRecord } from '../../shared/logs/log-record.js';
import { startSandbox, type Sandbox } from '../server.js';
import { countBy, guidOf, injectPlay, libraryZoneId, refererHost, renditionOf, topVideosOf, totalsOf, videoRows, zoneRows } from './testing/truth.js';

const T0 = Date.UTC(2026, 10, 20, 12, 0, 0);
const HOUR = 3_600_000;
let sandboxes: Sandbox[] = [];
afterEach(async () => {
  await Promise.all(sandboxes.map((s) => s.close()));
  sandboxes = [];
});

async function start(clock: { now: number }, seed = 1): Promise<Sandbox> {
  const s = await startSandbox({ now: () => clock.now, seed, realism: false, processingStepMs: 5, logRateLimit: { requests: 1000, windowMs: 10_000 } });
  sandboxes.push(s);
  return s;
}

async function guidsOf(s: Sandbox, lib: Sandbox['libraries'][number]): Promise<string[]> {
  const res = await fetch(`${s.videoUrl}/library/${lib.id}/videos?itemsPerPage=100`, { headers: { AccessKey: lib.key } });
  return ((await res.json()) as { items: { guid: string }[] }).items.map((v) => v.guid);
}

/** Every row of a zone over a range, paged through the v2 API as a client reads it. */
async function paged(s: Sandbox, zoneId: number, from: number, to: number, extra: Record<string, string> = {}): Promise<{ url: string }[]> {
  const rows: { url: string }[] = [];
  for (let offset = 0; ; offset += 1000) {
    const q = new URLSearchParams({ from: new Date(from).toISOString(), to: new Date(to).toISOString(), limit: '1000', offset: String(offset), ...extra });
    const body = (await (await fetch(`${s.loggingUrl}/v2/pullzones/${zoneId}/logs?${q}`, { headers: { AccessKey: s.accountKey } })).json()) as { data: { url: string }[]; pagination: { hasMore: boolean } };
    rows.push(...body.data);
    if (!body.pagination.hasMore) return rows;
  }
}

const share = (rows: readonly CdnLogRecord[], test: (r: CdnLogRecord) => boolean) => rows.filter(test).length / rows.length;

describe("a library's pull zone", () => {
  it("carries plays of the library's own videos only: renditions, countries, referrers, hits and misses, a few 4xx", async () => {
    const s = await start({ now: T0 });
    const clips = s.libraries[2]!;
    const zone = await libraryZoneId(s, clips.id);
    const guids = await guidsOf(s, clips);
    expect(guids.length).toBeGreaterThan(3);
    const rows = zoneRows(s, zone, { from: T0 - 24 * HOUR });
    expect(rows.length).toBeGreaterThan(2_000);
    expect(new Set(rows.map((r) => guidOf(r.url)))).toEqual(new Set(guids));
    // Another library's videos never show in this zone.
    for (const g of await guidsOf(s, s.libraries[1]!)) expect(rows.some((r) => r.url.includes(g))).toBe(false);

    const renditions = countBy(rows, (r) => renditionOf(r.url)).map(([k]) => k);
    expect(renditions[0]).toBe('720p');
    expect(renditions).toEqual(expect.arrayContaining(['1080p', '480p', '360p', 'playlist', 'thumbnail']));
    expect(share(rows, (r) => r.url.endsWith('.ts'))).toBeGreaterThan(0.6);
    expect(countBy(rows, (r) => r.countryCode).length).toBeGreaterThan(5);
    const referrers = countBy(rows, (r) => refererHost(r.referer)).map(([k]) => k);
    expect(referrers).toEqual(expect.arrayContaining(['clips.example.com', 'iframe.mediadelivery.net', 'free-streams.example.net']));
    expect(rows.some((r) => r.referer === null)).toBe(true);
    const t = totalsOf(rows);
    expect(t.hits / t.requests).toBeGreaterThan(0.7);
    expect(t.hits).toBeLessThan(t.requests);
    expect(t.status4xx / t.requests).toBeGreaterThan(0.005);
    expect(t.status4xx / t.requests).toBeLessThan(0.05);
    // Popularity differs: the top video has several times the requests of the least watched one.
    const top = topVideosOf(rows);
    expect(top[0]!.requests).toBeGreaterThan(3 * top.at(-1)!.requests);

    // The truth is what the API serves, page by page.
    const one = top[1]!.guid;
    const api = await paged(s, zone, T0 - 24 * HOUR, T0 + 1, { urlContains: `/${one}/` });
    const truth = await videoRows(s, clips.id, one, { from: T0 - 24 * HOUR, to: T0 + 1 });
    expect(api.map((r) => r.url)).toEqual(truth.map((r) => r.url));
    expect(truth).toHaveLength(top[1]!.requests);
  });

  it('plays an upload from the moment it is ready, and nothing before', async () => {
    const clock = { now: T0 };
    const s = await start(clock);
    const lib = s.libraries[0]!;
    const zone = await libraryZoneId(s, lib.id);
    expect(zoneRows(s, zone, { from: T0 - 72 * HOUR + 60_000 })).toEqual([]);
    const created = (await (await fetch(`${s.videoUrl}/library/${lib.id}/videos`, { method: 'POST', headers: { AccessKey: lib.key, 'content-type': 'application/json' }, body: '{"title":"fresh"}' })).json()) as { guid: string };
    await fetch(`${s.videoUrl}/library/${lib.id}/videos/${created.guid}`, { method: 'PUT', headers: { AccessKey: lib.key }, body: 'x'.repeat(4000) });
    clock.now = T0 + 90_000;
    await expect.poll(() => s.uploads.inspect(lib.id, created.guid)?.statusHistory.at(-1)?.status).toBe(4);
    const readyAt = s.uploads.inspect(lib.id, created.guid)!.statusHistory.at(-1)!.at;
    clock.now = readyAt + 2 * HOUR;
    const rows = zoneRows(s, zone, { from: T0 - 24 * HOUR });
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.every((r) => guidOf(r.url) === created.guid && r.timestampMs >= readyAt)).toBe(true);
    // An injected play is served among them.
    const first = await injectPlay(s, lib.id, created.guid);
    clock.now += 1;
    const recent = zoneRows(s, zone, { from: clock.now - 60_000 }, { urlContains: `/${created.guid}/` });
    expect(recent.filter((r) => r.requestId === first.requestId)).toEqual([expect.objectContaining({ url: first.url, statusCode: 200 })]);
    // The first plays come within the hour (the least popular video plays about once in three minutes).
    expect(Math.min(...rows.map((r) => r.timestampMs)) - readyAt).toBeLessThan(HOUR);
  });

  it('is the same for the same seed and clock, and another seed differs', async () => {
    const a = await start({ now: T0 });
    const b = await start({ now: T0 });
    const c = await start({ now: T0 }, 2);
    const rowsOf = async (s: Sandbox) => zoneRows(s, await libraryZoneId(s, s.libraries[2]!.id), { from: T0 - 6 * HOUR });
    const first = await rowsOf(a);
    expect(await rowsOf(b)).toEqual(first);
    expect((await rowsOf(c)).map((r) => r.requestId)).not.toEqual(first.map((r) => r.requestId));
  });
});
