/** The realism switch in the containers and core areas: with it on, some objects carry what the schemas allow beyond the documented; off, none do. */
import { describe, expect, it } from 'vitest';
import { readAppListItem, readListPage, readRegion } from '../../shared/apps/platform-answers.js';
import { readCoreList, readPullZone, readVideoLibrary } from '../../shared/common/core-answers.js';
import { startSandbox } from '../server.js';
import { fullApp } from './testing/harness.js';
import { variedStatus, varietyDraw } from './variety.js';

async function get(url: string, key: string): Promise<unknown> {
  const res = await fetch(url, { headers: { AccessKey: key } });
  expect(res.status).toBe(200);
  return res.json();
}

const extra = (items: unknown[]) => items.filter((i) => typeof i === 'object' && i !== null && 'zz_unknown' in i).length;

describe('sandbox variety', () => {
  it('with realism on, some regions, apps, zones and libraries carry unknown members or statuses, and the readers read every one', async () => {
    const s = await startSandbox({ liveTraffic: false, realism: true });
    try {
      for (let i = 0; i < 12; i++) {
        const res = await fetch(`${s.containersUrl}/apps`, { method: 'POST', headers: { AccessKey: s.accountKey, 'content-type': 'application/json' }, body: JSON.stringify({ ...fullApp(), name: `App ${i}` }) });
        expect(res.status).toBe(201);
      }
      const apps = (await get(`${s.containersUrl}/apps?limit=1000`, s.accountKey)) as { items: { status: string }[] };
      const regions = (await get(`${s.containersUrl}/regions?limit=1000`, s.accountKey)) as { items: unknown[] };
      const zones = (await get(`${s.apiUrl}/pullzone`, s.accountKey)) as unknown[];
      const libraries = (await get(`${s.apiUrl}/videolibrary`, s.accountKey)) as unknown[];
      expect(extra([...apps.items, ...regions.items, ...zones, ...libraries])).toBeGreaterThan(0);
      expect(apps.items.some((a) => a.status !== 'active')).toBe(true);
      // Every varied object is still one a liberal reader reads.
      expect(readListPage(apps, readAppListItem)).toMatchObject({ items: { length: 12 }, unreadable: { count: 0 } });
      expect(readListPage(regions, readRegion)).toMatchObject({ items: { length: regions.items.length }, unreadable: { count: 0 } });
      expect(readCoreList(zones, readPullZone)).toMatchObject({ items: { length: zones.length }, unreadable: { count: 0 } });
      expect(readCoreList(libraries, readVideoLibrary)).toMatchObject({ items: { length: libraries.length }, unreadable: { count: 0 } });
    } finally {
      await s.close();
    }
  });

  it('off, the answers are exact', async () => {
    const s = await startSandbox({ liveTraffic: false, realism: false });
    try {
      const regions = (await get(`${s.containersUrl}/regions?limit=1000`, s.accountKey)) as { items: unknown[] };
      const zones = (await get(`${s.apiUrl}/pullzone`, s.accountKey)) as unknown[];
      expect(extra([...regions.items, ...zones])).toBe(0);
    } finally {
      await s.close();
    }
  });

  it('the draw is repeatable and a status varies only in case or to an unknown word', () => {
    expect(varietyDraw(7, 'x')).toBe(varietyDraw(7, 'x'));
    const ctx = { options: { realism: true, seed: 1 } } as never;
    const seen = new Set(Array.from({ length: 200 }, (_, i) => variedStatus(ctx, `id${i}`, 'active')));
    expect([...seen].sort()).toEqual(['ACTIVE', 'Active', 'active', 'hibernating']);
  });
});
