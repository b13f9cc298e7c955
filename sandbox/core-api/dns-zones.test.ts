import { describe, expect, it } from 'vitest';
import { createSeed } from '../seed.js';
import { api, coreErrors, list, obj, useSandboxes } from './testing/support.js';

const start = useSandboxes();
const seed = createSeed(1);

describe('core API: DNS zones', () => {
  it('GET /dnszone answers the paginated list shape', async () => {
    const s = await start();
    const reply = await api(s, 'GET', '/dnszone');
    expect(reply.status).toBe(200);
    expect(coreErrors('GET', '/dnszone', reply)).toEqual([]);
    const body = obj(reply.body);
    expect(body).toMatchObject({ CurrentPage: 1, TotalItems: seed.dnsZones.length, HasMoreItems: false });
    expect(list(body.Items).map((z) => [z.Id, z.Domain])).toEqual(seed.dnsZones.map((z) => [z.id, z.domain]));
    expect(list(obj((await api(s, 'GET', '/dnszone?search=demo')).body).Items).map((z) => z.Domain)).toEqual(['demo.test']);
  });

  it('POST /dnszone creates a zone (201), which GET lists and DELETE removes (204)', async () => {
    const s = await start();
    const created = await api(s, 'POST', '/dnszone', { body: { Domain: 'New-Site.Example.org.' } });
    expect(created.status).toBe(201);
    const zone = obj(created.body);
    expect(zone).toMatchObject({ Domain: 'new-site.example.org', DateCreated: '2025-05-20T12:00:00.000Z' });
    expect(coreErrors('GET', '/dnszone/{id}', { ...created, status: 200 })).toEqual([]);
    const id = zone.Id as number;
    const one = await api(s, 'GET', `/dnszone/${id}`);
    expect(one.status).toBe(200);
    expect(coreErrors('GET', '/dnszone/{id}', one)).toEqual([]);
    expect(one.body).toEqual(zone);
    expect(list(obj((await api(s, 'GET', '/dnszone')).body).Items).map((z) => z.Id)).toContain(id);

    const deleted = await api(s, 'DELETE', `/dnszone/${id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeUndefined();
    const gone = await api(s, 'GET', `/dnszone/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ ErrorKey: 'dnsZone.not_found', Field: 'DnsZone', Message: expect.any(String) });
    expect((await api(s, 'DELETE', `/dnszone/${id}`)).status).toBe(404);
    expect((await api(s, 'DELETE', '/dnszone/not-a-number')).status).toBe(404);
  });

  it('pages through many zones', async () => {
    const s = await start();
    for (let i = 0; i < 6; i++) expect((await api(s, 'POST', '/dnszone', { body: { Domain: `zone${i}.example.net` } })).status).toBe(201);
    const first = obj((await api(s, 'GET', '/dnszone?page=1&perPage=5')).body);
    expect(first).toMatchObject({ CurrentPage: 1, TotalItems: 8, HasMoreItems: true });
    expect(list(first.Items)).toHaveLength(5);
    const second = obj((await api(s, 'GET', '/dnszone?page=2&perPage=5')).body);
    expect(second).toMatchObject({ CurrentPage: 2, HasMoreItems: false });
    expect(list(second.Items)).toHaveLength(3);
  });

  it('refuses a missing, invalid or duplicate Domain with 400 {ErrorKey, Field, Message}', async () => {
    const s = await start();
    const cases: [unknown, string, string | null][] = [
      [{}, 'validation.required', 'Domain'],
      [{ Domain: '   ' }, 'validation.required', 'Domain'],
      [{ Domain: 42 }, 'dnsZone.invalid_domain', 'Domain'],
      [{ Domain: 'no-dot' }, 'dnsZone.invalid_domain', 'Domain'],
      [{ Domain: 'bad_label.example.com' }, 'dnsZone.invalid_domain', 'Domain'],
      [{ Domain: '-lead.example.com' }, 'dnsZone.invalid_domain', 'Domain'],
      [{ Domain: `${'a'.repeat(64)}.com` }, 'dnsZone.invalid_domain', 'Domain'],
      [{ Domain: 'EXAMPLE.com' }, 'dnsZone.already_exists', 'Domain'],
      [['example.org'], 'validation.invalid_body', null],
    ];
    for (const [body, errorKey, field] of cases) {
      const reply = await api(s, 'POST', '/dnszone', { body });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(coreErrors('POST', '/dnszone', reply)).toEqual([]);
      expect(reply.body).toEqual({ ErrorKey: errorKey, Field: field, Message: expect.any(String) });
    }
    const empty = await api(s, 'POST', '/dnszone');
    expect(empty.status).toBe(400);
    expect(obj(empty.body).ErrorKey).toBe('validation.invalid_body');
    expect(obj((await api(s, 'GET', '/dnszone')).body).TotalItems).toBe(seed.dnsZones.length);
  });

  it('answers 401 without the account key and changes nothing', async () => {
    const s = await start();
    const zone = seed.dnsZones[0]!;
    for (const [method, path] of [['GET', '/dnszone'], ['POST', '/dnszone'], ['GET', `/dnszone/${zone.id}`], ['DELETE', `/dnszone/${zone.id}`]] as const) {
      const reply = await api(s, method, path, { key: seed.libraries[0]!.key, ...(method === 'POST' ? { body: { Domain: 'x.example' } } : {}) });
      expect(reply.status, `${method} ${path}`).toBe(401);
      expect(obj(reply.body)).toMatchObject({ Field: 'AccessKey' });
    }
    expect(obj((await api(s, 'GET', '/dnszone')).body).TotalItems).toBe(seed.dnsZones.length);
  });
});
