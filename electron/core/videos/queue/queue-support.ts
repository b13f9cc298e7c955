/** Waiting that a signal cuts short, whatever the injected sleep does with the signal (the queue's loops, the fetch queue). */

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
