/**
 * A time chart's uPlot options, from what gives the plot its make-up only — the series it lists, the ratio line,
 * the measure and time zone of its axes, the range — never from the values drawn, so new aggregates over the same
 * range keep the plot and only hand it new data.
 */
import uPlot from 'uplot';
import { cacheColorVar, statusClassColorVar, type TimeZoneMode } from '../view-types';
import { byteTickLabels, byteTicks, countTicks, formatChartBytes } from './axis';
import { formatCount, type Measure, type SeriesGroup } from './chart-data';
import { stackedBars } from './stacked-bars';
import { axisTimeLabels, chartTzDate } from './time-format';
import type { PlotOptions } from './UPlotCanvas';

/** The value of a CSS colour variable on the document (so the charts follow the theme), or `fallback` without one. */
function cssColor(name: string, fallback = '#6e7781'): string {
  if (typeof document === 'undefined') return fallback;
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value === '' ? fallback : value;
}

/** What a time chart's plot is made of. */
export interface ChartSpec {
  /** The stacked series, bottom of the stack first (the core's order). */
  readonly keys: readonly string[];
  readonly group: SeriesGroup;
  readonly measure: Measure;
  readonly timeZone: TimeZoneMode;
  /** Draw the hit ratio as a line on a 0–100 % axis. */
  readonly drawRatio: boolean;
  readonly bucketMs: number;
  /** At most this many value ticks (a short plot has room for fewer labels); the axis' default otherwise. */
  readonly maxTicks?: number;
  /** The histogram strip: a one-line time axis in a small font, so the short plot keeps its height for the bars. */
  readonly compact?: boolean;
}

/** A series' colour variable: its cache status' or status class', as the table's chips use it. */
export function seriesColorVar(group: SeriesGroup, key: string): string {
  return group === 'cache' ? cacheColorVar(key) : statusClassColorVar(key);
}

/** Values in full: counts with separators, bytes in decimal units (kB, MB, GB). */
export function formatterOf(measure: Measure): (v: number) => string {
  return measure === 'bytes' ? formatChartBytes : formatCount;
}

/** The value axis' width on the left, in CSS pixels. */
export const LEFT_AXIS_PX = 64;
/** The space on the right: the hit ratio's axis where it is drawn, empty otherwise, so every chart's plot lines up. */
export const RIGHT_GUTTER_PX = 60;
/** The strip's time axis: one line of small labels. */
const COMPACT_X_AXIS_PX = 22;
const COMPACT_AXIS_FONT = '11px system-ui, sans-serif';
/** Space above the plot for the top tick's label. */
const TOP_PAD_PX = 10;

/** The width of the plotting area of a chart `width` CSS pixels wide: where the buckets are drawn. */
export function plotWidthOf(width: number): number {
  return Math.max(0, width - LEFT_AXIS_PX - RIGHT_GUTTER_PX);
}

/** The value axis' ticks over [0, max] for a measure: whole counts, or round byte amounts. */
export function valueTicks(measure: Measure, max: number, maxTicks?: number): number[] {
  return measure === 'bytes' ? byteTicks(max, maxTicks) : countTicks(max, maxTicks);
}

/** The labels of a value axis' ticks. */
export function valueLabels(measure: Measure, ticks: readonly number[]): string[] {
  return measure === 'bytes' ? byteTickLabels(ticks, (ticks[1] ?? 1) - (ticks[0] ?? 0)) : ticks.map(formatCount);
}

/**
 * The options of the plot that draws `plotData(starts, series, ratio)`: the stack's top edges from the top of the
 * stack down (each drawn from the edge below it), then the ratio line when asked for.
 */
export function chartOptions(spec: ChartSpec): PlotOptions {
  const { keys, group, measure, timeZone, drawRatio, bucketMs, maxTicks, compact = false } = spec;
  const muted = cssColor('--fg-muted');
  const grid = { stroke: cssColor('--border', '#d5d8df'), width: 1 };
  const n = keys.length;
  const stacked: uPlot.Series[] = [...keys].reverse().map((key, k) => {
    const color = cssColor(seriesColorVar(group, key));
    // Data index k + 1 holds this series' top edge; the series below it is the next one, the last sits on zero.
    const below = k + 2 <= n ? k + 2 : null;
    return { label: key, fill: color, stroke: color, width: 0, paths: stackedBars(below, bucketMs / 1000), points: { show: false } };
  });
  // A one-pixel line: a software canvas strokes it as a hairline, while a wider one over hundreds of buckets costs
  // tens of milliseconds to outline.
  const ratio: uPlot.Series[] = drawRatio
    ? [{ label: 'Hit ratio', scale: '%', stroke: cssColor('--fg', '#1b1d22'), width: 1, spanGaps: false, points: { show: false } }]
    : [];
  const axes: uPlot.Axis[] = [
    {
      stroke: muted,
      grid,
      ticks: grid,
      ...(compact ? { size: COMPACT_X_AXIS_PX, font: COMPACT_AXIS_FONT, gap: 2 } : {}),
      values: (_u, splits) => axisTimeLabels(timeZone, splits, compact),
    },
    {
      stroke: muted,
      grid,
      ticks: grid,
      size: LEFT_AXIS_PX,
      ...(compact ? { font: COMPACT_AXIS_FONT } : {}),
      splits: (_u, _axis, _min, max) => valueTicks(measure, max, maxTicks),
      values: (u, splits) => {
        const labels = valueLabels(measure, splits);
        // The labels drawn, on the plot's element: the canvas holds them only as pixels.
        u.root.parentElement?.setAttribute('data-y-ticks', labels.join('|'));
        return labels;
      },
    },
  ];
  if (drawRatio) axes.push({ scale: '%', side: 1, size: RIGHT_GUTTER_PX, stroke: muted, grid: { show: false }, values: (_u, splits) => splits.map((v) => `${v} %`) });
  return {
    // Fixed sides, so the plot's width is the element's less the axes (plotWidthOf) on every chart.
    padding: [TOP_PAD_PX, drawRatio ? 0 : RIGHT_GUTTER_PX, 0, 0],
    tzDate: chartTzDate(timeZone),
    legend: { show: false },
    cursor: { drag: { x: true, y: false, setScale: false, dist: 5 }, points: { show: false } },
    scales: {
      // From the first bucket's start to the last one's end, read from the data: a range that moves on by a bucket
      // (a preset ending now, queried again) is new data for the same plot, not a new plot.
      x: { time: true, range: (_u, min, max) => (min == null || max == null ? [0, 1] : [min, max + spec.bucketMs / 1000]) },
      y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.05 : 1] },
      '%': { range: [0, 100] },
    },
    series: [{}, ...stacked, ...ratio],
    axes,
  };
}
