import { describe, expect, it } from 'vitest';
import { createSeed } from '../seed.js';
import { api, coreErrors, list, obj, useSandboxes } from './testing/support.js';

const start = useSandboxes();
const seed = createSeed(1);

describe('core API: video libraries, storage zones, regions', () => {
  it('GET /videolibrary lists each library with its keys, zones and counts', async () => {
    const s = await start();
    const reply = await api(s, 'GET', '/videolibrary');
    expect(reply.status).toBe(200);
    const libs = list(reply.body);
    for (const lib of libs) expect(coreErrors('GET', '/videolibrary/{id}', { ...reply, body: lib })).toEqual([]);
    expect(libs.map((l) => [l.Id, l.Name, l.ApiKey, l.ReadOnlyApiKey, l.PullZoneId, l.StorageZoneId, l.VideoCount])).toEqual(
      seed.libraries.map((l) => [l.id, l.name, l.key, l.readOnlyKey, l.pullZoneId, l.storageZoneId, 0]),
    );
    const paged = await api(s, 'GET', '/videolibrary?page=1');
    expect(coreErrors('GET', '/videolibrary', paged)).toEqual([]);
    expect(obj(paged.body)).toMatchObject({ CurrentPage: 1, TotalItems: seed.libraries.length, HasMoreItems: false });
    expect(list((await api(s, 'GET', '/videolibrary?search=training')).body).map((l) => l.Name)).toEqual(['Training Videos']);
  });

  it('GET /videolibrary/{id} answers one library or 404', async () => {
    const s = await start();
    const lib = seed.libraries[1]!;
    const reply = await api(s, 'GET', `/videolibrary/${lib.id}`);
    expect(reply.status).toBe(200);
    expect(coreErrors('GET', '/videolibrary/{id}', reply)).toEqual([]);
    expect(obj(reply.body)).toMatchObject({ Id: lib.id, ApiKey: lib.key, ReadOnlyApiKey: lib.readOnlyKey });
    const missing = await api(s, 'GET', '/videolibrary/5');
    expect(missing.status).toBe(404);
    expect(coreErrors('GET', '/videolibrary/{id}', missing)).toEqual([]);
    expect(missing.body).toEqual({ ErrorKey: 'videoLibrary.not_found', Field: 'VideoLibrary', Message: expect.any(String) });
  });

  it('GET /storagezone lists the zones with their pull zones', async () => {
    const s = await start();
    const reply = await api(s, 'GET', '/storagezone');
    expect(reply.status).toBe(200);
    expect(coreErrors('GET', '/storagezone', reply)).toEqual([]);
    const zones = list(reply.body);
    expect(zones.map((z) => [z.Id, z.Name, z.Region, z.Password])).toEqual(seed.storageZones.map((z) => [z.id, z.name, z.region, z.password]));
    const first = zones[0]!;
    expect(list(first.PullZones).map((p) => p.Id)).toEqual([seed.libraries[0]!.pullZoneId]);
    expect(obj((await api(s, 'GET', '/storagezone?page=1')).body)).toMatchObject({ TotalItems: seed.storageZones.length });
  });

  it('GET /region needs no key and validates', async () => {
    const s = await start();
    const reply = await api(s, 'GET', '/region', { key: null });
    expect(reply.status).toBe(200);
    expect(coreErrors('GET', '/region', reply)).toEqual([]);
    expect(list(reply.body).map((r) => r.RegionCode)).toEqual(seed.regions.map((r) => r.id));
  });

  it('answers 401 without the account key, and leaves unknown paths to the 404 fallback', async () => {
    const s = await start();
    for (const path of ['/videolibrary', `/videolibrary/${seed.libraries[0]!.id}`, '/storagezone']) {
      const reply = await api(s, 'GET', path, { key: seed.libraries[0]!.key });
      expect(reply.status, path).toBe(401);
      expect(reply.body).toEqual({ ErrorKey: expect.any(String), Field: 'AccessKey', Message: expect.any(String) });
      // Only this 401 declares its body in the OpenAPI; the others send the same ApiErrorData undeclared.
      if (path.startsWith('/videolibrary/')) expect(coreErrors('GET', '/videolibrary/{id}', reply)).toEqual([]);
    }
    expect((await api(s, 'GET', '/videolibrary/1/extra/deep')).status).toBe(404);
    expect((await api(s, 'GET', '/user')).status).toBe(404);
  });
});
