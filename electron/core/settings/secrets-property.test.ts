import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileView } from '../../../shared/settings/profiles.js';
import { startCore, type Harness } from '../testing/core-harness.js';

// Keys are visible ASCII (0x21-0x7E): the only characters a key may hold.
const printable = Array.from({ length: 94 }, (_, i) => String.fromCharCode(33 + i));
// A key of visible characters that is not degenerate (so it cannot occur in a response by chance).
const keyArb = fc
  .string({ unit: fc.constantFrom(...printable), minLength: 8, maxLength: 64 })
  .map((k) => k.trim())
  .filter((k) => k.length >= 8 && new Set(k).size >= 5);

/** Every form a leaked key could take in a JSON payload. */
function forms(key: string): string[] {
  return [key, JSON.stringify(key).slice(1, -1), Buffer.from(key).toString('base64'), encodeURIComponent(key)];
}

// For random keys saved through settings, no router result, event or verbose transcript carries the key.
describe('keys never cross the boundary', () => {
  let h: Harness;
  let endpoints: ProfileView['endpoints'];
  let sandboxId: string;
  beforeAll(async () => {
    h = await startCore();
    const list = await h.call<{ activeId: string; profiles: ProfileView[] }>('settings.profiles');
    endpoints = list.profiles[0]!.endpoints;
    sandboxId = list.activeId;
  });
  afterAll(() => h.core.close());

  it('holds for random key strings, through settings, connection tests and the verbose console', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(keyArb, keyArb, async (accountKey, libraryKey) => {
        const seen: unknown[] = [];
        const offs = ['settings.changed', 'desktop.notice'].map((e) => h.core.on(e, (p) => seen.push(p)));
        try {
          const created = await h.core.invoke('settings.createProfile', { name: 'Property', endpoints, loggingAuth: 'bearer' });
          seen.push(created);
          if (!created.ok) throw new Error('create failed');
          const id = (created.value as ProfileView).id;
          seen.push(await h.core.invoke('settings.setKey', { profileId: id, slot: { kind: 'account' }, value: accountKey }));
          seen.push(await h.core.invoke('settings.setKey', { profileId: id, slot: { kind: 'library', libraryId: 77 }, value: libraryKey }));
          seen.push(await h.core.invoke('settings.setKey', { profileId: id, slot: { kind: 'loggingJwt' }, value: accountKey }));
          seen.push(await h.core.invoke('settings.profiles', {}));
          // The keys travel to the sandbox and are refused: the answers must not echo them.
          seen.push(await h.core.invoke('settings.testProfile', { id }));
          seen.push(await h.core.invoke('settings.discover', { id }));
          seen.push(await h.core.invoke('settings.storeLibraryKeys', { id, libraryIds: [77] }));
          seen.push(await h.core.invoke('settings.activateProfile', { id }));
          seen.push(await h.core.invoke('console.send', { requestId: `p${++n}`, line: 'api get /pullzone --verbose' }));
          seen.push(await h.core.invoke('console.send', { requestId: `p${++n}`, line: `api post /dnszone -b '{"Domain":"x.test"}' -v` }));
          seen.push(await h.core.invoke('console.history', {}));
          seen.push(await h.core.invoke('settings.duplicateProfile', { id }));
          const text = JSON.stringify(seen);
          for (const key of [accountKey, libraryKey]) for (const form of forms(key)) expect(text).not.toContain(form);
        } finally {
          offs.forEach((off) => off());
          await h.call('settings.activateProfile', { id: sandboxId });
          for (const p of (await h.call<{ profiles: ProfileView[] }>('settings.profiles')).profiles) if (p.kind === 'platform') await h.call('settings.deleteProfile', { id: p.id });
        }
      }),
      { numRuns: 30, seed: 20261121 },
    );
  });
});
