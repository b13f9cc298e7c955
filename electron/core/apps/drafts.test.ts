/** The create form's draft: kept per profile across a restart, sealed and private on disk, coalesced, capped; and create sending the exact text. */
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ProfileView } from '../../../shared/settings/profiles.js';
import { readAppListItem } from '../../../shared/apps/platform-answers.js';
import { APP_DRAFT_MAX_BYTES } from '../../../shared/contract/apps.js';
import { fullApp } from '../../../sandbox/apps/testing/harness.js';
import { createPlatformClient } from '../platform/client.js';
import { endpointsOf, fixedCredentials, sandboxClient } from '../platform/testing/support.js';
import type { PlatformClient, PlatformRequest } from '../platform/types.js';
import { FakeCipher } from '../testing/fake-cipher.js';
import { startCore, type Harness } from '../testing/core-harness.js';
import { appsApi } from './apps-api.js';
import { DRAFTS_DIR, DraftStore } from './drafts.js';

const SECRET = 'pg-password-4f9a1c7e';
const draftOf = (n: number) => ({ step: 'containers', n, body: { name: 'Draft app', containerTemplates: [{ environmentVariables: [{ name: 'DB_PASSWORD', value: SECRET }] }] } });
const open: Harness[] = [];
const started = async (options: Parameters<typeof startCore>[0] = {}) => {
  const h = await startCore(options);
  open.push(h);
  return h;
};
afterAll(async () => {
  for (const h of open) await h.core.close();
});

async function draftFiles(dataDir: string): Promise<string[]> {
  return (await readdir(join(dataDir, DRAFTS_DIR))).filter((f) => f.startsWith('draft-')).map((f) => join(dataDir, DRAFTS_DIR, f));
}

describe('drafts through the core', () => {
  it('survive a new core over the same data folder, per profile; the file is 0600 and holds no value in clear', async () => {
    const cipher = new FakeCipher();
    const a = await started({ cipher });
    expect(await a.call('apps.getDraft')).toMatchObject({ draft: null, savedAt: null });
    const { savedAt } = await a.call<{ savedAt: number }>('apps.saveDraft', { draft: draftOf(1) });
    const other = await a.call<ProfileView>('settings.createProfile', { name: 'Other' });
    await a.call('settings.activateProfile', { id: other.id });
    expect(await a.call('apps.getDraft')).toMatchObject({ draft: null, savedAt: null });
    await a.call('apps.saveDraft', { draft: { other: true } });
    await a.core.close();

    const b = await started({ dataDir: a.dataDir, cipher });
    expect(await b.call('apps.getDraft')).toMatchObject({ draft: { other: true } });
    const first = (await b.call<{ profiles: ProfileView[] }>('settings.profiles')).profiles.find((p) => p.id !== other.id)!;
    await b.call('settings.activateProfile', { id: first.id });
    expect(await b.call('apps.getDraft')).toEqual({ draft: draftOf(1), savedAt, secretValues: 'sealed' });

    const files = await draftFiles(a.dataDir);
    expect(files).toHaveLength(2);
    for (const f of files) {
      expect((await stat(f)).mode & 0o777).toBe(0o600);
      expect(await readFile(f, 'utf8')).not.toContain(SECRET);
    }
    // Another backend cannot open it: no draft rather than a failure, and the next save replaces it.
    const c = await started({ dataDir: a.dataDir, cipher: new FakeCipher('kwallet') });
    await c.call('settings.activateProfile', { id: first.id });
    expect(await c.call('apps.getDraft')).toMatchObject({ draft: null, savedAt: null });
  });

  it('clear removes it; a draft over the cap or not JSON is refused and the kept one stays', async () => {
    const h = await started();
    await h.call('apps.saveDraft', { draft: draftOf(2) });
    const big = await h.core.invoke('apps.saveDraft', { draft: { text: 'x'.repeat(APP_DRAFT_MAX_BYTES) } });
    expect(big.ok).toBe(false);
    if (!big.ok) expect(big.error.fieldErrors?.draft).toContain(`at most ${APP_DRAFT_MAX_BYTES} bytes`);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect((await h.core.invoke('apps.saveDraft', { draft: cyclic })).ok).toBe(false);
    expect(await h.call('apps.getDraft')).toMatchObject({ draft: draftOf(2) });
    await h.call('apps.clearDraft');
    expect(await h.call('apps.getDraft')).toMatchObject({ draft: null, savedAt: null });
    expect(await draftFiles(h.dataDir)).toEqual([]);
  });
});

