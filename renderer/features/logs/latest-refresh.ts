/**
 * A refresh that never queues: at most one fetch runs at a time, fetches start at least `intervalMs` apart, and
 * every ask made while one runs or waits folds into the single next fetch. Whatever arrives is the answer to the
 * newest ask made before it started, so pages arriving faster than aggregates are computed cost one fetch and one
 * render per interval, not one per page.
 */
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';

export interface LatestRefreshOptions<T> {
  fetch(): Promise<T>;
  /** The answer of a fetch, unless the refresh was stopped meanwhile. */
  apply(value: T): void;
  /** A fetch failed, unless the refresh was stopped meanwhile. */
  fail(error: unknown): void;
  readonly intervalMs: number;
  readonly now?: () => number;
}

/** What the owner does with a refresh: ask for one, and stop it for good. */
export interface LatestRefresh {
  request(): void;
  stop(): void;
}

/** A refresh that folds asks together; the first ask fetches at once. */
export function latestRefresh<T>({ fetch, apply, fail, intervalMs, now = Date.now }: LatestRefreshOptions<T>): LatestRefresh {
  let wanted = false;
  let running = false;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastStart = -Infinity;

  function start() {
    timer = null;
    if (stopped || !wanted) return;
    wanted = false;
    running = true;
    lastStart = now();
    fetch()
      .then(
        (v) => {
          if (!stopped) apply(v);
        },
        (e: unknown) => {
          if (!stopped) fail(e);
        },
      )
      .finally(() => {
        running = false;
        pump();
      });
  }

  function pump() {
    if (stopped || running || timer !== null || !wanted) return;
    // Waits from the last start, not from the last ask, so a steady stream of asks still refreshes every interval.
    timer = setTimeout(start, Math.max(0, lastStart + intervalMs - now()));
  }

  return {
    request() {
      wanted = true;
      pump();
    },
    stop() {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}

/**
 * One refresh per session (none while it is null), made from `options` when the session starts: its functions read
 * what to ask from refs or stores. The function returned asks it; without a session it does nothing.
 */
export function useLatestRefresh<T>(sessionId: string | null, options: (sessionId: string) => LatestRefreshOptions<T>): () => void {
  const made = useRef(options);
  const refresh = useRef<LatestRefresh | null>(null);
  useLayoutEffect(() => {
    made.current = options;
  });
  useEffect(() => {
    if (sessionId === null) return;
    const r = latestRefresh(made.current(sessionId));
    refresh.current = r;
    return () => {
      r.stop();
      if (refresh.current === r) refresh.current = null;
    };
  }, [sessionId]);
  return useCallback(() => refresh.current?.request(), []);
}
