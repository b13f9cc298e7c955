/**
 * `apps.health` through the router against a sandbox over HTTP: each CDN endpoint's figures equal the counts the
 * test takes of its zone's rows (5xx rate, hit ratio, p50/p95 bytes), above 1 % 5xx is unhealthy, anycast endpoints
 * are left out, and a zone without logs or an unknown zone is explained.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppHealth } from '../../../shared/contract/delivery.js';
import { fullApp } from '../../../sandbox/apps/testing/harness.js';
import { startDeliveryCore, type DeliveryCore } from '../testing/delivery-core.js';

const HOUR = 3_600_000;
const clock = Date.now();
let t: DeliveryCore;
const zone = (name: string) => t.sandbox.pullZones.find((z) => z.name === name)!;

beforeAll(async () => {
  t = await startDeliveryCore({ now: () => clock, liveTraffic: false });
});
afterAll(() => t.close());

/** fullApp whose containers each have a CDN endpoint on the zone given (and the web's anycast one). */
async function appOn(zones: readonly (number | null)[]): Promise<string> {
  const app = fullApp();
  const [web] = app.containerTemplates as Record<string, unknown>[];
  const containers = zones.map((pullZoneId, k) => {
    const c = structuredClone(web!);
    const [cdn, anycast] = c.endpoints as { displayName: string; cdn: Record<string, unknown> }[];
    cdn!.displayName = `site-${k}`;
    cdn!.cdn.pullZoneId = pullZoneId;
    return { ...c, name: `c${k}`, endpoints: k === 0 ? [cdn, anycast] : [cdn] };
  });
  return (await t.call<{ id: string }>('apps.create', { body: { ...app, containerTemplates: containers } })).id;
}

const nearest = (sorted: readonly number[], p: number) => sorted[Math.ceil(p * sorted.length) - 1] ?? null;

describe('apps.health', () => {
  it('gives each CDN endpoint its zone’s last hour as the sandbox holds it, marked above 1 % of 5xx', async () => {
    const site = zone('demo-site');
    await t.inject(
      site.id,
      Array.from({ length: 600 }, (_, k) => ({ timestampMs: clock - 1000 - k * 5000, statusCode: k % 20 === 0 ? 502 : 200, bytesSent: 100 + k * 37, cacheStatus: k % 3 === 0 ? 'MISS' : 'HIT' })),
    );
    const id = await appOn([site.id, zone('vz-training').id, 987_654]);
    // A zone the core API does not know (deleted since): nothing to read, and said so.
    t.sandbox.faults.add({ method: 'GET', path: '/pullzone/987654', times: 1, action: { kind: 'status', status: 404, body: { Message: 'Not found' } } });
    const health = await t.call<AppHealth>('apps.health', { id });
    expect(health).toMatchObject({ appId: id, range: '1h', completeness: { partial: false, rowsSkipped: 0, reason: null } });
    expect(health.endpoints.map((e) => [e.containerName, e.endpointName])).toEqual([['c0', 'site-0'], ['c1', 'site-1'], ['c2', 'site-2']]);

    const rows = await t.zoneRows(site.id, clock - HOUR, clock);
    const s5 = rows.filter((r) => r.statusCode >= 500).length;
    // A row the platform sent without a cache status (the sandbox sends some) is outside the ratio, as one with BYPASS.
    const counted = rows.filter((r) => r.cacheStatus !== null && !['BYPASS', '-'].includes(r.cacheStatus));
    const sizes = rows.map((r) => r.bytesSent).sort((a, b) => a - b);
    const [web, off, unknown] = health.endpoints;
    expect(web).toMatchObject({
      zone: { id: site.id, name: 'demo-site' },
      figures: {
        requests: rows.length,
        bytes: sizes.reduce((a, b) => a + b, 0),
        status5xx: s5,
        status4xx: rows.filter((r) => r.statusCode >= 400 && r.statusCode < 500).length,
        hitRatio: counted.filter((r) => ['HIT', 'STALE', 'UPDATING'].includes(r.cacheStatus)).length / counted.length,
      },
      rate5xx: s5 / rows.length,
      p50Bytes: nearest(sizes, 0.5),
      p95Bytes: nearest(sizes, 0.95),
      unhealthy: true,
      unavailable: null,
    });
    expect(web!.address).toMatch(/b-cdn\.net$/);
    expect(s5 / rows.length).toBeGreaterThan(0.01);
    expect(off).toMatchObject({ unavailable: { kind: 'logging-off' }, figures: { requests: 0 }, rate5xx: null, p50Bytes: null, unhealthy: false });
    expect(unknown).toMatchObject({ zone: null, unavailable: { kind: 'no-zone' }, unhealthy: false });
    expect(t.sandbox.logging.requests().filter((r) => r.zoneId === zone('vz-training').id)).toEqual([]);
  });

  it('a zone with no 5xx is healthy; the answer holds nothing of a visitor’s headers', async () => {
    const clips = zone('vz-clips');
    await t.inject(clips.id, [{ timestampMs: clock - 5000, statusCode: 200, userAgent: 'Secret-Agent', referer: 'https://private.example/?token=abc' }]);
    const id = await appOn([clips.id]);
    const health = await t.call<AppHealth>('apps.health', { id, range: '24h' });
    const rows = await t.zoneRows(clips.id, clock - 24 * HOUR, clock);
    const s5 = rows.filter((r) => r.statusCode >= 500).length;
    expect(health.endpoints[0]).toMatchObject({ figures: { requests: rows.length, status5xx: s5 }, unhealthy: s5 / rows.length > 0.01 });
    expect(JSON.stringify(health)).not.toMatch(/Secret-Agent|token=abc|203\.0\.113/);
  });
});
