import { describe, expect, it } from 'vitest';
import type { LogRow } from '../../../../shared/contract/logs';
import type { AppError } from '../../../../shared/contract/result';
import { BLOCK, createRowWindows, KEEP_BLOCKS, PREFETCH_BLOCKS, SETTLE_MS, slotAt, wantedBlocks, type Entry, type RowView, type WindowInput } from './row-windows';
import { makeRow } from './testing/table';

const TOTAL = 1_000_000;

/** A fetcher whose calls wait until the test answers them, one by one, in order. */
function heldFetcher() {
  const calls: { readonly input: WindowInput; answer(): void; fail(error: AppError): void }[] = [];
  const fetchWindow = (input: WindowInput) =>
    new Promise<readonly LogRow[]>((resolve, reject) => {
      calls.push({
        input,
        answer: () => resolve(Array.from({ length: input.count }, (_, k) => makeRow(input.offset + k))),
        fail: (error) => reject(error),
      });
    });
  return { calls, fetchWindow };
}

/** Lets the fetcher's promise chain settle. */
const settle = () => new Promise<void>((r) => queueMicrotask(() => queueMicrotask(() => queueMicrotask(r))));

function setup() {
  const held = heldFetcher();
  let cache: ReadonlyMap<string, Entry> = new Map();
  let answered = 0;
  const timers: { readonly fn: () => void; readonly ms: number }[] = [];
  const windows = createRowWindows(held.fetchWindow, (e) => e as AppError, (c) => (cache = c), (fn, ms) => timers.push({ fn, ms }));
  /** Fires the timers set so far, as if the view then held still. */
  const holdStill = async () => {
    for (const t of timers.splice(0)) t.fn();
    await settle();
  };
  const view = (first: number, over: Partial<RowView> = {}): RowView => ({ sessionId: 's1', sort: { key: 'time', dir: 'asc' }, version: 1, total: TOTAL, first, last: first + 20, ...over });
  const offsets = () => held.calls.map((c) => c.input.offset);
  /** Answers the oldest unanswered call (or fails it) and lets the queue move on. */
  const answerNext = async (error?: AppError) => {
    const c = held.calls[answered++]!;
    if (error) c.fail(error);
    else c.answer();
    await settle();
  };
  /** Answers calls until the queue asks for nothing more. */
  const drain = async () => {
    while (answered < held.calls.length) await answerNext();
  };
  return { held, windows, view, offsets, answerNext, drain, holdStill, timers, cache: () => cache };
}

const ASC = { sessionId: 's1', sort: { key: 'time', dir: 'asc' }, version: 1 } as const;

