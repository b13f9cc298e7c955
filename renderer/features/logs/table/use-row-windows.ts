/**
 * The table's questions to the core: its rows, in blocks of BLOCK rows, each a `logs.window` query (bridge useCalls)
 * keyed by its input and the rows' version: the blocks in view, the overscan's and a few ahead of the motion; nothing
 * while the view jumps; a new version's rows stand in marked stale until they arrive (a new sort or session shows
 * placeholders); blocks out of view stay cached KEEP_MS. Also the searches the table makes.
 */
import { useEffect, useState } from 'react';
import type { LogRow, LogSort } from '../../../../shared/contract/logs';
import type { AppError } from '../../../../shared/contract/result';
import { call, errorOf } from '../../../bridge/client';
import { useCalls } from '../../../bridge/queries';
import { useLogs } from '../logs-store';

/** Rows per `logs.window` call; within the contract's limit of 500. */
export const BLOCK = 100;
/** Rows fetched beyond each edge of the view so a short scroll finds them ready. */
export const OVERSCAN = 20;
/** Blocks fetched ahead of the view in the direction it last moved. */
export const PREFETCH_BLOCKS = 2;
/** How long a view that jumped must hold still before its blocks are asked for, ms (a few frames). */
export const SETTLE_MS = 60;
/** How long a block out of view stays cached, ms. */
export const KEEP_MS = 30_000;

/** What the table reads for one row index. */
export type RowSlot = { readonly state: 'ready'; readonly row: LogRow; readonly stale: boolean } | { readonly state: 'loading' } | { readonly state: 'failed'; readonly error: AppError };

/**
 * The blocks a view wants, most wanted first: those holding rows in view, then the overscan's, then up to
 * PREFETCH_BLOCKS beyond the overscan in the direction of travel (-1 up, 1 down, 0 not moved yet: none).
 */
export function wantedBlocks(first: number, last: number, total: number, direction: -1 | 0 | 1): readonly number[] {
  if (total <= 0 || last < first) return [];
  const lastBlock = Math.floor((total - 1) / BLOCK);
  const inView = [Math.floor(first / BLOCK), Math.floor(Math.min(last, total - 1) / BLOCK)] as const;
  const lo = Math.floor(Math.max(0, first - OVERSCAN) / BLOCK);
  const hi = Math.floor(Math.min(total - 1, last + OVERSCAN) / BLOCK);
  const out: number[] = [];
  for (let b = inView[0]; b <= inView[1]; b++) out.push(b);
  for (let b = lo; b <= hi; b++) if (b < inView[0] || b > inView[1]) out.push(b);
  for (let k = 1; k <= PREFETCH_BLOCKS && direction !== 0; k++) {
    const b = direction > 0 ? hi + k : lo - k;
    if (b >= 0 && b <= lastBlock) out.push(b);
  }
  return out;
}

/** Older versions of the rows whose blocks may stand in while the newest version's load. */
const STAND_IN_VERSIONS = 4;

interface Motion {
  /** The session and sort. */
  readonly base: string;
  readonly version: number;
  /** Older versions of the same session and sort, newest first. */
  readonly older: readonly number[];
  readonly first: number;
  readonly direction: -1 | 0 | 1;
  /** The last step moved more than a block (a dragged scrollbar): nothing is asked until the view holds still. */
  readonly jumped: boolean;
}

/** How the view last moved over the same rows, and whether it holds still. */
function useMotion(base: string, version: number, first: number): Motion & { readonly still: boolean } {
  const [m, setMotion] = useState<Motion>({ base, version, older: [], first, direction: 0, jumped: false });
  const [stillAt, setStillAt] = useState<Motion | null>(null);
  useEffect(() => {
    if (!m.jumped) return;
    const timer = window.setTimeout(() => setStillAt(m), SETTLE_MS);
    return () => window.clearTimeout(timer);
  }, [m]);
  // Worked out while drawing, and this drawing goes by it already: one that went by the last motion would make
  // reads (cache entries, then asks) for the places a jump passed.
  let now = m;
  if (m.base !== base || m.version !== version || m.first !== first) {
    const step = m.base === base && m.version === version ? first - m.first : 0;
    const older = m.base !== base ? [] : m.version !== version ? [m.version, ...m.older].slice(0, STAND_IN_VERSIONS) : m.older;
    now = { base, version, older, first, direction: step === 0 ? 0 : step > 0 ? 1 : -1, jumped: Math.abs(step) > BLOCK };
    setMotion(now);
  }
  return { ...now, still: !now.jumped || stillAt === now };
}

/** Fetches the blocks covering rows `first..last` (inclusive, before overscan); `rowAt` reads what has arrived. */
export function useRowWindows(sessionId: string, version: number, sort: LogSort, total: number, first: number, last: number) {
  const { key, dir } = sort;
  const motion = useMotion(`${sessionId}\u0000${key}\u0000${dir}`, version, first);
  // The reply that applied a filter or range brought these rows' first block: it is not asked for again.
  const head = useLogs((s) => s.head);
  const initial = head?.sessionId === sessionId && head.version === version && head.sort.key === key && head.sort.dir === dir ? head.rows : undefined;
  const blocks = wantedBlocks(first, last, total, motion.direction);
  // A whole block is asked for even at the end (the core answers what there is), so a live table whose total moved
  // while it still shows the older version finds that version's blocks under the same keys.
  const reads = blocks.map((block) => ({
    input: { sessionId, offset: block * BLOCK, count: BLOCK, sort: { key, dir } },
    also: version,
    ...(block === 0 && initial ? { initial: { rows: [...initial], total } } : {}),
  }));
  // An older version's copy of the same block of the same sort stands in while its own loads.
  const results = useCalls('logs.window', reads, { paused: !motion.still, keepMs: KEEP_MS, standIns: motion.older });

  /** The row at an index: ready (fresh or stale), loading, or failed. */
  function rowAt(index: number): RowSlot {
    const block = Math.floor(index / BLOCK);
    const r = results[blocks.indexOf(block)];
    const row = r?.data?.rows[index - block * BLOCK];
    if (row) return { state: 'ready', row, stale: r!.isPlaceholderData };
    return r?.isError ? { state: 'failed', error: errorOf(r.error) } : { state: 'loading' };
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
