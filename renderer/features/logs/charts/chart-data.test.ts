import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFilterText } from '../../../../shared/logs/filter-text';
import { bucketAt, drawnHitRatio, drillToken, plotData, ratioBase, segmentAt, seriesOf, stackEdges, subtitleOf, zoomRange, type StackSeries } from './chart-data';
import { anAggregates, T0 } from './testing/fixtures';
import { axisTimeLabels, formatBucket } from './time-format';

describe('drill tokens', () => {
  it('are filter text that parses back to the value', () => {
    expect(drillToken('cache', 'MISS')).toBe('cache:MISS');
    expect(drillToken('cache', '-')).toBe('cache:-');
    expect(drillToken('status', '5xx')).toBe('status:5xx');
    expect(drillToken('country', 'DE')).toBe('country:DE');
    expect(drillToken('pop', 'WA')).toBe('pop:WA');
    expect(drillToken('url', '/video/a.mp4')).toBe('url:/video/a.mp4');
    expect(drillToken('url', '/my "file".txt')).toBe('url:"/my \\"file\\".txt"');
    const back = parseFilterText(drillToken('url', '/my "file".txt') ?? '');
    expect(back).toEqual({ ok: true, filter: [{ key: 'url', negated: false, value: '/my "file".txt' }] });
  });

  it('are null for values no filter can select', () => {
    expect(drillToken('status', 'other')).toBeNull();
    expect(drillToken('pop', '')).toBeNull();
    expect(drillToken('country', 'Germany')).toBeNull();
  });

  it('round-trip any URL text', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 60 }).filter((s) => s.trim() !== ''), (url) => {
        const token = drillToken('url', url);
        expect(token).not.toBeNull();
        const back = parseFilterText(token ?? '');
        expect(back).toEqual({ ok: true, filter: [{ key: 'url', negated: false, value: url }] });
      }),
    );
  });
});

describe('series', () => {
  it('keeps the core order, leaves out series with no request and carries each one its token', () => {
    const cache = seriesOf(anAggregates(), 'cache', 'requests');
    expect(cache.map((s) => [s.key, s.values, s.total, s.token])).toEqual([
      ['HIT', [5, 0, 3], 8, 'cache:HIT'],
      ['MISS', [1, 0, 2], 3, 'cache:MISS'],
      ['-', [0, 0, 1], 1, 'cache:-'],
    ]);
    const classes = seriesOf(anAggregates(), 'class', 'bytes');
    expect(classes.map((s) => [s.key, s.values, s.token])).toEqual([
      ['2xx', [9000, 0, 6000], 'status:2xx'],
      ['5xx', [0, 0, 3000], 'status:5xx'],
    ]);
    // For the plot, every series the core counts, those with nothing as zeros.
    const every = seriesOf(anAggregates(), 'class', 'requests', true);
    expect(every.map((s) => [s.key, s.total])).toEqual([['1xx', 0], ['2xx', 10], ['3xx', 0], ['4xx', 0], ['5xx', 2], ['other', 0]]);
    expect(every[0]?.values).toEqual([0, 0, 0]);
  });

  it('reads a missing bucket as zero', () => {
    const a = anAggregates();
    const short = { ...a, series: { ...a.series, requestsByCache: [[5, 0], ...a.series.requestsByCache.slice(1)] } };
    expect(seriesOf(short, 'cache', 'requests')[0]?.values).toEqual([5, 0, 0]);
  });

  it('stacks from the bottom and hands uPlot seconds, the top of the stack first and the hit ratio in percent', () => {
    expect(stackEdges([[1, 2], [3, 4], [0, 1]])).toEqual([[1, 2], [4, 6], [4, 7]]);
    const shown = seriesOf(anAggregates(), 'cache', 'requests');
    const data = plotData(anAggregates().series.starts, shown, anAggregates().series.hitRatio);
    expect(data[0]).toEqual([T0 / 1000, T0 / 1000 + 60, T0 / 1000 + 120]);
    expect(data.slice(1, 4)).toEqual([[6, 0, 6], [6, 0, 5], [5, 0, 3]]);
    expect(data[4]?.map((v) => (v === null ? null : Math.round(v * 10) / 10))).toEqual([83.3, null, 60]);
    expect(plotData([T0], [], null)).toEqual([[T0 / 1000]]);
  });
});

describe('a click on a bucket', () => {
  const shown = seriesOf(anAggregates(), 'cache', 'requests');
  it('finds the series whose segment holds the value', () => {
    expect(segmentAt(shown, 2, 0.5)?.key).toBe('HIT');
    expect(segmentAt(shown, 2, 3)?.key).toBe('HIT');
    expect(segmentAt(shown, 2, 3.01)?.key).toBe('MISS');
    expect(segmentAt(shown, 2, 5.5)?.key).toBe('-');
    expect(segmentAt(shown, 2, 6.5)).toBeNull();
    // Bucket 0 has no '-': the top of MISS ends the stack.
    expect(segmentAt(shown, 0, 5.9)?.key).toBe('MISS');
    expect(segmentAt(shown, 1, 0)).toBeNull();
    expect(segmentAt(shown, 0, -1)).toBeNull();
  });

  it('hits the series a value inside its segment belongs to, for any stack', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(50), { minLength: 1, maxLength: 8 }), fc.nat(7), fc.double({ min: 0.01, max: 0.99, noNaN: true }), (values, k, f) => {
        const series: StackSeries[] = values.map((v, i) => ({ key: `s${i}`, values: [v], total: v, token: null }));
        const i = k % values.length;
        fc.pre((values[i] ?? 0) > 0);
        const below = values.slice(0, i).reduce((a, b) => a + b, 0);
        expect(segmentAt(series, 0, below + (values[i] ?? 0) * f)?.key).toBe(`s${i}`);
      }),
    );
  });
});

