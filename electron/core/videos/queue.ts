/**
 * The persisted upload queue: order, upload slots, controls, duplicate guard, processing polls, waiting for the
 * network, and throttled change events. Every state change is in the journal before the next step starts; the
 * platform calls of one job are the runner's. The class holds the state; the queue-*.ts modules beside it do the work.
 */
import { mkdir } from 'node:fs/promises';
import { appError } from '../../../shared/result.js';
import type { JobView, QueueStatus } from '../../../shared/videos/model.js';
import { AppFailure } from '../errors.js';
import type { BandwidthCap } from './bandwidth.js';
import { openHistory, type UploadHistory } from './history.js';
import { openJournal, type Journal, type JournalLine, type JournalState } from './journal.js';
import { acquireLock, type QueueLock } from './lock.js';
import { isEnded, transition, type MachineEvent } from './machine.js';
import { planAdd } from './queue-add.js';
import { ChangeBatcher } from './queue-events.js';
import { cancelJobs, moveJobsToTop, pauseJobs, relocateJob, resumeJobs, retryJobs, setJobsResumable, type ControlHost } from './queue-controls.js';
import { QueueLoops, type LoopSetHost } from './queue-loop-set.js';
import type { OpenedUploadQueue, UploadQueueOptions } from './queue-options.js';
import { startRun, type Run } from './queue-run.js';
import { checkBandwidthCap, checkConcurrency, openingSettings } from './queue-settings.js';
import { PendingSteps, waitFor } from './queue-support.js';
import { sleep as realSleep } from '../platform/policy.js';
import { checkResumableOver } from './queue-tus.js';
import { bytesOf, jobView, nothingToDo, orderedJobs, queueStatus, selectJobs } from './queue-view.js';
import type { AddOutcome, JobRecord, NewJob, QueueChange, Selection, UploadQueue } from './types.js';

export type { OpenedUploadQueue, UploadQueueOptions } from './queue-options.js';

const settlers = new WeakMap<object, () => Promise<void>>();

/** For tests and the command line: resolves once no queue step (a write, an outcome being applied) is under way. */
export function queueSettled(queue: UploadQueue): Promise<void> {
  return settlers.get(queue)?.() ?? Promise.resolve();
}

/** Opens the queue in `options.dir`: takes the lock, recovers the journal, and starts running. */
export async function openUploadQueue(options: UploadQueueOptions): Promise<OpenedUploadQueue> {
  await mkdir(options.dir, { recursive: true, mode: 0o700 });
  const lock = await acquireLock(options.dir, options.now ? { now: options.now } : {});
  try {
    const opened = await openJournal(options.dir, {
      ...(options.now ? { now: options.now } : {}),
      prepare: (state) => {
        // Nothing is running in a queue that is just opening: whatever held a slot goes back to waiting.
        for (const [id, job] of state.jobs) {
          const step = transition(job, { type: 'recover' });
          if (step.ok) state.jobs.set(id, step.job);
        }
      },
    });
    const history = await openHistory(options.dir, options.openHistoryFile ? { openFile: options.openHistoryFile } : {});
    const queue = new Queue(options, lock, opened.journal, history, opened.state, opened.recovered);
    await queue.begin();
    return queue;
  } catch (e) {
    await lock.release();
    throw e;
  }
}

class Queue implements OpenedUploadQueue {
  readonly recovered?: string;
  readonly #o: UploadQueueOptions;
  readonly #now: () => number;
  readonly #sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  readonly #random: () => number;
  readonly #jobs: Map<string, JobRecord>;
  readonly #running = new Map<string, Run>();
  /** Poll loops, title retries, probes and cancels: each its own controller, aborted on close. */
  readonly #loops: QueueLoops;
  readonly #steps = new PendingSteps();
  readonly #events: ChangeBatcher;
  readonly #host: ControlHost;
  readonly #idleWaiters: (() => void)[] = [];
  #concurrency: number;
  readonly #bandwidth: BandwidthCap;
  #resumableOver: number;
  /** What a resumable job's platform had when its run last stopped (shown while it is paused or waiting). */
  readonly #kept = new Map<string, number>();
  #closed = false;