describe('drafts named by profile (a form closed by a profile switch)', () => {
  it('are saved and cleared under the profile named, not the one active now; an unknown profile is refused', async () => {
    const h = await started({ cipher: new FakeCipher() });
    const { activeId } = await h.call<{ activeId: string }>('settings.profiles');
    const first = { id: activeId };
    const other = await h.call<ProfileView>('settings.createProfile', { name: 'Other' });
    await h.call('settings.activateProfile', { id: other.id });

    // The form of the first profile writes its last keystrokes after the core has switched.
    await h.call('apps.saveDraft', { profileId: first.id, draft: draftOf(3) });
    expect(await h.call('apps.getDraft')).toMatchObject({ draft: null, savedAt: null });
    expect(await h.call('apps.getDraft', { profileId: other.id })).toMatchObject({ draft: null });
    expect(await h.call('apps.getDraft', { profileId: first.id })).toMatchObject({ draft: draftOf(3) });

    // The new profile's own draft is not the one a late clear of the first profile's form removes.
    await h.call('apps.saveDraft', { draft: { other: true } });
    await h.call('apps.clearDraft', { profileId: first.id });
    expect(await h.call('apps.getDraft', { profileId: first.id })).toMatchObject({ draft: null, savedAt: null });
    expect(await h.call('apps.getDraft')).toMatchObject({ draft: { other: true } });

    for (const method of ['apps.getDraft', 'apps.saveDraft', 'apps.clearDraft'] as const) {
      const r = await h.core.invoke(method, { profileId: 'no-such-profile', ...(method === 'apps.saveDraft' ? { draft: draftOf(4) } : {}) } as never);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.kind).toBe('not_found');
    }
    expect(await draftFiles(h.dataDir)).toHaveLength(1);
  });
});

describe('DraftStore', () => {
  it('saves made faster than the disk coalesce: every caller resolves, the newest is what is on disk', async () => {
    const h = await started();
    let clock = 1000;
    const store = new DraftStore(h.dataDir, { now: () => clock++ });
    const saves = Array.from({ length: 40 }, (_, i) => store.save('p1', JSON.stringify(draftOf(i))));
    const results = await Promise.all(saves);
    expect(results.map((r) => r.savedAt)).toEqual(Array.from({ length: 40 }, (_, i) => 1000 + i));
    // Without a cipher the JSON is kept in clear, still private to the user, but without the secret values.
    const noSecret = structuredClone(draftOf(39));
    noSecret.body.containerTemplates[0]!.environmentVariables[0]!.value = '';
    expect(await new DraftStore(h.dataDir).get('p1')).toEqual({ draft: noSecret, savedAt: 1039, secretValues: 'memory' });
    const [file] = await draftFiles(h.dataDir);
    expect((await stat(file!)).mode & 0o777).toBe(0o600);
    // A clear queued behind a save wins.
    const last = store.save('p1', '{"late":1}');
    await Promise.all([last, store.clear('p1')]);
    expect(await new DraftStore(h.dataDir).get('p1')).toMatchObject({ draft: null, savedAt: null });
  });
});