describe('the row windows queue', () => {
  it('wants the blocks in view first, then the overscan, then ahead of the scroll only once it moved', () => {
    expect(wantedBlocks(0, 20, TOTAL, 0)).toEqual([0]);
    // Rows in view across two blocks; the overscan reaching into a third.
    expect(wantedBlocks(90, 110, TOTAL, 0)).toEqual([0, 1]);
    expect(wantedBlocks(110, 130, TOTAL, 0)).toEqual([1, 0]);
    expect(PREFETCH_BLOCKS).toBe(2);
    expect(wantedBlocks(50_030, 50_050, TOTAL, 1)).toEqual([500, 501, 502]);
    expect(wantedBlocks(50_030, 50_050, TOTAL, -1)).toEqual([500, 499, 498]);
    // Nothing past either end of the list.
    expect(wantedBlocks(TOTAL - 21, TOTAL - 1, TOTAL, 1)).toEqual([TOTAL / BLOCK - 1]);
    expect(wantedBlocks(30, 50, TOTAL, -1)).toEqual([0]);
    expect(wantedBlocks(0, -1, 0, 1)).toEqual([]);
  });

  it('while a block is in flight, only the newest view is asked for next: the views scrolled past never are', async () => {
    const { held, windows, view, offsets, answerNext } = setup();
    windows.show(view(30));
    expect(offsets()).toEqual([0]);
    // The view moves on, a block or less at a time, while the first block is out.
    windows.show(view(110));
    windows.show(view(190));
    windows.show(view(270));
    expect(offsets()).toEqual([0]);
    await answerNext();
    // Block 1 (wanted by the views in between) is skipped: the newest view wants 2, then 3, then the prefetch.
    expect(offsets()).toEqual([0, 200]);
    expect(held.calls[1]!.input).toEqual({ sessionId: 's1', offset: 200, count: BLOCK, sort: { key: 'time', dir: 'asc' } });
    await answerNext();
    expect(offsets()).toEqual([0, 200, 300]);
    await answerNext();
    await answerNext();
    await answerNext();
    expect(offsets()).toEqual([0, 200, 300, 400, 500]);
  });

  it('asks for nothing while the view jumps by more than a block, then for where it settled', async () => {
    const { windows, view, offsets, answerNext, holdStill, timers } = setup();
    windows.show(view(30));
    await answerNext();
    // A dragged scrollbar: every step lands far from the last.
    windows.show(view(200_030));
    windows.show(view(400_030));
    windows.show(view(600_030));
    expect(offsets()).toEqual([0]);
    expect(timers.every((t) => t.ms === SETTLE_MS)).toBe(true);
    // It holds still: the timers set for the views it went past do nothing, the last one asks for where it is.
    await holdStill();
    expect(offsets()).toEqual([0, 600_000]);
    await answerNext();
    // A short step after the jump fetches at once, ahead of the scroll.
    windows.show(view(600_040));
    expect(offsets()).toEqual([0, 600_000, 600_100]);
  });

  it('prefetches upward when the view moves up', async () => {
    const { windows, view, offsets, answerNext } = setup();
    windows.show(view(50_030));
    await answerNext();
    expect(offsets()).toEqual([50_000]);
    windows.show(view(50_020));
    expect(offsets()).toEqual([50_000, 49_900]);
    await answerNext();
    expect(offsets()).toEqual([50_000, 49_900, 49_800]);
  });

  it('serves arrived rows, keeps a failed block as failed without asking again, and lets far blocks go', async () => {
    const { windows, view, offsets, answerNext, drain, holdStill, cache } = setup();
    windows.show(view(30));
    expect(slotAt(cache(), ASC, 5)).toEqual({ state: 'loading' });
    await answerNext();
    expect(slotAt(cache(), ASC, 5)).toMatchObject({ state: 'ready', stale: false, row: { index: 5 } });
    windows.show(view(330));
    await holdStill();
    expect(offsets()).toEqual([0, 300]);
    await answerNext({ kind: 'not_found', title: 'The session has ended' });
    expect(slotAt(cache(), ASC, 305)).toEqual({ state: 'failed', error: { kind: 'not_found', title: 'The session has ended' } });
    await drain();
    windows.show(view(331));
    windows.show(view(330));
    await drain();
    expect(offsets().filter((o) => o === 300)).toHaveLength(1);
    // Far away, the first block is let go once the next block lands.
    const far = (KEEP_BLOCKS + 10) * BLOCK;
    windows.show(view(far + 30));
    await holdStill();
    await drain();
    expect(slotAt(cache(), ASC, 5)).toEqual({ state: 'loading' });
    expect(slotAt(cache(), ASC, far + 35)).toMatchObject({ state: 'ready' });
  });

  it('a new version keeps the old rows as stale stand-ins until its own arrive; an old query’s late answer is dropped', async () => {
    const { windows, view, offsets, answerNext, holdStill, cache } = setup();
    windows.show(view(30));
    await answerNext();
    const v2 = { ...ASC, version: 2 } as const;
    windows.show(view(30, { version: 2 }));
    expect(offsets()).toEqual([0, 0]);
    expect(slotAt(cache(), v2, 3)).toMatchObject({ state: 'ready', stale: true });
    await answerNext();
    expect(slotAt(cache(), v2, 3)).toMatchObject({ state: 'ready', stale: false });
    // A sort change while a block of the old sort is out: that answer is not kept, the new sort's block is asked for.
    windows.show(view(5030, { version: 2 }));
    await holdStill();
    expect(offsets()).toEqual([0, 0, 5000]);
    const desc = { ...v2, sort: { key: 'time', dir: 'desc' } } as const;
    windows.show(view(30, desc));
    await answerNext();
    expect(slotAt(cache(), v2, 5003)).toEqual({ state: 'loading' });
    expect(offsets()).toEqual([0, 0, 5000, 0]);
    await answerNext();
    expect(slotAt(cache(), desc, 3)).toMatchObject({ state: 'ready', stale: false });
  });
});
