/**
 * The queue's loops outside the upload slots, each under its own key and controller: a processing poll and a title
 * sync per job, one network probe for the whole queue, and a cancel's delete. A loop already running under a key is
 * not started twice, and every loop is aborted when the queue closes.
 */
import { pollProcessing, syncTitle, waitForPlatform, type LoopHost } from './loops.js';
import type { JobRecord } from '../types.js';

/** What the loops' bookkeeping needs from the queue, beyond what the loops themselves read. */
export interface LoopSetHost extends LoopHost {
  closed(): boolean;
  checkIdle(): void;
  /** The status changed (waiting for the network or no longer): a change event goes out. */
  statusChanged(): void;
  /** Starts waiting jobs while slots are free. */
  pump(): void;
}

/** The running loops by key, and whether new starts are held for the network. */
export class QueueLoops {
  readonly #controllers = new Map<string, AbortController>();
  #waitingForNetwork = false;

  constructor(private readonly host: LoopSetHost) {}

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
    if (this.host.closed() || this.#controllers.has(`poll:${id}`)) return;
    const { signal } = this.start(`poll:${id}`);
    void pollProcessing(this.host, id, signal).catch(() => undefined).finally(() => {
      if (this.#controllers.get(`poll:${id}`)?.signal === signal) this.#controllers.delete(`poll:${id}`);
      this.host.checkIdle();
    });
  }

  /** Sends the wanted title to the platform until it sticks. */
  syncTitle(id: string): void {
    if (this.host.closed() || this.#controllers.has(`title:${id}`)) return;
    const { signal } = this.start(`title:${id}`);
    void syncTitle(this.host, id, signal).catch(() => undefined).finally(() => {
      if (this.#controllers.get(`title:${id}`)?.signal === signal) this.#controllers.delete(`title:${id}`);
    });
  }

  /** Holds new starts while the platform cannot be reached, then resumes. */
  waitForNetwork(job: JobRecord): void {
    if (this.#waitingForNetwork || this.host.closed()) return;
    this.#waitingForNetwork = true;
    this.host.statusChanged();
    const { signal } = this.start('probe');
    void waitForPlatform(this.host, job, signal).then((up) => {
      this.#controllers.delete('probe');
      if (!up || this.host.closed()) return;
      this.#waitingForNetwork = false;
      this.host.statusChanged();
      this.host.pump();
    });
  }
}
