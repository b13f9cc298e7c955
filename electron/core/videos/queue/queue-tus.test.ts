import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JobView } from '../../../../shared/videos/model.js';
import { openUploadQueue, queueSettled, type OpenedUploadQueue } from './queue.js';
import { createJobRunner } from '../upload/runner.js';
import { randomFile, tempDir } from '../testing/runner-harness.js';
import { tusSandbox, type TusSandbox } from '../testing/tus-harness.js';
import { fileTusStore } from '../tus/tus-store.js';

const MiB = 1024 * 1024;
const CHUNK = 4 * MiB;

let env: TusSandbox;
let dir: { dir: string; remove(): Promise<void> };
const open: OpenedUploadQueue[] = [];
beforeEach(async () => {
  env = await tusSandbox();
  dir = await tempDir();
});
afterEach(async () => {
  for (const q of open.splice(0)) await q.close();
  await env.close();
  await dir.remove();
});

const queueDir = () => join(dir.dir, 'queue');
const storeDir = () => join(queueDir(), 'tus');

async function openQueue(now?: () => number): Promise<OpenedUploadQueue> {
  const q = await openUploadQueue({
    dir: queueDir(),
    runner: createJobRunner({ tusStore: fileTusStore(storeDir()), tusChunkSize: CHUNK, statIntervalMs: 0, ...(now ? { now } : {}) }),
    clientFor: async () => env.client,
    tusAccessFor: async () => ({ videoUrl: env.sandbox.videoUrl, libraryKey: async () => env.libraryKey }),
    // Changes go out at once, so the test acts on progress while most of the file is still to come.
    throttleMs: 1,
  });
  open.push(q);
  return q;
}

async function closeQueue(q: OpenedUploadQueue): Promise<void> {
  open.splice(open.indexOf(q), 1);
  await q.close();
}

/** Resolves with the first snapshot of `id` that passes `test` (the current one included). */
function until(q: OpenedUploadQueue, id: string, test: (v: JobView) => boolean): Promise<JobView> {
  return new Promise((resolve) => {
    const now = q.list().jobs.find((j) => j.id === id);
    if (now && test(now)) return resolve(now);
    const stop = q.onChange((c) => {
      const v = c.jobs.find((j) => j.id === id);
      if (v && test(v)) {
        stop();
        resolve(v);
      }
    });
  });
}

const job = (path: string, resumable?: boolean) => ({ path, profileId: 'p', libraryId: env.libraryId, collectionId: null, ...(resumable !== undefined ? { resumable } : {}) });

