/**
 * What a time chart hands its plot: the series, the arrays to draw and the options. The options object changes
 * only with the plot's make-up (the series the core counts, the ratio line, measure, time zone, bucket size), so
 * aggregates that only bring new values — every page of "load all", even one where a status first occurs — keep
 * the plot and give it new data; a series hidden from the legend stays in the plot with nothing in it, so toggling
 * is new data too.
 */
import { useMemo } from 'react';
import type uPlot from 'uplot';
import type { LogAggregates } from '../../../../shared/contract/logs';
import type { TimeZoneMode } from '../view-types';
import { drawnHitRatio, plotData, seriesOf, type Measure, type SeriesGroup, type StackSeries } from './chart-data';
import { chartOptions } from './chart-options';
import type { PlotOptions } from './UPlotCanvas';

export interface PlotModelInput {
  readonly aggregates: LogAggregates;
  readonly group: SeriesGroup;
  readonly measure: Measure;
  readonly timeZone: TimeZoneMode;
  readonly drawRatio: boolean;
  /** Series the legend switched off. */
  readonly hidden: ReadonlySet<string>;
  /** At most this many value ticks (the short histogram strip); the axis' default otherwise. */
  readonly maxTicks?: number;
  /** The histogram strip's one-line axis. */
  readonly compact?: boolean;
}

export interface PlotModel {
  /** Every series that counted something, shown or not (the legend lists them all). */
  readonly all: readonly StackSeries[];
  /** The series drawn (what a click on a bar can hit). */
  readonly shown: readonly StackSeries[];
  readonly data: uPlot.AlignedData;
  readonly options: PlotOptions;
}

export function usePlotModel({ aggregates, group, measure, timeZone, drawRatio, hidden, maxTicks, compact = false }: PlotModelInput): PlotModel {
  const { starts, bucketMs } = aggregates.series;
  // Only buckets with enough requests draw a ratio; the rest leave a gap in the line.
  const hitRatio = useMemo(() => drawnHitRatio(aggregates), [aggregates]);
  const all = useMemo(() => seriesOf(aggregates, group, measure), [aggregates, group, measure]);
  const shown = useMemo(() => all.filter((s) => !hidden.has(s.key)), [all, hidden]);
  // The plot holds every series the core counts, empty or hidden ones with nothing in them.
  const plotted = useMemo(
    () => seriesOf(aggregates, group, measure, true).map((s) => (hidden.has(s.key) ? { ...s, values: s.values.map(() => 0) } : s)),
    [aggregates, group, measure, hidden],
  );
  const data = useMemo(() => plotData(starts, plotted, drawRatio ? hitRatio : null) as uPlot.AlignedData, [starts, plotted, drawRatio, hitRatio]);
  // Compared by value: each fetch of the aggregates brings new arrays with the same keys.
  const keys = JSON.stringify(plotted.map((s) => s.key));
  // The time span is not part of it: the x scale follows the data, so a range that moves on keeps the plot.
  const options = useMemo(
    () => chartOptions({ keys: JSON.parse(keys) as string[], group, measure, timeZone, drawRatio, bucketMs, compact, ...(maxTicks !== undefined ? { maxTicks } : {}) }),
    [keys, group, measure, timeZone, drawRatio, bucketMs, maxTicks, compact],
  );
  return { all, shown, data, options };
}
