/**
 * The persisted upload queue: order, upload slots, controls, duplicate guard, processing polls, waiting for the
 * network, and throttled change events. Every state change is in the journal before the next step starts; the
 * platform calls of one job are the runner's.
 */
import { mkdir } from 'node:fs/promises';
import { basename } from 'node:path';
import { appError } from '../../../shared/result.js';
import { BANDWIDTH_CAP, CONCURRENCY, RESUMABLE_OVER_DEFAULT, type JobView, type QueueStatus } from '../../../shared/videos/model.js';
import { AppFailure, toAppError } from '../errors.js';
import type { PlatformClient } from '../platform/types.js';
import { BandwidthCap, validCap } from './bandwidth.js';
import { fingerprintFile } from './fingerprint.js';
import { openHistory, type UploadHistory } from './history.js';
import { openJournal, type Journal, type JournalLine, type JournalState } from './journal.js';
import { acquireLock, type QueueLock } from './lock.js';
import { countJobs, isEnded, RETRYABLE_STATES, transition, type MachineEvent } from './machine.js';
import { planAdd } from './queue-add.js';
import { ChangeBatcher } from './queue-events.js';
import { pollProcessing, syncTitle, waitForPlatform, type LoopHost } from './queue-loops.js';
import { clampConcurrency, defaultSleep, thrownJobError, waitFor } from './queue-support.js';
import { SpeedMeter } from './speed.js';
import { checkResumableOver } from './queue-tus.js';
import type { AddOutcome, JobRecord, JobRunner, NewJob, QueueChange, RunContext, RunOutcome, Selection, TusAccess, UploadQueue } from './types.js';

/** How the queue is opened. */
export interface UploadQueueOptions {
  /** The folder holding the journal, the lock and the upload history. */
  readonly dir: string;
  readonly runner: JobRunner;
  clientFor(profileId: string): Promise<PlatformClient>;
  /** Overrides the persisted setting (the command line's `--concurrency`). */
  readonly concurrency?: number;
  /** Overrides the persisted upload cap (the command line's `--limit-rate`); null turns it off. */
  readonly bandwidthCap?: number | null;
  /** Overrides the persisted resumable threshold in bytes (the command line's `--resumable-over`). */
  readonly resumableOver?: number;
  /** What resumable uploads of a profile are signed with; without it, no job can be sent resumable. */
  tusAccessFor?(profileId: string): Promise<TusAccess | undefined>;
  readonly now?: () => number;
  /** Waits between polls and network probes; must return early when the signal is aborted. */
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  readonly random?: () => number;
  /** The change events' window: each job at most once per window (default 100 ms). */
  readonly throttleMs?: number;
  /** How long a row stays highlighted after its file was added again (default 3 s). */
  readonly highlightMs?: number;
}

/** An open queue; `recovered` explains a journal that could not be read and was set aside. */
export type OpenedUploadQueue = UploadQueue & { readonly recovered?: string };