  constructor(
    options: UploadQueueOptions,
    readonly lock: QueueLock,
    readonly journal: Journal,
    readonly history: UploadHistory,
    persisted: JournalState,
    recovered: string | undefined,
  ) {
    this.#o = options;
    this.#now = options.now ?? Date.now;
    this.#sleep = options.sleep ?? realSleep;
    this.#random = options.random ?? Math.random;
    this.#jobs = persisted.jobs;
    const settings = openingSettings(options, persisted);
    this.#concurrency = settings.concurrency;
    this.#bandwidth = settings.bandwidth;
    this.#resumableOver = settings.resumableOver;
    if (recovered !== undefined) this.recovered = recovered;
    this.#events = new ChangeBatcher(
      { view: (id) => { const job = this.#jobs.get(id); return job ? this.#view(job) : undefined; }, status: () => this.#status() },
      options.throttleMs ?? 100,
      options.highlightMs ?? 3_000,
    );
    const loopHost: LoopSetHost = {
      runner: options.runner,
      job: (id) => this.#jobs.get(id),
      apply: (id, event) => this.#apply(id, event),
      clientFor: (profileId) => options.clientFor(profileId),
      wait: (ms, signal) => waitFor(this.#sleep, ms, signal),
      now: this.#now,
      random: this.#random,
      closed: () => this.#closed,
      checkIdle: () => this.#checkIdle(),
      statusChanged: () => this.#events.schedule(),
      pump: () => this.#pump(),
    };
    this.#loops = new QueueLoops(loopHost);
    this.#host = {
      ...loopHost,
      loops: this.#loops,
      history,
      bandwidth: this.#bandwidth,
      running: this.#running,
      kept: this.#kept,
      tusAccessFor: (profileId) => options.tusAccessFor?.(profileId),
      notice: (message) => options.notice?.(message),
      get: (id) => this.#get(id),
      commit: (job, line) => this.#commit(job, line),
      track: (p) => this.#steps.track(p),
      mark: (id) => this.#mark(id),
      jobs: this.#jobs,
      select: (selection) => this.#select(selection),
      view: (job) => this.#view(job),
    };
    settlers.set(this, () => this.#steps.settle());
  }

  async begin(): Promise<void> {
    if (this.#o.concurrency !== undefined) await this.journal.append({ t: 'set', concurrency: this.#concurrency });
    if (this.#o.bandwidthCap !== undefined) await this.journal.append({ t: 'cap', bytesPerSecond: this.#bandwidth.rate });
    if (this.#o.resumableOver !== undefined) await this.journal.append({ t: 'set-resumable-over', bytes: checkResumableOver(this.#o.resumableOver) });
    for (const job of this.#jobs.values()) {
      if (job.state === 'processing') this.#loops.poll(job.id);
      if (job.videoId && !job.titleSynced && !isEnded(job)) this.#loops.syncTitle(job.id);
    }
    this.#pump();
  }

  // ---- reading -------------------------------------------------------------------------------------------------

  list(): { readonly jobs: readonly JobView[]; readonly status: QueueStatus } {
    return { jobs: this.#ordered().map((j) => this.#view(j)), status: this.#status() };
  }

  record(id: string): JobRecord | undefined {
    return this.#jobs.get(id);
  }

  onChange(listener: (change: QueueChange) => void): () => void {
    return this.#events.on(listener);
  }

  idle(): Promise<void> {
    if (this.#isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.#idleWaiters.push(resolve));
  }

  // ---- adding --------------------------------------------------------------------------------------------------

  async add(files: readonly NewJob[], options: { readonly again?: boolean } = {}): Promise<AddOutcome> {
    this.#open();
    const { records, alreadyQueued, previouslyUploaded, unreadable, empty, changed } = await planAdd(files, this.#jobs.values(), this.history, { again: options.again ?? false, now: this.#now(), resumableOver: this.#resumableOver });
    // A file changed since its row began goes on in that row, as it is now, on the row's video.
    for (const { id, identity } of changed) {
      const job = this.#jobs.get(id);
      if (!job) continue;
      // A row whose video the platform no longer has is retried first, which lets that video go (as a retry does).
      if (job.state === 'failed' && job.error?.status === 404) await this.#apply(id, { type: 'retry' });
      await this.#apply(id, { type: 'relocate', path: job.path, fileName: job.fileName, ...identity });
    }
    for (const r of records) {
      this.#jobs.set(r.id, r);
      this.#mark(r.id);
    }
    for (const id of alreadyQueued) this.#events.flash(id);
    // One write for the whole batch: adding a thousand files is one append, not a thousand.
    if (records.length > 0) await this.#steps.track(this.journal.append(...records.map((job): JournalLine => ({ t: 'job', job }))));
    this.#pump();
    return { added: records.map((r) => this.#view(r)), alreadyQueued: [...alreadyQueued], previouslyUploaded, unreadable, empty };
  }

  // ---- controls ------------------------------------------------------------------------------------------------

  pause(selection: Selection): Promise<number> {
    return pauseJobs(this.#host, selection);
  }

  resume(selection: Selection): Promise<number> {
    return resumeJobs(this.#host, selection);
  }

  cancel(selection: Selection): Promise<number> {
    return cancelJobs(this.#host, selection);
  }

  retry(selection: Selection): Promise<number> {
    return retryJobs(this.#host, selection);
  }

  moveToTop(selection: Selection): Promise<number> {
    return moveJobsToTop(this.#host, selection);
  }

  async clearCompleted(ids?: readonly string[]): Promise<number> {
    this.#open();
    const only = ids === undefined ? null : new Set(ids);
    const ended = [...this.#jobs.values()].filter((j) => isEnded(j) && (only === null || only.has(j.id)));
    for (const job of ended) {
      this.#jobs.delete(job.id);
      this.#kept.delete(job.id);
      await this.#o.runner.forget?.(job.id).catch(() => undefined);
      this.#loops.abort(`title:${job.id}`);
      this.#events.remove(job.id);
    }
    if (ended.length > 0) await this.#steps.track(this.journal.append(...ended.map((j): JournalLine => ({ t: 'remove', id: j.id }))));
    return ended.length;
  }

  async setTitle(id: string, title: string): Promise<JobView> {
    this.#get(id);
    await this.#apply(id, { type: 'title', title: title.trim() });
    const job = this.#get(id);
    if (job.videoId) this.#loops.syncTitle(id);
    return this.#view(job);
  }

  async setConcurrency(value: number): Promise<QueueStatus> {
    this.#open();
    this.#concurrency = checkConcurrency(value);
    await this.#steps.track(this.journal.append({ t: 'set', concurrency: value }));
    this.#events.schedule();
    this.#pump();
    return this.#status();
  }

  async setBandwidthCap(bytesPerSecond: number | null): Promise<QueueStatus> {
    this.#open();
    this.#bandwidth.setRate(checkBandwidthCap(bytesPerSecond));
    await this.#steps.track(this.journal.append({ t: 'cap', bytesPerSecond }));
    this.#events.schedule();
    return this.#status();
  }

  resumableOver(): number {
    return this.#resumableOver;
  }

  async setResumableOver(bytes: number): Promise<number> {
    this.#open();
    this.#resumableOver = checkResumableOver(bytes);
    await this.#steps.track(this.journal.append({ t: 'set-resumable-over', bytes: this.#resumableOver }));
    return this.#resumableOver;
  }

  setResumable(selection: Selection, resumable: boolean): Promise<number> {
    return setJobsResumable(this.#host, selection, resumable);
  }

  relocate(id: string, path: string): Promise<JobView | null> {
    return relocateJob(this.#host, id, path);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    for (const run of this.#running.values()) run.controller.abort();
    this.#loops.abortAll();
    await Promise.all([...this.#running.values()].map((r) => r.done));
    await this.#steps.settle();
    this.#events.close();
    await this.journal.close();
    await this.history.close();
    await this.lock.release();
    for (const w of this.#idleWaiters.splice(0)) w();
  }

  // ---- running jobs --------------------------------------------------------------------------------------------

  /** Starts waiting jobs, in order, while slots are free. */
  #pump(): void {
    if (this.#closed || this.#loops.waitingForNetwork || this.#running.size >= this.#concurrency) return;
    const waiting = this.#ordered().filter((j) => j.state === 'queued' && !j.paused && !this.#running.has(j.id));
    for (const job of waiting.slice(0, this.#concurrency - this.#running.size)) startRun(this.#host, job);
  }

  // ---- persistence and events ----------------------------------------------------------------------------------

  /** Applies an event and persists the result; false when the machine refused it. */
  async #apply(id: string, event: MachineEvent): Promise<boolean> {
    const job = this.#jobs.get(id);
    if (!job || this.#closed) return false;
    const step = transition(job, event);
    if (!step.ok) return false;
    await this.#steps.track(this.#commit(step.job));
    return true;
  }

  /** Takes the new record in memory at once (so concurrent steps build on it) and resolves once it is on disk. */
  #commit(job: JobRecord, line: JournalLine = { t: 'job', job }): Promise<void> {
    this.#jobs.set(job.id, job);
    this.#mark(job.id);
    const written = this.journal.append(line);
    void written.then(() => this.#checkIdle(), () => undefined);
    return written;
  }

  #mark(id: string): void {
    this.#events.mark(id);
  }

  #view(job: JobRecord): JobView {
    return jobView(job, this.#running.get(job.id), this.#kept, this.#now, this.#events.highlighted(job.id));
  }

  #status(): QueueStatus {
    const settings = { concurrency: this.#concurrency, bandwidthCap: this.#bandwidth.rate, waitingForNetwork: this.#loops.waitingForNetwork };
    return queueStatus(settings, this.#jobs.values(), (j) => bytesOf(j, this.#running.get(j.id), this.#kept));
  }

  // ---- helpers -------------------------------------------------------------------------------------------------

  #isIdle(): boolean {
    return this.#closed || nothingToDo(this.#jobs.values(), this.#running.size);
  }

  #checkIdle(): void {
    if (this.#idleWaiters.length > 0 && this.#isIdle()) for (const w of this.#idleWaiters.splice(0)) w();
  }

  #ordered(): JobRecord[] {
    return orderedJobs(this.#jobs.values());
  }

  #select(selection: Selection): JobRecord[] {
    this.#open();
    return selectJobs(this.#jobs, selection);
  }

  #get(id: string): JobRecord {
    const job = this.#jobs.get(id);
    if (!job) throw new AppFailure(appError('not_found', 'No such upload', { detail: 'The row is no longer in the queue.' }));
    return job;
  }

  #open(): void {
    if (this.#closed) throw new AppFailure(appError('conflict', 'The upload queue is closed'));
  }
}