describe('secret values without a keychain', () => {
  /** A draft as the form saves it: the values, and the JSON view's text holding the same variables. */
  const formDraft = (jsonText: string) => ({
    values: { name: 'x', containerTemplates: [{ name: 'web', environmentVariables: [{ name: 'DB_PASSWORD', value: SECRET }, { name: 'MODE', value: 'prod' }] }] },
    ui: { view: 'json', jsonText },
  });

  it.each(['basic_text', 'none'])('with a %s cipher the file holds no secret value; this run keeps it in memory, a restart has the name only', async (backend) => {
    const cipher = new FakeCipher(backend);
    const a = await started({ cipher });
    const draft = formDraft(JSON.stringify({ containerTemplates: [{ environmentVariables: [{ name: 'API_KEY', value: 'sk-live-77aa' }] }] }));
    await a.call('apps.saveDraft', { draft });
    expect(await a.call('apps.getDraft')).toMatchObject({ draft, secretValues: 'memory' });
    const [file] = await draftFiles(a.dataDir);
    const onDisk = await readFile(file!, 'utf8');
    expect(onDisk).not.toContain(SECRET);
    expect(onDisk).not.toContain('sk-live-77aa');
    // Not "sealed" with a backend anyone can undo: the file says it is not sealed at all.
    expect(JSON.parse(onDisk)).toMatchObject({ backend: null });
    await a.core.close();

    const b = await started({ dataDir: a.dataDir, cipher });
    const back = await b.call<{ draft: ReturnType<typeof formDraft>; secretValues: string }>('apps.getDraft');
    expect(back.secretValues).toBe('memory');
    expect(back.draft.values.containerTemplates[0]!.environmentVariables).toEqual([{ name: 'DB_PASSWORD', value: '' }, { name: 'MODE', value: 'prod' }]);
    expect(JSON.parse(back.draft.ui.jsonText)).toEqual({ containerTemplates: [{ environmentVariables: [{ name: 'API_KEY', value: '' }] }] });
  });

  it('a JSON view text that does not read is left out of an unsealed file; a strong cipher seals the whole draft', async () => {
    const weak = await started({ cipher: new FakeCipher('basic_text') });
    await weak.call('apps.saveDraft', { draft: formDraft(`{ "environmentVariables": [{ "name": "TOKEN", "value": "${SECRET}" `) });
    const [file] = await draftFiles(weak.dataDir);
    expect(await readFile(file!, 'utf8')).not.toContain(SECRET);

    const strong = await started({ cipher: new FakeCipher('gnome_libsecret') });
    await strong.call('apps.saveDraft', { draft: formDraft('{}') });
    const [sealed] = await draftFiles(strong.dataDir);
    const text = await readFile(sealed!, 'utf8');
    expect(text).not.toContain(SECRET);
    expect(JSON.parse(text)).toMatchObject({ backend: 'gnome_libsecret' });
    expect(await strong.call('apps.getDraft')).toMatchObject({ secretValues: 'sealed' });
  });
});

