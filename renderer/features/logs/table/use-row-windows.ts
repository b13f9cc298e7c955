/**
 * The rows on screen, fetched from the core in fixed blocks (`logs.window`, never more than a block at a time) for
 * the visible range plus a little overscan. A block is asked for once per session, version and sort; a new version
 * or sort asks again; until a new version's block arrives the old one stays on screen (marked stale) rather than
 * flashing placeholders on every page that loads, while a new sort or session shows placeholders. Blocks far from the view are dropped, so scrolling through a
 * million rows holds only a few hundred of them.
 */
import { useEffect, useRef, useState } from 'react';
import type { LogRow, LogSort } from '../../../../shared/contract/logs';
import type { AppError } from '../../../../shared/result';
import { call, errorOf } from '../../../bridge/client';

/** Rows per `logs.window` call; within the contract's limit of 500. */
export const BLOCK = 100;
/** Rows fetched beyond each edge of the view so a short scroll finds them ready. */
export const OVERSCAN = 20;
/** Blocks kept either side of the one that last arrived. */
const KEEP_BLOCKS = 20;

interface Entry {
  readonly query: string;
  /** Session and sort only: a block of an older version of the same sort may stand in while its fresh copy loads. */
  readonly base: string;
  readonly block: number;
  readonly rows?: readonly LogRow[];
  readonly error?: AppError;
}

/** What the table reads for one row index. */
export type RowSlot = { readonly state: 'ready'; readonly row: LogRow; readonly stale: boolean } | { readonly state: 'loading' } | { readonly state: 'failed'; readonly error: AppError };

/** The session and sort a block belongs to. */
function baseOf(sessionId: string, sort: LogSort): string {
  return `${sessionId}\u0000${sort.key}\u0000${sort.dir}`;
}

/** Fetches the blocks covering rows `first..last` (inclusive, before overscan); `rowAt` reads what has arrived. */
export function useRowWindows(sessionId: string, version: number, sort: LogSort, total: number, first: number, last: number) {
  const base = baseOf(sessionId, sort);
  const query = `${base}\u0000${version}`;
  const [cache, setCache] = useState<ReadonlyMap<string, Entry>>(() => new Map());
  const inflight = useRef(new Set<string>());
  const lo = Math.max(0, first - OVERSCAN);
  const hi = Math.min(total - 1, last + OVERSCAN);
  const firstBlock = Math.floor(lo / BLOCK);
  const lastBlock = hi < lo ? firstBlock - 1 : Math.floor(hi / BLOCK);

  useEffect(() => {
    for (let block = firstBlock; block <= lastBlock; block++) {
      const id = `${query}\u0000${block}`;
      if (cache.has(id) || inflight.current.has(id)) continue;
      inflight.current.add(id);
      const offset = block * BLOCK;
      const count = Math.min(BLOCK, total - offset);
      call('logs.window', { sessionId, offset, count, sort })
        .then(
          (r) => ({ query, base, block, rows: r.rows }),
          (e: unknown) => ({ query, base, block, error: errorOf(e) }),
        )
        .then((entry: Entry) => {
          inflight.current.delete(id);
          setCache((prev) => {
            const next = new Map<string, Entry>();
            for (const [k, e] of prev) {
              // Another query's copy of this block is replaced; anything far from here is let go.
              if (e.block === block && e.query !== query) continue;
              if (Math.abs(e.block - block) > KEEP_BLOCKS) continue;
              next.set(k, e);
            }
            next.set(id, entry);
            return next;
          });
        });
    }
    // `sort` is part of `query`; listing the object would refetch on every render that builds a new one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query, base, firstBlock, lastBlock, total, sessionId, cache]);

  /** The row at an index: ready (fresh or stale), loading, or failed. */
  function rowAt(index: number): RowSlot {
    const block = Math.floor(index / BLOCK);
    const fresh = cache.get(`${query}\u0000${block}`);
    if (fresh?.error) return { state: 'failed', error: fresh.error };
    const fromFresh = fresh?.rows?.[index - block * BLOCK];
    if (fromFresh) return { state: 'ready', row: fromFresh, stale: false };
    const old = [...cache.values()].find((e) => e.block === block && e.rows !== undefined && e.base === base);
    const fromOld = old?.rows?.[index - block * BLOCK];
    return fromOld ? { state: 'ready', row: fromOld, stale: true } : { state: 'loading' };
  }

  return { rowAt };
}
