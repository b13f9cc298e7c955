/** `burrow videos upload` in process over a scripted core: what it asks the core, follows, prints, and how it exits. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openCore } from './core.js';
import { runVideos } from './videos.js';
import { FakeCore, fakeCoreOptions, outputWhere, tempFiles, testHooks, testIo } from './testing/videos.js';

const KEY = 'library-key-0123456789';
let files: ReturnType<typeof tempFiles>;
let state: string;
let env: Record<string, string>;

beforeEach(() => {
  files = tempFiles(['a.mp4', 'b.mov', 'notes.txt']);
  state = mkdtempSync(join(tmpdir(), 'burrow-state-'));
  env = { BURROW_STATE_DIR: state, BUNNYNET_LIBRARY_KEY: KEY };
});
afterEach(() => {
  vi.useRealTimers();
  files.cleanup();
  rmSync(state, { recursive: true, force: true });
});

type Line = Record<string, unknown> & { event?: string; id?: string; state?: string; summary?: Record<string, number> };
const lines = (text: string): Line[] => text.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as Line);

function start(args: readonly string[], queue = new FakeCore(), opts: { tty?: boolean; env?: Record<string, string> } = {}) {
  const io = testIo(opts.env ?? env, files.dir, opts.tty === true);
  const hooks = testHooks();
  const options = fakeCoreOptions(queue);
  const run = runVideos(['upload', ...args], io, hooks, options);
  return { io, hooks, opened: options.opened, queue, run };
}

/** Resolves once the command has added its files and reported them (it then only follows changes). */
const following = (io: ReturnType<typeof testIo>, count: number) => outputWhere(io.out, (t) => (t.match(/"event":"state"/g) ?? []).length >= count);

function toReady(q: FakeCore, id: string, size: number): void {
  q.set(id, { state: 'creating' });
  // A job that already has its video keeps it: that is what continuing an earlier run means.
  q.set(id, { state: 'created', videoId: q.views.get(id)?.videoId ?? `v-${id}` });
  q.set(id, { state: 'uploading', bytesSent: 0 });
  q.set(id, { state: 'uploading', bytesSent: size });
  q.set(id, { state: 'verifying' });
  q.set(id, { state: 'processing', encodeProgress: 40 });
  q.set(id, { state: 'ready', encodeProgress: 100 });
}

describe('usage errors: one line on stderr, exit 2, nothing opened', () => {
  it.each([
    [[], 'name at least one file'],
    [['a.mp4'], '--library <id> is required'],
    [['a.mp4', '--library', 'abc'], '--library must be a library id'],
    [['a.mp4', '--library', '0'], '--library must be a library id'],
    [['a.mp4', '--library', '7', '--concurrency', '0'], '--concurrency must be a whole number from 1 to 6'],
    [['a.mp4', '--library', '7', '--concurrency', '7'], '--concurrency must be a whole number from 1 to 6'],
    [['a.mp4', '--library', '7', '--concurrency=x'], '--concurrency must be a whole number from 1 to 6'],
    [['a.mp4', '--library', '7', '--limit-rate', 'fast'], '--limit-rate must be a rate like 500k'],
    [['a.mp4', '--library', '7', '--limit-rate', '1k'], '--limit-rate must be from 8k to 10G'],
    [['a.mp4', 'b.mov', '--library', '7', '--title', 'Both'], '--title names one video'],
    [['a.mp4', '--library', '7', '--frobnicate'], 'unknown option "--frobnicate"'],
    [['a.mp4', '--library'], '--library needs a value'],
    [['a.mp4', '--library', '7', '--json=yes'], '--json takes no value'],
    [['missing.mp4', '--library', '7'], 'no such file or folder: missing.mp4'],
    [['notes.txt', '--library', '7'], 'no video files among the paths given (left out: notes.txt)'],
    [['a.mp4', '--library', '7', '--video-url', 'ftp://x'], '--video-url must be an http(s) URL'],
  ])('%j → %s', async (args, message) => {
    const cwd = process.cwd();
    process.chdir(files.dir);
    try {
      const { io, opened, run } = start(args);
      expect(await run).toBe(2);
      const err = io.errs.text();
      expect(err).toContain(message);
      expect(err.trimEnd().split('\n')).toHaveLength(1);
      expect(io.out.text()).toBe('');
      expect(opened).toEqual([]);
    } finally {
      process.chdir(cwd);
    }
  });

  it('help: `videos --help`, `videos upload --help` on stdout (exit 0); bare `videos` and an unknown subcommand exit 2', async () => {
    const io = testIo(env, files.dir);
    expect(await runVideos(['--help'], io, testHooks())).toBe(0);
    expect(io.out.text()).toContain('upload <file|folder>...');
    const upload = testIo(env, files.dir);
    expect(await runVideos(['upload', files.paths[0] ?? '', '--help'], upload, testHooks())).toBe(0);
    expect(upload.out.text()).toContain('usage: burrow videos upload <file|folder>... --library <id>');
    expect(upload.out.text()).toContain('Exit status: 0 every file done, 1 a file failed, 2 usage, 3 platform unreachable');
    const bare = testIo(env, files.dir);
    expect(await runVideos([], bare, testHooks())).toBe(2);
    expect(bare.errs.text()).toContain('usage: burrow videos');
    const unknown = testIo(env, files.dir);
    expect(await runVideos(['download'], unknown, testHooks())).toBe(2);
    expect(unknown.errs.text()).toContain('unknown videos command "download"');
  });
});

