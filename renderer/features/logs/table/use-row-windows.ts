/**
 * The table's questions to the core: its rows, in blocks through the queue of row-windows.ts (a new version's rows
 * stand in marked stale until they arrive; a new sort or session shows placeholders), and the searches it makes.
 */
import { useEffect, useState } from 'react';
import type { LogRow, LogSort } from '../../../../shared/contract/logs';
import { call, errorOf } from '../../../bridge/client';
import { useLogs } from '../logs-store';
import { createRowWindows, slotAt, type Entry, type RowSlot } from './row-windows';

/** Fetches the blocks covering rows `first..last` (inclusive, before overscan); `rowAt` reads what has arrived. */
export function useRowWindows(sessionId: string, version: number, sort: LogSort, total: number, first: number, last: number) {
  const [cache, setCache] = useState<ReadonlyMap<string, Entry>>(() => new Map());
  const [windows] = useState(() => createRowWindows(async (input) => (await call('logs.window', input)).rows, errorOf, setCache, (fn, ms) => window.setTimeout(fn, ms)));
  const { key, dir } = sort;

  useEffect(() => {
    // The reply that applied a filter or range brought these rows' first block: it is not asked for again.
    const head = useLogs.getState().head;
    const ready = head?.sessionId === sessionId && head.version === version && head.sort.key === key && head.sort.dir === dir ? head.rows : undefined;
    windows.show({ sessionId, sort: { key, dir }, version, total, first, last }, ready);
  }, [windows, sessionId, key, dir, version, total, first, last]);

  /** The row at an index: ready (fresh or stale), loading, or failed. */
  function rowAt(index: number): RowSlot {
    return slotAt(cache, { sessionId, sort, version }, index);
  }

  return { rowAt };
}

/** The row's place in `sort` now, by its request id; null when it is no longer held. */
export async function findRequest(sessionId: string, requestId: string, sort: LogSort): Promise<number | null> {
  return (await call('logs.findRequest', { sessionId, requestId, sort: { key: sort.key, dir: sort.dir } })).index;
}

/** The place of the nearest 5xx row after or before `from`, in `sort`; null when there is none that way. */
export async function find5xx(sessionId: string, from: number, direction: 'next' | 'prev', sort: LogSort): Promise<number | null> {
  return (await call('logs.findStatus', { sessionId, from, direction, statusClass: '5xx', sort: { key: sort.key, dir: sort.dir } })).index;
}

/** A row's Authorization header in clear, asked for explicitly (rows carry it masked). */
export async function revealAuthorization(sessionId: string, row: LogRow, sort: LogSort): Promise<string | null> {
  const r = await call('logs.revealAuthorization', { sessionId, index: row.index, sort: { key: sort.key, dir: sort.dir }, ...(row.requestId ? { requestId: row.requestId } : {}) });
  return r.value;
}
