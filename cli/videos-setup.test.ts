/** Where `burrow videos upload` finds its queue folder, Stream's URL and the library key (fetched from a real sandbox). */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../sandbox/server.js';
import { runVideos } from './videos.js';
import { stateDirFor, type CliCore } from './core.js';
import type { LibraryFlags } from './videos-args.js';
import { libraryKeySource, openVideosCore, videoUrlFor } from './videos-setup.js';
import { tempFiles, testHooks, testIo } from './testing/videos.js';

describe('stateDirFor', () => {
  it('BURROW_STATE_DIR, else $XDG_STATE_HOME/burrow/cli-uploads, else ~/.local/state/burrow/cli-uploads; Windows and macOS their own', () => {
    expect(stateDirFor({ BURROW_STATE_DIR: '/s', XDG_STATE_HOME: '/x' }, '/h', 'linux')).toBe('/s');
    expect(stateDirFor({ XDG_STATE_HOME: '/x' }, '/h', 'linux')).toBe('/x/burrow/cli-uploads');
    expect(stateDirFor({ XDG_STATE_HOME: '' }, '/h', 'linux')).toBe('/h/.local/state/burrow/cli-uploads');
    expect(stateDirFor({}, '/h', 'darwin')).toBe('/h/Library/Application Support/burrow/cli-uploads');
    expect(stateDirFor({ LOCALAPPDATA: '/L' }, '/h', 'win32')).toBe(join('/L', 'burrow', 'cli-uploads'));
  });
});

describe('videoUrlFor', () => {
  it('--video-url, else BURROW_VIDEO_URL, else bunny.net; a bad one names its source', () => {
    expect(videoUrlFor('http://flag.example/', { BURROW_VIDEO_URL: 'http://env.example' })).toEqual({ ok: true, url: 'http://flag.example' });
    expect(videoUrlFor(undefined, { BURROW_VIDEO_URL: 'http://env.example' })).toEqual({ ok: true, url: 'http://env.example' });
    expect(videoUrlFor(undefined, {})).toEqual({ ok: true, url: 'https://video.bunnycdn.com' });
    expect(videoUrlFor(undefined, { BURROW_VIDEO_URL: 'video.example' })).toEqual({ ok: false, message: expect.stringMatching(/^BURROW_VIDEO_URL must be an http\(s\) URL/) });
  });
});

