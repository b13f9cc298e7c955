import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { queueSettled } from './queue.js';
import { checkAccounting, FakeRunner, job, one, queueTestEnv, upload } from '../testing/queue-harness.js';

// The queue's controls on chosen rows: pause and resume, cancel and retry, the duplicate guard, move, clear, relocate.
const env = queueTestEnv();
const { video, openQueue } = env;

describe('upload queue', () => {
  it('pauses a running job (its runner stops) and a waiting one; resume continues on the same video', async () => {
    const runner = new FakeRunner();
    const q = await openQueue(runner, { concurrency: 1 });
    const [a, b] = (await q.add([await video('a.mp4'), await video('b.mp4')].map((path) => ({ path, profileId: 'p', libraryId: 1, collectionId: null })))).added;
    await queueSettled(q);
    await runner.callOf(a!.id).ctx.update({ state: 'created', videoId: 'va' });
    expect(await q.pause(one(b!.id))).toBe(1);
    expect(await q.pause(one(a!.id))).toBe(1);
    await queueSettled(q);
    expect(runner.callOf(a!.id).ctx.signal.aborted).toBe(true);
    expect(job(q, a!.id)).toMatchObject({ state: 'queued', paused: true, videoId: 'va' });
    expect(job(q, b!.id)).toMatchObject({ state: 'queued', paused: true });
    expect(runner.active).toBe(0);
    await q.idle();
    checkAccounting(q);
    expect(await q.resume({ all: true })).toBe(2);
    await queueSettled(q);
    expect(job(q, a!.id)).toMatchObject({ state: 'created', videoId: 'va', attempts: 2 });
  });

  it('cancel deletes a video that never got the whole file, and keeps one that did', async () => {
    const runner = new FakeRunner();
    const q = await openQueue(runner);
    const [a, b] = (await q.add([await video('a.mp4'), await video('b.mp4')].map((path) => ({ path, profileId: 'p', libraryId: 1, collectionId: null })))).added;
    await queueSettled(q);
    await runner.callOf(a!.id).ctx.update({ state: 'uploading', videoId: 'va' });
    await upload(runner.callOf(b!.id), 'vb', false);
    await queueSettled(q);
    expect(job(q, b!.id).state).toBe('processing');
    expect(await q.cancel({ all: true })).toBe(2);
    expect(runner.deleted).toEqual(['va']);
    expect(job(q, a!.id)).toMatchObject({ state: 'cancelled', videoId: null, note: 'Deleted the unfinished video' });
    expect(job(q, b!.id)).toMatchObject({ state: 'cancelled', videoId: 'vb', note: 'Kept the video: it had received the whole file' });
    checkAccounting(q);
    expect(q.list().status.counts.cancelled).toBe(2);
    // Retry: a deleted video is made anew, a kept one is reused.
    expect(await q.retry({ all: true })).toBe(2);
    await queueSettled(q);
    expect(job(q, a!.id)).toMatchObject({ state: 'creating', videoId: null });
    expect(job(q, b!.id)).toMatchObject({ state: 'created', videoId: 'vb' });
  });

  it('guards against duplicates: same file in the queue is highlighted, one uploaded before is asked about', async () => {
    const runner = new FakeRunner();
    const q = await openQueue(runner, { highlightMs: 5 });
    const path = await video('a.mp4');
    const first = await q.add([{ path, profileId: 'p', libraryId: 1, collectionId: null }]);
    const again = await q.add([{ path, profileId: 'p', libraryId: 1, collectionId: null }, { path: join(env.files, 'gone.mp4'), profileId: 'p', libraryId: 1, collectionId: null }]);
    expect(again.added).toEqual([]);
    expect(again.alreadyQueued).toEqual([first.added[0]!.id]);
    expect(again.unreadable).toEqual([join(env.files, 'gone.mp4')]);
    expect(q.list().jobs[0]!.highlight).toBe(true);
    await new Promise<void>((resolve) => q.onChange((c) => c.jobs.some((j) => j.id === first.added[0]!.id && !j.highlight) && resolve()));
    expect(q.list().jobs[0]!.highlight).toBe(false);
    await queueSettled(q);
    await upload(runner.callOf(first.added[0]!.id), 'v1');
    await q.idle();
    // Its ended row is still in the list: that row is what the user is pointed to.
    const whileListed = await q.add([{ path, profileId: 'p', libraryId: 1, collectionId: null }]);
    expect(whileListed).toMatchObject({ added: [], alreadyQueued: [first.added[0]!.id], previouslyUploaded: [] });
    expect(await q.clearCompleted()).toBe(1);
    const later = await q.add([{ path, profileId: 'p', libraryId: 1, collectionId: null }]);
    expect(later.added).toEqual([]);
    expect(later.previouslyUploaded).toEqual([{ path, uploadedAt: expect.any(Number) }]);
    // Another library has not had it; `again` adds it anyway.
    expect((await q.add([{ path, profileId: 'p', libraryId: 2, collectionId: null }])).added).toHaveLength(1);
    expect((await q.add([{ path, profileId: 'p', libraryId: 1, collectionId: null }], { again: true })).added).toHaveLength(1);
  });

  it('moves to top, clears completed, and relocates a missing file', async () => {
    const runner = new FakeRunner();
    const q = await openQueue(runner, { concurrency: 1 });
    const [a, b, c] = (await q.add(await Promise.all(['a.mp4', 'b.mp4', 'c.mp4'].map(async (n) => ({ path: await video(n), profileId: 'p', libraryId: 1, collectionId: null }))))).added;
    await queueSettled(q);
    expect(await q.moveToTop(one(c!.id))).toBe(1);
    runner.callOf(a!.id).finish({ kind: 'source-missing' });
    await queueSettled(q);
    expect(runner.running().map((x) => x.id)).toEqual([c!.id]);
    expect(q.list().jobs.map((j) => j.id)).toEqual([c!.id, a!.id, b!.id]);
    const found = await video('a-found.mp4', 2000);
    expect(await q.relocate(a!.id, join(env.files, 'nope.mp4'))).toBeNull();
    expect(await q.relocate(a!.id, found)).toMatchObject({ state: 'queued', fileName: 'a-found.mp4', size: 2000 });
    runner.callOf(c!.id).finish({ kind: 'failed', error: { title: 'Bad request', status: 400, retryable: false } });
    await queueSettled(q);
    expect(await q.clearCompleted()).toBe(1);
    expect(q.list().jobs.map((j) => j.id)).toEqual([a!.id, b!.id]);
    checkAccounting(q);
  });

  it('each row names the profile it was added under, whichever profile adds next', async () => {
    const q = await openQueue(new FakeRunner(), { concurrency: 1 });
    await q.add([{ path: await video('sandbox.mp4'), profileId: 'sandbox', libraryId: 1, collectionId: null }]);
    await q.add([{ path: await video('production.mp4'), profileId: 'production', libraryId: 1, collectionId: null }]);
    expect(q.list().jobs.map((j) => [j.fileName, j.profileId])).toEqual([['sandbox.mp4', 'sandbox'], ['production.mp4', 'production']]);
    await queueSettled(q);
  });

  it('clears only the ended rows among the ids it is given (the rows a filtered queue shows)', async () => {
    const runner = new FakeRunner();
    const q = await openQueue(runner, { concurrency: 3 });
    const [a, b, c] = (await q.add(await Promise.all(['a.mp4', 'b.mp4', 'c.mp4'].map(async (n) => ({ path: await video(n), profileId: 'p', libraryId: 1, collectionId: null }))))).added;
    await queueSettled(q);
    for (const job of [a!, b!]) runner.callOf(job.id).finish({ kind: 'failed', error: { title: 'Bad request', status: 400, retryable: false } });
    await queueSettled(q);
    // b has ended but is not listed; c is listed but still open: neither goes.
    expect(await q.clearCompleted([a!.id, c!.id])).toBe(1);
    expect(q.list().jobs.map((j) => j.id)).toEqual([b!.id, c!.id]);
    expect(await q.clearCompleted()).toBe(1);
    expect(q.list().jobs.map((j) => j.id)).toEqual([c!.id]);
    checkAccounting(q);
  });
});
