/**
 * The queue's change events: which rows changed, which left, and the queue's status, gathered and sent at most
 * once per window, so a job reports at most that often however fast its bytes go. Also the short highlight a row
 * gets when its file is dropped again.
 */
import type { JobView, QueueStatus } from '../../../../shared/videos/model.js';
import type { QueueChange } from '../types.js';

/** What the batcher reads when it sends. */
export interface ChangeSource {
  /** The row as it is now; undefined when the job has gone. */
  view(id: string): JobView | undefined;
  status(): QueueStatus;
}

/** Collects changed and removed rows and hands them to listeners once per window. */
export class ChangeBatcher {
  readonly #listeners = new Set<(change: QueueChange) => void>();
  readonly #pending = new Set<string>();
  readonly #removed = new Set<string>();
  readonly #highlight = new Map<string, ReturnType<typeof setTimeout>>();
  #timer: ReturnType<typeof setTimeout> | null = null;
  #closed = false;

  constructor(
    private readonly source: ChangeSource,
    private readonly windowMs: number,
    private readonly highlightMs: number,
  ) {}

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
    }, this.highlightMs));
    this.mark(id);
  }

  highlighted(id: string): boolean {
    return this.#highlight.has(id);
  }

  /** Sends a batch at the end of the window even when no row changed (the status did). */
  schedule(): void {
    if (this.#timer || this.#closed) return;
    this.#timer = setTimeout(() => this.#flush(), this.windowMs);
  }

  /** Stops every timer; nothing is sent afterwards. */
  close(): void {
    this.#closed = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    for (const t of this.#highlight.values()) clearTimeout(t);
  }

  #flush(): void {
    this.#timer = null;
    const jobs = [...this.#pending].flatMap((id) => {
      const view = this.source.view(id);
      return view ? [view] : [];
    });
    const change: QueueChange = { jobs, removed: [...this.#removed], status: this.source.status() };
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