describe('resumable rows in the queue', () => {
  it('a resumable job stopped mid-upload (the app quit) continues after reopening from the platform offset, on the same video', async () => {
    const file = await randomFile(dir.dir, 40 * MiB);
    const before = await env.videoIds();
    const first = await openQueue();
    const { added } = await first.add([job(file.path, true)]);
    const id = added[0]!.id;
    expect(added[0]).toMatchObject({ resumable: true });
    await until(first, id, (v) => v.bytesSent >= 12 * MiB);
    const videoId = first.record(id)?.videoId;
    expect(videoId).toBeTruthy();
    await closeQueue(first);
    expect(await fileTusStore(storeDir()).get(id)).toMatchObject({ videoId, size: file.size });
    const partial = env.sandbox.uploads.inspect(env.libraryId, videoId!)!.bytesReceived;
    expect(partial).toBeGreaterThanOrEqual(12 * MiB);
    expect(partial).toBeLessThan(file.size);

    const second = await openQueue();
    const done = await until(second, id, (v) => v.state === 'processing' || v.state === 'failed');
    expect(done).toMatchObject({ state: 'processing', videoId, resumable: true });
    const seen = env.sandbox.uploads.inspect(env.libraryId, videoId!);
    expect(seen).toMatchObject({ state: 'stored', size: file.size, sha256: file.sha256 });
    expect(seen!.bytesReceived - file.size).toBeLessThanOrEqual(CHUNK);
    expect((await env.videoIds()).length).toBe(before.length + 1);
    // Verified: the resume entry is gone.
    await queueSettled(second);
    expect(await fileTusStore(storeDir()).get(id)).toBeUndefined();
  });

  it.each([
    ['behind', -8 * 3600_000],
    ['ahead of', 7 * 3600_000],
  ])('a client clock hours %s the platform: the tus upload is signed with the platform time, succeeds, and says so on the row', async (words, offset) => {
    const file = await randomFile(dir.dir, 2 * MiB);
    // The runner's clock is the client's; the sandbox checks expiries on its own (real) clock.
    const q = await openQueue(() => Date.now() + offset);
    const { added } = await q.add([job(file.path, true)]);
    const id = added[0]!.id;
    const notes: string[] = [];
    q.onChange((c) => c.jobs.forEach((j) => j.id === id && j.note !== null && notes.push(j.note)));
    const done = await until(q, id, (v) => v.state === 'processing' || v.state === 'ready' || v.state === 'failed');
    expect(done.error).toBeNull();
    expect(['processing', 'ready']).toContain(done.state);
    expect(env.sandbox.uploads.inspect(env.libraryId, done.videoId!)).toMatchObject({ state: 'stored', size: file.size, sha256: file.sha256 });
    expect(notes).toContainEqual(expect.stringMatching(new RegExp(`^This computer's clock is [78](\\.\\d)? hours ${words} the platform's`)));
  });

  it('files at or over the threshold go resumable by themselves; the threshold is a persisted setting', async () => {
    const small = await randomFile(dir.dir, 1 * MiB);
    const large = await randomFile(dir.dir, 3 * MiB);
    const q = await openQueue();
    expect(q.resumableOver()).toBe(1024 * MiB);
    expect(await q.setResumableOver(2 * MiB)).toBe(2 * MiB);
    await q.pause({ all: true });
    const { added } = await q.add([job(small.path), job(large.path)]);
    expect(added.map((v) => v.resumable)).toEqual([false, true]);
    await closeQueue(q);

    const again = await openQueue();
    expect(again.resumableOver()).toBe(2 * MiB);
    await closeQueue(again);
  });

  it('a row switched to resumable uploads by tus; pausing it keeps its offset, pausing a plain row shows zero', async () => {
    const file = await randomFile(dir.dir, 40 * MiB);
    const plain = await randomFile(dir.dir, 2 * MiB);
    const q = await openQueue();
    await q.setConcurrency(1);
    const { added } = await q.add([job(file.path)]);
    const id = added[0]!.id;
    expect(added[0]!.resumable).toBe(false);
    expect(await q.setResumable({ ids: [id] }, true)).toBe(1);
    await until(q, id, (v) => v.bytesSent >= 8 * MiB);
    await q.pause({ ids: [id] });
    const paused = await until(q, id, (v) => v.paused && v.state === 'queued');
    await queueSettled(q);
    expect(q.list().jobs.find((j) => j.id === id)!.bytesSent).toBeGreaterThanOrEqual(8 * MiB);
    expect(paused.resumable).toBe(true);

    // A plain row keeps nothing: its next attempt starts from zero.
    const { added: other } = await q.add([job(plain.path)]);
    await q.pause({ ids: [other[0]!.id] });
    expect(q.list().jobs.find((j) => j.id === other[0]!.id)).toMatchObject({ bytesSent: 0, resumable: false });

    await q.resume({ ids: [id] });
    const done = await until(q, id, (v) => v.state === 'processing' || v.state === 'failed');
    expect(done.state).toBe('processing');
    const seen = env.sandbox.uploads.inspect(env.libraryId, done.videoId!);
    expect(seen).toMatchObject({ sha256: file.sha256 });
    expect(seen!.bytesReceived - file.size).toBeLessThanOrEqual(CHUNK);
  });
});
