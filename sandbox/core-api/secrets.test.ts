/** The account key never shows in a core API answer, not even in part (a user id once carried its first 36 characters). */
import { describe, expect, it } from 'vitest';
import { createSeed, userIdFor } from '../seed.js';
import { obj, useSandboxes } from './testing/support.js';

const start = useSandboxes();

/** Every 8-character slice of `secret`. */
function slices(secret: string): string[] {
  return Array.from({ length: secret.length - 7 }, (_, i) => secret.slice(i, i + 8));
}

describe('core API: the account key stays out of every answer', () => {
  it('no response contains any 8-character slice of the account key', async () => {
    const s = await start();
    const seed = createSeed(1);
    const pz = seed.pullZones[0]!.id;
    const requests: [string, string, unknown?][] = [
      ['GET', '/pullzone'],
      ['GET', '/pullzone?page=1&perPage=5'],
      ['GET', `/pullzone/${pz}`],
      ['POST', `/pullzone/${pz}`, { EnableLogging: false }],
      ['POST', `/pullzone/${pz}`, { OriginUrl: 'ftp://bad' }],
      ['GET', '/pullzone/1'],
      ['PUT', '/pullzone'],
      ['GET', '/storagezone'],
      ['GET', '/storagezone?page=1'],
      ['GET', '/dnszone'],
      ['POST', '/dnszone', { Domain: 'fresh.example' }],
      ['POST', '/dnszone', { Domain: 'no-dot' }],
      ['GET', `/dnszone/${seed.dnsZones[0]!.id}`],
      ['GET', '/videolibrary'],
      ['GET', '/videolibrary?page=1'],
      ['GET', `/videolibrary/${seed.libraries[0]!.id}`],
      ['GET', '/region'],
      ['GET', '/no/such/route'],
    ];
    const texts: string[] = [];
    for (const [method, path, body] of requests) {
      const res = await fetch(`${s.apiUrl}${path}`, {
        method,
        headers: { AccessKey: s.accountKey, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      texts.push(`${method} ${path} ${res.status} ${[...res.headers].join(' ')} ${await res.text()}`);
    }
    // Without a key, and with a wrong one.
    for (const key of [undefined, 'wrong']) {
      const res = await fetch(`${s.apiUrl}/pullzone`, { headers: key === undefined ? {} : { AccessKey: key } });
      texts.push(await res.text());
    }
    const leaks = texts.flatMap((text) => slices(s.accountKey).filter((slice) => text.includes(slice)).map((slice) => `${slice} in ${text.slice(0, 60)}`));
    expect(leaks).toEqual([]);
  });

  it('the models carry the seed\'s own user id, a GUID independent of the key', async () => {
    const s = await start();
    const zone = obj((await (await fetch(`${s.apiUrl}/pullzone/${createSeed(1).pullZones[0]!.id}`, { headers: { AccessKey: s.accountKey } })).json()) as unknown);
    expect(zone.UserId).toBe(userIdFor(1));
    expect(zone.UserId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(userIdFor(1)).not.toBe(userIdFor(2));
    expect(createSeed(7).userId).toBe(userIdFor(7));
  });
});
