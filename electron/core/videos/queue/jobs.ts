/**
 * The queue's rows: in memory, in the journal, and announced. Every change goes through the state machine, is taken
 * in memory at once (so concurrent steps build on it) and is on disk before the step that made it resolves; changed
 * rows go out in change events at most once per window. Also what a row shows (bytes, speed, time left).
 */
import { appError } from '../../../../shared/contract/result.js';
import type { JobView, QueueStatus } from '../../../../shared/videos/model.js';
import { AppFailure } from '../../errors.js';
import type { Journal, JournalLine } from './journal.js';
import { countJobs, isEnded, transition, type MachineEvent } from './machine.js';
import type { SpeedMeter } from './speed.js';
import type { JobRecord, QueueChange, Selection } from '../types.js';

/** One job holding an upload slot. */
export interface Run {
  readonly controller: AbortController;
  bytes: number;
  meter: SpeedMeter;
  cancelRequested: boolean;
  done: Promise<void>;
}

/** The queue's rows and what goes with them: the runs in the slots, what resumable runs left, events, steps under way. */
export class JobStore {
  /** The jobs holding a slot now. */
  readonly running = new Map<string, Run>();
  /** What a resumable job's platform had when its run last stopped (shown while it is paused or waiting). */
  readonly kept = new Map<string, number>();
  readonly #listeners = new Set<(change: QueueChange) => void>();
  readonly #pending = new Set<string>();
  readonly #removed = new Set<string>();
  readonly #highlight = new Map<string, ReturnType<typeof setTimeout>>();
  readonly #steps = new Set<Promise<unknown>>();
  readonly #idleWaiters: (() => void)[] = [];
  #timer: ReturnType<typeof setTimeout> | null = null;
  #stopped = false;
  closed = false;

  constructor(
    readonly jobs: Map<string, JobRecord>,
    readonly journal: Journal,
    readonly now: () => number,
    /** The queue's status, sent with every change event. */
    private readonly status: () => QueueStatus,
    private readonly o: { readonly throttleMs?: number; readonly highlightMs?: number },
  ) {}

  /** The job, or a not-found error. */
  get(id: string): JobRecord {
    const job = this.jobs.get(id);
    if (!job) throw new AppFailure(appError('not_found', 'No such upload', { detail: 'The row is no longer in the queue.' }));
    return job;
  }

  /** Refuses once the queue is closed. */
  open(): void {
    if (this.closed) throw new AppFailure(appError('conflict', 'The upload queue is closed'));
  }

  /** The jobs in queue order: by position, then by when they were added. */
  ordered(): JobRecord[] {
    return [...this.jobs.values()].sort((a, b) => a.position - b.position || a.addedAt - b.addedAt);
  }

  /** The rows a selection names, in queue order for "all"; ids no longer in the queue are skipped. */
  select(selection: Selection): JobRecord[] {
    this.open();
    if ('all' in selection) return this.ordered();
    return selection.ids.flatMap((id) => {
      const job = this.jobs.get(id);
      return job ? [job] : [];
    });
  }

  /** Applies an event and persists the result; false when the machine refused it. */
  async apply(id: string, event: MachineEvent): Promise<boolean> {
    const job = this.jobs.get(id);
    if (!job || this.closed) return false;
    const step = transition(job, event);
    if (!step.ok) return false;
    await this.track(this.commit(step.job));
    return true;
  }

  /** Takes the new record in memory at once and resolves once it is on disk. */
  commit(job: JobRecord, line: JournalLine = { t: 'job', job }): Promise<void> {
    this.jobs.set(job.id, job);
    this.mark(job.id);
    const written = this.journal.append(line);
    void written.then(() => this.checkIdle(), () => undefined);
    return written;
  }

  /** Counts `p` as a step under way until it settles; returns it unchanged. */
  track<T>(p: Promise<T>): Promise<T> {
    this.#steps.add(p);
    const drop = (): void => void this.#steps.delete(p);
    p.then(drop, drop);
    return p;
  }

