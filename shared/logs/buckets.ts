/**
 * The charts' time buckets: a ladder of round steps, and the rule that picks one for a range drawn at a width —
 * the smallest step whose every bucket is at least a few pixels wide and whose buckets are few enough to read.
 * Buckets start on multiples of their size since the UNIX epoch (see `bucketStart`), so the count includes the
 * partial buckets at either end of the range.
 */
import { bucketCount } from './range.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The round steps a chart bucket may have, smallest first. */
export const BUCKET_LADDER_MS: readonly number[] = [
  SECOND,
  5 * SECOND,
  15 * SECOND,
  30 * SECOND,
  MINUTE,
  5 * MINUTE,
  15 * MINUTE,
  30 * MINUTE,
  HOUR,
  3 * HOUR,
  6 * HOUR,
  DAY,
];

/** The narrowest a bucket may be drawn, in CSS pixels: below it stacked bars turn into stripes. */
export const MIN_BUCKET_PX = 6;
/** The most buckets one chart draws: more cannot be told apart or hovered one by one. */
export const MAX_BUCKETS = 150;

/** Whether `sizeMs` buckets over [from, to) drawn across `widthPx` keep both limits. */
export function bucketFits(from: number, to: number, widthPx: number, sizeMs: number): boolean {
  const n = Math.max(1, bucketCount(from, to, sizeMs));
  return n <= MAX_BUCKETS && widthPx / n >= MIN_BUCKET_PX;
}

/**
 * The bucket for a range [from, to) drawn `widthPx` wide: the smallest step of the ladder that keeps every bucket
 * at least MIN_BUCKET_PX wide and at most MAX_BUCKETS of them; the largest step when none does (a range longer than
 * the logs are kept, or a plot narrower than a few buckets).
 */
export function bucketForWidth(from: number, to: number, widthPx: number): number {
  for (const step of BUCKET_LADDER_MS) if (bucketFits(from, to, widthPx, step)) return step;
  return BUCKET_LADDER_MS[BUCKET_LADDER_MS.length - 1] ?? DAY;
}

/** A bucket size in words for the chart: "5-minute buckets", "1-second buckets", "1-day buckets". */
export function bucketLabel(sizeMs: number): string {
  const units: readonly (readonly [number, string])[] = [
    [DAY, 'day'],
    [HOUR, 'hour'],
    [MINUTE, 'minute'],
    [SECOND, 'second'],
  ];
  for (const [ms, name] of units) {
    if (sizeMs >= ms && sizeMs % ms === 0) return `${sizeMs / ms}-${name} buckets`;
  }
  return `${sizeMs} ms buckets`;
}
