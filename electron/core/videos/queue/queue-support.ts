/** Waiting that a signal cuts short (the queue's loops, the runners' retry waits). */
import { setTimeout as sleepFor } from 'node:timers/promises';

/** A timer that ends early when the signal is aborted. */
export const defaultSleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });

/** A timer that rejects with the signal's reason when the signal is aborted (an upload's retry wait). */
export const abortableSleep = async (ms: number, signal: AbortSignal): Promise<void> => {
  await sleepFor(ms, undefined, { signal });
};

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