describe('JSON lines', () => {
  it('a state line for every change, the summary last, exit 0 when every file is Ready; the queue opens in BURROW_STATE_DIR', async () => {
    const [a, b] = files.paths as [string, string];
    const { io, opened, queue, run } = start([a, b, '--library', '7', '--concurrency', '3', '--collection', 'col-1', '--limit-rate', '1.5M']);
    await following(io, 2);
    expect(opened).toEqual([expect.objectContaining({ libraryId: 7, libraryKey: KEY, uploadsDir: state })]);
    // The flags go to the queue first (kept for later runs), then the files, by path, as one call.
    expect(queue.calls.map((c) => c.method)).toEqual(['videos.setConcurrency', 'videos.setBandwidthCap', 'videos.pause', 'videos.add', 'videos.list']);
    expect(queue.inputs('videos.setConcurrency')).toEqual([{ value: 3 }]);
    expect(queue.inputs('videos.setBandwidthCap')).toEqual([{ bytesPerSecond: 1_500_000 }]);
    expect(queue.inputs('videos.add')).toEqual([{ paths: [a, b], libraryId: 7, collectionId: 'col-1', takeUp: true }]);
    const [ida, idb] = queue.ids() as [string, string];
    toReady(queue, ida, 1000);
    toReady(queue, idb, 1000);
    expect(await run).toBe(0);
    const out = lines(io.out.text());
    const statesOf = (id: string) => out.filter((l) => l.event === 'state' && l.id === id).map((l) => l.state);
    expect(statesOf(ida)).toEqual(['queued', 'creating', 'created', 'uploading', 'verifying', 'processing', 'ready']);
    expect(out.find((l) => l.id === ida && l.state === 'ready')).toMatchObject({ file: a, videoId: `v-${ida}`, title: 'a' });
    expect(out.at(-1)).toEqual({ summary: { queued: 2, done: 2, failed: 0, cancelled: 0, sourceChanged: 0 } });
    expect(queue.closed).toBe(true);
    expect(io.errs.text()).toBe('');
  });

  it('progress at most once a second per file while it uploads (fake clock), never with a key', async () => {
    vi.useFakeTimers();
    const [a, b] = files.paths as [string, string];
    const { io, queue, run } = start([a, b, '--library', '7', '--json']);
    await following(io, 2);
    const ids = queue.ids();
    for (const id of ids) queue.set(id, { state: 'uploading', bytesSent: 0 });
    // Ten snapshots a second for five seconds, as the queue may send them.
    for (let tick = 1; tick <= 50; tick++) {
      vi.advanceTimersByTime(100);
      for (const id of ids) queue.set(id, { bytesSent: tick * 20, note: tick === 25 ? `key ${KEY}` : null });
    }
    for (const id of ids) queue.set(id, { state: 'failed', error: { title: 'Refused', detail: `with ${KEY}`, status: 401, retryable: false } });
    expect(await run).toBe(1);
    const out = lines(io.out.text());
    for (const id of ids) {
      const progress = out.filter((l) => l.event === 'progress' && l.id === id);
      expect(progress.length).toBeGreaterThanOrEqual(5);
      expect(progress.length).toBeLessThanOrEqual(6);
      expect(progress[1]).toMatchObject({ size: 1000, file: id === ids[0] ? a : b });
    }
    expect(io.out.text()).not.toContain(KEY);
    expect(out.find((l) => l.state === 'failed')).toMatchObject({ error: { title: 'Refused', status: 401, detail: 'with ••••••••' } });
    expect(out.at(-1)).toEqual({ summary: { queued: 2, done: 0, failed: 2, cancelled: 0, sourceChanged: 0 } });
  });

  it('--no-wait: verified and processing counts as done; changed and missing files count as sourceChanged and exit 1', async () => {
    const [a, b] = files.paths as [string, string];
    const quick = start([a, '--library', '7', '--no-wait']);
    await following(quick.io, 1);
    const [id] = quick.queue.ids() as [string];
    quick.queue.set(id, { state: 'verifying' });
    quick.queue.set(id, { state: 'processing', encodeProgress: 0 });
    expect(await quick.run).toBe(0);
    expect(lines(quick.io.out.text()).at(-1)).toEqual({ summary: { queued: 1, done: 1, failed: 0, cancelled: 0, sourceChanged: 0 } });

    const changed = start([a, b, '--library', '7']);
    await following(changed.io, 2);
    const [x, y] = changed.queue.ids() as [string, string];
    changed.queue.set(x, { state: 'source-changed' });
    changed.queue.set(y, { state: 'source-missing' });
    expect(await changed.run).toBe(1);
    expect(lines(changed.io.out.text()).at(-1)).toEqual({ summary: { queued: 2, done: 0, failed: 0, cancelled: 0, sourceChanged: 2 } });
  });

  it('a folder: its non-video files are named as skipped; --title goes with the one file', async () => {
    const [a] = files.paths as [string];
    const { io, queue, run } = start([a, join(files.dir, 'notes.txt'), '--library', '7'], new FakeCore());
    await following(io, 1);
    toReady(queue, queue.ids()[0] ?? '', 1000);
    expect(await run).toBe(0);
    expect(lines(io.out.text())[0]).toEqual({ event: 'skipped', file: 'notes.txt', reason: 'not a video file' });

    const titled = start([a, '--library', '7', '--title', '  My film '], new FakeCore());
    await following(titled.io, 1);
    expect(titled.queue.inputs('videos.add')[0]?.title).toBe('My film');
    titled.hooks.fire('SIGINT');
    await titled.run;
  });
});

