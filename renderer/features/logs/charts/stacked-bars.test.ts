import { describe, expect, it } from 'vitest';
import { barRects } from './stacked-bars';

// Pixels as uPlot gives them: fractional bucket edges, y growing downwards, the zero line at the bottom (200).
const edges = [10.3, 11.45, 12.6, 13.75, 14.9];

describe('the stacked bars', () => {
  it('sit on whole pixels, each bucket starting exactly where the one before ends', () => {
    const rects = barRects({ edges, tops: [50.4, 120.7, 80.2, 60.6], bottoms: null, zero: 200 });
    expect(rects).toEqual([
      { left: 10, top: 50, width: 1, height: 150 },
      { left: 11, top: 121, width: 2, height: 79 },
      { left: 13, top: 80, width: 1, height: 120 },
      { left: 14, top: 61, width: 1, height: 139 },
    ]);
    for (const r of rects) for (const v of Object.values(r)) expect(Number.isInteger(v)).toBe(true);
    rects.slice(1).forEach((r, k) => expect(r.left).toBe(rects[k]!.left + rects[k]!.width));
  });

  it('draw a series from the edge of the one below it, skipping buckets where it has nothing', () => {
    const below = [150, 200, 120, null];
    const rects = barRects({ edges, tops: [100, 200, 120, 90], bottoms: below, zero: 200 });
    // Bucket 1 is empty (both at zero), bucket 2 has nothing of this series (same edge as below), bucket 3 sits on zero.
    expect(rects).toEqual([
      { left: 10, top: 100, width: 1, height: 50 },
      { left: 14, top: 90, width: 1, height: 110 },
    ]);
  });

  it('merge neighbouring buckets of the same height into one rectangle, and draw nothing for missing values', () => {
    expect(barRects({ edges, tops: [100.2, 99.8, 100, null], bottoms: null, zero: 200 })).toEqual([{ left: 10, top: 100, width: 4, height: 100 }]);
    expect(barRects({ edges: [5], tops: [], bottoms: null, zero: 200 })).toEqual([]);
  });

  it('give a bucket narrower than a pixel that pixel, so more buckets than pixels lose none of them', () => {
    // Three buckets in two pixels: the first two share pixel 0, where the taller one shows.
    expect(barRects({ edges: [0, 0.4, 0.8, 1.4], tops: [150, 100, 120], bottoms: null, zero: 200 })).toEqual([
      { left: 0, top: 150, width: 1, height: 50 },
      { left: 0, top: 100, width: 1, height: 100 },
      { left: 1, top: 120, width: 1, height: 80 },
    ]);
    expect(barRects({ edges: [0, 0.4, 0.6], tops: [10, 10], bottoms: null, zero: 200 })).toEqual([{ left: 0, top: 10, width: 1, height: 190 }]);
  });
});