describe('secret values by their content, and drafts sealed weakly before', () => {
  const contentSecrets = [
    { name: 'DATABASE_URL', value: 'postgres://app:Sup3rS3cret@db:5432/x' },
    { name: 'REDIS_DSN', value: 'redis://:hunter2@r:6379' },
    { name: 'STRIPE_SK', value: 'sk_live_abcdef123456' },
    { name: 'GH', value: 'ghp_0123456789abcdefABCDEF' },
    { name: 'SLACK', value: 'xoxb-1234-5678-abcdef' },
    { name: 'AWS_ID', value: 'AKIAIOSFODNN7EXAMPLE' },
    { name: 'TLS', value: '-----BEGIN RSA PRIVATE KEY-----\nMIIEow\n-----END RSA PRIVATE KEY-----' },
  ];
  const plain = [
    { name: 'PUBLIC_URL', value: 'https://example.com/app' },
    { name: 'MODE', value: 'prod' },
  ];

  it.each(['basic_text', 'none'])('with a %s cipher, values that look secret by content are held back whatever the name; plain ones are kept', async (backend) => {
    const h = await started({ cipher: new FakeCipher(backend) });
    const draft = { values: { containerTemplates: [{ environmentVariables: [...contentSecrets, ...plain, { Name: 'API_KEY', Value: 'PascalCaseSecret' }] }] } };
    await h.call('apps.saveDraft', { draft });
    const [file] = await draftFiles(h.dataDir);
    const onDisk = await readFile(file!, 'utf8');
    for (const { value } of contentSecrets) expect(onDisk).not.toContain(JSON.stringify(value).slice(1, 20));
    expect(onDisk).not.toContain('PascalCaseSecret');
    expect(onDisk).toContain('https://example.com/app');
    expect(onDisk).toContain('DATABASE_URL');
  });

  it('a draft written earlier sealed with basic_text is rewritten without its secret values, and the user is told', async () => {
    const h = await started({ cipher: new FakeCipher('basic_text') });
    const profileId = (await h.call<{ profiles: ProfileView[] }>('settings.profiles')).profiles[0]!.id;
    const old = { values: { name: 'kept-app', containerTemplates: [{ environmentVariables: [{ name: 'DB_PASSWORD', value: SECRET }, { name: 'MODE', value: 'prod' }] }] } };
    // What an earlier Burrow wrote: the draft "sealed" with a backend anyone holding the file can undo.
    const file = join(h.dataDir, DRAFTS_DIR, `draft-${profileId.replace(/[^A-Za-z0-9-]/g, '_')}.json`);
    await mkdir(join(h.dataDir, DRAFTS_DIR), { recursive: true });
    const sealed = await new FakeCipher('basic_text').encrypt(JSON.stringify(old));
    await writeFile(file, JSON.stringify({ v: 1, savedAt: 5, backend: 'basic_text', data: `v1:${sealed}` }), { mode: 0o600 });

    const view = await h.call<{ draft: typeof old; notice?: string }>('apps.getDraft');
    expect(view.draft.values.name).toBe('kept-app');
    expect(view.draft.values.containerTemplates[0]!.environmentVariables).toEqual([{ name: 'DB_PASSWORD', value: '' }, { name: 'MODE', value: 'prod' }]);
    expect(view.notice).toBe('Secret values of your saved draft were removed: this system has no keychain');
    const now = await readFile(file, 'utf8');
    expect(JSON.parse(now)).toMatchObject({ backend: null });
    expect(now).not.toContain(sealed);
    expect(now).not.toContain(SECRET);
  });
});

describe('appsApi.create', () => {
  it('sends the text exactly as given', async () => {
    const sc = await sandboxClient();
    const sent: PlatformRequest[] = [];
    const recording: PlatformClient = { ...sc.client, send: (req) => (sent.push(req), sc.client.send(req)) };
    const text = `  ${JSON.stringify(fullApp(), null, '\t')}\n`;
    const created = await appsApi(recording).create(text);
    expect(created.id).toMatch(/^[0-9A-Za-z]{15}$/);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ area: 'containers', method: 'POST', path: '/apps', body: text, contentType: 'application/json' });
    await sc.close();
  });

  it('a network failure is the client’s own error (network), not an explanation of a status', async () => {
    const client = createPlatformClient({
      endpoints: () => endpointsOf({ apiUrl: 'http://127.0.0.1:9', containersUrl: 'http://127.0.0.1:9/mc', videoUrl: 'http://127.0.0.1:9', loggingUrl: 'http://127.0.0.1:9' }),
      credentials: fixedCredentials({ accountKey: 'k'.repeat(36) }),
      userAgent: 'Burrow/0.0.0-test',
      env: {},
      retryPolicy: { maxAttempts: 1 },
    });
    await expect(appsApi(client).list(readAppListItem)).rejects.toMatchObject({ error: { kind: 'network' } });
    await client.close();
  });
});
