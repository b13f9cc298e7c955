/** Small pieces of the upload queue: waiting that a signal cuts short, job errors, duplicate keys, the concurrency range, steps under way. */
import { CONCURRENCY, type JobError } from '../../../shared/videos/model.js';
import { toAppError } from '../errors.js';

/** Waits with `sleep`, but returns at once when the signal is aborted, whatever `sleep` does with it. */
export function waitFor(sleep: (ms: number, signal?: AbortSignal) => Promise<void>, ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      signal.removeEventListener('abort', done);
      resolve();
    };
    signal.addEventListener('abort', done, { once: true });
    sleep(ms, signal).then(done, done);
  });
}

/** A job error from anything a runner or client threw. */
export function thrownJobError(e: unknown): JobError {
  const a = toAppError(e);
  const retryable = a.kind === 'network' || a.kind === 'timeout' || (a.status !== undefined && (a.status >= 500 || a.status === 429));
  return { title: a.title, ...(a.detail !== undefined ? { detail: a.detail } : {}), ...(a.status !== undefined ? { status: a.status } : {}), retryable };
}

/** The same file bound for the same library: uploading one file to two libraries is not a duplicate. */
export function sameFile(libraryId: number, path: string, f: { readonly size: number; readonly mtimeMs: number }): string {
  return `${libraryId}\u0000${path}\u0000${f.size}\u0000${f.mtimeMs}`;
}

/** A persisted or requested concurrency, brought into the allowed range. */
export function clampConcurrency(n: number): number {
  return Number.isInteger(n) ? Math.min(CONCURRENCY.max, Math.max(CONCURRENCY.min, n)) : CONCURRENCY.default;
}

/** The queue's steps under way (a write, an outcome being applied), so a caller can wait until none is left. */
export class PendingSteps {
  readonly #ops = new Set<Promise<unknown>>();

  /** Counts `p` as under way until it settles; returns it unchanged. */
  track<T>(p: Promise<T>): Promise<T> {
    this.#ops.add(p);
    const drop = (): void => void this.#ops.delete(p);
    p.then(drop, drop);
    return p;
  }

  /** Resolves once no step is under way, including steps that the settling ones started. */
  async settle(): Promise<void> {
    for (;;) {
      await new Promise<void>((r) => setImmediate(r));
      if (this.#ops.size === 0) return;
      await Promise.allSettled([...this.#ops]);
    }
  }
}
