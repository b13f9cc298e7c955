/** Times on the charts' axes and in their hover read-outs, in UTC or the machine's zone as the screen chose. */
import uPlot from 'uplot';
import type { TimeZoneMode } from '../view-types';

/** uPlot's `tzDate`: the Date whose local fields show a timestamp (seconds) in the chosen zone. */
export function chartTzDate(mode: TimeZoneMode): (ts: number) => Date {
  return mode === 'utc' ? (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC') : (ts) => new Date(ts * 1000);
}

const two = (n: number) => String(n).padStart(2, '0');

function parts(ms: number, mode: TimeZoneMode) {
  const d = new Date(ms);
  return mode === 'utc'
    ? { y: d.getUTCFullYear(), mo: d.getUTCMonth() + 1, d: d.getUTCDate(), h: d.getUTCHours(), mi: d.getUTCMinutes(), s: d.getUTCSeconds() }
    : { y: d.getFullYear(), mo: d.getMonth() + 1, d: d.getDate(), h: d.getHours(), mi: d.getMinutes(), s: d.getSeconds() };
}

/**
 * A bucket as "2024-05-01 14:05–14:10 UTC" (the end's date too when it falls on another day), with seconds
 * ("14:05:15–14:05:30") for buckets shorter than a minute.
 */
export function formatBucket(start: number, bucketMs: number, mode: TimeZoneMode): string {
  const a = parts(start, mode);
  const b = parts(start + bucketMs, mode);
  const day = (p: typeof a) => `${p.y}-${two(p.mo)}-${two(p.d)}`;
  const time = (p: typeof a) => `${two(p.h)}:${two(p.mi)}${bucketMs < 60_000 ? `:${two(p.s)}` : ''}`;
  const end = day(a) === day(b) ? time(b) : `${day(b)} ${time(b)}`;
  return `${day(a)} ${time(a)}–${end} ${mode === 'utc' ? 'UTC' : 'local time'}`;
}

/**
 * The time axis' labels (uPlot seconds): 24-hour "HH:mm" ("HH:mm:ss" where ticks are less than a minute apart, so
 * no two read the same), with the date on a second line at the first tick and wherever the day changes (before
 * the time, on the same line, when `oneLine`).
 */
export function axisTimeLabels(mode: TimeZoneMode, splits: readonly number[], oneLine = false): string[] {
  let lastDay = '';
  const seconds = splits.some((ts, i) => i > 0 && ts - (splits[i - 1] ?? ts) < 60) || splits.some((ts) => ts % 60 !== 0);
  return splits.map((ts) => {
    const p = parts(ts * 1000, mode);
    const day = `${p.y}-${two(p.mo)}-${two(p.d)}`;
    const label = `${two(p.h)}:${two(p.mi)}${seconds ? `:${two(p.s)}` : ''}`;
    if (day === lastDay) return label;
    lastDay = day;
    // A short axis (the histogram strip) has one line: the month and day go before the time instead of under it.
    return oneLine ? `${two(p.mo)}-${two(p.d)} ${label}` : `${label}\n${day}`;
  });
}
