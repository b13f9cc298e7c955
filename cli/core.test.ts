/** The CLI's core: the real core over the CLI's ports, with the command's key in memory only. */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../sandbox/server.js';
import { CliCallError, openCore } from './core.js';

let sandbox: Sandbox;
let dir: string;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  dir = mkdtempSync(join(tmpdir(), 'burrow-cli-core-'));
});
afterAll(async () => {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Every file under a folder, with its text. */
function texts(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => readFileSync(join(e.parentPath, e.name), 'utf8'));
}

describe('openCore', () => {
  it('calls the platform with the command key, says it is the CLI, refuses profiles and writes no key to disk', async () => {
    const dataDir = join(dir, 'state');
    const library = sandbox.libraries[0];
    if (library === undefined) throw new Error('the sandbox seeds a library');
    const core = await openCore({
      auth: { apiKey: sandbox.accountKey, baseUrl: sandbox.apiUrl, keySource: 'test' },
      env: {},
      home: dir,
      dataDir,
      endpoints: { videoUrl: sandbox.videoUrl },
      libraryKeys: new Map([[library.id, library.key]]),
    });
    try {
      expect((await core.invoke('desktop.info', {})).shell).toBe('cli');
      const page = await core.invoke('videos.libraryList', { libraryId: library.id, page: 1, itemsPerPage: 10, search: '', collectionId: null, orderBy: 'date' });
      expect(page.page).toBe(1);
      const refused = await core.invoke('settings.profiles', {}).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(CliCallError);
      const wrong = await core.invoke('videos.libraryList', { libraryId: library.id + 1000, page: 1, itemsPerPage: 10, search: '', collectionId: null, orderBy: 'date' }).catch((e: unknown) => e);
      expect(wrong).toBeInstanceOf(CliCallError);
      expect(JSON.stringify((wrong as CliCallError).error)).not.toContain(sandbox.accountKey);
    } finally {
      await core.close();
    }
    const written = texts(dataDir).join('\n');
    expect(written).not.toContain(sandbox.accountKey);
    expect(written).not.toContain(library.key);
    expect(readdirSync(dataDir)).not.toContain('profiles.json');
  });

  it('fetches a library key with the account key when asked (written nowhere); opening fails when it cannot', async () => {
    const dataDir = join(dir, 'fetched');
    const library = sandbox.libraries[0];
    if (library === undefined) throw new Error('the sandbox seeds a library');
    const auth = { apiKey: sandbox.accountKey, baseUrl: sandbox.apiUrl, keySource: 'test' };
    const core = await openCore({ auth, env: {}, home: dir, dataDir, endpoints: { videoUrl: sandbox.videoUrl }, fetchKeyOf: library.id });
    try {
      const page = await core.invoke('videos.libraryList', { libraryId: library.id, page: 1, itemsPerPage: 10, search: '', collectionId: null, orderBy: 'date' });
      expect(page.page).toBe(1);
    } finally {
      await core.close();
    }
    expect(texts(dataDir).join('\n')).not.toContain(library.key);
    const refused = await openCore({ auth, env: {}, home: dir, dataDir, fetchKeyOf: 999_999 }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ error: { kind: 'not_found' } });
  });
});
