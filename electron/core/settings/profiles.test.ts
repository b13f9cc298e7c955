import { afterEach, describe, expect, it } from 'vitest';
import type { AreaCheck, ProfileView } from '../../../shared/settings/profiles.js';
import { startCore, type Harness } from '../testing/core-harness.js';

type List = { activeId: string; profiles: ProfileView[] };
const open: Harness[] = [];
async function core(options?: Parameters<typeof startCore>[0]) {
  const h = await startCore(options);
  open.push(h);
  return h;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((h) => h.core.close()));
});

describe('profiles', () => {
  it('first start with an empty data dir comes up on the Sandbox profile, and every area answers', async () => {
    const h = await core();
    const list = await h.call<List>('settings.profiles');
    expect(list.profiles).toHaveLength(1);
    const [sandbox] = list.profiles;
    expect(sandbox).toMatchObject({ name: 'Sandbox', kind: 'sandbox', accountKey: { configured: true } });
    expect(list.activeId).toBe(sandbox!.id);
    expect(sandbox!.endpoints.apiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(sandbox!.libraries.length).toBeGreaterThanOrEqual(2);
    const { checks } = await h.call<{ checks: AreaCheck[] }>('settings.testProfile', { id: sandbox!.id });
    expect(Object.fromEntries(checks.map((c) => [c.area, c.state]))).toEqual({ core: 'ok', containers: 'ok', video: 'ok', logging: 'ok' });
    // The sidebar asks only for the core API; logging alone still finds a zone through the pull-zone list.
    expect((await h.call<{ checks: AreaCheck[] }>('settings.testProfile', { id: sandbox!.id, areas: ['core'] })).checks.map((c) => c.area)).toEqual(['core']);
    expect((await h.call<{ checks: AreaCheck[] }>('settings.testProfile', { id: sandbox!.id, areas: ['logging'] })).checks).toEqual([
      expect.objectContaining({ area: 'logging', state: 'ok' }),
    ]);
  });

  it('creates a real profile with bunny.net defaults, stores keys write-only, and survives a restart', async () => {
    const h = await core();
    const p = await h.call<ProfileView>('settings.createProfile', { name: 'Production' });
    expect(p.endpoints).toEqual({ apiUrl: 'https://api.bunny.net', containersUrl: 'https://api.bunny.net/mc', videoUrl: 'https://video.bunnycdn.com', loggingUrl: 'https://logging.bunnycdn.com' });
    expect(p.accountKey).toEqual({ configured: false, state: 'none' });
    const status = await h.call('settings.setKey', { profileId: p.id, slot: { kind: 'account' }, value: 'secret-key-0000-9876' });
    expect(status).toEqual({ configured: true, hint: '9876', state: 'stored' });
    await h.core.close();
    open.pop();
    const again = await core({ dataDir: h.dataDir, cipher: h.cipher });
    const list = await again.call<List>('settings.profiles');
    expect(list.profiles.map((x) => x.name)).toEqual(['Sandbox', 'Production']);
    expect(list.profiles[1]!.accountKey).toEqual({ configured: true, hint: '9876', state: 'stored' });
    expect(JSON.stringify(list)).not.toContain('secret-key-0000-9876');
  });

  it('names the field and rule for bad input', async () => {
    const h = await core();
    const r = await h.core.invoke('settings.createProfile', { name: '', endpoints: { apiUrl: 'ftp://x', containersUrl: 'https://a', videoUrl: 'https://b', loggingUrl: 'https://c' } });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.fieldErrors).toMatchObject({ name: 'is required', 'endpoints.apiUrl': expect.stringContaining('http(s) URL') });
  });

  it('switches the active profile, duplicates with keys, and deletes with its keys', async () => {
    const h = await core();
    const sandboxId = (await h.call<List>('settings.profiles')).activeId;
    const p = await h.call<ProfileView>('settings.createProfile', { name: 'Staging' });
    await h.call('settings.setKey', { profileId: p.id, slot: { kind: 'library', libraryId: 42, name: 'Clips' }, value: 'lib-key-abcd' });
    await h.call('settings.activateProfile', { id: p.id });
    expect((await h.call<List>('settings.profiles')).activeId).toBe(p.id);
    expect(h.events.some((e) => e.event === 'settings.changed' && (e.payload as { activeId: string }).activeId === p.id)).toBe(true);
    const copy = await h.call<ProfileView>('settings.duplicateProfile', { id: p.id });
    expect(copy.name).toBe('Staging copy');
    expect(copy.libraries).toEqual([{ id: 42, name: 'Clips', key: { configured: true, hint: 'abcd', state: 'stored' } }]);
    expect(await h.call('settings.deleteProfile', { id: p.id })).toEqual({ activeId: sandboxId });
    const list = await h.call<List>('settings.profiles');
    expect(list.profiles.map((x) => x.name)).toEqual(['Sandbox', 'Staging copy']);
    expect((await h.core.invoke('settings.activateProfile', { id: p.id })).ok).toBe(false);
  });

  it('a profile pointing at the sandbox with a wrong key reports the key refused, per area', async () => {
    const h = await core();
    const sandbox = (await h.call<List>('settings.profiles')).profiles[0]!;
    const p = await h.call<ProfileView>('settings.createProfile', { name: 'Wrong', endpoints: sandbox.endpoints });
    await h.call('settings.setKey', { profileId: p.id, slot: { kind: 'account' }, value: 'not-the-right-key' });
    const { checks } = await h.call<{ checks: AreaCheck[] }>('settings.testProfile', { id: p.id });
    const byArea = Object.fromEntries(checks.map((c) => [c.area, c]));
    expect(byArea.core).toMatchObject({ state: 'wrong-key', status: 401 });
    expect(byArea.containers).toMatchObject({ state: 'wrong-key', status: 401 });
    expect(byArea.video?.state).toBe('no-key');
    expect(JSON.stringify(checks)).not.toContain('not-the-right-key');
  });

  it('an unreachable server is reported as such', async () => {
    const h = await core();
    const p = await h.call<ProfileView>('settings.createProfile', {
      name: 'Nowhere',
      endpoints: { apiUrl: 'http://127.0.0.1:9', containersUrl: 'http://127.0.0.1:9/mc', videoUrl: 'http://127.0.0.1:9/video', loggingUrl: 'http://127.0.0.1:9/logging' },
    });
    await h.call('settings.setKey', { profileId: p.id, slot: { kind: 'account' }, value: 'some-key-1111' });
    const { checks } = await h.call<{ checks: AreaCheck[] }>('settings.testProfile', { id: p.id });
    expect(checks.find((c) => c.area === 'core')?.state).toBe('unreachable');
  });

  it('discovers libraries and pull zones with the account key and stores the library keys', async () => {
    const h = await core();
    const sandbox = (await h.call<List>('settings.profiles')).profiles[0]!;
    const { libraries: seeded, accountKey } = (await h.core.embeddedSandbox())!;
    const p = await h.call<ProfileView>('settings.createProfile', { name: 'Real-ish', endpoints: sandbox.endpoints });
    await h.call('settings.setKey', { profileId: p.id, slot: { kind: 'account' }, value: accountKey });
    const found = await h.call<{ libraries: { id: number; keyAvailable: boolean; keyStored: boolean }[]; pullZones: { loggingEnabled: boolean }[] }>('settings.discover', { id: p.id });
    expect(found.libraries.map((l) => l.id).sort()).toEqual(seeded.map((l) => l.id).sort());
    expect(found.libraries.every((l) => l.keyAvailable && !l.keyStored)).toBe(true);
    expect(found.pullZones.filter((z) => !z.loggingEnabled)).toHaveLength(1);
    const after = await h.call<ProfileView>('settings.storeLibraryKeys', { id: p.id, libraryIds: found.libraries.map((l) => l.id) });
    expect(after.libraries.every((l) => l.key.configured)).toBe(true);
    const { checks } = await h.call<{ checks: AreaCheck[] }>('settings.testProfile', { id: p.id });
    expect(checks.map((c) => c.state)).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(JSON.stringify([found, after, checks])).not.toContain(accountKey);
    for (const lib of seeded) expect(JSON.stringify(after)).not.toContain(lib.key);
  });

  it('discovery and the core check read pull zones and libraries the way the schema allows them: null names, extra members, a zone without an id counted', async () => {
    const h = await core();
    const sandbox = (await h.call<List>('settings.profiles')).profiles[0]!;
    const embedded = (await h.core.embeddedSandbox())!;
    const p = await h.call<ProfileView>('settings.createProfile', { name: 'Odd answers', endpoints: sandbox.endpoints });
    await h.call('settings.setKey', { profileId: p.id, slot: { kind: 'account' }, value: embedded.accountKey });
    const zones = [{ Id: 11, Name: null, EnableLogging: true, Hostnames: null, Brand: 'new' }, { Name: 'no id' }, { Id: 12 }];
    const libraries = { Items: [{ Id: 5, Name: null, ApiKey: null, PullZoneId: 11, Extra: {} }, { Id: 6, Name: 'Six', ApiKey: 'k-6' }], CurrentPage: 1, TotalItems: 2, HasMoreItems: false };
    embedded.faults.add({ method: 'GET', path: '/pullzone', times: 2, action: { kind: 'status', status: 200, body: zones } });
    embedded.faults.add({ method: 'GET', path: '/videolibrary', times: 1, action: { kind: 'status', status: 200, body: libraries } });
    try {
      const found = await h.call<{ libraries: unknown[]; pullZones: unknown[] }>('settings.discover', { id: p.id });
      expect(found.pullZones).toEqual([
        { id: 11, name: 'Zone 11', loggingEnabled: true },
        { id: 12, name: 'Zone 12', loggingEnabled: false },
      ]);
      expect(found.libraries).toEqual([
        { id: 5, name: 'Library 5', keyAvailable: false, keyStored: false },
        { id: 6, name: 'Six', keyAvailable: true, keyStored: false },
      ]);
      const { checks } = await h.call<{ checks: AreaCheck[] }>('settings.testProfile', { id: p.id, areas: ['core'] });
      expect(checks[0]).toMatchObject({ area: 'core', state: 'ok', summary: 'Connected: 2 pull zones. 1 more could not be read: item 2: the pull zone has no Id.' });
    } finally {
      embedded.faults.reset();
    }
  });
});
