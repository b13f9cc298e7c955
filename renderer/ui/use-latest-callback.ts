/** A callback with a stable identity that always runs the latest function given. */
import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * Keeps its identity across renders and runs the latest `fn`: a handler passed as a prop or an effect's dependency
 * would otherwise be a new closure on every render.
 */
export function useLatestCallback<A extends unknown[]>(fn: (...args: A) => void): (...args: A) => void {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
