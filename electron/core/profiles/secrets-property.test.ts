import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileView } from '../../../shared/profiles.js';
import { startCore, type Harness } from '../testing/core-harness.js';

// QUALITY S8: for random keys saved through settings, no router result or event carries the key or its base64.
describe('keys never cross the boundary', () => {
  let h: Harness;
  let endpoints: ProfileView['endpoints'];
  beforeAll(async () => {
    h = await startCore();
    endpoints = (await h.call<{ profiles: ProfileView[] }>('profiles.list')).profiles[0]!.endpoints;
  });
  afterAll(() => h.core.close());

  it('holds for random key strings', async () => {
    const keyArb = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.~+/='.split('')), minLength: 12, maxLength: 64 });
    await fc.assert(
      fc.asyncProperty(keyArb, keyArb, async (accountKey, libraryKey) => {
        const seen: unknown[] = [];
        const off = h.core.on('profiles.changed', (p) => seen.push(p));
        try {
          const created = await h.core.invoke('profiles.create', { name: 'Property', endpoints, loggingAuth: 'bearer' });
          seen.push(created);
          if (!created.ok) throw new Error('create failed');
          const id = (created.value as ProfileView).id;
          seen.push(await h.core.invoke('profiles.setKey', { profileId: id, slot: { kind: 'account' }, value: accountKey }));
          seen.push(await h.core.invoke('profiles.setKey', { profileId: id, slot: { kind: 'library', libraryId: 77 }, value: libraryKey }));
          seen.push(await h.core.invoke('profiles.setKey', { profileId: id, slot: { kind: 'loggingJwt' }, value: accountKey }));
          seen.push(await h.core.invoke('profiles.list', {}));
          // The keys travel to the sandbox and are refused: the errors must not echo them.
          seen.push(await h.core.invoke('profiles.test', { id }));
          seen.push(await h.core.invoke('profiles.discover', { id }));
          seen.push(await h.core.invoke('profiles.storeLibraryKeys', { id, libraryIds: [77] }));
          seen.push(await h.core.invoke('profiles.duplicate', { id }));
          const text = JSON.stringify(seen);
          for (const key of [accountKey, libraryKey]) {
            expect(text).not.toContain(key);
            expect(text).not.toContain(Buffer.from(key).toString('base64'));
          }
          for (const p of (await h.call<{ profiles: ProfileView[] }>('profiles.list')).profiles) if (p.kind === 'platform') await h.call('profiles.delete', { id: p.id });
        } finally {
          off();
        }
      }),
      { numRuns: 15, seed: 20261121 },
    );
  });
});
