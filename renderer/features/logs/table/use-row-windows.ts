/**
 * The rows on screen, fetched from the core in blocks for the visible range plus a little overscan (see
 * row-windows.ts for the queue: one request at a time, newest view wins, nothing while the view jumps, prefetch
 * ahead of the scroll). A new version or sort asks again; until a new version's block arrives the old one stays on
 * screen (marked stale) rather than flashing placeholders on every page that loads, while a new sort or session
 * shows placeholders. Blocks far from the view are dropped, so scrolling through a million rows holds only a few
 * thousand of them.
 */
import { useEffect, useState } from 'react';
import type { LogSort } from '../../../../shared/contract/logs';
import { call, errorOf } from '../../../bridge/client';
import { createRowWindows, slotAt, type Entry, type RowSlot } from './row-windows';

export { BLOCK, OVERSCAN, type RowSlot } from './row-windows';

/** Fetches the blocks covering rows `first..last` (inclusive, before overscan); `rowAt` reads what has arrived. */
export function useRowWindows(sessionId: string, version: number, sort: LogSort, total: number, first: number, last: number) {
  const [cache, setCache] = useState<ReadonlyMap<string, Entry>>(() => new Map());
  const [windows] = useState(() => createRowWindows(async (input) => (await call('logs.window', input)).rows, errorOf, setCache, (fn, ms) => window.setTimeout(fn, ms)));
  const { key, dir } = sort;

  useEffect(() => {
    windows.show({ sessionId, sort: { key, dir }, version, total, first, last });
  }, [windows, sessionId, key, dir, version, total, first, last]);

  /** The row at an index: ready (fresh or stale), loading, or failed. */
  function rowAt(index: number): RowSlot {
    return slotAt(cache, { sessionId, sort, version }, index);
  }

  return { rowAt };
}
