/** A shell's own profile: a library's key fetched with the account key on first need, kept in memory only. */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../sandbox/server.js';
import { appError } from '../../shared/contract/result.js';
import { createCore, type Core } from './index.js';
import { FakeCipher } from './testing/fake-cipher.js';

let sandbox: Sandbox;
let dir: string;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  dir = mkdtempSync(join(tmpdir(), 'burrow-shell-profile-'));
});
afterAll(async () => {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

const open = (fetchKeyOf: number): Promise<Core> =>
  createCore({
    shell: 'cli', appVersion: '0.0.0-test', platform: process.platform, dataDir: dir, cipher: new FakeCipher(), openExternal: async () => {},
    dialogs: { openFiles: async () => [], saveFile: async () => null },
    notifier: { notify: () => {}, progress: () => {} },
    profile: {
      id: 'cli',
      endpoints: { apiUrl: sandbox.apiUrl, containersUrl: sandbox.apiUrl, videoUrl: sandbox.videoUrl, loggingUrl: sandbox.loggingUrl },
      credentials: { accountKey: async () => sandbox.accountKey, libraryKey: async () => null, logging: async () => ({ kind: 'accessKey' }) },
      secrets: [sandbox.accountKey],
      fetchKeyOf,
    },
  });

it('fetches the key of its one library when first needed, scrubs it from errors and writes it nowhere; other libraries get none', async () => {
  const [library, other] = sandbox.libraries;
  if (library === undefined || other === undefined) throw new Error('the sandbox seeds two libraries');
  const core = await open(library.id);
  try {
    const leak = appError('http', 'Failed', { detail: `sent ${library.key}` });
    expect((await core.redactError(leak)).detail).toContain(library.key);
    expect(await core.hasLibraryKey(library.id)).toEqual({ ok: true, value: true });
    expect((await core.redactError(leak)).detail).not.toContain(library.key);
    const query = { page: 1, itemsPerPage: 10, search: '', collectionId: null, orderBy: 'date' };
    expect(await core.invoke('videos.libraryList', { libraryId: library.id, ...query })).toMatchObject({ ok: true });
    expect(await core.hasLibraryKey(other.id)).toEqual({ ok: true, value: false });
    expect(await core.invoke('videos.libraryList', { libraryId: other.id, ...query })).toMatchObject({ ok: false, error: { kind: 'auth' } });
  } finally {
    await core.close();
  }
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  for (const f of files) expect(readFileSync(join(f.parentPath, f.name), 'utf8')).not.toContain(library.key);
});

it('a key it cannot fetch is the platform’s error, and a later need asks again', async () => {
  const core = await open(999_999);
  try {
    expect(await core.hasLibraryKey(999_999)).toMatchObject({ ok: false, error: { kind: 'not_found' } });
    expect(await core.hasLibraryKey(999_999)).toMatchObject({ ok: false, error: { kind: 'not_found' } });
  } finally {
    await core.close();
  }
});
