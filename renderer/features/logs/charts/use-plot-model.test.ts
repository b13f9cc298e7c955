// @vitest-environment happy-dom
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LogAggregates } from '../../../../shared/contract/logs';
import { anAggregates } from './testing/fixtures';
import { usePlotModel, type PlotModelInput } from './use-plot-model';

/** The fixture's aggregates with every count multiplied: the next page of the same range, as the core sends it. */
function nextPage(times: number): LogAggregates {
  const a = anAggregates();
  const scale = (rows: readonly (readonly number[])[]) => rows.map((r) => r.map((n) => n * times));
  return anAggregates({
    rows: a.rows * times,
    series: { ...a.series, starts: [...a.series.starts], requestsByCache: scale(a.series.requestsByCache), bytesByCache: scale(a.series.bytesByCache), requestsByClass: scale(a.series.requestsByClass), bytesByClass: scale(a.series.bytesByClass) },
  });
}

const base: PlotModelInput = { aggregates: anAggregates(), group: 'cache', measure: 'requests', timeZone: 'utc', drawRatio: true, hidden: new Set() };

describe('what a time chart hands its plot', () => {
  it('keeps the same options while new aggregates only bring new values, and hands over the new values', () => {
    const { result, rerender } = renderHook((p: PlotModelInput) => usePlotModel(p), { initialProps: base });
    const before = result.current;
    // Bucket starts in seconds, then every cache status' top edge from the top of the stack down (EXPIRED first,
    // HIT last: HIT is at the bottom), then the ratio in %. Statuses that never occurred are flat on the one below.
    expect(before.options.series.map((s) => s.label)).toEqual([undefined, 'EXPIRED', '-', 'UPDATING', 'STALE', 'REVALIDATED', 'BYPASS', 'MISS', 'HIT', 'Hit ratio']);
    expect(before.data.slice(1, 9)).toEqual([
      [6, 0, 6],
      [6, 0, 6],
      [6, 0, 5],
      [6, 0, 5],
      [6, 0, 5],
      [6, 0, 5],
      [6, 0, 5],
      [5, 0, 3],
    ]);
    rerender({ ...base, aggregates: nextPage(10) });
    expect(result.current.options).toBe(before.options);
    expect(result.current.data).not.toBe(before.data);
    expect(result.current.data[1]).toEqual([60, 0, 60]);
    expect(result.current.all.map((s) => s.total)).toEqual([80, 30, 10]);
    // A status that first occurs on a later page is new data for the same plot, and the legend lists it.
    const a = anAggregates();
    rerender({ ...base, aggregates: anAggregates({ series: { ...a.series, requestsByCache: a.series.requestsByCache.map((r, i) => (i === 2 ? [0, 1, 0] : r)) } }) });
    expect(result.current.options).toBe(before.options);
    expect(result.current.all.map((s) => s.key)).toEqual(['HIT', 'MISS', 'BYPASS', '-']);
  });

  it('build new options when the plot is made of something else: the measure, the zone, the ratio line, the bucket size', () => {
    const { result, rerender } = renderHook((p: PlotModelInput) => usePlotModel(p), { initialProps: base });
    const seen = [result.current.options];
    rerender({ ...base, measure: 'bytes' });
    seen.push(result.current.options);
    rerender({ ...base, measure: 'bytes', timeZone: 'local' });
    seen.push(result.current.options);
    rerender({ ...base, measure: 'bytes', timeZone: 'local', drawRatio: false });
    seen.push(result.current.options);
    expect(result.current.options.series.map((s) => s.label)).not.toContain('Hit ratio');
    const a = anAggregates();
    const shifted = anAggregates({ series: { ...a.series, starts: a.series.starts.map((t) => t + 3_600_000) } });
    rerender({ ...base, measure: 'bytes', timeZone: 'local', drawRatio: false, aggregates: shifted });
    // A range that moved on by whole buckets is new data for the same plot; its x scale follows the data.
    expect(result.current.options).toBe(seen.at(-1));
    const xRange = result.current.options.scales?.x?.range as (u: unknown, min: number | null, max: number | null) => [number, number];
    const starts = shifted.series.starts;
    expect(xRange(null, starts[0]! / 1000, starts.at(-1)! / 1000)).toEqual([starts[0]! / 1000, (starts.at(-1)! + shifted.series.bucketMs) / 1000]);
    rerender({ ...base, measure: 'bytes', timeZone: 'local', drawRatio: false, aggregates: anAggregates({ series: { ...a.series, bucketMs: a.series.bucketMs * 2 } }) });
    seen.push(result.current.options);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('keep a series hidden from the legend in the plot with nothing in it, so toggling is new data only', () => {
    const { result, rerender } = renderHook((p: PlotModelInput) => usePlotModel(p), { initialProps: base });
    const before = result.current;
    rerender({ ...base, hidden: new Set(['MISS']) });
    expect(result.current.options).toBe(before.options);
    // MISS's edge now equals the edge below it (HIT's): a segment of no height, and '-' sits right on HIT.
    expect(result.current.data[2]).toEqual([5, 0, 4]);
    expect(result.current.data[7]).toEqual([5, 0, 3]);
    expect(result.current.data[8]).toEqual([5, 0, 3]);
    expect(result.current.shown.map((s) => s.key)).toEqual(['HIT', '-']);
    expect(result.current.all.map((s) => s.key)).toEqual(['HIT', 'MISS', '-']);
  });

  it('hand the plot a hit ratio with gaps where a bucket has fewer than 20 requests to tell it', () => {
    // The fixture's buckets count 6, 0 and 3 requests toward the ratio: none is drawn.
    const { result, rerender } = renderHook((p: PlotModelInput) => usePlotModel(p), { initialProps: base });
    expect(result.current.data.at(-1)).toEqual([null, null, null]);
    const a = anAggregates();
    const busy = a.series.requestsByCache.map((r, i) => (i === 0 ? [50, 0, 3] : i === 1 ? [25, 0, 2] : r));
    rerender({ ...base, aggregates: anAggregates({ series: { ...a.series, requestsByCache: busy, hitRatio: [50 / 75, null, 3 / 6] } }) });
    expect(result.current.data.at(-1)).toEqual([(50 / 75) * 100, null, null]);
  });
});
