import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile, appendFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FINAL_STATES, JOB_STATES, type JobError } from '../../../shared/videos/model.js';
import type { PlatformClient } from '../platform/types.js';
import { JOURNAL_FILE } from './journal.js';
import { openUploadQueue, queueSettled, type OpenedUploadQueue, type UploadQueueOptions } from './queue.js';
import type { JobRecord, JobRunner, ProcessingPoll, QueueChange, RunContext, RunOutcome, UploadQueue } from './types.js';

/** One upload call the test drives: it records what the queue handed it and ends when told (or when aborted). */
interface Call {
  readonly ctx: RunContext;
  readonly id: string;
  finish(o: RunOutcome): void;
  readonly ended: boolean;
}

/** A runner the test controls: calls wait until finished, honour the abort signal, and are counted. */
class FakeRunner implements JobRunner {
  readonly calls: Call[] = [];
  readonly deleted: string[] = [];
  readonly titles: { id: string; title: string }[] = [];
  readonly polls: { id: string; answer(p: ProcessingPoll): void }[] = [];
  active = 0;
  maxActive = 0;
  titleFails = false;
  reachableAnswers: boolean[] = [];
  probes = 0;

  upload(ctx: RunContext): Promise<RunOutcome> {
    this.active++;
    this.maxActive = Math.max(this.maxActive, this.active);
    return new Promise((resolve) => {
      let ended = false;
      const call: Call = {
        ctx,
        id: ctx.job().id,
        get ended() {
          return ended;
        },
        finish: (o) => {
          if (ended) return;
          ended = true;
          this.active--;
          resolve(o);
        },
      };
      this.calls.push(call);
      if (ctx.signal.aborted) call.finish({ kind: 'stopped' });
      ctx.signal.addEventListener('abort', () => call.finish({ kind: 'stopped' }), { once: true });
    });
  }
  pollProcessing(job: JobRecord): Promise<ProcessingPoll> {
    return new Promise((answer) => this.polls.push({ id: job.id, answer }));
  }
  async updateTitle(job: JobRecord): Promise<void> {
    this.titles.push({ id: job.id, title: job.title });
    if (this.titleFails) throw new Error('title refused');
  }
  async deleteVideo(job: JobRecord): Promise<void> {
    this.deleted.push(job.videoId ?? '');
  }
  async reachable(): Promise<boolean> {
    this.probes++;
    return this.reachableAnswers.shift() ?? false;
  }
  running(): Call[] {
    return this.calls.filter((c) => !c.ended);
  }
  callOf(id: string): Call {
    const c = [...this.calls].reverse().find((x) => x.id === id);
    if (!c) throw new Error(`no call for ${id}`);
    return c;
  }
}

/** A sleep the test releases; it ends early when aborted. */
function manualSleep(): { sleep: NonNullable<UploadQueueOptions['sleep']>; pending: { ms: number; release(): void }[] } {
  const pending: { ms: number; release(): void }[] = [];
  return {
    pending,
    sleep: (ms, signal) =>
      new Promise<void>((resolve) => {
        pending.push({ ms, release: resolve });
        signal?.addEventListener('abort', () => resolve(), { once: true });
      }),
  };
}

const client = {} as PlatformClient;
const NET_ERROR: JobError = { title: 'Could not reach the platform', retryable: true };
let dir: string;
let files: string;
const open: OpenedUploadQueue[] = [];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'burrow-queue-'));
  files = await mkdtemp(join(tmpdir(), 'burrow-files-'));
});
afterEach(async () => {
  for (const q of open.splice(0)) await q.close();
  await rm(dir, { recursive: true, force: true });
  await rm(files, { recursive: true, force: true });
});

async function video(name: string, size = 1000): Promise<string> {
  const path = join(files, name);
  await writeFile(path, randomBytes(size));
  return path;
}

async function openQueue(runner: JobRunner, extra: Partial<UploadQueueOptions> = {}): Promise<OpenedUploadQueue> {
  const q = await openUploadQueue({ dir, runner, clientFor: async () => client, sleep: manualSleep().sleep, throttleMs: 0, ...extra });
  open.push(q);
  return q;
}

