import { describe, expect, it } from 'vitest';
import { ALL_CACHE_STATUSES } from '../../shared/logs/cache-status.js';
import { isIpv6 } from '../../shared/logs/ip.js';
import { createSeed } from '../seed.js';
import { createTrafficStore, DAY_MS, type TrafficEntry } from './traffic.js';

const BASE_TIME = Date.UTC(2026, 4, 9, 12, 0, 0);
const seed = createSeed(7);
const site = seed.pullZones[0]!;
const video = seed.pullZones[1]!;

function day(seedNumber: number, zone = site, perDay?: number): TrafficEntry[] {
  return [...createTrafficStore(seedNumber, perDay).range(zone, BASE_TIME - DAY_MS, BASE_TIME, 'asc')];
}

function share(entries: readonly TrafficEntry[], test: (e: TrafficEntry) => boolean): number {
  return entries.filter(test).length / entries.length;
}

describe('generated traffic', () => {
  it('is the same for the same seed, whatever was asked first', () => {
    const a = day(7);
    const store = createTrafficStore(7);
    const late = [...store.range(site, BASE_TIME - 3_600_000, BASE_TIME, 'desc')];
    const b = [...store.range(site, BASE_TIME - DAY_MS, BASE_TIME, 'asc')];
    expect(b).toEqual(a);
    expect(late).toEqual(a.filter((e) => e.timestampMs >= BASE_TIME - 3_600_000).reverse());
    expect(day(8)).not.toEqual(a);
  });

  it('has a few thousand entries a day by default, in a realistic mix', () => {
    const entries = day(7);
    expect(entries.length).toBeGreaterThan(3_000);
    expect(entries.length).toBeLessThan(5_000);
    const statuses = new Set(entries.map((e) => e.statusCode));
    for (const code of [200, 206, 304, 301, 302, 403, 404, 499, 500, 502, 503]) expect(statuses, String(code)).toContain(code);
    expect(share(entries, (e) => [200, 206, 304].includes(e.statusCode))).toBeGreaterThan(0.8);
    expect(new Set(entries.map((e) => e.cacheStatus))).toEqual(new Set(ALL_CACHE_STATUSES.filter((s) => s !== 'EXPIRED')));
    expect(share(entries, (e) => e.cacheStatus === 'HIT')).toBeGreaterThan(0.4);
    expect(new Set(entries.map((e) => e.countryCode)).size).toBeGreaterThan(10);
    const pops = new Set(entries.map((e) => e.edgeLocation));
    for (const pop of ['DE', 'WA', 'NY', 'SG', 'LA', 'UK', 'FR', 'JP']) expect(pops, pop).toContain(pop);
    const agents = entries.map((e) => e.userAgent ?? '');
    for (const kind of ['Chrome/', 'Firefox/', 'Safari/', 'curl/', 'Googlebot', 'bingbot']) expect(agents.some((a) => a.includes(kind)), kind).toBe(true);
    expect(entries.some((e) => e.userAgent === null)).toBe(true);
    const refererShare = share(entries, (e) => e.referer !== null);
    expect(refererShare).toBeGreaterThan(0.2);
    expect(refererShare).toBeLessThan(0.8);
    expect(entries.some((e) => e.url.includes('?'))).toBe(true);
    expect(entries.every((e) => /^https?:\/\/demo-site\.b-cdn\.net\//.test(e.url))).toBe(true);
    expect(entries.every((e) => /^[0-9a-f]{32}$/.test(e.requestId ?? ''))).toBe(true);
    expect(new Set(entries.map((e) => e.requestId)).size).toBe(entries.length);
    expect(entries.some((e) => e.remoteIp !== null && isIpv6(e.remoteIp))).toBe(true);
    expect(entries.filter((e) => e.cacheStatus === '-').every((e) => e.url.includes('/api/'))).toBe(true);
    const sizes = entries.filter((e) => e.statusCode === 304).map((e) => e.bytesSent);
    expect(Math.max(...sizes)).toBeLessThan(1_000);
    expect(Math.max(...entries.map((e) => e.bytesSent))).toBeGreaterThan(1_000_000);
  });

  it("serves a library zone's ready videos with player requests", () => {
    const videos = [0, 1, 2].map((i) => ({ guid: `0000000${i}-0000-4000-8000-000000000000`, readyAt: BASE_TIME - 5 * DAY_MS, heights: [360, 720, 1080] }));
    const store = createTrafficStore(7, undefined, { videosOf: (z) => (z.id === video.id ? videos : undefined) });
    const entries = [...store.range(video, BASE_TIME - DAY_MS, BASE_TIME, 'asc')];
    expect(entries.length).toBeGreaterThan(1_000);
    expect(share(entries, (e) => e.url.endsWith('.ts'))).toBeGreaterThan(0.6);
    expect(entries.some((e) => e.url.endsWith('/playlist.m3u8'))).toBe(true);
    expect(entries.some((e) => e.userAgent?.startsWith('AppleCoreMedia'))).toBe(true);
    expect(entries.every((e) => videos.some((v) => e.url.startsWith(`https://${video.hostname}/${v.guid}/`)))).toBe(true);
  });

  it('is busier in the afternoon than at night', () => {
    const entries = day(7, site, 20_000);
    const at = (hour: number) => entries.filter((e) => new Date(e.timestampMs).getUTCHours() === hour).length;
    expect(at(15)).toBeGreaterThan(at(3) * 2);
  });
});
