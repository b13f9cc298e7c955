import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SpeedMeter } from './speed.js';

describe('speed and ETA', () => {
  it('says nothing in the first second, and no ETA for the first three', () => {
    const m = new SpeedMeter(0);
    m.sample(500, 500);
    expect(m.view(10_000, 500)).toEqual({ speed: null, eta: null });
    m.sample(2000, 2000);
    expect(m.view(10_000, 2000)).toEqual({ speed: 1000, eta: null });
    m.sample(3000, 3000);
    expect(m.view(10_000, 3000)).toEqual({ speed: 1000, eta: 7 });
  });

  it('measures over a window of at least five seconds, so a burst does not swing it', () => {
    const m = new SpeedMeter(0);
    for (let t = 1000; t <= 10_000; t += 1000) m.sample(t, t); // 1000 B/s for ten seconds
    m.sample(20_000, 10_500); // a burst of 9.5 kB in half a second
    const { speed } = m.view(100_000, 10_500);
    // Over the last five seconds and more, not the last half second (which would say 19 kB/s).
    expect(speed).toBeGreaterThan(2000);
    expect(speed).toBeLessThan(3000);
  });

  it('hides the ETA while paused and when nothing moves, and slows down when stalled', () => {
    const m = new SpeedMeter(0);
    m.sample(5000, 5000);
    m.setPaused(true);
    expect(m.view(10_000, 5000)).toEqual({ speed: null, eta: null });
    m.setPaused(false);
    expect(m.view(10_000, 10_000).speed).toBe(500);
    const idle = new SpeedMeter(0);
    expect(idle.view(10_000, 60_000)).toEqual({ speed: 0, eta: null });
  });

  it('never answers NaN or Infinity, whatever the samples', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: -10, max: 1e12 }), fc.integer({ min: 0, max: 1e7 }))), fc.nat(), (samples, total) => {
        const m = new SpeedMeter(0);
        let at = 0;
        for (const [bytes, dt] of samples) {
          at += dt;
          m.sample(bytes, at);
          const v = m.view(total, at);
          for (const x of [v.speed, v.eta]) if (x !== null) expect(Number.isFinite(x) && x >= 0).toBe(true);
        }
      }),
    );
  });
});
