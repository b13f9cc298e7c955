import { describe, expect, it } from 'vitest';
import { createSeed } from '../seed.js';
import { api, coreErrors, list, obj, useSandboxes } from './testing/support.js';

const start = useSandboxes();
const seed = createSeed(1);

describe('core API: pull zones', () => {
  it('GET /pullzone answers a plain array of the seeded zones, valid against the OpenAPI', async () => {
    const s = await start();
    const reply = await api(s, 'GET', '/pullzone');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/application\/json/);
    expect(coreErrors('GET', '/pullzone', reply)).toEqual([]);
    const zones = list(reply.body);
    expect(zones.map((z) => [z.Id, z.Name, z.EnableLogging])).toEqual(seed.pullZones.map((p) => [p.id, p.name, p.loggingEnabled]));
    const library = seed.libraries[0]!;
    const videoZone = zones.find((z) => z.Id === library.pullZoneId)!;
    expect(videoZone).toMatchObject({ VideoLibraryId: library.id, StorageZoneId: library.storageZoneId });
    // A library's zone is served by the sandbox itself (its system hostname), beside the seed's *.b-cdn.net name.
    expect(list(videoZone.Hostnames)).toEqual([
      expect.objectContaining({ Value: new URL(s.apiUrl).host, IsSystemHostname: true }),
      expect.objectContaining({ Value: seed.pullZones[1]!.hostname, IsSystemHostname: false }),
    ]);
    const siteZone = zones.find((z) => z.Id === seed.pullZones[0]!.id)!;
    expect(list(siteZone.Hostnames)).toEqual([expect.objectContaining({ Value: seed.pullZones[0]!.hostname, IsSystemHostname: true })]);
  });

  it('pages when page > 0 and filters by search', async () => {
    const s = await start();
    const page1 = await api(s, 'GET', '/pullzone?page=1&perPage=5');
    expect(page1.status).toBe(200);
    const body = obj(page1.body);
    expect(body).toMatchObject({ CurrentPage: 1, TotalItems: seed.pullZones.length, HasMoreItems: false });
    for (const item of list(body.Items)) expect(coreErrors('GET', '/pullzone/{id}', { ...page1, body: item })).toEqual([]);
    expect(obj((await api(s, 'GET', '/pullzone?page=2&perPage=5')).body)).toMatchObject({ Items: [], CurrentPage: 2, HasMoreItems: false });
    const found = await api(s, 'GET', '/pullzone?search=TRAINING');
    expect(list(found.body).map((z) => z.Name)).toEqual(['vz-training']);
    expect(list((await api(s, 'GET', '/pullzone?search=b-cdn.net')).body)).toHaveLength(seed.pullZones.length);
    expect(list((await api(s, 'GET', '/pullzone?search=nothing-like-this')).body)).toEqual([]);
  });

  it('refuses a bad page parameter with the error shape', async () => {
    const s = await start();
    const reply = await api(s, 'GET', '/pullzone?page=-1');
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ ErrorKey: 'validation.invalid_value', Field: 'page', Message: expect.any(String) });
  });

  it('GET /pullzone/{id} answers one zone, 404 with pullZone.not_found otherwise', async () => {
    const s = await start();
    const pz = seed.pullZones[0]!;
    const reply = await api(s, 'GET', `/pullzone/${pz.id}`);
    expect(reply.status).toBe(200);
    expect(coreErrors('GET', '/pullzone/{id}', reply)).toEqual([]);
    expect(obj(reply.body)).toMatchObject({ Id: pz.id, Name: pz.name, OriginUrl: pz.originUrl, LogAnonymizationType: pz.logAnonymizationType });
    for (const path of ['/pullzone/1', '/pullzone/abc', '/PullZone/99999999']) {
      const missing = await api(s, 'GET', path);
      expect(missing.status, path).toBe(404);
      expect(missing.body).toEqual({ ErrorKey: 'pullZone.not_found', Field: 'PullZone', Message: 'The requested Pull Zone was not found' });
    }
  });

  it('POST /pullzone/{id} updates fields, answers 200 with the zone, and keeps the edit', async () => {
    const s = await start();
    const pz = seed.pullZones[0]!;
    const reply = await api(s, 'POST', `/pullzone/${pz.id}`, {
      body: { EnableLogging: false, OriginUrl: 'https://new-origin.example.net', LogFormat: 1, OriginHostHeader: null, Unknown: 1 },
    });
    expect(reply.status).toBe(200);
    expect(coreErrors('POST', '/pullzone/{id}', reply)).toEqual([]);
    expect(obj(reply.body)).toMatchObject({ Id: pz.id, EnableLogging: false, OriginUrl: 'https://new-origin.example.net', LogFormat: 1, OriginHostHeader: null });
    expect(obj(reply.body)).not.toHaveProperty('Unknown');
    const again = obj((await api(s, 'GET', `/pullzone/${pz.id}`)).body);
    expect(again).toMatchObject({ EnableLogging: false, OriginUrl: 'https://new-origin.example.net' });
    const other = await start();
    expect(obj((await api(other, 'GET', `/pullzone/${pz.id}`)).body)).toMatchObject({ EnableLogging: true, OriginUrl: pz.originUrl });
  });

  it('POST /pullzone/{id} refuses bad values with 400 {ErrorKey, Field, Message} and changes nothing', async () => {
    const s = await start();
    const pz = seed.pullZones[0]!;
    const cases: [unknown, string | null][] = [
      [{ OriginUrl: 'ftp://x.example' }, 'OriginUrl'],
      [{ OriginUrl: 'not a url' }, 'OriginUrl'],
      [{ EnableLogging: 'yes' }, 'EnableLogging'],
      [{ LogAnonymizationType: 2 }, 'LogAnonymizationType'],
      [{ MonthlyBandwidthLimit: 1.5 }, 'MonthlyBandwidthLimit'],
      [[1, 2], null],
      ['text', null],
    ];
    for (const [body, field] of cases) {
      const reply = await api(s, 'POST', `/pullzone/${pz.id}`, { body });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(coreErrors('POST', '/pullzone/{id}', reply)).toEqual([]);
      expect(obj(reply.body)).toMatchObject({ Field: field, ErrorKey: expect.any(String), Message: expect.any(String) });
    }
    const broken = await api(s, 'POST', `/pullzone/${pz.id}`, { rawBody: '{"EnableLogging":' });
    expect(broken.status).toBe(400);
    expect(obj(broken.body)).toMatchObject({ ErrorKey: 'validation.invalid_json', Field: null });
    expect(obj((await api(s, 'GET', `/pullzone/${pz.id}`)).body)).toMatchObject({ OriginUrl: pz.originUrl, EnableLogging: true });
    expect((await api(s, 'POST', '/pullzone/42', { body: { EnableLogging: true } })).status).toBe(404);
  });

  it('answers 401 without the account key (a library key is not enough), and 405 for other methods', async () => {
    const s = await start();
    const library = seed.libraries[0]!;
    for (const key of [null, '', 'wrong', library.key, library.readOnlyKey, `${s.accountKey} `.trim().toUpperCase()]) {
      for (const [method, path] of [['GET', '/pullzone'], ['GET', `/pullzone/${seed.pullZones[0]!.id}`], ['POST', `/pullzone/${seed.pullZones[0]!.id}`]] as const) {
        const reply = await api(s, method, path, { key, ...(method === 'POST' ? { body: { EnableLogging: false } } : {}) });
        expect(reply.status, `${method} ${path} with ${String(key)}`).toBe(401);
        expect(obj(reply.body)).toEqual({ ErrorKey: expect.any(String), Field: 'AccessKey', Message: expect.any(String) });
      }
    }
    const put = await api(s, 'PUT', '/pullzone');
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET');
  });
});
