/**
 * Test helpers for the upload queue: a runner the test drives call by call, a sleep the test releases, fresh
 * folders for the queue and its files for each test, and the accounting every state must keep.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect } from 'vitest';
import { JOB_STATES, type JobError } from '../../../../shared/videos/model.js';
import type { PlatformClient } from '../../platform/types.js';
import { openUploadQueue, type OpenedUploadQueue, type UploadQueueOptions } from '../queue/queue.js';
import type { JobRecord, JobRunner, ProcessingPoll, RunContext, RunOutcome, UploadQueue } from '../types.js';

/** One upload call the test drives: it records what the queue handed it and ends when told (or when aborted). */
export interface Call {
  readonly ctx: RunContext;
  readonly id: string;
  finish(o: RunOutcome): void;
  readonly ended: boolean;
}

/** A runner the test controls: calls wait until finished, honour the abort signal, and are counted. */
export class FakeRunner implements JobRunner {
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
export function manualSleep(): { sleep: NonNullable<UploadQueueOptions['sleep']>; pending: { ms: number; release(): void }[] } {
  const pending: { ms: number; release(): void }[] = [];
  return {
    pending,
    sleep: (ms, signal) =>
      new Promise<void>((resolve) => {
        if (signal?.aborted) return resolve();
        pending.push({ ms, release: resolve });
        signal?.addEventListener('abort', () => resolve(), { once: true });
      }),
  };
}

/** A platform client the fake runner never calls. */
export const client = {} as PlatformClient;
/** What a runner reports when the platform cannot be reached. */
export const NET_ERROR: JobError = { title: 'Could not reach the platform', retryable: true };

/** One test's queue folder and files; the queues opened through it are closed after the test. */
export interface QueueTestEnv {
  /** The queue's folder, fresh for each test. */
  readonly dir: string;
  /** Where the test's video files are written, fresh for each test. */
  readonly files: string;
  /** Writes `size` random bytes to a new file named `name`. */
  video(name: string, size?: number): Promise<string>;
  /**
   * Opens the queue in `dir` with the fake client, a sleep nobody releases and no throttle, unless `extra` says
   * otherwise; `concurrency` is then set as a shell sets it.
   */
  openQueue(runner: JobRunner, extra?: Partial<UploadQueueOptions> & { readonly concurrency?: number }): Promise<OpenedUploadQueue>;
  /** Closes a queue before the test ends (a stop, then a reopen). */
  closeQueue(q: OpenedUploadQueue): Promise<void>;
}

/** Makes the folders before each test of the file and closes the queues and removes the folders after it. */
export function queueTestEnv(): QueueTestEnv {
  let dir = '';
  let files = '';
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
  return {
    get dir() {
      return dir;
    },
    get files() {
      return files;
    },
    async video(name, size = 1000) {
      const path = join(files, name);
      await writeFile(path, randomBytes(size));
      return path;
    },
    async openQueue(runner, { concurrency, ...extra } = {}) {
      const q = await openUploadQueue({ dir, runner, clientFor: async () => client, sleep: manualSleep().sleep, throttleMs: 0, ...extra });
      open.push(q);
      if (concurrency !== undefined) await q.setConcurrency(concurrency);
      return q;
    },
    async closeQueue(q) {
      open.splice(open.indexOf(q), 1);
      await q.close();
    },
  };
}

/** The accounting holds and no job is in a state outside the model. */
export function checkAccounting(q: UploadQueue): void {
  const { jobs, status } = q.list();
  const c = status.counts;
  expect(c.queued).toBe(jobs.length);
  expect(c.queued).toBe(c.done + c.failed + c.cancelled + c.sourceChanged + c.inFlight);
  expect(c.sentBytes).toBeLessThanOrEqual(c.totalBytes);
  for (const j of jobs) expect(JOB_STATES).toContain(j.state);
}

/** A selection of one row. */
export const one = (id: string) => ({ ids: [id] });
/** The persisted record of a row the test knows is there. */
export const job = (q: UploadQueue, id: string) => q.record(id)!;

/** Walks a started call through creation to verified. */
export async function upload(call: Call, videoId: string, ready = true): Promise<void> {
  await call.ctx.update({ state: 'created', videoId, titleSynced: true });
  await call.ctx.update({ state: 'uploading' });
  call.ctx.progress(call.ctx.job().size);
  await call.ctx.update({ uploaded: true, state: 'verifying' });
  call.finish({ kind: 'verified', ready, encodeProgress: ready ? 100 : 10 });
}
