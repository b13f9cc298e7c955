import { describe, expect, it } from 'vitest';
import { BandwidthCap, MAX_CAP, MIN_CAP, MIN_GRAIN, validCap, type BandwidthClock } from './bandwidth.js';

/** A clock that moves only when the test runs its next timer. */
class VirtualClock implements BandwidthClock {
  time = 0;
  #timers = new Map<number, { at: number; fn: () => void }>();
  #next = 1;
  now = () => this.time;
  setTimeout = (fn: () => void, ms: number): unknown => {
    const id = this.#next++;
    this.#timers.set(id, { at: this.time + ms, fn });
    return id;
  };
  clearTimeout = (h: unknown) => {
    this.#timers.delete(h as number);
  };
  /** Runs the earliest timer (moving the clock to it); false when none is set. */
  fire(): boolean {
    let first: [number, { at: number; fn: () => void }] | undefined;
    for (const entry of this.#timers) if (!first || entry[1].at < first[1].at) first = entry;
    if (!first) return false;
    this.#timers.delete(first[0]);
    this.time = Math.max(this.time, first[1].at);
    first[1].fn();
    return true;
  }
}

const flush = () => new Promise<void>((r) => setImmediate(r));

/** Uploaders that each ask for a grain at a time, forever; counts what each was granted. */
function uploaders(cap: BandwidthCap, n: number, signal: AbortSignal): number[] {
  const sent = new Array<number>(n).fill(0);
  for (let i = 0; i < n; i++) {
    void (async () => {
      for (;;) {
        const size = Math.min(4 * 1024 * 1024, cap.grain());
        await cap.take(size, signal);
        sent[i] = (sent[i] ?? 0) + size;
      }
    })().catch(() => undefined);
  }
  return sent;
}

/** Runs timers until the virtual clock reaches `ms`. */
async function runUntil(clock: VirtualClock, ms: number): Promise<void> {
  await flush();
  while (clock.time < ms) {
    if (!clock.fire()) throw new Error('nothing is waiting on the clock');
    await flush();
  }
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

describe('the bandwidth cap', () => {
  it('holds three uploaders together to 1 MB/s over 10 s, each getting a fair share', async () => {
    const clock = new VirtualClock();
    const cap = new BandwidthCap(1_000_000, clock);
    const stop = new AbortController();
    const sent = uploaders(cap, 3, stop.signal);
    await runUntil(clock, 10_000);
    stop.abort();
    const rate = sum(sent) / (clock.time / 1000);
    expect(rate).toBeGreaterThan(900_000);
    expect(rate).toBeLessThan(1_100_000);
    for (const s of sent) expect(Math.abs(s - sum(sent) / 3)).toBeLessThanOrEqual(cap.grain());
  });

  it('changes rate while uploads wait: 5 s at 1 MB/s then 5 s at 4 MB/s', async () => {
    const clock = new VirtualClock();
    const cap = new BandwidthCap(1_000_000, clock);
    const stop = new AbortController();
    const sent = uploaders(cap, 2, stop.signal);
    await runUntil(clock, 5_000);
    const first = sum(sent);
    cap.setRate(4_000_000);
    await runUntil(clock, 10_000);
    stop.abort();
    expect(first / 5).toBeGreaterThan(900_000);
    expect(first / 5).toBeLessThan(1_100_000);
    expect((sum(sent) - first) / 5).toBeGreaterThan(3_600_000);
    expect((sum(sent) - first) / 5).toBeLessThan(4_400_000);
  });

  it('lets waiting uploads go at once when the cap is turned off, and grants everything while off', async () => {
    const clock = new VirtualClock();
    const cap = new BandwidthCap(MIN_CAP, clock);
    const signal = new AbortController().signal;
    await cap.take(MIN_CAP * 10, signal); // overdraws: the next take must wait about ten seconds
    let granted = false;
    const waiting = cap.take(1, signal).then(() => (granted = true));
    await flush();
    expect(granted).toBe(false);
    cap.setRate(null);
    await waiting;
    expect(clock.time).toBe(0);
    expect(cap.grain()).toBe(Infinity);
    await cap.take(10 ** 12, signal);
  });

  it('drops an aborted waiter without holding up the next one', async () => {
    const clock = new VirtualClock();
    const cap = new BandwidthCap(1_000_000, clock);
    const other = new AbortController().signal;
    await cap.take(1_000_000, other);
    const gone = new AbortController();
    const first = cap.take(500_000, gone.signal);
    let second = false;
    const next = cap.take(500_000, other).then(() => (second = true));
    gone.abort(new Error('paused'));
    await expect(first).rejects.toThrow('paused');
    await runUntil(clock, 900); // the 900 kB overdrawn at 1 MB/s, and no more: the aborted 500 kB was never charged
    await next;
    expect(second).toBe(true);
    expect(clock.time).toBe(900);
    await expect(cap.take(1, gone.signal)).rejects.toThrow('paused');
  });

  it('refuses rates outside its bounds and grains no smaller than its floor', () => {
    expect(validCap(null)).toBe(true);
    expect(validCap(MIN_CAP)).toBe(true);
    expect(validCap(MAX_CAP)).toBe(true);
    for (const bad of [MIN_CAP - 1, MAX_CAP + 1, 1.5 * MIN_CAP + 0.5, 0, -1, Number.NaN]) expect(validCap(bad)).toBe(false);
    expect(() => new BandwidthCap(0)).toThrow(RangeError);
    expect(() => new BandwidthCap(1_000_000).setRate(-5)).toThrow(RangeError);
    expect(new BandwidthCap(MIN_CAP).grain()).toBe(MIN_GRAIN);
    expect(new BandwidthCap(1_000_000).grain()).toBe(100_000);
  });
});
