import { describe, expect, it } from 'vitest';
import { BUCKET_LADDER_MS, bucketFits, bucketForWidth, bucketLabel, MAX_BUCKETS, MIN_BUCKET_PX } from './buckets.js';
import { bucketCount } from './range.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

// Widths of a plot from a narrow window to a wide screen, and ranges from a minute to the 3 days logs are kept,
// starting at moments that fall on and between bucket edges.
const WIDTHS = Array.from({ length: (2400 - 300) / 25 + 1 }, (_, i) => 300 + i * 25);
const SPANS = [MIN, 5 * MIN, 15 * MIN, 37 * MIN, HOUR, 90 * MIN, 3 * HOUR, 6 * HOUR, 12 * HOUR, DAY, 30 * HOUR, 2 * DAY, 3 * DAY];
const STARTS = [Date.UTC(2026, 4, 9, 0, 0, 0), Date.UTC(2026, 4, 9, 13, 7, 23, 456)];

describe('the bucket ladder', () => {
  it('keeps every bucket at least 6 px wide and at most 150 of them, with the smallest step that does, for 300–2,400 px and 1 min–3 days', () => {
    let checked = 0;
    for (const width of WIDTHS) {
      for (const span of SPANS) {
        for (const from of STARTS) {
          const to = from + span;
          const size = bucketForWidth(from, to, width);
          const n = bucketCount(from, to, size);
          expect(BUCKET_LADDER_MS).toContain(size);
          expect(n, `${width} px, ${span} ms: ${size} ms buckets`).toBeLessThanOrEqual(MAX_BUCKETS);
          expect(width / n, `${width} px, ${span} ms: ${size} ms buckets`).toBeGreaterThanOrEqual(MIN_BUCKET_PX);
          // The step below it breaks a limit: the chart is as fine as the width allows.
          const below = BUCKET_LADDER_MS[BUCKET_LADDER_MS.indexOf(size) - 1];
          if (below !== undefined) expect(bucketFits(from, to, width, below), `${width} px, ${span} ms: ${below} ms would fit`).toBe(false);
          checked++;
        }
      }
    }
    expect(checked).toBe(WIDTHS.length * SPANS.length * STARTS.length);
  });

  it('picks steps a person would expect at a 1280 px window', () => {
    const from = Date.UTC(2026, 4, 9, 10, 0);
    const width = 1100;
    expect(bucketForWidth(from, from + 15 * MIN, width)).toBe(15_000);
    expect(bucketForWidth(from, from + HOUR, width)).toBe(30_000);
    expect(bucketForWidth(from, from + DAY, width)).toBe(15 * MIN);
    expect(bucketForWidth(from, from + 3 * DAY, width)).toBe(30 * MIN);
    // Narrower, the same day gets coarser buckets.
    expect(bucketForWidth(from, from + DAY, 250)).toBe(HOUR);
  });

  it('falls back to the largest step when nothing fits', () => {
    const from = Date.UTC(2026, 4, 9);
    expect(bucketForWidth(from, from + 400 * DAY, 1000)).toBe(DAY);
    expect(bucketForWidth(from, from + HOUR, 3)).toBe(DAY);
  });

  it('names the step on the chart', () => {
    expect(BUCKET_LADDER_MS.map(bucketLabel)).toEqual([
      '1-second buckets',
      '5-second buckets',
      '15-second buckets',
      '30-second buckets',
      '1-minute buckets',
      '5-minute buckets',
      '15-minute buckets',
      '30-minute buckets',
      '1-hour buckets',
      '3-hour buckets',
      '6-hour buckets',
      '1-day buckets',
    ]);
    expect(bucketLabel(90_000)).toBe('90-second buckets');
    expect(bucketLabel(1500)).toBe('1500 ms buckets');
  });
});