async function closeQueue(q: OpenedUploadQueue): Promise<void> {
  open.splice(open.indexOf(q), 1);
  await q.close();
}

/** The accounting holds and no job is in a state outside the model. */
function checkAccounting(q: UploadQueue): void {
  const { jobs, status } = q.list();
  const c = status.counts;
  expect(c.queued).toBe(jobs.length);
  expect(c.queued).toBe(c.done + c.failed + c.cancelled + c.sourceChanged + c.inFlight);
  expect(c.sentBytes).toBeLessThanOrEqual(c.totalBytes);
  for (const j of jobs) expect(JOB_STATES).toContain(j.state);
}

const one = (id: string) => ({ ids: [id] });
const job = (q: UploadQueue, id: string) => q.record(id)!;

/** Walks a started call through creation to verified. */
async function upload(call: Call, videoId: string, ready = true): Promise<void> {
  await call.ctx.update({ state: 'created', videoId, titleSynced: true });
  await call.ctx.update({ state: 'uploading' });
  call.ctx.progress(call.ctx.job().size);
  await call.ctx.update({ uploaded: true, state: 'verifying' });
  call.finish({ kind: 'verified', ready, encodeProgress: ready ? 100 : 10 });
}

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
    expect(await readFile(join(dir, 'history.jsonl'), 'utf8')).toContain('"videoId":"v1"');
  });

  it('appends one journal line per change, whatever the queue size', async () => {
    const runner = new FakeRunner();
    const q = await openQueue(runner, { concurrency: 1 });
    const paths = await Promise.all(Array.from({ length: 30 }, (_, i) => video(`${i}.mp4`, 10)));
    const { added } = await q.add(paths.map((path) => ({ path, profileId: 'p', libraryId: 1, collectionId: null })));
    await queueSettled(q);
    const lines = async () => (await readFile(join(dir, JOURNAL_FILE), 'utf8')).split('\n').length;
    const before = await lines();
    await q.pause(one(added[20]!.id));
    expect(await lines()).toBe(before + 1);
    await runner.callOf(added[0]!.id).ctx.update({ state: 'created', videoId: 'v', titleSynced: true });
    expect(await lines()).toBe(before + 2);
    expect((await readFile(join(dir, JOURNAL_FILE), 'utf8')).trimEnd().split('\n').at(-1)).toContain('"t":"patch"');
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
    await expect(q.setConcurrency(9)).rejects.toThrow('Invalid concurrency');
  });

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
    const again = await q.add([{ path, profileId: 'p', libraryId: 1, collectionId: null }, { path: join(files, 'gone.mp4'), profileId: 'p', libraryId: 1, collectionId: null }]);
    expect(again.added).toEqual([]);
    expect(again.alreadyQueued).toEqual([first.added[0]!.id]);
    expect(again.unreadable).toEqual([join(files, 'gone.mp4')]);
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
    expect(await q.relocate(a!.id, join(files, 'nope.mp4'))).toBeNull();
    expect(await q.relocate(a!.id, found)).toMatchObject({ state: 'queued', fileName: 'a-found.mp4', size: 2000 });
    runner.callOf(c!.id).finish({ kind: 'failed', error: { title: 'Bad request', status: 400, retryable: false } });
    await queueSettled(q);
    expect(await q.clearCompleted()).toBe(1);
    expect(q.list().jobs.map((j) => j.id)).toEqual([a!.id, b!.id]);
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
    await appendFile(join(dir, JOURNAL_FILE), '{"t":"remove","id":"');
    q = await openQueue(new FakeRunner(), { concurrency: 1 });
    expect(q.recovered).toBeUndefined();
    expect(job(q, a!.id)).toMatchObject({ createPending: true });
  });

  it('refuses a second owner of the same queue', async () => {
    await openQueue(new FakeRunner());
    await expect(openUploadQueue({ dir, runner: new FakeRunner(), clientFor: async () => client })).rejects.toThrow(`Another Burrow process (pid ${process.pid}) owns this upload queue`);
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
        await rm(dir, { recursive: true, force: true });
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