describe('the queue of earlier runs', () => {
  it('the run asks the core to take its files’ earlier rows up, and follows them with the new ones', async () => {
    const [a, b] = files.paths as [string, string];
    const queue = new FakeCore();
    const { io, run } = start([a, b, '--library', '7', '--again'], queue);
    await following(io, 2);
    expect(queue.inputs('videos.add')).toEqual([{ paths: [a, b], libraryId: 7, collectionId: null, takeUp: true, again: true }]);
    for (const id of queue.ids()) toReady(queue, id, 1000);
    expect(await run).toBe(0);
  });

  it('unfinished jobs of other files or libraries are paused before the files are added, and not followed', async () => {
    const [a, b] = files.paths as [string, string];
    const queue = new FakeCore();
    const other = queue.seed(b, { state: 'uploading', libraryId: 9 });
    const { io, run } = start([a, '--library', '7'], queue);
    await following(io, 1);
    expect(queue.calls.slice(1, 3)).toEqual([{ method: 'videos.pause', input: { all: true } }, expect.objectContaining({ method: 'videos.add' })]);
    expect(queue.views.get(other)?.paused).toBe(true);
    const mine = queue.ids().find((id) => id !== other) ?? '';
    toReady(queue, mine, 1000);
    queue.set(other, { state: 'failed' });
    expect(await run).toBe(0);
    expect(lines(io.out.text()).some((l) => l.id === other)).toBe(false);
  });

  it('a file uploaded before is skipped (exit 0) unless --again', async () => {
    const [a] = files.paths as [string];
    const queue = new FakeCore();
    queue.history.add(a);
    const skipped = start([a, '--library', '7'], queue);
    expect(await skipped.run).toBe(0);
    const out = lines(skipped.io.out.text());
    expect(out[0]).toMatchObject({ event: 'skipped', file: a, reason: expect.stringContaining('--again uploads it again') });
    expect(out.at(-1)).toEqual({ summary: { queued: 0, done: 0, failed: 0, cancelled: 0, sourceChanged: 0 } });

    const again = start([a, '--library', '7', '--again'], queue);
    await following(again.io, 1);
    expect(queue.inputs('videos.add').at(-1)?.again).toBe(true);
    toReady(queue, queue.ids().at(-1) ?? '', 1000);
    expect(await again.run).toBe(0);
  });

  it('a queue held by another run → its message, exit 1, nothing added', async () => {
    // The other run: a core on the same queue folder, holding its lock.
    const holder = await openCore({ auth: null, env, home: files.dir, dataDir: 'temporary', uploadsDir: state });
    try {
      await holder.invoke('videos.list', {});
      const io = testIo(env, files.dir);
      expect(await runVideos(['upload', files.paths[0] ?? '', '--library', '7'], io, testHooks(), { exitGraceMs: null })).toBe(1);
      expect(io.errs.text()).toBe(`burrow: cannot open the upload queue in ${state}: Another Burrow process (pid ${process.pid}) owns this upload queue\n`);
      expect((await holder.invoke('videos.list', {})).jobs).toEqual([]);
    } finally {
      await holder.close();
    }
  });

  it('a title for a folder holding several videos is refused by the core: exit 2, nothing added', async () => {
    const io = testIo(env, files.dir);
    expect(await runVideos(['upload', files.dir, '--library', '7', '--title', 'Both'], io, testHooks(), { exitGraceMs: null })).toBe(2);
    expect(io.errs.text()).toBe('burrow: A title names one video: The files given hold 2 video files.\n');
    expect(io.out.text()).toBe('');
    const after = await openCore({ auth: null, env, home: files.dir, dataDir: 'temporary', uploadsDir: state });
    try {
      expect((await after.invoke('videos.list', {})).jobs).toEqual([]);
    } finally {
      await after.close();
    }
  });
});

