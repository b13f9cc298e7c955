/**
 * The charts' data, shaped from the core's aggregates without any drawing: which series a chart shows, the stacked
 * arrays uPlot draws, which series a click on a bucket hit, the time range a drag covers, and the drill-down token
 * of each chart element in the filter text syntax.
 */
import { nounFor } from '../../../../shared/common/plural';
import type { LogAggregates } from '../../../../shared/contract/logs';
import type { FilterKey } from '../../../../shared/logs/filter';
import { formatFilterText, parseFilterValue } from '../../../../shared/logs/filter-text';
import { NO_CACHE_STATUS } from '../../../../shared/logs/cache-status';

/** What the time charts count: requests, or bytes sent. */
export type Measure = 'requests' | 'bytes';

/** The two stacked time charts: by cache status, by status class. */
export type SeriesGroup = 'cache' | 'class';

/** One series of a stacked time chart: its value per bucket and over the whole range. */
export interface StackSeries {
  /** The cache status or status class it counts. */
  readonly key: string;
  readonly values: readonly number[];
  readonly total: number;
  /** The filter token a click on it adds; null when the value has no filter (the `other` status class). */
  readonly token: string | null;
}

/** The filter token that selects one value of a key (`cache:MISS`, `url:"/a b"`), or null when the value cannot be a filter. */
export function drillToken(key: FilterKey, value: string): string | null {
  const r = parseFilterValue(key, value);
  return r.ok ? formatFilterText([r.chip]) : null;
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/**
 * The series of one chart in the core's order. Series that counted no request in the range are left out, so the
 * legend does not list statuses that never occurred — unless `keepEmpty`: the plot holds every series the core
 * counts, so one that first occurs on a later page is new data, not a new plot.
 */
export function seriesOf(aggregates: LogAggregates, group: SeriesGroup, measure: Measure, keepEmpty = false): StackSeries[] {
  const s = aggregates.series;
  const keys = group === 'cache' ? s.cacheStatuses : s.statusClasses;
  const requests = group === 'cache' ? s.requestsByCache : s.requestsByClass;
  const bytes = group === 'cache' ? s.bytesByCache : s.bytesByClass;
  const filterKey: FilterKey = group === 'cache' ? 'cache' : 'status';
  const out: StackSeries[] = [];
  keys.forEach((key, i) => {
    const counted = requests[i] ?? [];
    if (!keepEmpty && sum(counted) === 0) return;
    // Every bucket is present in the aggregates; a short or missing array still reads as zero per bucket.
    const raw = (measure === 'requests' ? counted : bytes[i]) ?? [];
    const values = s.starts.map((_, b) => raw[b] ?? 0);
    out.push({ key, values, total: sum(values), token: drillToken(filterKey, key) });
  });
  return out;
}

/**
 * Cumulative sums of the shown series, bottom of the stack first: the n-th array is the top edge of the n-th
 * series. Bars drawn from zero to these edges, the highest first, look stacked.
 */
export function stackEdges(series: readonly (readonly number[])[]): number[][] {
  const edges: number[][] = [];
  let below: readonly number[] | null = null;
  for (const values of series) {
    const base: readonly number[] | null = below;
    const edge: number[] = values.map((v, b) => v + (base?.[b] ?? 0));
    edges.push(edge);
    below = edge;
  }
  return edges;
}

/**
 * The arrays uPlot draws: bucket starts in seconds (its time unit), then the stack edges from the top of the stack
 * down (so lower series are drawn over higher ones), then the hit ratio in percent when asked for.
 */
export function plotData(starts: readonly number[], shown: readonly StackSeries[], hitRatio: readonly (number | null)[] | null): (number | null)[][] {
  const edges = stackEdges(shown.map((s) => s.values)).reverse();
  const data: (number | null)[][] = [starts.map((t) => t / 1000), ...edges];
  if (hitRatio !== null) data.push(starts.map((_, b) => (hitRatio[b] == null ? null : (hitRatio[b] ?? 0) * 100)));
  return data;
}

/** The fewest requests a bucket's hit ratio is drawn from: over fewer, one request swings it by 5 % or more. */
export const MIN_RATIO_REQUESTS = 20;

/** Cache statuses the hit ratio leaves out either way (the cache never handled the request). */
const OUTSIDE_RATIO = new Set(['BYPASS', '-', NO_CACHE_STATUS]);

/** Per bucket, how many requests count toward its hit ratio (every cache status but BYPASS and none). */
export function ratioBase(aggregates: LogAggregates): number[] {
  const s = aggregates.series;
  return s.starts.map((_, b) => s.cacheStatuses.reduce((n, key, i) => (OUTSIDE_RATIO.has(key) ? n : n + (s.requestsByCache[i]?.[b] ?? 0)), 0));
}

/**
 * The hit ratio per bucket as the chart draws it: only where at least MIN_RATIO_REQUESTS requests count toward it,
 * a gap elsewhere, so a quiet bucket's one request never draws a swing from 0 to 100 %.
 */
export function drawnHitRatio(aggregates: LogAggregates): (number | null)[] {
  const base = ratioBase(aggregates);
  return aggregates.series.hitRatio.map((r, b) => ((base[b] ?? 0) >= MIN_RATIO_REQUESTS ? r : null));
}

/** The series whose segment of bucket `bucket` holds the value `y` (series bottom of the stack first), or null above the stack. */
export function segmentAt(shown: readonly StackSeries[], bucket: number, y: number): StackSeries | null {
  if (!Number.isFinite(y) || y < 0) return null;
  let top = 0;
  for (const s of shown) {
    const v = s.values[bucket] ?? 0;
    top += v;
    if (v > 0 && y <= top) return s;
  }
  return null;
}

/** The bucket holding time `t` (ms), clamped to the buckets there are; null when there are none. */
export function bucketAt(starts: readonly number[], bucketMs: number, t: number): number | null {
  if (starts.length === 0 || !Number.isFinite(t)) return null;
  const first = starts[0] ?? 0;
  const i = Math.floor((t - first) / bucketMs);
  return Math.max(0, Math.min(starts.length - 1, i));
}

/**
 * The time range a drag from `t0` to `t1` (ms, either order) covers, on bucket edges: from the start of the first
 * bucket touched to the end of the last.
 */
export function zoomRange(starts: readonly number[], bucketMs: number, t0: number, t1: number): { from: number; to: number } | null {
  const a = bucketAt(starts, bucketMs, Math.min(t0, t1));
  // The drag's right end sits on the next bucket's first pixel when it stops on an edge: that bucket is not in it.
  const b = bucketAt(starts, bucketMs, Math.max(t0, t1) - 1);
  if (a === null || b === null) return null;
  return { from: starts[a] ?? 0, to: (starts[Math.max(a, b)] ?? 0) + bucketMs };
}

// One formatter for every label: toLocaleString builds a new one per call, and axes and legends format hundreds.
const COUNT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A count in full with thousands separators ("12,345"). */
export function formatCount(n: number): string {
  return COUNT.format(Math.round(n));
}

/** A count and its noun in the right number: "1 request", "2,500 requests". */
export function formatCountOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(n)} ${nounFor(n, singular, plural)}`;
}

/** A fraction (0–1) as a percent with one decimal ("70.0 %"), or "–" when there is none. */
export function formatRatio(ratio: number | null): string {
  return ratio === null || !Number.isFinite(ratio) ? '–' : `${(ratio * 100).toFixed(1)} %`;
}

/** Every chart's subtitle: how many rows it was drawn from, and whether more exist. */
export function subtitleOf(aggregates: LogAggregates): string {
  const rows = nounFor(aggregates.rows, 'row');
  const n = formatCount(aggregates.rows);
  return aggregates.partial ? `from ${n} loaded ${rows} — partial` : `${n} ${rows}`;
}
