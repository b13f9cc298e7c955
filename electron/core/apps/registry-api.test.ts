/** The form's questions (images, tags, digest, suggestions, limits, optimal region) through the whole core against a sandbox. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileView } from '../../../shared/settings/profiles.js';
import type { AppError } from '../../../shared/contract/result.js';
import { fullApp } from '../../../sandbox/apps/testing/harness.js';
import { startSandbox, type Sandbox } from '../../../sandbox/server.js';
import { endpointsOf } from '../platform/testing/support.js';
import { startCore, type Harness } from '../testing/core-harness.js';

let sandbox: Sandbox;
let h: Harness;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, appLimit: 20 });
  h = await startCore();
  const p = await h.call<ProfileView>('settings.createProfile', { name: 'Containers', endpoints: endpointsOf(sandbox) });
  await h.call('settings.setKey', { profileId: p.id, slot: { kind: 'account' }, value: sandbox.accountKey });
  await h.call('settings.activateProfile', { id: p.id });
});
afterAll(async () => {
  await h.core.close();
  await sandbox.close();
});

async function failure(method: string, input: unknown): Promise<AppError> {
  const r = await h.core.invoke(method, input);
  if (r.ok) throw new Error(`${method} succeeded: ${JSON.stringify(r.value)}`);
  return r.error;
}

const postgres = { registryId: '1', imageNamespace: 'library', imageName: 'postgres' };

describe('image questions', () => {
  it('searches public images by prefix, with the registry id the registry list gives', async () => {
    const { images } = await h.call<{ images: unknown[] }>('apps.searchImages', { registryId: '1', prefix: 'gh' });
    expect(images).toEqual([{ namespace: 'library', name: 'ghost' }]);
  });

  it('lists tags, gives a digest and the config suggestions of a tag', async () => {
    const { tags } = await h.call<{ tags: string[] }>('apps.imageTags', postgres);
    expect(tags).toContain('16-alpine');
    const { digest } = await h.call<{ digest: string }>('apps.imageDigest', { ...postgres, tag: '16' });
    expect(digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    const s = await h.call<Record<string, unknown>>('apps.configSuggestions', { ...postgres, tag: 'latest' });
    expect(s.env).toEqual(expect.arrayContaining([{ name: 'POSTGRES_PASSWORD', defaultValue: null, required: true, description: null }]));
    expect(s.volumes).toEqual([{ containerPath: '/var/lib/postgresql/data', suggestedVolumeName: 'postgres-data' }]);
    expect(s.endpoints).toEqual([expect.objectContaining({ displayName: 'postgres', anycast: expect.any(Object) })]);
    expect(s.unreadable).toEqual({ count: 0, reason: null });
  });

  it('an image the registry does not have is an error in words; a bad input is refused before a request', async () => {
    const e = await failure('apps.imageTags', { ...postgres, imageName: 'no-such-image' });
    expect(e.status).toBe(422);
    expect(e.title).not.toBe('');
    const refused = await failure('apps.searchImages', { registryId: '1', prefix: '' });
    expect(refused.kind).toBe('validation');
  });

  it('keeps the suggestions it can read and counts the rest', async () => {
    sandbox.faults.add({
      method: 'POST',
      path: '/mc/registries/config-suggestions',
      action: {
        kind: 'status',
        status: 200,
        body: { environmentVariablesSuggestions: [{ name: 'A', required: true, extra: 1 }, { defaultValue: 'x' }], volumeSuggestions: null, futureMember: true },
      },
    });
    const s = await h.call<Record<string, unknown>>('apps.configSuggestions', { ...postgres, tag: 'latest' });
    expect(s.env).toEqual([{ name: 'A', defaultValue: null, required: true, description: null }]);
    expect(s.volumes).toEqual([]);
    expect(s.unreadable).toEqual({ count: 1, reason: 'item 2: the variable has no name' });
  });
});

describe('limits and optimal region', () => {
  it('limits count the apps the account has', async () => {
    const before = await h.call<{ existingApps: number; maxApps: number; maxInstancesPerRegion: number }>('apps.limits', {});
    expect(before).toMatchObject({ maxApps: 20, maxInstancesPerRegion: 3 });
    const { id } = await h.call<{ id: string }>('apps.create', { body: fullApp() });
    expect((await h.call<{ existingApps: number }>('apps.limits', {})).existingApps).toBe(before.existingApps + 1);
    await h.call('apps.delete', { id });
  });

  it('the optimal region is a region the region list has; none is null', async () => {
    const { region } = await h.call<{ region: { id: string; name: string } }>('apps.optimalRegion', {});
    expect(region).toMatchObject({ id: 'DE', name: 'Frankfurt' });
    sandbox.faults.add({ method: 'GET', path: '/mc/regions/optimal', action: { kind: 'status', status: 200, body: {} } });
    expect(await h.call('apps.optimalRegion', {})).toEqual({ region: null });
  });
});