describe('the library key', () => {
  let sandbox: Sandbox;
  let home: string;
  let lib: Sandbox['libraries'][number];
  beforeAll(async () => {
    sandbox = await startSandbox();
    home = mkdtempSync(join(tmpdir(), 'burrow-home-'));
    const first = sandbox.libraries[0];
    if (first === undefined) throw new Error('the sandbox has no library');
    lib = first;
  });
  afterAll(async () => {
    await sandbox.close();
    rmSync(home, { recursive: true, force: true });
  });

  const base = () => ({ libraryId: lib.id, home, env: { BUNNYNET_API_URL: sandbox.apiUrl, BUNNYNET_API_KEY: sandbox.accountKey, BUNNYNET_LIBRARY_KEY: 'key-from-the-environment', BURROW_VIDEO_URL: sandbox.videoUrl } as Record<string, string> });
  /** Opens the command's core as `burrow videos list` does; the lines written and the secrets met come back too. */
  const open = async (flags: Partial<LibraryFlags>, env: Record<string, string>) => {
    const lines: string[] = [];
    const secrets: string[] = [];
    const core = await openVideosCore({ libraryId: lib.id, ...flags }, { env, home }, secrets, (l) => lines.push(l));
    return { core, message: lines.join('\n'), secrets };
  };
  /** One page of the library through the core: it answers only when the core holds the library's right key. */
  const listed = async (core: CliCore | number) => {
    if (typeof core === 'number') throw new Error(`no core: exit ${core}`);
    try {
      return (await core.invoke('videos.libraryList', { libraryId: lib.id, page: 1, itemsPerPage: 10, search: '', collectionId: null, orderBy: 'date' })).page;
    } finally {
      await core.close();
    }
  };

  it('--library-key wins over BUNNYNET_LIBRARY_KEY, which wins over the fetch', async () => {
    const { env } = base();
    expect(libraryKeySource({ libraryId: lib.id, libraryKey: 'key-from-the-flag' }, { env, home })).toMatchObject({ ok: true, options: { libraryKey: 'key-from-the-flag' }, keySource: '--library-key' });
    expect(libraryKeySource({ libraryId: lib.id }, { env, home })).toMatchObject({ ok: true, options: { libraryKey: 'key-from-the-environment', accountKey: sandbox.accountKey }, keySource: 'BUNNYNET_LIBRARY_KEY' });
    expect(libraryKeySource({ libraryId: lib.id }, { env: { ...env, BUNNYNET_LIBRARY_KEY: '' }, home })).toMatchObject({ ok: true, options: { libraryKey: null }, keySource: 'BUNNYNET_API_KEY' });
    const bad = await open({ libraryKey: 'bad key' }, env);
    expect(bad).toMatchObject({ core: 2, message: expect.stringContaining('--library-key') });
    expect(await listed((await open({ libraryKey: lib.key }, env)).core)).toBe(1);
  });

  it('fetched by the core as ApiKey of GET /videolibrary/{id} with the account key: BUNNYNET_API_KEY, or --api-key, or the profile', async () => {
    const { BUNNYNET_LIBRARY_KEY: _l, ...env } = base().env;
    const fetched = await open({}, env);
    expect(await listed(fetched.core)).toBe(1);
    // The command never holds the fetched key: only the keys it was given are among its secrets.
    expect(fetched.secrets).toEqual([sandbox.accountKey]);
    const wrongEnv = { ...env, BUNNYNET_API_KEY: 'not-the-account-key' };
    expect(await listed((await open({ apiKey: sandbox.accountKey }, wrongEnv)).core)).toBe(1);
    const refused = await open({}, wrongEnv);
    expect(refused).toMatchObject({ core: 1, message: expect.stringMatching(/^burrow: Could not get the key of library \d+ from .*\(key from BUNNYNET_API_KEY\): .*401/) });
    expect(refused.message).not.toContain('not-the-account-key');

    const { BUNNYNET_API_KEY: _k, BUNNYNET_API_URL: _u, ...bare } = env;
    mkdirSync(join(home, 'xdg'), { recursive: true });
    writeFileSync(join(home, 'xdg', 'bunnynet.json'), JSON.stringify({ profiles: { work: { api_key: sandbox.accountKey, api_url: sandbox.apiUrl } } }));
    const profiled = { env: { ...bare, XDG_CONFIG_HOME: join(home, 'xdg') }, home };
    expect(libraryKeySource({ libraryId: lib.id, profile: 'work' }, profiled)).toMatchObject({ ok: true, options: { apiUrl: sandbox.apiUrl }, keySource: expect.stringContaining('profile "work"') });
    expect(await listed((await open({ profile: 'work' }, profiled.env)).core)).toBe(1);
    expect(await open({}, bare)).toMatchObject({ core: 2, message: expect.stringContaining('--library-key') });
    expect(await open({ libraryId: 999_999 }, env)).toMatchObject({ core: 1 });
  });

  it('a core API that cannot be reached → exit 3', async () => {
    // A port that was free a moment ago: nothing listens there, so the connection is refused.
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const address = s.address();
        s.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0));
      });
    });
    const { BUNNYNET_LIBRARY_KEY: _l, ...env } = base().env;
    expect(await open({}, { ...env, BUNNYNET_API_URL: `http://127.0.0.1:${port}` })).toMatchObject({ core: 3 });
  });

  it('the whole command: the core uploads to BURROW_VIDEO_URL with the fetched key, and no key is printed', async () => {
    const files = tempFiles(['clip.mp4']);
    const state = mkdtempSync(join(tmpdir(), 'burrow-state-'));
    try {
      const io = testIo({ BURROW_STATE_DIR: state, BUNNYNET_API_URL: sandbox.apiUrl, BUNNYNET_API_KEY: sandbox.accountKey, BURROW_VIDEO_URL: sandbox.videoUrl }, home);
      expect(await runVideos(['upload', files.paths[0] ?? '', '--library', String(lib.id), '--no-wait'], io, testHooks(), { exitGraceMs: null })).toBe(0);
      const ready = io.out.text().split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as { videoId?: unknown }).find((l) => typeof l.videoId === 'string');
      expect(sandbox.uploads.inspect(lib.id, String(ready?.videoId))).toMatchObject({ state: 'stored', size: 1000 });
      expect(io.out.text() + io.errs.text()).not.toContain(lib.key);
      expect(io.out.text() + io.errs.text()).not.toContain(sandbox.accountKey);
    } finally {
      files.cleanup();
      rmSync(state, { recursive: true, force: true });
    }
  });
});
