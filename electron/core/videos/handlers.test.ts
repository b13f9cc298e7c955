import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { videosContract } from '../../../shared/contract/videos.js';
import { FileRegistry } from '../files/index.js';
import { sandboxClient, type SandboxClient } from '../platform/testing/support.js';
import type { Dialogs } from '../ports.js';
import { createRouter, type Handlers } from '../router.js';
import { videosHandlers, type VideosHandlers } from './handlers.js';
import { openUploadQueue, type OpenedUploadQueue } from './queue/queue.js';
import type { JobRunner } from './types.js';

/** Uploads at once: creates the video (by id) and reports it ready; a file under `gone/` counts as missing. */
const instantRunner: JobRunner = {
  upload: async (ctx) => {
    if (ctx.job().path.includes('/gone/')) return { kind: 'source-missing' };
    await ctx.update({ state: 'created', videoId: `v-${ctx.job().id}`, titleSynced: true });
    return { kind: 'verified', ready: true, encodeProgress: 100 };
  },
  pollProcessing: async () => ({ kind: 'ready' }),
  updateTitle: async () => undefined,
  deleteVideo: async () => undefined,
  reachable: async () => true,
};

let dir: string;
let sb: SandboxClient;
let queue: OpenedUploadQueue;
let registry: FileRegistry;
let chosen: string[];
const asked: Parameters<Dialogs['openFiles']>[0][] = [];
let h: VideosHandlers;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'burrow-vh-'));
  sb = await sandboxClient();
  queue = await openUploadQueue({ dir: join(dir, 'queue'), runner: instantRunner, clientFor: async () => sb.client, throttleMs: 0 });
  registry = new FileRegistry();
  chosen = [];
  asked.length = 0;
  const dialogs: Dialogs = {
    openFiles: async (o) => (asked.push(o), chosen),
    saveFile: async () => null,
  };
  h = videosHandlers({
    queue,
    pathOf: (t) => registry.pathOf(t),
    register: (p) => registry.register(p),
    dialogs,
    libraries: async () => sb.sandbox.libraries.map((l) => ({ id: l.id, name: l.name, hasKey: true })),
    activeProfileId: () => 'profile-1',
    client: async () => sb.client,
  });
});
afterEach(async () => {
  await queue.close();
  await sb.close();
  await rm(dir, { recursive: true, force: true });
});

/** Calls a handler and checks its answer against the contract, as the router does. */
async function call<M extends keyof VideosHandlers>(method: M, input: Parameters<VideosHandlers[M]>[0]): Promise<Awaited<ReturnType<VideosHandlers[M]>>> {
  const parsed = videosContract.methods[method].input.parse(input) as Parameters<VideosHandlers[M]>[0];
  const out = await (h[method] as (i: typeof parsed, c: object) => Promise<unknown>)(parsed, {});
  return videosContract.methods[method].output.parse(out) as Awaited<ReturnType<VideosHandlers[M]>>;
}

async function file(rel: string): Promise<string> {
  const path = join(dir, rel);
  await mkdir(join(path, '..'), { recursive: true });
  await writeFile(path, `bytes of ${rel}`);
  return path;
}

