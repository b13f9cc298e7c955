/**
 * The persisted upload queue: order, upload slots, controls, settings and the runs of jobs. Its rows, journal and
 * change events are the JobStore's, its loops outside the slots QueueLoops', the platform calls of a job the runner's.
 */
import { mkdir } from 'node:fs/promises';
import { basename } from 'node:path';
import { appError } from '../../../../shared/contract/result.js';
import type { JobView, QueueStatus } from '../../../../shared/videos/model.js';
import { AppFailure, toAppError } from '../../errors.js';
import type { BandwidthCap } from '../upload/bandwidth.js';
import { fingerprintFile } from './fingerprint.js';
import { openHistory, recordUpload, type UploadHistory } from './history.js';
import { JobStore, type Run } from './jobs.js';
import { openJournal, type Journal, type JournalLine, type JournalState } from './journal.js';
import { acquireLock, type QueueLock } from './lock.js';
import { QueueLoops } from './loops.js';
import { isEnded, RETRYABLE_STATES, thrownJobError, transition, type MachineEvent } from './machine.js';
import { openingSettings, planAdd, type OpenedUploadQueue, type UploadQueueOptions } from './plan.js';
import { SpeedMeter } from './speed.js';
import type { AddOutcome, JobRecord, NewJob, QueueChange, RunContext, RunOutcome, Selection } from '../types.js';

export type { OpenedUploadQueue, UploadQueueOptions } from './plan.js';

const settlers = new WeakMap<object, () => Promise<void>>();

/** For tests: resolves once no queue step (a write, an outcome being applied) is under way. */
export function queueSettled(queue: object): Promise<void> {
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
    return new Queue(options, lock, opened.journal, history, opened.state, opened.recovered);
  } catch (e) {
    await lock.release();
    throw e;
  }
}

class Queue implements OpenedUploadQueue {
  readonly recovered?: string;
  readonly #o: UploadQueueOptions;
  readonly #store: JobStore;
  /** Poll loops, title retries, probes and cancels: each its own controller, aborted on close. */
  readonly #loops: QueueLoops;
  #concurrency: number;
  readonly #bandwidth: BandwidthCap;
  #resumableOver: number;

