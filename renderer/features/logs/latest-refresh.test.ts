import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { latestRefresh } from './latest-refresh';

/** A fetch the test answers by hand, recording how many were started. */
function manualFetches() {
  const pending: { resolve(v: number): void; reject(e: unknown): void }[] = [];
  return {
    pending,
    fetch: () => new Promise<number>((resolve, reject) => pending.push({ resolve, reject })),
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('a refresh that never queues', () => {
  it('fetches at once, folds every ask made meanwhile into one more fetch, and applies answers in order', async () => {
    const f = manualFetches();
    const applied: number[] = [];
    const r = latestRefresh({ fetch: f.fetch, apply: (v) => applied.push(v), fail: () => undefined, intervalMs: 500 });
    r.request();
    await vi.advanceTimersByTimeAsync(0);
    expect(f.pending).toHaveLength(1);
    // Ten pages arrive while the first aggregates are computed.
    for (let i = 0; i < 10; i++) r.request();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(f.pending).toHaveLength(1);
    f.pending[0]!.resolve(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(applied).toEqual([1]);
    // The start was long enough ago: the folded asks go out at once, as one fetch.
    expect(f.pending).toHaveLength(2);
    f.pending[1]!.resolve(2);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(applied).toEqual([1, 2]);
    expect(f.pending).toHaveLength(2);
  });

  it('starts fetches at least the interval apart while asks keep coming', async () => {
    const f = manualFetches();
    const r = latestRefresh({ fetch: f.fetch, apply: () => undefined, fail: () => undefined, intervalMs: 500 });
    r.request();
    await vi.advanceTimersByTimeAsync(0);
    f.pending[0]!.resolve(1);
    r.request();
    await vi.advanceTimersByTimeAsync(499);
    expect(f.pending).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(f.pending).toHaveLength(2);
  });

  it('reports a failure and keeps working; once stopped it applies nothing and fetches no more', async () => {
    const f = manualFetches();
    const applied: number[] = [];
    const failed: unknown[] = [];
    const r = latestRefresh({ fetch: f.fetch, apply: (v) => applied.push(v), fail: (e) => failed.push(e), intervalMs: 0 });
    r.request();
    await vi.advanceTimersByTimeAsync(0);
    f.pending[0]!.reject(new Error('gone'));
    await vi.advanceTimersByTimeAsync(0);
    expect(failed).toEqual([new Error('gone')]);
    r.request();
    await vi.advanceTimersByTimeAsync(0);
    r.request();
    r.stop();
    f.pending[1]!.resolve(7);
    await vi.advanceTimersByTimeAsync(1_000);
    r.request();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(applied).toEqual([]);
    expect(f.pending).toHaveLength(2);
  });
});