describe('videos handlers', () => {
  it('lists libraries, and lists and creates collections through the platform', async () => {
    const libraryId = sb.sandbox.libraries[0]!.id;
    expect((await call('videos.libraries', {})).libraries.map((l) => l.id)).toEqual(sb.sandbox.libraries.map((l) => l.id));
    const before = (await call('videos.collections', { libraryId })).collections;
    const made = await call('videos.createCollection', { libraryId, name: 'Zebra talks' });
    expect(made).toMatchObject({ name: 'Zebra talks', videoCount: 0 });
    expect(made.guid).not.toBe('');
    const after = (await call('videos.collections', { libraryId })).collections;
    expect(after).toEqual([...before, made].sort((a, b) => a.name.localeCompare(b.name)));
  });

  it('adds dropped files and walked folders, skipping non-videos and guarding duplicates', async () => {
    const libraryId = sb.sandbox.libraries[0]!.id;
    await file('trip/b.mp4');
    await file('trip/a.mov');
    await file('trip/notes.txt');
    const loose = await file('loose.mkv');
    const folder = await registry.register(join(dir, 'trip'));
    const single = await registry.register(loose);
    const result = await call('videos.add', { libraryId, collectionId: null, tokens: [folder.token, single.token, 'stale-token'] });
    expect(result.files.map((f) => [f.name, f.outcome])).toEqual([['a.mov', 'added'], ['b.mp4', 'added'], ['loose.mkv', 'added']]);
    // Each file by token (the dropped one keeps its own; a walked one gets one now), with its row.
    expect(result.files[2]!.token).toBe(single.token);
    expect(registry.pathOf(result.files[0]!.token)).toBe(join(dir, 'trip', 'a.mov'));
    expect(result.skipped).toEqual(['notes.txt', '1 item no longer available']);
    // In the order dropped; a folder's videos in natural order.
    const jobs = (await call('videos.list', {})).jobs;
    expect(jobs.map((j) => j.fileName)).toEqual(['a.mov', 'b.mp4', 'loose.mkv']);
    expect(result.files.map((f) => f.jobId)).toEqual(jobs.map((j) => j.id));
    await queue.idle();
    // Still listed: pointed to their rows. Once cleared, uploaded before: offered back by token, not added.
    const listed = await call('videos.add', { libraryId, collectionId: null, tokens: [folder.token] });
    expect(listed.files.map((f) => [f.outcome, f.jobId])).toEqual([['queued', jobs[0]!.id], ['queued', jobs[1]!.id]]);
    await call('videos.clearCompleted', {});
    const again = await call('videos.add', { libraryId, collectionId: null, tokens: [folder.token] });
    expect(again.files.map((f) => [f.name, f.outcome, typeof f.uploadedAt])).toEqual([['a.mov', 'uploaded', 'number'], ['b.mp4', 'uploaded', 'number']]);
    const forced = await call('videos.add', { libraryId, collectionId: null, tokens: again.files.map((p) => p.token), again: true });
    expect(forced.files.map((f) => f.outcome)).toEqual(['added', 'added']);
  });

  it('an empty video file is named as such, and nothing is queued for it', async () => {
    const libraryId = sb.sandbox.libraries[0]!.id;
    await file('clips/a.mp4');
    await writeFile(join(dir, 'clips', 'empty.mp4'), '');
    const folder = await registry.register(join(dir, 'clips'));
    const result = await call('videos.add', { libraryId, collectionId: null, tokens: [folder.token] });
    expect(result.files.map((f) => [f.name, f.outcome])).toEqual([['a.mp4', 'added'], ['empty.mp4', 'empty']]);
    expect((await call('videos.list', {})).jobs.map((j) => j.fileName)).toEqual(['a.mp4']);
  });

  it('a title goes with the one video it names; files holding more are refused whole; resumable is per add', async () => {
    const libraryId = sb.sandbox.libraries[0]!.id;
    await file('two/a.mp4');
    await file('two/b.mp4');
    const one = await registry.register(await file('one/only.mp4'));
    const two = await registry.register(join(dir, 'two'));
    await expect(call('videos.add', { libraryId, collectionId: null, tokens: [two.token], title: 'Both' })).rejects.toMatchObject({ error: { kind: 'validation', title: 'A title names one video', detail: 'The files given hold 2 video files.' } });
    expect((await call('videos.list', {})).jobs).toEqual([]);
    await call('videos.add', { libraryId, collectionId: null, tokens: [one.token], title: 'The only one', resumable: true });
    expect((await call('videos.list', {})).jobs.map((j) => [j.title, j.resumable])).toEqual([['The only one', true]]);
  });

  it('chooses files in the native dialog with a video filter and an "All files" one', async () => {
    const libraryId = sb.sandbox.libraries[0]!.id;
    expect(await call('videos.choose', { libraryId, collectionId: null })).toEqual({ files: [], skipped: [] });
    chosen = [await file('picked.mp4'), await file('odd.bin')];
    expect((await call('videos.choose', { libraryId, collectionId: 'c1' })).files.map((f) => f.outcome)).toEqual(['added', 'added']);
    expect(asked[0]!.filters!.map((f) => f.name)).toEqual(['Videos', 'All files']);
    expect(asked[0]!.filters![0]!.extensions).toContain('mp4');
    const jobs = (await call('videos.list', {})).jobs;
    expect(jobs.map((j) => [j.fileName, j.collectionId])).toEqual([['picked.mp4', 'c1'], ['odd.bin', 'c1']]);
    expect(queue.record(jobs[0]!.id)!.profileId).toBe('profile-1');
  });

  it('passes controls through and answers in the contract shapes', async () => {
    const libraryId = sb.sandbox.libraries[0]!.id;
    chosen = [await file('x.mp4')];
    await call('videos.choose', { libraryId, collectionId: null });
    await queue.idle();
    const [job] = (await call('videos.list', {})).jobs;
    expect(job).toMatchObject({ state: 'ready', videoId: `v-${job!.id}` });
    expect((await call('videos.setTitle', { id: job!.id, title: 'Renamed' })).title).toBe('Renamed');
    expect(await call('videos.pause', { all: true })).toEqual({ changed: 0 });
    expect(await call('videos.retry', { ids: [job!.id] })).toEqual({ changed: 0 });
    expect(await call('videos.moveToTop', { ids: [job!.id] })).toEqual({ changed: 1 });
    expect((await call('videos.setConcurrency', { value: 5 })).concurrency).toBe(5);
    expect((await call('videos.setBandwidthCap', { bytesPerSecond: 1_000_000 })).bandwidthCap).toBe(1_000_000);
    expect((await call('videos.setBandwidthCap', { bytesPerSecond: null })).bandwidthCap).toBeNull();
    const tooSlow = videosContract.methods['videos.setBandwidthCap'].input.safeParse({ bytesPerSecond: 1000 });
    expect(tooSlow.success ? [] : tooSlow.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['bytesPerSecond', 'must be at least 8 kB/s']]);
    expect(await call('videos.clearCompleted', {})).toEqual({ removed: 1 });
    expect(await call('videos.cancel', { all: true })).toEqual({ changed: 0 });
    expect(await call('videos.resume', { all: true })).toEqual({ changed: 0 });
  });

  it('refuses settings out of bounds at the router, by field, and leaves the queue as it was', async () => {
    const router = createRouter(h as unknown as Handlers);
    const refused = async (method: string, input: unknown) => {
      const r = await router.invoke(method, input);
      return r.ok ? null : { kind: r.error.kind, fieldErrors: r.error.fieldErrors };
    };
    expect(await refused('videos.setConcurrency', { value: 9 })).toEqual({ kind: 'validation', fieldErrors: { value: 'must be at most 6' } });
    expect(await refused('videos.setConcurrency', { value: 1.5 })).toMatchObject({ kind: 'validation', fieldErrors: { value: expect.any(String) } });
    expect(await refused('videos.setBandwidthCap', { bytesPerSecond: 10 })).toEqual({ kind: 'validation', fieldErrors: { bytesPerSecond: 'must be at least 8 kB/s' } });
    expect(await refused('videos.setBandwidthCap', { bytesPerSecond: 1.5e6 + 0.5 })).toEqual({ kind: 'validation', fieldErrors: { bytesPerSecond: 'must be a whole number of bytes per second' } });
    expect(await refused('videos.setResumableOver', { bytes: 10 })).toEqual({ kind: 'validation', fieldErrors: { bytes: 'must be at least 1 MiB' } });
    expect(await refused('videos.setResumableOver', { bytes: 2 ** 51 })).toEqual({ kind: 'validation', fieldErrors: { bytes: 'must be at most 1 PiB' } });
    expect(queue.list().status).toMatchObject({ concurrency: 2, bandwidthCap: null });
    expect(queue.resumableOver()).toBe(1024 ** 3);
    expect(await refused('videos.setConcurrency', { value: 6 })).toBeNull();
  });

  it('locates a missing file through the dialog and queues it anew', async () => {
    const libraryId = sb.sandbox.libraries[0]!.id;
    const missing = await file('gone/m.mp4');
    const { added } = await queue.add([{ path: missing, profileId: 'p', libraryId, collectionId: null }]);
    await queue.idle();
    expect(queue.record(added[0]!.id)!.state).toBe('source-missing');
    chosen = [];
    expect(await call('videos.locate', { id: added[0]!.id })).toBeNull();
    chosen = [await file('found/m.mp4')];
    const view = await call('videos.locate', { id: added[0]!.id });
    expect(asked.at(-1)!.title).toBe('Locate m.mp4');
    expect(view).toMatchObject({ id: added[0]!.id, fileName: 'm.mp4' });
    await queue.idle();
    expect(queue.record(added[0]!.id)).toMatchObject({ path: join(dir, 'found', 'm.mp4'), state: 'ready' });
  });
});
