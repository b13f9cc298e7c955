/**
 * The table's row cache and the queue that fills it, without React: blocks of BLOCK rows, one `logs.window` call in
 * flight, the next one the most wanted block of the view as it is now; nothing while the view jumps; a few blocks
 * ahead of the motion; far blocks and other sessions or sorts let go. Kept beside TanStack Query because the
 * `[method, input]` queries did not meet the scroll gate (`logs-scroll-1m`, p95 frame ≤ 16.7 ms): on the 2-core build
 * machine under load, queries 25.6 ms, this queue 21.7 ms (neither passes there); runs in bench/README.md.
 */
import type { LogRow, LogSort } from '../../../../shared/contract/logs';
import type { AppError } from '../../../../shared/contract/result';

/** Rows per `logs.window` call; within the contract's limit of 500. */
export const BLOCK = 100;
/** Rows fetched beyond each edge of the view so a short scroll finds them ready. */
export const OVERSCAN = 20;
/** Blocks fetched ahead of the view in the direction it last moved. */
export const PREFETCH_BLOCKS = 2;
/** How long a view that jumped must hold still before its blocks are asked for, ms (a few frames). */
export const SETTLE_MS = 60;
/** Blocks kept either side of the view. */
export const KEEP_BLOCKS = 20;

/** One cached block: its rows, or why they could not be had. */
export interface Entry {
  readonly query: string;
  /** Session and sort only: a block of an older version of the same sort may stand in while its fresh copy loads. */
  readonly base: string;
  readonly block: number;
  readonly rows?: readonly LogRow[];
  readonly error?: AppError;
}

/** What the table reads for one row index. */
export type RowSlot = { readonly state: 'ready'; readonly row: LogRow; readonly stale: boolean } | { readonly state: 'loading' } | { readonly state: 'failed'; readonly error: AppError };

/** The rows the table shows now, and of what. */
export interface RowView {
  readonly sessionId: string;
  readonly sort: LogSort;
  readonly version: number;
  readonly total: number;
  /** First and last row in view (inclusive), before overscan. */
  readonly first: number;
  readonly last: number;
}

/** What one call asks the core for. */
export interface WindowInput {
  readonly sessionId: string;
  readonly offset: number;
  readonly count: number;
  readonly sort: LogSort;
}

/** The session and sort a block belongs to. */
export function baseOf(sessionId: string, sort: LogSort): string {
  return `${sessionId}\u0000${sort.key}\u0000${sort.dir}`;
}

/** The session, sort and version a block was fetched for. */
export function queryOf(view: Pick<RowView, 'sessionId' | 'sort' | 'version'>): string {
  return `${baseOf(view.sessionId, view.sort)}\u0000${view.version}`;
}

const idOf = (query: string, block: number) => `${query}\u0000${block}`;

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

/** The row at an index: ready (fresh, or stale from an older version of the same sort), loading, or failed. */
export function slotAt(cache: ReadonlyMap<string, Entry>, view: Pick<RowView, 'sessionId' | 'sort' | 'version'>, index: number): RowSlot {
  const block = Math.floor(index / BLOCK);
  const fresh = cache.get(idOf(queryOf(view), block));
  if (fresh?.error) return { state: 'failed', error: fresh.error };
  const fromFresh = fresh?.rows?.[index - block * BLOCK];
  if (fromFresh) return { state: 'ready', row: fromFresh, stale: false };
  const base = baseOf(view.sessionId, view.sort);
  for (const e of cache.values()) {
    const fromOld = e.block === block && e.base === base ? e.rows?.[index - block * BLOCK] : undefined;
    if (fromOld) return { state: 'ready', row: fromOld, stale: true };
  }
  return { state: 'loading' };
}

/** Fetches one window: its rows, or a rejection with the error. */
export type FetchWindow = (input: WindowInput) => Promise<readonly LogRow[]>;

/** Runs `fn` after `ms` milliseconds. */
export type Later = (fn: () => void, ms: number) => void;

/**
 * The cache and its request queue; `show` tells it what is in view, `onChange` hears every new cache, `later`
 * is the timer it waits for a jumping view to settle with.
 */
export function createRowWindows(fetchWindow: FetchWindow, toError: (e: unknown) => AppError, onChange: (cache: ReadonlyMap<string, Entry>) => void, later: Later) {
  let cache: ReadonlyMap<string, Entry> = new Map();
  let view: RowView | null = null;
  let wanted: readonly number[] = [];
  let inFlight = false;
  let direction: -1 | 0 | 1 = 0;
  /** The view is jumping: fetch nothing until it settles. */
  let jumping = false;
  /** Counts views shown, so a settle timer knows whether another came since it was set. */
  let shown = 0;

  function pump(): void {
    if (inFlight || jumping || view === null) return;
    const v = view;
    const query = queryOf(v);
    const block = wanted.find((b) => !cache.has(idOf(query, b)));
    if (block === undefined) return;
    inFlight = true;
    const offset = block * BLOCK;
    const input: WindowInput = { sessionId: v.sessionId, offset, count: Math.min(BLOCK, v.total - offset), sort: v.sort };
    const base = baseOf(v.sessionId, v.sort);
    fetchWindow(input)
      .then(
        (rows): Entry => ({ query, base, block, rows }),
        (e: unknown): Entry => ({ query, base, block, error: toError(e) }),
      )
      .then((entry) => {
        inFlight = false;
        store(entry);
        pump();
      });
  }

  function store(entry: Entry): void {
    // A block of a query no longer shown is not kept: the current query asks for its own copy.
    if (view === null || entry.query !== queryOf(view)) return;
    const centre = Math.floor(view.first / BLOCK);
    const next = new Map<string, Entry>();
    for (const [k, e] of cache) {
      if (e.base !== entry.base) continue;
      // The older version's copy of this block has done its work as a stand-in.
      if (e.block === entry.block && e.query !== entry.query) continue;
      if (Math.abs(e.block - centre) > KEEP_BLOCKS) continue;
      next.set(k, e);
    }
    next.set(idOf(entry.query, entry.block), entry);
    cache = next;
    onChange(cache);
  }

  return {
    /** The view now: what to fetch next is decided from it whenever the line is free; `head`: its first block, at hand. */
    show(next: RowView, head?: readonly LogRow[]): void {
      const sameQuery = view !== null && queryOf(view) === queryOf(next);
      const jump = sameQuery ? Math.abs(next.first - view!.first) : 0;
      if (!sameQuery) direction = 0;
      else if (jump > 0) direction = next.first > view!.first ? 1 : -1;
      view = next;
      const query = queryOf(next);
      if (head !== undefined && !cache.has(idOf(query, 0))) store({ query, base: baseOf(next.sessionId, next.sort), block: 0, rows: head });
      wanted = wantedBlocks(next.first, next.last, next.total, direction);
      const at = ++shown;
      jumping = jump > BLOCK;
      if (jumping) {
        later(() => {
          if (shown !== at) return;
          jumping = false;
          pump();
        }, SETTLE_MS);
      }
      pump();
    },
  };
}
