// @vitest-environment happy-dom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { MethodInput, MethodOutput } from '../../../../shared/contract/index';
import type { LogSort } from '../../../../shared/contract/logs';
import type { AppError } from '../../../../shared/contract/result';
import { BridgeError } from '../../../bridge/client';
import { BridgeProvider, createQueryClient } from '../../../bridge/provider';
import { installFakeBridge } from '../../../testing/fake-bridge';
import { makeRow } from './testing/table';
import { BLOCK, PREFETCH_BLOCKS, useRowWindows, wantedBlocks } from './use-row-windows';

const TOTAL = 1_000_000;
const ASC: LogSort = { key: 'time', dir: 'asc' };
type WindowInput = MethodInput<'logs.window'>;

afterEach(cleanup);

/** A bridge whose `logs.window` answers wait until the test releases them, each with rows or a failure. */
function heldWindows() {
  const bridge = installFakeBridge();
  const held: { readonly offset: number; answer(): void; fail(error: AppError): void }[] = [];
  const answer = ({ offset, count }: WindowInput) =>
    new Promise((resolve, reject) => {
      held.push({
        offset,
        answer: () => resolve({ rows: Array.from({ length: count }, (_, k) => makeRow(offset + k)), total: TOTAL }),
        // What call() throws for a failed result.
        fail: (error) => reject(new BridgeError(error)),
      });
    });
  // The fake hands back whatever its answer returns; call() awaits the promise.
  bridge.answer('logs.window', answer as unknown as (input: WindowInput) => MethodOutput<'logs.window'>);
  const offsets = () => bridge.inputs('logs.window').map((i) => i.offset);
  return { bridge, held, offsets };
}

interface View {
  readonly first: number;
  readonly version?: number;
  readonly sort?: LogSort;
}

function setup() {
  const windows = heldWindows();
  const client = createQueryClient();
  const wrapper = ({ children }: { readonly children: ReactNode }) => <BridgeProvider client={client}>{children}</BridgeProvider>;
  /** Answers every call waiting now, and lets the answers land in the cache. */
  const answerAll = async () => {
    for (const h of windows.held.splice(0)) h.answer();
    await waitFor(() => expect(client.isFetching()).toBe(0));
  };
  const hook = renderHook(({ first, version = 1, sort = ASC }: View) => useRowWindows('s1', version, sort, TOTAL, first, first + 20), { wrapper, initialProps: { first: 30 } as View });
  return { ...windows, answerAll, hook, rowAt: (i: number) => hook.result.current.rowAt(i) };
}

describe('the table’s row windows', () => {
  it('want the blocks in view first, then the overscan, then ahead of the motion once it moved', () => {
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

  it('ask for the view’s block, then the blocks ahead as it moves down or up', async () => {
    const { hook, offsets, answerAll, rowAt } = setup();
    expect(offsets()).toEqual([0]);
    expect(rowAt(5)).toEqual({ state: 'loading' });
    await answerAll();
    await waitFor(() => expect(rowAt(5)).toMatchObject({ state: 'ready', stale: false, row: { index: 5 } }));
    hook.rerender({ first: 50 });
    expect(offsets()).toEqual([0, 100, 200]);
    await answerAll();
    hook.rerender({ first: 40 });
    // Upward from the first block there is nothing ahead; what is cached is not asked again.
    expect(offsets()).toEqual([0, 100, 200]);
  });

  it('ask for nothing while the view jumps by more than a block, then only for where it settled', async () => {
    const { hook, offsets, answerAll } = setup();
    await answerAll();
    hook.rerender({ first: 200_030 });
    hook.rerender({ first: 400_030 });
    hook.rerender({ first: 600_030 });
    expect(offsets()).toEqual([0]);
    // It holds still: its block and the two ahead, none of the places it went past.
    await waitFor(() => expect(offsets()).toEqual([0, 600_000, 600_100, 600_200]));
    await answerAll();
    // A short step after the jump asks at once.
    hook.rerender({ first: 600_100 });
    expect(offsets()).toEqual([0, 600_000, 600_100, 600_200, 600_300]);
  });

  it('keep an older version’s rows as stale stand-ins until the new version’s arrive', async () => {
    const { hook, offsets, answerAll, rowAt } = setup();
    await answerAll();
    await waitFor(() => expect(rowAt(3)).toMatchObject({ state: 'ready', stale: false }));
    hook.rerender({ first: 30, version: 2 });
    expect(offsets()).toEqual([0, 0]);
    expect(rowAt(3)).toMatchObject({ state: 'ready', stale: true });
    await answerAll();
    await waitFor(() => expect(rowAt(3)).toMatchObject({ state: 'ready', stale: false }));
    // Another sort has no stand-ins: placeholders until its rows come.
    hook.rerender({ first: 30, version: 2, sort: { key: 'time', dir: 'desc' } });
    expect(rowAt(3)).toEqual({ state: 'loading' });
  });

  it('show a failed block as failed, and do not ask for it again when the view comes back', async () => {
    const { hook, held, offsets, answerAll, rowAt } = setup();
    await answerAll();
    hook.rerender({ first: 130 });
    expect(offsets()).toEqual([0, 100, 200, 300]);
    act(() => held.splice(0, 1)[0]!.fail({ kind: 'not_found', title: 'The session has ended' }));
    await answerAll();
    await waitFor(() => expect(rowAt(105)).toEqual({ state: 'failed', error: { kind: 'not_found', title: 'The session has ended' } }));
    hook.rerender({ first: 30 });
    hook.rerender({ first: 130 });
    expect(offsets()).toEqual([0, 100, 200, 300]);
    expect(rowAt(105)).toMatchObject({ state: 'failed' });
  });
});
