/**
 * The queue's work outside the upload slots, each under its own key and controller: a processing poll and a title
 * sync per job, one network probe for the whole queue, and a cancel's delete. A loop already running under a key is
 * not started twice, and every loop is aborted when the queue closes.
 */
import { toAppError } from '../../errors.js';
import type { JobStore } from './jobs.js';
import type { UploadQueueOptions } from './plan.js';
import { sleep } from '../../platform/policy.js';
import type { JobRecord } from '../types.js';

/** Processing polls start this far apart and back off to the cap while nothing moves. */
const POLL_FIRST_MS = 2_000;
const POLL_MAX_MS = 30_000;
/** Probes of a missing network back off to this cap. */
const PROBE_FIRST_MS = 1_000;
const PROBE_MAX_MS = 30_000;
/** A title the platform did not take is sent again, less and less often. */
const TITLE_RETRY_FIRST_MS = 5_000;
const TITLE_RETRY_MAX_MS = 60_000;

/** The running loops by key, and whether new starts are held for the network. */
export class QueueLoops {
  readonly #controllers = new Map<string, AbortController>();
  #waitingForNetwork = false;

  constructor(
    private readonly store: JobStore,
    private readonly o: UploadQueueOptions,
  ) {}

  /** True while the platform cannot be reached: no job starts until it answers. */
  get waitingForNetwork(): boolean {
    return this.#waitingForNetwork;
  }

  /** A new controller under `key`. */
  start(key: string): AbortController {
    const c = new AbortController();
    this.#controllers.set(key, c);
    return c;
  }

  /** Aborts the loop under `key`, if one runs. */
  abort(key: string): void {
    this.#controllers.get(key)?.abort();
  }

  /** Forgets the loop under `key`. */
  delete(key: string): void {
    this.#controllers.delete(key);
  }

  /** Aborts every loop (the queue is closing). */
  abortAll(): void {
    for (const c of this.#controllers.values()) c.abort();
  }

  /** Polls a processing job, outside the upload slots, until it is ready or failed. */
  poll(id: string): void {
    this.#run(`poll:${id}`, (signal) => this.#poll(id, signal), () => this.store.checkIdle());
  }

  /** Sends the wanted title to the platform until it sticks. */
  syncTitle(id: string): void {
    this.#run(`title:${id}`, (signal) => this.#syncTitle(id, signal));
  }

  /** Holds new starts while the platform cannot be reached; `back` runs once it answers again. */
  waitForNetwork(job: JobRecord, back: () => void): void {
    if (this.#waitingForNetwork || this.store.closed) return;
    this.#waitingForNetwork = true;
    this.store.schedule();
    const { signal } = this.start('probe');
    void this.#probe(job, signal).then((up) => {
      this.#controllers.delete('probe');
      if (!up || this.store.closed) return;
      this.#waitingForNetwork = false;
      this.store.schedule();
      back();
    });
  }

  #run(key: string, loop: (signal: AbortSignal) => Promise<void>, ended?: () => void): void {
    if (this.store.closed || this.#controllers.has(key)) return;
    const { signal } = this.start(key);
    void loop(signal).catch(() => undefined).finally(() => {
      if (this.#controllers.get(key)?.signal === signal) this.#controllers.delete(key);
      ended?.();
    });
  }

  #wait(ms: number, signal: AbortSignal): Promise<void> {
    // Every sleep given returns once the signal aborts (the real one rejects): the loop then sees it stopped.
    return (this.o.sleep ?? sleep)(ms, signal).catch(() => undefined);
  }

  #now(): number {
    return (this.o.now ?? Date.now)();
  }

  /** Polls with backoff until the job is ready or failed (or the signal ends it). */
  async #poll(id: string, signal: AbortSignal): Promise<void> {
    let delay = POLL_FIRST_MS;
    while (!signal.aborted) {
      await this.#wait(delay, signal);
      const job = this.store.jobs.get(id);
      if (signal.aborted || !job || job.state !== 'processing') return;
      try {
        const poll = await this.o.runner.pollProcessing(job, await this.o.clientFor(job.profileId), signal);
        if (signal.aborted) return;
        await this.store.apply(id, { type: 'poll', poll, at: this.#now() });
        if (poll.kind !== 'processing') return;
        // Progress resets the pace; a stalled encode is asked less and less often.
        delay = poll.encodeProgress > (job.encodeProgress ?? -1) ? POLL_FIRST_MS : Math.min(delay * 2, POLL_MAX_MS);
      } catch {
        delay = Math.min(delay * 2, POLL_MAX_MS);
      }
    }
  }

  /** Sends the wanted title until it sticks; a failure leaves a note on the row and tries again later. */
  async #syncTitle(id: string, signal: AbortSignal): Promise<void> {
    let delay = TITLE_RETRY_FIRST_MS;
    while (!signal.aborted) {
      const job = this.store.jobs.get(id);
      if (!job || job.titleSynced || !job.videoId) return;
      try {
        await this.o.runner.updateTitle(job, await this.o.clientFor(job.profileId), signal);
        if (signal.aborted) return;
        await this.store.apply(id, { type: 'title-synced', title: job.title });
      } catch (e) {
        if (signal.aborted) return;
        await this.store.apply(id, { type: 'note', note: `The new title is not on the platform yet (${toAppError(e).title}); Burrow will try again.` });
        await this.#wait(delay, signal);
        delay = Math.min(delay * 2, TITLE_RETRY_MAX_MS);
      }
    }
  }

  /** Probes the platform with capped, jittered backoff; true once it answers, false when the signal ended the wait. */
  async #probe(job: JobRecord, signal: AbortSignal): Promise<boolean> {
    const random = this.o.random ?? Math.random;
    for (let attempt = 0; !signal.aborted; attempt++) {
      const cap = Math.min(PROBE_MAX_MS, PROBE_FIRST_MS * 2 ** Math.min(attempt, 10));
      await this.#wait(Math.round(cap * (0.5 + random() / 2)), signal);
      if (signal.aborted) return false;
      const up = await this.o
        .clientFor(job.profileId)
        .then((c) => this.o.runner.reachable(job.libraryId, c, signal))
        .catch(() => false);
      if (up) return true;
    }
    return false;
  }
}
