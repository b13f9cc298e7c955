import { appendFile, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FINAL_STATES, type JobError } from '../../../../shared/videos/model.js';
import { JOURNAL_FILE } from './journal.js';
import { openUploadQueue, queueSettled } from './queue.js';
import { checkAccounting, client, FakeRunner, job, manualSleep, one, queueTestEnv, upload } from '../testing/queue-harness.js';
import type { QueueChange } from '../types.js';

// Running, persisting and reopening; the controls are in queue-controls.test.ts, the loops outside the slots in
// queue-loops.test.ts.
const env = queueTestEnv();
const { video, openQueue, closeQueue } = env;

describe('upload queue', () => {
  it('runs jobs in order up to the concurrency, persists every step and reaches ready', async () => {
    const runner = new FakeRunner();
    const q = await openQueue(runner);
    const paths = await Promise.all(['1.mp4', '2.mp4', '3.mp4'].map((n) => video(n)));
    const { added } = await q.add(paths.map((path) => ({ path, profileId: 'p', libraryId: 7, collectionId: null })));
    expect(added.map((a) => a.title)).toEqual(['1', '2', '3']);
    await queueSettled(q);
    expect(runner.running().map((c) => c.id)).toEqual([added[0]!.id, added[1]!.id]);
    expect(job(q, added[0]!.id).state).toBe('creating');
    checkAccounting(q);
    await upload(runner.callOf(added[0]!.id), 'v1');
    await queueSettled(q);
    checkAccounting(q);
    expect(job(q, added[0]!.id)).toMatchObject({ state: 'ready', videoId: 'v1', uploaded: true });
    expect(runner.running().map((c) => c.id)).toEqual([added[1]!.id, added[2]!.id]);
    for (const id of [added[1]!.id, added[2]!.id]) await upload(runner.callOf(id), `v-${id}`);
    await q.idle();
    expect(q.list().status.counts).toMatchObject({ queued: 3, done: 3, inFlight: 0, totalBytes: 0 });
    expect(await readFile(join(env.dir, 'history.jsonl'), 'utf8')).toContain('"videoId":"v1"');
  });

  it('appends one journal line per change, whatever the queue size', async () => {
    const runner = new FakeRunner();
    const q = await openQueue(runner, { concurrency: 1 });
    const paths = await Promise.all(Array.from({ length: 30 }, (_, i) => video(`${i}.mp4`, 10)));
    const { added } = await q.add(paths.map((path) => ({ path, profileId: 'p', libraryId: 1, collectionId: null })));
    await queueSettled(q);
    const lines = async () => (await readFile(join(env.dir, JOURNAL_FILE), 'utf8')).split('\n').length;
    const before = await lines();
    await q.pause(one(added[20]!.id));
    expect(await lines()).toBe(before + 1);
    await runner.callOf(added[0]!.id).ctx.update({ state: 'created', videoId: 'v', titleSynced: true });
    expect(await lines()).toBe(before + 2);
    expect((await readFile(join(env.dir, JOURNAL_FILE), 'utf8')).trimEnd().split('\n').at(-1)).toContain('"t":"patch"');
  });

  it('applies concurrency live: raising starts waiting jobs at once, lowering lets running jobs finish', async () => {
    const runner = new FakeRunner();
    const q = await openQueue(runner);
    const paths = await Promise.all(Array.from({ length: 6 }, (_, i) => video(`${i}.mp4`)));
    const { added } = await q.add(paths.map((path) => ({ path, profileId: 'p', libraryId: 1, collectionId: null })));
    await queueSettled(q);
    expect(runner.active).toBe(2);
    await q.setConcurrency(4);
    await queueSettled(q);
    expect(runner.active).toBe(4);
    await q.setConcurrency(1);
    await queueSettled(q);
    expect(runner.active).toBe(4);
    runner.callOf(added[0]!.id).finish({ kind: 'failed', error: { title: 'x', retryable: false } });
    await queueSettled(q);
    expect(runner.active).toBe(3);
    for (const c of runner.running()) c.finish({ kind: 'failed', error: { title: 'x', retryable: false } });
    await queueSettled(q);
    expect(runner.active).toBe(1);
    expect(runner.maxActive).toBe(4);
    expect(q.list().status.concurrency).toBe(1);
    checkAccounting(q);
  });

  it('emits whole snapshots, each changed job once per window, and removed ids', async () => {
    const runner = new FakeRunner();
    const q = await openQueue(runner, { throttleMs: 20 });
    const changes: QueueChange[] = [];
    q.onChange((c) => changes.push(c));
    const [a] = (await q.add([{ path: await video('a.mp4', 5000), profileId: 'p', libraryId: 1, collectionId: null }])).added;
    await queueSettled(q);
    const call = runner.callOf(a!.id);
    await call.ctx.update({ state: 'uploading', videoId: 'va' });
    for (let i = 1; i <= 50; i++) call.ctx.progress(i * 100);
    const next = new Promise<QueueChange>((resolve) => q.onChange(resolve));
    const change = await next;
    expect(change.jobs.filter((j) => j.id === a!.id)).toHaveLength(1);
    expect(change.jobs[0]).toMatchObject({ bytesSent: 5000, state: 'uploading', videoId: 'va' });
    expect(change.status.counts.sentBytes).toBe(5000);
  });

  it('continues the same jobs on the same video ids after a stop it did not see', async () => {
    const first = new FakeRunner();
    let q = await openQueue(first);
    const [a, b, c] = (await q.add(await Promise.all(['a.mp4', 'b.mp4', 'c.mp4'].map(async (n) => ({ path: await video(n), profileId: 'p', libraryId: 1, collectionId: null }))))).added;
    await queueSettled(q);
    await first.callOf(a!.id).ctx.update({ state: 'uploading', videoId: 'va' });
    await first.callOf(b!.id).ctx.update({ createPending: true });
    await closeQueue(q);
    const second = new FakeRunner();
    q = await openQueue(second);
    await queueSettled(q);
    expect(q.list().jobs.map((j) => j.id)).toEqual([a!.id, b!.id, c!.id]);
    expect(job(q, a!.id)).toMatchObject({ state: 'created', videoId: 'va' });
    expect(job(q, b!.id)).toMatchObject({ state: 'creating', createPending: true, videoId: null });
    expect(second.running().map((x) => x.id)).toEqual([a!.id, b!.id]);
  });

  it('a job caught creating gets createPending, and a torn last line is dropped', async () => {
    const runner = new FakeRunner();
    let q = await openQueue(runner, { concurrency: 1 });
    const [a] = (await q.add([{ path: await video('a.mp4'), profileId: 'p', libraryId: 1, collectionId: null }])).added;
    await queueSettled(q);
    expect(job(q, a!.id).state).toBe('creating');
    await closeQueue(q);
    await appendFile(join(env.dir, JOURNAL_FILE), '{"t":"remove","id":"');
    q = await openQueue(new FakeRunner(), { concurrency: 1 });
    expect(q.recovered).toBeUndefined();
    expect(job(q, a!.id)).toMatchObject({ createPending: true });
  });

  it('refuses a second owner of the same queue', async () => {
    await openQueue(new FakeRunner());
    await expect(openUploadQueue({ dir: env.dir, runner: new FakeRunner(), clientFor: async () => client })).rejects.toThrow(`Another Burrow process (pid ${process.pid}) owns this upload queue`);
  });
});

