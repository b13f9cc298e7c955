/**
 * The pull zones of apps' CDN endpoints: listed by the core API with logging on, carrying traffic to the app; the
 * failing demo app answers about 4 % of requests with a 5xx, the others well under 1 %; an app created at run time
 * gets its zone's traffic from then on.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../server.js';
import { endpointZones, totalsOf, zoneRows } from './testing/truth.js';

const T0 = Date.UTC(2026, 10, 20, 12, 0, 0);
const HOUR = 3_600_000;
let s: Sandbox | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

const get = async (url: string, key: string) => (await fetch(url, { headers: { AccessKey: key } })).json() as Promise<Record<string, unknown>>;

describe("apps' endpoint zones", () => {
  it('demo apps: each CDN endpoint names a listed zone with logging on; one app fails 4 % with a 5xx, the others well under 1 %', async () => {
    s = await startSandbox({ now: () => T0, demoApps: true, realism: false });
    const apps = (await get(`${s.containersUrl}/apps`, s.accountKey)).items as { id: string; name: string }[];
    expect(apps.map((a) => a.name)).toEqual(['shop-api', 'docs-site', 'thumbnailer']);
    const rates: Record<string, number> = {};
    for (const app of apps) {
      const [[, zoneId]] = [...(await endpointZones(s, app.id))] as [[string, number]];
      const zone = await get(`${s.apiUrl}/pullzone/${zoneId}`, s.accountKey);
      expect(zone).toMatchObject({ Id: zoneId, EnableLogging: true, MagicContainersAppId: app.id });
      const rows = zoneRows(s, zoneId, { from: T0 - 24 * HOUR });
      expect(rows.length).toBeGreaterThan(2_000);
      expect(rows.every((r) => r.url.startsWith(`https://${String((zone.Hostnames as { Value: string }[])[0]!.Value)}/`))).toBe(true);
      const t = totalsOf(rows);
      rates[app.name] = t.status5xx / t.requests;
    }
    expect(rates['shop-api']).toBeGreaterThan(0.03);
    expect(rates['shop-api']).toBeLessThan(0.05);
    expect(rates['docs-site']).toBeLessThan(0.006);
    expect(rates['thumbnailer']).toBeLessThan(0.008);
    const listed = (await fetch(`${s.apiUrl}/pullzone`, { headers: { AccessKey: s.accountKey } }).then((r) => r.json())) as { Id: number }[];
    expect(listed).toHaveLength(s.pullZones.length + 3);
  });

  it('an app created with a CDN endpoint gets its zone, with traffic from its creation on; none without the option', async () => {
    const clock = { now: T0 };
    s = await startSandbox({ now: () => clock.now, realism: false });
    expect((await get(`${s.containersUrl}/apps`, s.accountKey)).items).toEqual([]);
    const body = {
      name: 'later',
      runtimeType: 'shared',
      autoScaling: { min: 1, max: 1 },
      regionSettings: { requiredRegionIds: ['DE'] },
      containerTemplates: [{ name: 'web', imageNamespace: 'library', imageName: 'nginx', imageTag: '1.27', imageRegistryId: '1', endpoints: [{ displayName: 'site', cdn: { portMappings: [{ containerPort: 80 }] } }] }],
    };
    const created = await fetch(`${s.containersUrl}/apps`, { method: 'POST', headers: { AccessKey: s.accountKey, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const { id } = (await created.json()) as { id: string };
    const zoneId = (await endpointZones(s, id)).get('site')!;
    expect(await get(`${s.apiUrl}/pullzone/${zoneId}`, s.accountKey)).toMatchObject({ Id: zoneId, EnableLogging: true });
    clock.now = T0 + 2 * HOUR;
    const rows = zoneRows(s, zoneId, { from: T0 - 24 * HOUR });
    expect(rows.length).toBeGreaterThan(100);
    expect(Math.min(...rows.map((r) => r.timestampMs))).toBeGreaterThanOrEqual(T0);
    expect(totalsOf(rows).status5xx / rows.length).toBeLessThan(0.02);
  });

  it('demo apps added to a running sandbox carry their history at once', async () => {
    s = await startSandbox({ now: () => T0, realism: false });
    const ids = s.containers.addDemoApps();
    expect(ids).toHaveLength(3);
    expect(s.containers.addDemoApps()).toEqual(ids);
    expect(((await get(`${s.containersUrl}/apps`, s.accountKey)).items as unknown[]).length).toBe(3);
    const zoneId = [...(await endpointZones(s, ids[0]!)).values()][0]!;
    const rows = zoneRows(s, zoneId, { from: T0 - 24 * HOUR });
    expect(Math.min(...rows.map((r) => r.timestampMs))).toBeLessThan(T0 - 23 * HOUR);
    // The same seed and clock: the same apps, zones and rows.
    const other = await startSandbox({ now: () => T0, realism: false, demoApps: true });
    try {
      expect(((await get(`${other.containersUrl}/apps`, other.accountKey)).items as { id: string }[]).map((a) => a.id)).toEqual(ids);
      expect(zoneRows(other, zoneId, { from: T0 - 24 * HOUR })).toEqual(rows);
    } finally {
      await other.close();
    }
  });
});
