/** `burrow videos upload --resumable` and `--resumable-over`: what reaches the core, over a scripted core. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseSize } from './videos-args.js';
import { runVideos } from './videos.js';
import { FakeCore, fakeCoreOptions, outputWhere, tempFiles, testHooks, testIo } from './testing/videos.js';

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

function start(args: readonly string[], queue = new FakeCore()) {
  const io = testIo(env, files.dir, false);
  const options = fakeCoreOptions(queue);
  const run = runVideos(['upload', ...args], io, testHooks(), options);
  return { io, opened: options.opened, queue, run };
}

function finish(q: FakeCore): void {
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
  it('--resumable sends every file of the run resumable (and the rows it takes up); the state lines say so', async () => {
    const [a, b] = files.paths as [string, string];
    const { io, queue, run } = start([a, b, '--library', '7', '--resumable']);
    await outputWhere(io.out, (t) => (t.match(/"event":"state"/g) ?? []).length >= 2);
    expect(queue.inputs('videos.add')).toEqual([{ paths: [a, b], libraryId: 7, collectionId: null, takeUp: true, resumable: true }]);
    // Without the threshold flag the queue keeps its own setting.
    expect(queue.inputs('videos.setResumableOver')).toEqual([]);
    finish(queue);
    expect(await run).toBe(0);
    expect(io.out.text()).toContain('"resumable":true');
  });

  it('--resumable-over hands the queue the threshold in bytes; the core signs with the run key, for its library only', async () => {
    const [a] = files.paths as [string];
    const { io, queue, opened, run } = start([a, '--library', '7', '--resumable-over', '2G']);
    await outputWhere(io.out, (t) => t.includes('"event":"state"'));
    expect(queue.inputs('videos.add')[0]?.resumable).toBeUndefined();
    expect(queue.inputs('videos.setResumableOver')).toEqual([{ bytes: 2 * 1024 ** 3 }]);
    expect(opened).toEqual([expect.objectContaining({ libraryId: 7, libraryKey: KEY, videoUrl: 'http://127.0.0.1:9/video' })]);
    finish(queue);
    expect(await run).toBe(0);
    expect(io.out.text()).not.toContain(KEY);
  });

  it.each([
    [['--resumable-over', 'lots'], '--resumable-over must be a size from 1MiB up'],
    [['--resumable-over', '512K'], '--resumable-over must be a size from 1MiB up'],
    [['--resumable=yes'], '--resumable takes no value'],
  ])('%j → usage error', async (extra, message) => {
    const [a] = files.paths as [string];
    const { io, opened, run } = start([a, '--library', '7', ...extra]);
    expect(await run).toBe(2);
    expect(io.errs.text()).toContain(message);
    expect(opened).toEqual([]);
  });
});