type Cmd =
  | { k: 'add'; file: number }
  | { k: 'pause' | 'resume' | 'cancel' | 'retry'; pick: number }
  | { k: 'crash' }
  | { k: 'outcome'; pick: number; outcome: 'verified' | 'ready' | 'failed' | 'changed' | 'missing' | 'offline' | 'patch' }
  | { k: 'network' };

const cmd: fc.Arbitrary<Cmd> = fc.oneof(
  fc.record({ k: fc.constant('add' as const), file: fc.nat(5) }),
  fc.record({ k: fc.constantFrom('pause' as const, 'resume' as const, 'cancel' as const, 'retry' as const), pick: fc.nat(10) }),
  fc.constant({ k: 'crash' as const }),
  fc.constant({ k: 'network' as const }),
  fc.record({ k: fc.constant('outcome' as const), pick: fc.nat(10), outcome: fc.constantFrom('verified' as const, 'ready' as const, 'failed' as const, 'changed' as const, 'missing' as const, 'offline' as const, 'patch' as const) }),
);

describe('upload queue, random interleavings', () => {
  it('never reaches an undefined state, never loses a job, and keeps the accounting', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(cmd, { minLength: 1, maxLength: 14 }), async (cmds) => {
        await rm(env.dir, { recursive: true, force: true });
        const paths = await Promise.all(Array.from({ length: 6 }, (_, i) => video(`f${i}.mp4`, 100 + i)));
        let runner = new FakeRunner();
        const { sleep, pending } = manualSleep();
        let q = await openQueue(runner, { sleep });
        const known = new Set<string>();
        const videoIds = new Map<string, string>();
        const error: JobError = { title: 'nope', retryable: false };
        for (const c of cmds) {
          const ids = q.list().jobs.map((j) => j.id);
          const target = (pick: number) => (ids.length ? [ids[pick % ids.length]!] : ['none']);
          switch (c.k) {
            case 'add':
              for (const a of (await q.add([{ path: paths[c.file]!, profileId: 'p', libraryId: 1, collectionId: null }], { again: true })).added) known.add(a.id);
              break;
            case 'pause': await q.pause({ ids: target(c.pick) }); break;
            case 'resume': await q.resume({ ids: target(c.pick) }); break;
            case 'cancel': await q.cancel({ ids: target(c.pick) }); break;
            case 'retry': await q.retry({ ids: target(c.pick) }); break;
            case 'crash':
              await closeQueue(q);
              runner = new FakeRunner();
              q = await openQueue(runner, { sleep });
              break;
            case 'network':
              runner.reachableAnswers = [true];
              for (const p of pending.splice(0)) p.release();
              break;
            case 'outcome': {
              const running = runner.running();
              if (running.length === 0) break;
              const call = running[c.pick % running.length]!;
              const id = call.id;
              const vid = call.ctx.job().videoId ?? `v-${id}`;
              if (c.outcome === 'patch') await call.ctx.update({ state: 'uploading', videoId: vid });
              else if (c.outcome === 'verified' || c.outcome === 'ready') await upload(call, vid, c.outcome === 'ready');
              else if (c.outcome === 'failed') call.finish({ kind: 'failed', error });
              else if (c.outcome === 'changed') call.finish({ kind: 'source-changed' });
              else if (c.outcome === 'missing') call.finish({ kind: 'source-missing' });
              else {
                await call.ctx.update({ state: 'uploading', videoId: vid });
                call.finish({ kind: 'offline', error });
              }
              if (c.outcome !== 'failed' && c.outcome !== 'changed' && c.outcome !== 'missing') videoIds.set(id, vid);
              break;
            }
          }
          await queueSettled(q);
          checkAccounting(q);
          const now = new Set(q.list().jobs.map((j) => j.id));
          for (const id of known) expect(now.has(id)).toBe(true);
          expect(now.size).toBe(known.size);
          // One file, one video: a job never changes to another video id (only cancel's delete clears it).
          for (const [id, vid] of videoIds) {
            const r = q.record(id)!;
            if (r.videoId === null && r.state === 'cancelled') videoIds.delete(id);
            else expect(r.videoId).toBe(vid);
          }
          for (const r of now) {
            const rec = q.record(r)!;
            expect(rec.paused && FINAL_STATES.has(rec.state)).toBe(false);
          }
          // Slots never exceed the concurrency.
          expect(runner.active).toBeLessThanOrEqual(q.list().status.concurrency);
        }
        await closeQueue(q);
      }),
      { numRuns: 40 },
    );
  });
});
