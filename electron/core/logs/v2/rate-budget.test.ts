import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppFailure } from '../../errors.js';
import { createRateBudget, LOG_RATE_LIMIT, LOG_RATE_WINDOW_MS, processRateBudget, type BudgetGrant, type ZoneBudgetState } from './rate-budget.js';

const W = LOG_RATE_WINDOW_MS;
const ZONE = 7;

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Starts `n` acquires and lets the budget answer whatever it can right away. */
async function acquireMany(budget: ReturnType<typeof createRateBudget>, n: number, zone = ZONE, signal?: AbortSignal) {
  const granted: BudgetGrant[] = [];
  const failed: unknown[] = [];
  for (let i = 0; i < n; i++) {
    budget.acquire(zone, signal).then(
      (g) => granted.push(g),
      (e: unknown) => failed.push(e),
    );
  }
  await vi.advanceTimersByTimeAsync(0);
  return { granted, failed };
}

describe('the rate budget', () => {
  it('grants 30 at once, then the 31st exactly one window after the first answer arrived', async () => {
    const budget = createRateBudget();
    const { granted } = await acquireMany(budget, 31);
    expect(granted).toHaveLength(30);
    expect(budget.remaining(ZONE)).toBe(0);
    expect(budget.state(ZONE)).toMatchObject({ queued: 1, inFlight: 30, remaining: 0, nextFreeAt: null });

    await vi.advanceTimersByTimeAsync(500);
    granted[0]!.done();
    const freeAt = Date.now() + W;
    expect(budget.state(ZONE).nextFreeAt).toBe(freeAt);
    await vi.advanceTimersByTimeAsync(W - 1);
    expect(granted).toHaveLength(30);
    await vi.advanceTimersByTimeAsync(1);
    expect(granted).toHaveLength(31);
    expect(granted[30]!.grantedAt).toBe(freeAt);
  });

  it('counts a slot until a window after its answer, so a slow request keeps the zone full', async () => {
    const budget = createRateBudget();
    const { granted } = await acquireMany(budget, 31);
    // Twenty seconds in flight: the platform may have counted it at any moment of those.
    await vi.advanceTimersByTimeAsync(20_000);
    expect(granted).toHaveLength(30);
    for (const g of granted) g.done();
    await vi.advanceTimersByTimeAsync(W - 1);
    expect(granted).toHaveLength(30);
    await vi.advanceTimersByTimeAsync(1);
    expect(granted).toHaveLength(31);
  });

  it('frees a slot whose holder never finishes after the longest hold', async () => {
    const budget = createRateBudget({ limit: 1, maxHoldMs: 5_000 });
    const { granted } = await acquireMany(budget, 2);
    expect(granted).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(5_000 + W - 1);
    expect(granted).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(granted).toHaveLength(2);
  });

  it('keeps zones apart', async () => {
    const budget = createRateBudget({ limit: 2 });
    const a = await acquireMany(budget, 3, 1);
    const b = await acquireMany(budget, 2, 2);
    expect(a.granted).toHaveLength(2);
    expect(b.granted).toHaveLength(2);
    expect(budget.remaining(1)).toBe(0);
    expect(budget.remaining(3)).toBe(2);
  });

  it('pauses every caller of the zone for Retry-After and says so', async () => {
    const budget = createRateBudget();
    const seen: ZoneBudgetState[] = [];
    const stop = budget.subscribe((s) => seen.push(s));
    budget.pauseFor(ZONE, 3_000);
    const until = Date.now() + 3_000;
    expect(budget.state(ZONE).pausedUntil).toBe(until);
    expect(budget.remaining(ZONE)).toBe(0);
    expect(budget.remaining(ZONE, until)).toBe(LOG_RATE_LIMIT);
    const { granted } = await acquireMany(budget, 3);
    expect(granted).toHaveLength(0);
    expect(seen.at(-1)).toMatchObject({ zoneId: ZONE, pausedUntil: until, queued: 3 });
    // A shorter second pause does not cut the first one short.
    budget.pauseFor(ZONE, 1_000);
    await vi.advanceTimersByTimeAsync(2_999);
    expect(granted).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(granted.map((g) => g.grantedAt)).toEqual([until, until, until]);
    expect(seen.at(-1)).toMatchObject({ pausedUntil: null, queued: 0, inFlight: 3 });
    stop();
    const count = seen.length;
    budget.pauseFor(ZONE, 10);
    expect(seen).toHaveLength(count);
  });

  it('tells the meter when a pause ends even with nobody waiting', async () => {
    const budget = createRateBudget();
    const seen: ZoneBudgetState[] = [];
    budget.subscribe((s) => seen.push(s));
    budget.subscribe(() => {
      throw new Error('a broken meter');
    });
    budget.pauseFor(ZONE, 2_000);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(seen.at(-1)).toMatchObject({ pausedUntil: null, remaining: LOG_RATE_LIMIT });
  });

  it('drops a waiter whose signal aborts, and the next one in line gets its slot', async () => {
    const budget = createRateBudget({ limit: 1 });
    const first = await acquireMany(budget, 1);
    const controller = new AbortController();
    const second = await acquireMany(budget, 1, ZONE, controller.signal);
    const third = await acquireMany(budget, 1);
    controller.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(second.failed).toHaveLength(1);
    expect(second.failed[0]).toBeInstanceOf(AppFailure);
    expect((second.failed[0] as AppFailure).error.kind).toBe('cancelled');
    expect(budget.state(ZONE).queued).toBe(1);
    first.granted[0]!.done();
    await vi.advanceTimersByTimeAsync(W);
    expect(third.granted).toHaveLength(1);
    await expect(budget.acquire(ZONE, controller.signal)).rejects.toBeInstanceOf(AppFailure);
  });

  it('is one budget for the whole process', () => {
    expect(processRateBudget()).toBe(processRateBudget());
  });

  it('never grants more than 30 in any 10 s window, grants in arrival order, and grants everyone', async () => {
    const caller = fc.record({ arriveAt: fc.oneof(fc.integer({ min: 0, max: 2_000 }), fc.integer({ min: 0, max: 40_000 })), holdMs: fc.integer({ min: 0, max: 3_000 }), zone: fc.integer({ min: 1, max: 2 }) });
    await fc.assert(
      fc.asyncProperty(fc.array(caller, { minLength: 1, maxLength: 200, size: 'max' }), async (callers) => {
        const budget = createRateBudget();
        const asked: { zone: number; order: number }[] = [];
        const grants: { zone: number; order: number; at: number }[] = [];
        callers.forEach((c, i) => {
          setTimeout(() => {
            asked.push({ zone: c.zone, order: i });
            void budget.acquire(c.zone).then((g) => {
              grants.push({ zone: c.zone, order: i, at: g.grantedAt });
              setTimeout(() => g.done(), c.holdMs);
            });
          }, c.arriveAt);
        });
        await vi.advanceTimersByTimeAsync(40_000 + callers.length * (W + 3_000));
        expect(grants).toHaveLength(callers.length);
        for (const zone of [1, 2]) {
          const mine = grants.filter((g) => g.zone === zone);
          expect(mine.map((g) => g.order)).toEqual(asked.filter((a) => a.zone === zone).map((a) => a.order));
          for (const g of mine) expect(mine.filter((o) => o.at >= g.at && o.at < g.at + W).length).toBeLessThanOrEqual(LOG_RATE_LIMIT);
        }
      }),
      { numRuns: 60 },
    );
  });
});
