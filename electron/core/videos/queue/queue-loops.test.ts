import { describe, expect, it } from 'vitest';
import { queueSettled } from './queue.js';
import { checkAccounting, FakeRunner, job, manualSleep, NET_ERROR, queueTestEnv, upload } from '../testing/queue-harness.js';

// The queue's work outside the upload slots: waiting for the network, polling processing, sending titles.
const env = queueTestEnv();
const { video, openQueue } = env;

describe('upload queue', () => {
  it('waits for the network, keeps the video id, and resumes everything when the platform answers', async () => {
    const runner = new FakeRunner();
    const { sleep, pending } = manualSleep();
    const q = await openQueue(runner, { sleep, concurrency: 1 });
    const [a, b] = (await q.add([await video('a.mp4'), await video('b.mp4')].map((path) => ({ path, profileId: 'p', libraryId: 1, collectionId: null })))).added;
    await queueSettled(q);
    await runner.callOf(a!.id).ctx.update({ state: 'uploading', videoId: 'va' });
    runner.callOf(a!.id).finish({ kind: 'offline', error: NET_ERROR });
    await queueSettled(q);
    expect(job(q, a!.id)).toMatchObject({ state: 'queued', videoId: 'va', note: 'Waiting for network' });
    expect(q.list().status.waitingForNetwork).toBe(true);
    expect(runner.active).toBe(0);
    checkAccounting(q);
    runner.reachableAnswers = [false, true];
    pending.shift()!.release();
    await queueSettled(q);
    expect(runner.probes).toBe(1);
    expect(runner.active).toBe(0);
    const second = pending.shift()!;
    expect(second.ms).toBeGreaterThan(0);
    second.release();
    await queueSettled(q);
    expect(q.list().status.waitingForNetwork).toBe(false);
    expect(runner.running().map((c) => c.id)).toEqual([a!.id]);
    expect(job(q, a!.id)).toMatchObject({ state: 'created', videoId: 'va' });
    expect(job(q, b!.id).state).toBe('queued');
  });

  it('polls processing with backoff outside the slots until ready', async () => {
    const runner = new FakeRunner();
    const { sleep, pending } = manualSleep();
    const q = await openQueue(runner, { sleep, concurrency: 1 });
    const [a, b] = (await q.add([await video('a.mp4'), await video('b.mp4')].map((path) => ({ path, profileId: 'p', libraryId: 1, collectionId: null })))).added;
    await queueSettled(q);
    await upload(runner.callOf(a!.id), 'va', false);
    await queueSettled(q);
    expect(job(q, a!.id).state).toBe('processing');
    expect(runner.running().map((c) => c.id)).toEqual([b!.id]);
    expect(pending.map((p) => p.ms)).toEqual([2000]);
    pending.shift()!.release();
    await queueSettled(q);
    // No progress since the upload was verified at 10 %: the next look waits longer.
    runner.polls.shift()!.answer({ kind: 'processing', encodeProgress: 10 });
    await queueSettled(q);
    expect(pending.map((p) => p.ms)).toEqual([4000]);
    pending.shift()!.release();
    await queueSettled(q);
    runner.polls.shift()!.answer({ kind: 'processing', encodeProgress: 10 });
    await queueSettled(q);
    expect(pending.map((p) => p.ms)).toEqual([8000]);
    pending.shift()!.release();
    await queueSettled(q);
    // Progress resets the backoff.
    runner.polls.shift()!.answer({ kind: 'processing', encodeProgress: 40 });
    await queueSettled(q);
    expect(job(q, a!.id).encodeProgress).toBe(40);
    expect(pending.map((p) => p.ms)).toEqual([2000]);
    pending.shift()!.release();
    await queueSettled(q);
    runner.polls.shift()!.answer({ kind: 'ready' });
    await queueSettled(q);
    expect(job(q, a!.id)).toMatchObject({ state: 'ready', encodeProgress: 100 });
    checkAccounting(q);
  });

  it('title edits: before creation only the record changes, after it the platform is told, failures retry', async () => {
    const runner = new FakeRunner();
    const { sleep, pending } = manualSleep();
    const q = await openQueue(runner, { sleep });
    const [a] = (await q.add([{ path: await video('a.mp4'), profileId: 'p', libraryId: 1, collectionId: null, title: 'First' }])).added;
    expect((await q.setTitle(a!.id, 'Second')).title).toBe('Second');
    expect(runner.titles).toEqual([]);
    await queueSettled(q);
    await runner.callOf(a!.id).ctx.update({ state: 'created', videoId: 'va', titleSynced: true });
    runner.titleFails = true;
    await q.setTitle(a!.id, 'Third');
    await queueSettled(q);
    expect(runner.titles).toEqual([{ id: a!.id, title: 'Third' }]);
    expect(job(q, a!.id)).toMatchObject({ titleSynced: false, note: expect.stringContaining('not on the platform yet') });
    runner.titleFails = false;
    pending.shift()!.release();
    await queueSettled(q);
    expect(job(q, a!.id)).toMatchObject({ title: 'Third', titleSynced: true, note: null });
  });
});