describe('a drag across buckets', () => {
  const starts = [T0, T0 + 60_000, T0 + 120_000, T0 + 180_000];
  it('zooms to the edges of the first and last bucket it touches', () => {
    expect(zoomRange(starts, 60_000, T0 + 70_000, T0 + 130_000)).toEqual({ from: T0 + 60_000, to: T0 + 180_000 });
    expect(zoomRange(starts, 60_000, T0 + 130_000, T0 + 70_000)).toEqual({ from: T0 + 60_000, to: T0 + 180_000 });
    // Stopping on an edge does not take in the bucket after it.
    expect(zoomRange(starts, 60_000, T0, T0 + 120_000)).toEqual({ from: T0, to: T0 + 120_000 });
    // Past either end: clamped to the buckets there are.
    expect(zoomRange(starts, 60_000, T0 - 5_000, T0 + 999_000)).toEqual({ from: T0, to: T0 + 240_000 });
    expect(zoomRange([], 60_000, T0, T0 + 1)).toBeNull();
    expect(bucketAt(starts, 60_000, T0 + 59_999)).toBe(0);
    expect(bucketAt(starts, 60_000, T0 + 60_000)).toBe(1);
  });

  it('always yields bucket edges around the dragged times', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 239_999 }), fc.integer({ min: 0, max: 239_999 }), (a, b) => {
        const r = zoomRange(starts, 60_000, T0 + a, T0 + b);
        expect(r).not.toBeNull();
        const { from, to } = r ?? { from: 0, to: 0 };
        expect((from - T0) % 60_000).toBe(0);
        expect((to - T0) % 60_000).toBe(0);
        expect(from).toBeLessThanOrEqual(T0 + Math.min(a, b));
        expect(to).toBeGreaterThanOrEqual(T0 + Math.max(a, b));
        expect(to).toBeGreaterThan(from);
      }),
    );
  });
});

describe('words', () => {
  it('the subtitle says how many rows and whether they are partial', () => {
    expect(subtitleOf(anAggregates({ rows: 1234, partial: true }))).toBe('from 1,234 loaded rows — partial');
    expect(subtitleOf(anAggregates({ rows: 1234, partial: false }))).toBe('1,234 rows');
    expect(subtitleOf(anAggregates({ rows: 1, partial: true }))).toBe('from 1 loaded row — partial');
    expect(subtitleOf(anAggregates({ rows: 1, partial: false }))).toBe('1 row');
  });

  it('a bucket reads in UTC or in the machine zone', () => {
    expect(formatBucket(T0, 60_000, 'utc')).toBe('2024-05-01 12:00–12:01 UTC');
    expect(formatBucket(Date.UTC(2024, 4, 1, 23, 55), 300_000, 'utc')).toBe('2024-05-01 23:55–2024-05-02 00:00 UTC');
    const d = new Date(T0);
    const local = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')} ${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
    expect(formatBucket(T0, 60_000, 'local').startsWith(`${local}–`)).toBe(true);
    expect(formatBucket(T0, 60_000, 'local').endsWith('local time')).toBe(true);
  });

  it('time axis labels are 24-hour, with the date where the day starts', () => {
    const s = (h: number, m: number, d = 1) => Date.UTC(2024, 4, d, h, m) / 1000;
    expect(axisTimeLabels('utc', [s(22, 0), s(23, 30), s(0, 0, 2), s(1, 0, 2)])).toEqual(['22:00\n2024-05-01', '23:30', '00:00\n2024-05-02', '01:00']);
  });

  it('buckets and ticks shorter than a minute read with seconds, so no two read the same', () => {
    expect(formatBucket(T0 + 15_000, 15_000, 'utc')).toBe('2024-05-01 12:00:15–12:00:30 UTC');
    const t = T0 / 1000;
    const labels = axisTimeLabels('utc', [t, t + 15, t + 30, t + 45, t + 60]);
    expect(labels).toEqual(['12:00:00\n2024-05-01', '12:00:15', '12:00:30', '12:00:45', '12:01:00']);
    expect(new Set(labels).size).toBe(labels.length);
  });
});

describe('the hit ratio line', () => {
  it('is drawn only for buckets where at least 20 requests count toward it, a gap elsewhere', () => {
    const a = anAggregates();
    const zeros = a.series.cacheStatuses.map(() => [0, 0, 0]);
    const at = (key: string) => a.series.cacheStatuses.indexOf(key);
    // Bucket 0: 15 HIT + 5 MISS (20 counted). Bucket 1: one MISS — a 0 % that means nothing. Bucket 2: 19 HIT and
    // 30 BYPASS, which the ratio leaves out: 19 counted.
    zeros[at('HIT')] = [15, 0, 19];
    zeros[at('MISS')] = [5, 1, 0];
    zeros[at('BYPASS')] = [0, 0, 30];
    const sparse = anAggregates({ series: { ...a.series, requestsByCache: zeros, hitRatio: [0.75, 0, 1] } });
    expect(ratioBase(sparse)).toEqual([20, 1, 19]);
    expect(drawnHitRatio(sparse)).toEqual([0.75, null, null]);
    // The plot gets a gap (null) where the ratio is not drawn, never a 0 or 100 %.
    expect(plotData(sparse.series.starts, seriesOf(sparse, 'cache', 'requests'), drawnHitRatio(sparse)).at(-1)).toEqual([75, null, null]);
  });
});