  /** Resolves once no step is under way, including steps that the settling ones started. */
  async settle(): Promise<void> {
    for (;;) {
      await new Promise<void>((r) => setImmediate(r));
      if (this.#steps.size === 0) return;
      await Promise.allSettled([...this.#steps]);
    }
  }

  // ---- idle ----------------------------------------------------------------------------------------------------

  /** True when no job runs, waits or is processed: every job has ended or is paused. */
  isIdle(): boolean {
    if (this.closed) return true;
    if (this.running.size > 0) return false;
    for (const job of this.jobs.values()) if (!isEnded(job) && !job.paused) return false;
    return true;
  }

  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.#idleWaiters.push(resolve));
  }

  checkIdle(): void {
    if (this.#idleWaiters.length > 0 && this.isIdle()) for (const w of this.#idleWaiters.splice(0)) w();
  }

  // ---- what a row shows ----------------------------------------------------------------------------------------

  /** The bytes the row counts as sent: the whole file once uploaded, else what this run or the platform has. */
  bytesOf(job: JobRecord): number {
    if (job.uploaded || job.state === 'processing' || job.state === 'ready') return job.size;
    const run = this.running.get(job.id);
    if (run) return run.bytes;
    // A resumable job keeps what the platform has; any other starts again from zero.
    return job.resumable ? (this.kept.get(job.id) ?? 0) : 0;
  }

  /** The row of one job; speed and time left only while it is sending. */
  view(job: JobRecord): JobView {
    const run = this.running.get(job.id);
    const bytesSent = Math.floor(Math.min(job.size, this.bytesOf(job)));
    const live = run && job.state === 'uploading' && !job.paused ? run.meter.view(job.size, this.now()) : { speed: null, eta: null };
    return {
      id: job.id, profileId: job.profileId, position: job.position, libraryId: job.libraryId, collectionId: job.collectionId, title: job.title, fileName: job.fileName,
      size: job.size, state: job.state, paused: job.paused, videoId: job.videoId, bytesSent, speed: live.speed, eta: live.eta,
      encodeProgress: job.encodeProgress === null ? null : Math.min(100, Math.max(0, job.encodeProgress)), error: job.error, note: job.note,
      highlight: this.#highlight.has(job.id), resumable: job.resumable,
    };
  }

  /** The counts over every job. */
  counts(): QueueStatus['counts'] {
    return countJobs(this.jobs.values(), (j) => this.bytesOf(j));
  }

  // ---- change events: each row at most once per window ---------------------------------------------------------

  /** Adds a listener; the returned function removes it. */
  on(listener: (change: QueueChange) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The row changed: it goes out with the next batch. */
  mark(id: string): void {
    this.#pending.add(id);
    this.schedule();
  }

  /** The row left the queue. */
  remove(id: string): void {
    this.jobs.delete(id);
    this.kept.delete(id);
    this.#pending.delete(id);
    this.#removed.add(id);
    this.schedule();
  }

  /** Highlights the row for a while (its file was added again), then lets it fade. */
  flash(id: string): void {
    const previous = this.#highlight.get(id);
    if (previous) clearTimeout(previous);
    this.#highlight.set(id, setTimeout(() => {
      this.#highlight.delete(id);
      this.mark(id);
    }, this.o.highlightMs ?? 3_000));
    this.mark(id);
  }

  /** Sends a batch at the end of the window even when no row changed (the status did). */
  schedule(): void {
    if (this.#timer || this.#stopped) return;
    this.#timer = setTimeout(() => this.#flush(), this.o.throttleMs ?? 100);
  }

  /** Stops every timer; nothing is sent afterwards. */
  stop(): void {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    for (const t of this.#highlight.values()) clearTimeout(t);
  }

  #flush(): void {
    this.#timer = null;
    const jobs = [...this.#pending].flatMap((id) => {
      const job = this.jobs.get(id);
      return job ? [this.view(job)] : [];
    });
    const change: QueueChange = { jobs, removed: [...this.#removed], status: this.status() };
    this.#pending.clear();
    this.#removed.clear();
    for (const l of this.#listeners) {
      try {
        l(change);
      } catch {
        // One broken listener must not starve the others.
      }
    }
  }
}