interface Run {
  readonly controller: AbortController;
  bytes: number;
  meter: SpeedMeter;
  cancelRequested: boolean;
  done: Promise<void>;
}

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
    const history = await openHistory(options.dir);
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
  readonly #loops = new Map<string, AbortController>();
  readonly #ops = new Set<Promise<unknown>>();
  readonly #events: ChangeBatcher;
  readonly #host: LoopHost;
  readonly #idleWaiters: (() => void)[] = [];
  #concurrency: number;
  readonly #bandwidth: BandwidthCap;
  #resumableOver: number;
  /** What a resumable job's platform had when its run last stopped (shown while it is paused or waiting). */
  readonly #kept = new Map<string, number>();
  #waitingForNetwork = false;
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
    this.#sleep = options.sleep ?? defaultSleep;
    this.#random = options.random ?? Math.random;
    this.#jobs = persisted.jobs;
    this.#concurrency = clampConcurrency(options.concurrency ?? persisted.concurrency ?? CONCURRENCY.default);
    const cap = options.bandwidthCap !== undefined ? options.bandwidthCap : (persisted.bandwidthCap ?? null);
    // A persisted cap outside today's bounds (an older build's) is dropped rather than refused at open.
    this.#bandwidth = new BandwidthCap(validCap(cap) ? cap : null);
    this.#resumableOver = options.resumableOver ?? persisted.resumableOver ?? RESUMABLE_OVER_DEFAULT;
    if (recovered !== undefined) this.recovered = recovered;
    this.#events = new ChangeBatcher(
      { view: (id) => { const job = this.#jobs.get(id); return job ? this.#view(job) : undefined; }, status: () => this.#status() },
      options.throttleMs ?? 100,
      options.highlightMs ?? 3_000,
    );
    this.#host = {
      runner: options.runner,
      job: (id) => this.#jobs.get(id),
      apply: (id, event) => this.#apply(id, event),
      clientFor: (profileId) => options.clientFor(profileId),
      wait: (ms, signal) => this.#wait(ms, signal),
      now: this.#now,
      random: this.#random,
    };
    settlers.set(this, () => this.#settle());
  }

  async begin(): Promise<void> {
    if (this.#o.concurrency !== undefined) await this.journal.append({ t: 'set', concurrency: this.#concurrency });
    if (this.#o.bandwidthCap !== undefined) await this.journal.append({ t: 'cap', bytesPerSecond: this.#bandwidth.rate });
    if (this.#o.resumableOver !== undefined) await this.journal.append({ t: 'set-resumable-over', bytes: checkResumableOver(this.#o.resumableOver) });
    for (const job of this.#jobs.values()) {
      if (job.state === 'processing') this.#poll(job.id);
      if (job.videoId && !job.titleSynced && !isEnded(job)) this.#syncTitle(job.id);
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
    const { records, alreadyQueued, previouslyUploaded, unreadable } = await planAdd(files, this.#jobs.values(), this.history, { again: options.again ?? false, now: this.#now(), resumableOver: this.#resumableOver });
    for (const r of records) {
      this.#jobs.set(r.id, r);
      this.#mark(r.id);
    }
    for (const id of alreadyQueued) this.#events.flash(id);
    // One write for the whole batch: adding a thousand files is one append, not a thousand.
    if (records.length > 0) await this.#track(this.journal.append(...records.map((job): JournalLine => ({ t: 'job', job }))));
    this.#pump();
    return { added: records.map((r) => this.#view(r)), alreadyQueued: [...alreadyQueued], previouslyUploaded, unreadable };
  }

  // ---- controls ------------------------------------------------------------------------------------------------

  async pause(selection: Selection): Promise<number> {
    let changed = 0;
    for (const job of this.#select(selection)) {
      if (!(await this.#apply(job.id, { type: 'pause' }))) continue;
      changed++;
      const run = this.#running.get(job.id);
      run?.meter.setPaused(true);
      run?.controller.abort();
    }
    return changed;
  }

  async resume(selection: Selection): Promise<number> {
    let changed = 0;
    for (const job of this.#select(selection)) if (await this.#apply(job.id, { type: 'resume' })) changed++;
    this.#pump();
    return changed;
  }

  async cancel(selection: Selection): Promise<number> {
    const targets = this.#select(selection).filter((j) => !isEnded(j));
    const results = await Promise.all(targets.map((j) => this.#cancelOne(j.id)));
    this.#pump();
    return results.filter(Boolean).length;
  }

  async retry(selection: Selection): Promise<number> {
    let changed = 0;
    for (const job of this.#select(selection)) {
      if (!RETRYABLE_STATES.has(job.state)) continue;
      let event: MachineEvent = { type: 'retry' };
      if (job.state === 'source-changed' || job.state === 'source-missing') {
        // Retrying a changed file means uploading it as it is now.
        const identity = await fingerprintFile(job.path).catch(() => null);
        if (identity) event = { type: 'relocate', path: job.path, fileName: job.fileName, ...identity };
      }
      if (await this.#apply(job.id, event)) changed++;
    }
    this.#pump();
    return changed;
  }

  async moveToTop(selection: Selection): Promise<number> {
    const chosen = this.#select(selection);
    if (chosen.length === 0) return 0;
    const top = Math.min(...[...this.#jobs.values()].map((j) => j.position));
    await Promise.all(chosen.map((j, i) => this.#apply(j.id, { type: 'move', position: top - chosen.length + i })));
    this.#pump();
    return chosen.length;
  }

  async clearCompleted(): Promise<number> {
    this.#open();
    const ended = [...this.#jobs.values()].filter(isEnded);
    for (const job of ended) {
      this.#jobs.delete(job.id);
      this.#kept.delete(job.id);
      await this.#o.runner.forget?.(job.id).catch(() => undefined);
      this.#loops.get(`title:${job.id}`)?.abort();
      this.#events.remove(job.id);
    }
    if (ended.length > 0) await this.#track(this.journal.append(...ended.map((j): JournalLine => ({ t: 'remove', id: j.id }))));
    return ended.length;
  }

  async setTitle(id: string, title: string): Promise<JobView> {
    this.#get(id);
    await this.#apply(id, { type: 'title', title: title.trim() });
    const job = this.#get(id);
    if (job.videoId) this.#syncTitle(id);
    return this.#view(job);
  }

  async setConcurrency(value: number): Promise<QueueStatus> {
    this.#open();
    if (!Number.isInteger(value) || value < CONCURRENCY.min || value > CONCURRENCY.max) {
      throw new AppFailure(appError('validation', 'Invalid concurrency', { fieldErrors: { value: `must be between ${CONCURRENCY.min} and ${CONCURRENCY.max}` } }));
    }
    this.#concurrency = value;
    await this.#track(this.journal.append({ t: 'set', concurrency: value }));
    this.#events.schedule();
    this.#pump();
    return this.#status();
  }

  async setBandwidthCap(bytesPerSecond: number | null): Promise<QueueStatus> {
    this.#open();
    if (!validCap(bytesPerSecond)) {
      throw new AppFailure(appError('validation', 'Invalid upload limit', { fieldErrors: { bytesPerSecond: `must be off or a whole number of bytes per second from ${BANDWIDTH_CAP.min} to ${BANDWIDTH_CAP.max}` } }));
    }
    this.#bandwidth.setRate(bytesPerSecond);
    await this.#track(this.journal.append({ t: 'cap', bytesPerSecond }));
    this.#events.schedule();
    return this.#status();
  }

  resumableOver(): number {
    return this.#resumableOver;
  }

  async setResumableOver(bytes: number): Promise<number> {
    this.#open();
    this.#resumableOver = checkResumableOver(bytes);
    await this.#track(this.journal.append({ t: 'set-resumable-over', bytes: this.#resumableOver }));
    return this.#resumableOver;
  }

  async setResumable(selection: Selection, resumable: boolean): Promise<number> {
    let changed = 0;
    for (const job of this.#select(selection)) {
      if (!(await this.#apply(job.id, { type: 'resumable', resumable }))) continue;
      changed++;
      this.#kept.delete(job.id);
      // A row sending now stops and goes back in line, to start again the new way.
      this.#running.get(job.id)?.controller.abort();
    }
    this.#pump();
    return changed;
  }

  async relocate(id: string, path: string): Promise<JobView | null> {
    const job = this.#get(id);
    const identity = await fingerprintFile(path).catch(() => null);
    if (!identity) return null;
    const step = transition(job, { type: 'relocate', path, fileName: basename(path), ...identity });
    if (!step.ok) throw new AppFailure(appError('conflict', 'This upload cannot take another file now', { detail: step.reason }));
    await this.#commit(step.job);
    this.#pump();
    return this.#view(this.#get(id));
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    for (const run of this.#running.values()) run.controller.abort();
    for (const c of this.#loops.values()) c.abort();
    await Promise.all([...this.#running.values()].map((r) => r.done));
    await this.#settle();
    this.#events.close();
    await this.journal.close();
    await this.history.close();
    await this.lock.release();
    for (const w of this.#idleWaiters.splice(0)) w();
  }

  // ---- running jobs --------------------------------------------------------------------------------------------

  /** Starts waiting jobs, in order, while slots are free. */
  #pump(): void {
    if (this.#closed || this.#waitingForNetwork || this.#running.size >= this.#concurrency) return;
    const waiting = this.#ordered().filter((j) => j.state === 'queued' && !j.paused && !this.#running.has(j.id));
    for (const job of waiting.slice(0, this.#concurrency - this.#running.size)) this.#start(job);
  }

  #start(job: JobRecord): void {
    const step = transition(job, { type: 'start' });
    if (!step.ok) return;
    const run: Run = { controller: new AbortController(), bytes: 0, meter: new SpeedMeter(this.#now()), cancelRequested: false, done: Promise.resolve() };
    this.#running.set(job.id, run);
    run.done = this.#runJob(step.job, run).catch(() => undefined);
  }

  async #runJob(started: JobRecord, run: Run): Promise<void> {
    const id = started.id;
    let finished = false;
    let outcome: RunOutcome;
    try {
      // The slot's state is on disk before the runner sends anything.
      await this.#track(this.#commit(started));
      const client = await this.#o.clientFor(started.profileId);
      const ctx: RunContext = {
        job: () => this.#jobs.get(id) ?? started,
        update: async (patch) => {
          if (finished) throw new Error('The runner has already returned');
          const current = this.#get(id);
          const step = transition(current, { type: 'patch', patch });
          if (!step.ok) throw new Error(`Refused runner update: ${step.reason}`);
          await this.#track(this.#commit(step.job, { t: 'patch', id, patch }));
          if (patch.videoId && !step.job.titleSynced) this.#syncTitle(id);
        },
        progress: (bytes) => {
          if (finished || !Number.isFinite(bytes) || bytes <= run.bytes) return;
          // A resumed upload starts at the platform's offset: the speed counts from there, not from zero.
          if (run.bytes === 0 && this.#get(id).resumable) run.meter = new SpeedMeter(this.#now(), bytes);
          run.bytes = bytes;
          run.meter.sample(bytes, this.#now());
          this.#mark(id);
        },
        signal: run.controller.signal,
        client,
        bandwidth: this.#bandwidth,
        tus: started.resumable ? await this.#o.tusAccessFor?.(started.profileId) : undefined,
      };
      // Paused, cancelled or closed before the runner got going: it is never started.
      outcome = run.controller.signal.aborted ? { kind: 'stopped' } : await this.#o.runner.upload(ctx);
    } catch (e) {
      outcome = run.controller.signal.aborted ? { kind: 'stopped' } : { kind: 'failed', error: thrownJobError(e) };
    }
    finished = true;
    if (outcome.kind === 'stopped' || outcome.kind === 'offline') this.#kept.set(id, run.bytes);
    else this.#kept.delete(id);
    await this.#track(this.#finish(id, run, outcome));
  }

  async #finish(id: string, run: Run, outcome: RunOutcome): Promise<void> {
    try {
      // Closing keeps the journal as it is: the next open puts the job back in line.
      if (this.#closed) return;
      // A cancel waits for this run and then ends the job itself; a stop must not put it back in line first.
      if (run.cancelRequested && outcome.kind === 'stopped') return;
      const job = this.#jobs.get(id);
      if (!job) return;
      const step = transition(job, { type: 'outcome', outcome, at: this.#now() });
      if (!step.ok) return;
      await this.#commit(step.job);
      if (outcome.kind === 'verified' && step.job.videoId) {
        await this.history.record({ libraryId: job.libraryId, fingerprint: job.fingerprint, videoId: step.job.videoId, at: this.#now() }).catch(() => undefined);
      }
      if (step.job.state === 'processing') this.#poll(id);
      if (outcome.kind === 'offline') this.#waitForNetwork(job);
    } finally {
      this.#running.delete(id);
      this.#mark(id);
      this.#pump();
      this.#checkIdle();
    }
  }

  async #cancelOne(id: string): Promise<boolean> {
    const run = this.#running.get(id);
    if (run) {
      run.cancelRequested = true;
      run.controller.abort();
      await run.done;
    }
    this.#loops.get(`poll:${id}`)?.abort();
    const job = this.#jobs.get(id);
    if (!job || isEnded(job) || this.#closed) return false;
    let deleted = false;
    let note: string | null = null;
    if (job.videoId && !job.uploaded) {
      const controller = this.#loop(`cancel:${id}`);
      try {
        await this.#o.runner.deleteVideo(job, await this.#o.clientFor(job.profileId), controller.signal);
        deleted = true;
        note = 'Deleted the unfinished video';
      } catch (e) {
        note = `Could not delete the unfinished video: ${toAppError(e).title}`;
      } finally {
        this.#loops.delete(`cancel:${id}`);
      }
    } else if (job.videoId) {
      note = 'Kept the video: it had received the whole file';
    }
    this.#kept.delete(id);
    await this.#o.runner.forget?.(id).catch(() => undefined);
    return this.#apply(id, { type: 'cancel', at: this.#now(), deleted, note });
  }

  /** Polls a processing job, outside the upload slots, until it is ready or failed. */
  #poll(id: string): void {
    if (this.#closed || this.#loops.has(`poll:${id}`)) return;
    const { signal } = this.#loop(`poll:${id}`);
    void pollProcessing(this.#host, id, signal).catch(() => undefined).finally(() => {
      if (this.#loops.get(`poll:${id}`)?.signal === signal) this.#loops.delete(`poll:${id}`);
      this.#checkIdle();
    });
  }

  /** Sends the wanted title to the platform until it sticks. */
  #syncTitle(id: string): void {
    if (this.#closed || this.#loops.has(`title:${id}`)) return;
    const { signal } = this.#loop(`title:${id}`);
    void syncTitle(this.#host, id, signal).catch(() => undefined).finally(() => {
      if (this.#loops.get(`title:${id}`)?.signal === signal) this.#loops.delete(`title:${id}`);
    });
  }

  /** Holds new starts while the platform cannot be reached, then resumes. */
  #waitForNetwork(job: JobRecord): void {
    if (this.#waitingForNetwork || this.#closed) return;
    this.#waitingForNetwork = true;
    this.#events.schedule();
    const { signal } = this.#loop('probe');
    void waitForPlatform(this.#host, job, signal).then((up) => {
      this.#loops.delete('probe');
      if (!up || this.#closed) return;
      this.#waitingForNetwork = false;
      this.#events.schedule();
      this.#pump();
    });
  }

  // ---- persistence and events ----------------------------------------------------------------------------------

  /** Applies an event and persists the result; false when the machine refused it. */
  async #apply(id: string, event: MachineEvent): Promise<boolean> {
    const job = this.#jobs.get(id);
    if (!job || this.#closed) return false;
    const step = transition(job, event);
    if (!step.ok) return false;
    await this.#track(this.#commit(step.job));
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
    const run = this.#running.get(job.id);
    const bytesSent = Math.floor(Math.min(job.size, this.#bytesOf(job)));
    const live = run && job.state === 'uploading' && !job.paused ? run.meter.view(job.size, this.#now()) : { speed: null, eta: null };
    return {
      id: job.id, position: job.position, libraryId: job.libraryId, collectionId: job.collectionId, title: job.title, fileName: job.fileName,
      size: job.size, state: job.state, paused: job.paused, videoId: job.videoId, bytesSent, speed: live.speed, eta: live.eta,
      encodeProgress: job.encodeProgress === null ? null : Math.min(100, Math.max(0, job.encodeProgress)), error: job.error, note: job.note,
      highlight: this.#events.highlighted(job.id), resumable: job.resumable,
    };
  }

  #bytesOf(job: JobRecord): number {
    const run = this.#running.get(job.id);
    if (job.uploaded || job.state === 'processing' || job.state === 'ready') return job.size;
    if (run) return run.bytes;
    // A resumable job keeps what the platform has; any other starts again from zero.
    return job.resumable ? (this.#kept.get(job.id) ?? 0) : 0;
  }

  #status(): QueueStatus {
    return { concurrency: this.#concurrency, bandwidthCap: this.#bandwidth.rate, waitingForNetwork: this.#waitingForNetwork, counts: countJobs(this.#jobs.values(), (j) => this.#bytesOf(j)) };
  }

  // ---- helpers -------------------------------------------------------------------------------------------------

  #isIdle(): boolean {
    if (this.#closed) return true;
    if (this.#running.size > 0) return false;
    for (const job of this.#jobs.values()) if (!isEnded(job) && !job.paused) return false;
    return true;
  }

  #checkIdle(): void {
    if (this.#idleWaiters.length > 0 && this.#isIdle()) for (const w of this.#idleWaiters.splice(0)) w();
  }

  #ordered(): JobRecord[] {
    return [...this.#jobs.values()].sort((a, b) => a.position - b.position || a.addedAt - b.addedAt);
  }

  #select(selection: Selection): JobRecord[] {
    this.#open();
    if ('all' in selection) return this.#ordered();
    return selection.ids.flatMap((id) => {
      const job = this.#jobs.get(id);
      return job ? [job] : [];
    });
  }

  #get(id: string): JobRecord {
    const job = this.#jobs.get(id);
    if (!job) throw new AppFailure(appError('not_found', 'No such upload', { detail: 'The row is no longer in the queue.' }));
    return job;
  }

  #open(): void {
    if (this.#closed) throw new AppFailure(appError('conflict', 'The upload queue is closed'));
  }

  #loop(key: string): AbortController {
    const c = new AbortController();
    this.#loops.set(key, c);
    return c;
  }

  #wait(ms: number, signal: AbortSignal): Promise<void> {
    return waitFor(this.#sleep, ms, signal);
  }

  #track<T>(p: Promise<T>): Promise<T> {
    this.#ops.add(p);
    const drop = (): void => void this.#ops.delete(p);
    p.then(drop, drop);
    return p;
  }

  async #settle(): Promise<void> {
    for (;;) {
      await new Promise<void>((r) => setImmediate(r));
      if (this.#ops.size === 0) return;
      await Promise.allSettled([...this.#ops]);
    }
  }
}
