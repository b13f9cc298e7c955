/** `burrow videos upload --resumable` and `--resumable-over`: what reaches the queue, over a fake queue. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseSize } from './videos-args.js';
import { runVideos } from './videos.js';
import { FakeQueue, fakeDeps, outputWhere, tempFiles, testHooks, testIo } from './testing/videos.js';

const KEY = 'library-key-0123456789';
let files: ReturnType<typeof tempFiles>;
let state: string;
let env: Record<string, string>;

beforeEach(() => {
  files = tempFiles(['a.mp4', 'b.mov']);
  state = mkdtempSync(join(tmpdir(), 'burrow-state-'));
  env = { BURROW_STATE_DIR: state, BUNNYNET_LIBRARY_KEY: KEY, BURROW_VIDEO_URL: 'http://127.0.0.1:9/video' };
});
afterEach(() => {
  files.cleanup();
  rmSync(state, { recursive: true, force: true });
});

function start(args: readonly string[], queue = new FakeQueue()) {
  const io = testIo(env, files.dir, false);
  const deps = fakeDeps(queue);
  const run = runVideos(['upload', ...args], io, testHooks(), { deps, exitGraceMs: null });
  return { io, deps, queue, run };
}

function finish(q: FakeQueue): void {
  for (const id of q.ids()) q.set(id, { state: 'ready', videoId: `v-${id}`, encodeProgress: 100 });
}

describe('sizes', () => {
  it('reads bytes, binary and decimal units', () => {
    expect(parseSize('1048576')).toBe(1024 ** 2);
    expect(parseSize('500M')).toBe(500 * 1024 ** 2);
    expect(parseSize('1.5GiB')).toBe(1.5 * 1024 ** 3);
    expect(parseSize('2 GB')).toBe(2e9);
    expect(parseSize('1t')).toBe(1024 ** 4);
    for (const bad of ['', 'G', '-1G', '1XB', '1e9', '0x10']) expect(parseSize(bad), bad).toBeUndefined();
  });
});

describe('burrow videos upload and resumable uploads', () => {
  it('--resumable sends every file of the run resumable; the state lines say so', async () => {
    const [a, b] = files.paths as [string, string];
    const { io, queue, deps, run } = start([a, b, '--library', '7', '--resumable']);
    await outputWhere(io.out, (t) => (t.match(/"event":"state"/g) ?? []).length >= 2);
    expect(queue.calls.add[0]?.files.map((f) => f.resumable)).toEqual([true, true]);
    // Without the threshold flag the queue keeps its own setting.
    expect(deps.opened[0]?.resumableOver).toBeUndefined();
    finish(queue);
    expect(await run).toBe(0);
    expect(io.out.text()).toContain('"resumable":true');
  });

  it('--resumable-over hands the queue the threshold in bytes; the core signs with the run key, for its library only', async () => {
    const [a] = files.paths as [string];
    const { io, queue, deps, run } = start([a, '--library', '7', '--resumable-over', '2G']);
    await outputWhere(io.out, (t) => t.includes('"event":"state"'));
    expect(queue.calls.add[0]?.files[0]?.resumable).toBeUndefined();
    expect(deps.opened[0]?.resumableOver).toBe(2 * 1024 ** 3);
    const tus = deps.tus[0];
    expect(tus?.videoUrl).toBe('http://127.0.0.1:9/video');
    expect(await tus?.libraryKey(7)).toBe(KEY);
    expect(await tus?.libraryKey(8)).toBeNull();
    finish(queue);
    expect(await run).toBe(0);
    expect(io.out.text()).not.toContain(KEY);
  });

  it('--resumable takes jobs of an earlier run for the same file up resumable too', async () => {
    const [a] = files.paths as [string];
    const q = new FakeQueue();
    const earlier = q.seed(a, { paused: true, libraryId: 7 });
    const { io, run } = start([a, '--library', '7', '--resumable'], q);
    await outputWhere(io.out, (t) => t.includes('"paused":false,"resumable":true'));
    expect(q.views.get(earlier)).toMatchObject({ resumable: true, paused: false });
    finish(q);
    expect(await run).toBe(0);
  });

  it.each([
    [['--resumable-over', 'lots'], '--resumable-over must be a size from 1MiB up'],
    [['--resumable-over', '512K'], '--resumable-over must be a size from 1MiB up'],
    [['--resumable=yes'], '--resumable takes no value'],
  ])('%j → usage error', async (extra, message) => {
    const [a] = files.paths as [string];
    const { io, deps, run } = start([a, '--library', '7', ...extra]);
    expect(await run).toBe(2);
    expect(io.errs.text()).toContain(message);
    expect(deps.opened).toEqual([]);
  });
});