describe('stopping', () => {
  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)('%s mid-upload: the queue is closed (jobs stay persisted), the summary printed, exit %i', async (signal, code) => {
    const [a, b] = files.paths as [string, string];
    const { io, hooks, queue, run } = start([a, b, '--library', '7']);
    await following(io, 2);
    const [ida] = queue.ids() as [string];
    toReady(queue, ida, 1000);
    expect(hooks.handlers()).toBe(2);
    hooks.fire(signal);
    expect(await run).toBe(code);
    expect(queue.closed).toBe(true);
    expect(hooks.handlers()).toBe(0);
    expect(lines(io.out.text()).at(-1)).toEqual({ summary: { queued: 2, done: 1, failed: 0, cancelled: 0, sourceChanged: 0 } });
    expect(io.errs.text()).toContain('interrupted; the queue keeps 1 unfinished upload(s): run the same command again');
  });

  it('the platform unreachable past --offline-timeout → exit 3; back in time → carries on', async () => {
    vi.useFakeTimers();
    const [a] = files.paths as [string];
    const { io, queue, run } = start([a, '--library', '7', '--offline-timeout', '30']);
    await following(io, 1);
    const [id] = queue.ids() as [string];
    queue.setWaiting(true);
    vi.advanceTimersByTime(29_000);
    queue.setWaiting(false);
    vi.advanceTimersByTime(29_000);
    queue.setWaiting(true);
    vi.advanceTimersByTime(30_000);
    expect(await run).toBe(3);
    expect(queue.closed).toBe(true);
    const out = lines(io.out.text());
    expect(out.filter((l) => l.event === 'network').map((l) => l.waitingForNetwork)).toEqual([true, false, true]);
    expect(out.at(-1)).toEqual({ summary: { queued: 1, done: 0, failed: 0, cancelled: 0, sourceChanged: 0 } });
    expect(io.errs.text()).toContain('could not be reached for 30 s');
    expect(queue.views.get(id)?.state).toBe('queued');
  });
});

describe('on a terminal', () => {
  it('a bar per file redrawn in place, then the summary in words; no JSON', async () => {
    vi.useFakeTimers();
    const [a, b] = files.paths as [string, string];
    const { io, queue, run } = start([a, b, '--library', '7'], new FakeCore(), { tty: true });
    await vi.waitFor(() => expect(queue.ids()).toHaveLength(2));
    const [ida, idb] = queue.ids() as [string, string];
    queue.set(ida, { state: 'uploading', bytesSent: 500 });
    vi.advanceTimersByTime(150);
    expect(io.out.text()).toContain('a.mp4');
    expect(io.out.text()).toMatch(/\[#{10}-{10}\]\s+50% 0\.0 MB \/ 0\.0 MB {2}Uploading/);
    toReady(queue, ida, 1000);
    queue.set(idb, { state: 'failed', error: { title: 'Not allowed', hint: 'Check the library key', retryable: false } });
    expect(await run).toBe(1);
    const text = io.out.text();
    expect(text).toContain('\x1b[2A');
    expect(text).toContain('Failed: Not allowed (Check the library key)');
    expect(text.trimEnd().split('\n').at(-1)).toBe('2 files: 1 done, 1 failed, 0 cancelled, 0 changed or missing on disk');
    expect(text).not.toContain('"event"');
  });
});