  constructor(
    options: UploadQueueOptions,
    readonly lock: QueueLock,
    readonly journal: Journal,
    readonly history: UploadHistory,
    persisted: JournalState,
    recovered: string | undefined,
  ) {
    this.#o = options;
    ({ concurrency: this.#concurrency, bandwidth: this.#bandwidth, resumableOver: this.#resumableOver } = openingSettings(persisted));
    if (recovered !== undefined) this.recovered = recovered;
    this.#store = new JobStore(persisted.jobs, journal, options.now ?? Date.now, () => this.#status(), options);
    this.#loops = new QueueLoops(this.#store, options);
    settlers.set(this, () => this.#store.settle());
    // Running from the start: processing videos followed again, unsynced titles sent, waiting jobs started.
    for (const job of this.#store.jobs.values()) {
      if (job.state === 'processing') this.#loops.poll(job.id);
      if (job.videoId && !job.titleSynced && !isEnded(job)) this.#loops.syncTitle(job.id);
    }
    this.#pump();
  }

  list(): { readonly jobs: readonly JobView[]; readonly status: QueueStatus } {
    return { jobs: this.#store.ordered().map((j) => this.#store.view(j)), status: this.#status() };
  }

  record(id: string): JobRecord | undefined {
    return this.#store.jobs.get(id);
  }

  onChange(listener: (change: QueueChange) => void): () => void {
    return this.#store.on(listener);
  }

  idle(): Promise<void> {
    return this.#store.idle();
  }

  resumableOver(): number {
    return this.#resumableOver;
  }

  #status(): QueueStatus {
    return { concurrency: this.#concurrency, bandwidthCap: this.#bandwidth.rate, waitingForNetwork: this.#loops.waitingForNetwork, counts: this.#store.counts() };
  }

  async add(files: readonly NewJob[], options: { readonly again?: boolean; readonly takeUp?: boolean } = {}): Promise<AddOutcome> {
    const store = this.#store;
    store.open();
    const { records, alreadyQueued, rows, previouslyUploaded, unreadable, empty, changed } = await planAdd(files, store.jobs.values(), this.history, {
      again: options.again ?? false, now: this.#store.now(), resumableOver: this.#resumableOver, takeUp: options.takeUp ?? false,
    });
    // A file changed since its row began goes on in that row, as it is now, on the row's video.
    for (const { id, identity } of changed) {
      const job = store.jobs.get(id);
      if (!job) continue;
      // A row whose video the platform no longer has is retried first, which lets that video go (as a retry does).
      if (job.state === 'failed' && job.error?.status === 404) await store.apply(id, { type: 'retry' });
      await store.apply(id, { type: 'relocate', path: job.path, fileName: job.fileName, ...identity });
    }
    for (const r of records) {
      store.jobs.set(r.id, r);
      store.mark(r.id);
    }
    for (const id of alreadyQueued) store.flash(id);
    // One write for the whole batch: adding a thousand files is one append, not a thousand.
    if (records.length > 0) await store.track(this.journal.append(...records.map((job): JournalLine => ({ t: 'job', job }))));
    if (options.takeUp === true && alreadyQueued.size > 0) {
      // A command run again goes on with its files' rows, on their videos.
      const resumable = new Set(files.filter((f) => f.resumable === true).map((f) => f.path));
      const switched = rows.filter((r) => alreadyQueued.has(r.id) && resumable.has(r.path)).map((r) => r.id);
      if (switched.length > 0) await this.setResumable({ ids: switched }, true);
      await this.resume({ ids: [...alreadyQueued] });
      await this.retry({ ids: [...alreadyQueued] });
    }
    this.#pump();
    return { added: records.map((r) => store.view(r)), rows, alreadyQueued: [...alreadyQueued], previouslyUploaded, unreadable, empty };
  }

  /** Pauses the rows (a running one stops its runner); resolves to how many changed, as every control does. */
  async pause(selection: Selection): Promise<number> {
    let changed = 0;
    for (const job of this.#store.select(selection)) {
      if (!(await this.#store.apply(job.id, { type: 'pause' }))) continue;
      changed++;
      const run = this.#store.running.get(job.id);
      run?.meter.setPaused(true);
      run?.controller.abort();
    }
    return changed;
  }

  /** Lets paused rows go back in line. */
  async resume(selection: Selection): Promise<number> {
    let changed = 0;
    for (const job of this.#store.select(selection)) if (await this.#store.apply(job.id, { type: 'resume' })) changed++;
    this.#pump();
    return changed;
  }

  /** Cancels every row of the selection that has not ended, all at once. */
  async cancel(selection: Selection): Promise<number> {
    const targets = this.#store.select(selection).filter((j) => !isEnded(j));
    const results = await Promise.all(targets.map((j) => this.#cancelJob(j.id)));
    this.#pump();
    return results.filter(Boolean).length;
  }

  /** Puts failed, cancelled and changed rows back in line. */
  async retry(selection: Selection): Promise<number> {
    let changed = 0;
    for (const job of this.#store.select(selection)) {
      if (!RETRYABLE_STATES.has(job.state)) continue;
      let event: MachineEvent = { type: 'retry' };
      if (job.state === 'source-changed' || job.state === 'source-missing') {
        // Retrying a changed file means uploading it as it is now.
        const identity = await fingerprintFile(job.path).catch(() => null);
        if (identity) event = { type: 'relocate', path: job.path, fileName: job.fileName, ...identity };
      }
      if (await this.#store.apply(job.id, event)) changed++;
    }
    this.#pump();
    return changed;
  }

  /** Moves the rows ahead of every other, keeping their order among themselves. */
  async moveToTop(selection: Selection): Promise<number> {
    const chosen = this.#store.select(selection);
    if (chosen.length === 0) return 0;
    const top = Math.min(...[...this.#store.jobs.values()].map((j) => j.position));
    await Promise.all(chosen.map((j, i) => this.#store.apply(j.id, { type: 'move', position: top - chosen.length + i })));
    this.#pump();
    return chosen.length;
  }

  /** Switches rows to (or from) the resumable protocol; a row sending now goes back in line to start the new way. */
  async setResumable(selection: Selection, resumable: boolean): Promise<number> {
    let changed = 0;
    for (const job of this.#store.select(selection)) {
      if (!(await this.#store.apply(job.id, { type: 'resumable', resumable }))) continue;
      changed++;
      this.#store.kept.delete(job.id);
      this.#store.running.get(job.id)?.controller.abort();
    }
    this.#pump();
    return changed;
  }

  /** Points a row at a file found again and queues it anew; null when the file cannot be read or is empty. */
  async relocate(id: string, path: string): Promise<JobView | null> {
    const job = this.#store.get(id);
    const identity = await fingerprintFile(path).catch(() => null);
    // An empty file would make a video the platform can never fill.
    if (!identity || identity.size === 0) return null;
    const step = transition(job, { type: 'relocate', path, fileName: basename(path), ...identity });
    if (!step.ok) throw new AppFailure(appError('conflict', 'This upload cannot take another file now', { detail: step.reason }));
    await this.#store.commit(step.job);
    this.#pump();
    return this.#store.view(this.#store.get(id));
  }

  async clearCompleted(ids?: readonly string[]): Promise<number> {
    this.#store.open();
    const only = ids === undefined ? null : new Set(ids);
    const ended = [...this.#store.jobs.values()].filter((j) => isEnded(j) && (only === null || only.has(j.id)));
    for (const job of ended) {
      this.#store.remove(job.id);
      await this.#o.runner.forget?.(job.id).catch(() => undefined);
      this.#loops.abort(`title:${job.id}`);
    }
    if (ended.length > 0) await this.#store.track(this.journal.append(...ended.map((j): JournalLine => ({ t: 'remove', id: j.id }))));
    return ended.length;
  }

  async setTitle(id: string, title: string): Promise<JobView> {
    this.#store.get(id);
    await this.#store.apply(id, { type: 'title', title: title.trim() });
    const job = this.#store.get(id);
    if (job.videoId) this.#loops.syncTitle(id);
    return this.#store.view(job);
  }

  /** Settings come checked by the router (the contract's input schemas); each is kept in the journal. */
  async #keep(line: JournalLine, set: () => void): Promise<QueueStatus> {
    this.#store.open();
    set();
    await this.#store.track(this.journal.append(line));
    this.#store.schedule();
    this.#pump();
    return this.#status();
  }

  setConcurrency(value: number): Promise<QueueStatus> {
    return this.#keep({ t: 'set', concurrency: value }, () => (this.#concurrency = value));
  }

  setBandwidthCap(bytesPerSecond: number | null): Promise<QueueStatus> {
    return this.#keep({ t: 'cap', bytesPerSecond }, () => this.#bandwidth.setRate(bytesPerSecond));
  }

  async setResumableOver(bytes: number): Promise<number> {
    await this.#keep({ t: 'set-resumable-over', bytes }, () => (this.#resumableOver = bytes));
    return bytes;
  }

  async close(): Promise<void> {
    const store = this.#store;
    if (store.closed) return;
    store.closed = true;
    for (const run of store.running.values()) run.controller.abort();
    this.#loops.abortAll();
    await Promise.all([...store.running.values()].map((r) => r.done));
    await store.settle();
    store.stop();
    await this.journal.close();
    await this.history.close();
    await this.lock.release();
    store.checkIdle();
  }

  /** Starts waiting jobs, in order, while slots are free. */
  #pump(): void {
    const { running } = this.#store;
    if (this.#store.closed || this.#loops.waitingForNetwork || running.size >= this.#concurrency) return;
    const waiting = this.#store.ordered().filter((j) => j.state === 'queued' && !j.paused && !running.has(j.id));
    for (const job of waiting.slice(0, this.#concurrency - running.size)) this.#startRun(job);
  }

  /** Takes a slot for a waiting job and starts its run; nothing happens when the machine refuses the start. */
  #startRun(job: JobRecord): void {
    const step = transition(job, { type: 'start' });
    if (!step.ok) return;
    const run: Run = { controller: new AbortController(), bytes: 0, meter: new SpeedMeter(this.#store.now()), cancelRequested: false, done: Promise.resolve() };
    this.#store.running.set(job.id, run);
    run.done = this.#runJob(step.job, run).catch(() => undefined);
  }

  async #runJob(started: JobRecord, run: Run): Promise<void> {
    const store = this.#store;
    const id = started.id;
    let finished = false;
    let outcome: RunOutcome;
    try {
      // The slot's state is on disk before the runner sends anything.
      await store.track(store.commit(started));
      const client = await this.#o.clientFor(started.profileId);
      const ctx: RunContext = {
        job: () => store.jobs.get(id) ?? started,
        update: async (patch) => {
          if (finished) throw new Error('The runner has already returned');
          const step = transition(store.get(id), { type: 'patch', patch });
          if (!step.ok) throw new Error(`Refused runner update: ${step.reason}`);
          await store.track(store.commit(step.job, { t: 'patch', id, patch }));
        },
        progress: (bytes) => {
          if (finished || !Number.isFinite(bytes) || bytes <= run.bytes) return;
          // A resumed upload starts at the platform's offset: the speed counts from there, not from zero.
          if (run.bytes === 0 && store.get(id).resumable) run.meter = new SpeedMeter(this.#store.now(), bytes);
          run.bytes = bytes;
          run.meter.sample(bytes, this.#store.now());
          store.mark(id);
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
    if (outcome.kind === 'stopped' || outcome.kind === 'offline') store.kept.set(id, run.bytes);
    else store.kept.delete(id);
    await store.track(this.#finishRun(id, run, outcome));
  }

  async #finishRun(id: string, run: Run, outcome: RunOutcome): Promise<void> {
    const store = this.#store;
    try {
      // Closing keeps the journal as it is: the next open puts the job back in line.
      if (store.closed) return;
      // A cancel waits for this run and then ends the job itself; a stop must not put it back in line first.
      if (run.cancelRequested && outcome.kind === 'stopped') return;
      const job = store.jobs.get(id);
      if (!job) return;
      const step = transition(job, { type: 'outcome', outcome, at: this.#store.now() });
      if (!step.ok) return;
      await store.commit(step.job);
      if (outcome.kind === 'verified' && step.job.videoId) await recordUpload(this.history, job, step.job.videoId, this.#store.now(), (m) => this.#o.notice?.(m));
      // A title the runner could not send goes again from here until it sticks; a job back in line sends it next run.
      const backInLine = outcome.kind === 'stopped' || outcome.kind === 'offline';
      if (!backInLine && step.job.videoId && !step.job.titleSynced && !isEnded(step.job)) this.#loops.syncTitle(id);
      if (step.job.state === 'processing') this.#loops.poll(id);
      if (outcome.kind === 'offline') this.#loops.waitForNetwork(job, () => this.#pump());
    } finally {
      store.running.delete(id);
      store.mark(id);
      this.#pump();
      store.checkIdle();
    }
  }

  /** Cancels one job: stops its run, deletes a video that never got the whole file, and ends the job; false when refused. */
  async #cancelJob(id: string): Promise<boolean> {
    const store = this.#store;
    const run = store.running.get(id);
    if (run) {
      run.cancelRequested = true;
      run.controller.abort();
      await run.done;
    }
    this.#loops.abort(`poll:${id}`);
    const job = store.jobs.get(id);
    if (!job || isEnded(job) || store.closed) return false;
    let deleted = false;
    let note: string | null = null;
    if (job.videoId && !job.uploaded) {
      const controller = this.#loops.start(`cancel:${id}`);
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
    store.kept.delete(id);
    await this.#o.runner.forget?.(id).catch(() => undefined);
    return store.apply(id, { type: 'cancel', at: this.#store.now(), deleted, note });
  }
}
