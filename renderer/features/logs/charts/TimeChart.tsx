/**
 * A time chart: one stacked bar per bucket (by cache status or by status class), optionally the hit ratio as a line
 * on a 0–100 % axis, an HTML legend that shows exact values of the hovered bucket (totals otherwise), toggles series
 * and drills down, and a hidden table of the totals for screen readers.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { LogAggregates } from '../../../../shared/contract/logs';
import { bucketLabel } from '../../../../shared/logs/buckets';
import type { DrillDown, TimeZoneMode } from '../view-types';
import { useShortWindow } from '../../../app/use-narrow-window';
import { bucketAt, formatCountOf, formatRatio, MIN_RATIO_REQUESTS, ratioBase, segmentAt, subtitleOf, zoomRange, type Measure, type SeriesGroup } from './chart-data';
import { formatterOf, plotWidthOf, seriesColorVar } from './chart-options';
import { DRILL_HINT, drillHandlers } from './drill';
import { formatBucket } from './time-format';
import { UPlotCanvas } from './UPlotCanvas';
import { usePlotModel } from './use-plot-model';
import { useWidth } from './use-width';

export interface TimeChartProps {
  readonly id: string;
  readonly title: string;
  readonly aggregates: LogAggregates;
  readonly group: SeriesGroup;
  readonly measure: Measure;
  readonly timeZone: TimeZoneMode;
  onDrill(drill: DrillDown): void;
  onZoom(from: number, to: number): void;
  /** The width its buckets are drawn across (CSS px), whenever it changes: the screen picks the buckets for it. */
  onPlotWidth?(width: number): void;
  /**
   * The histogram strip above the table: a short plot with its title, bucket size and legend on one line above it,
   * so the table keeps the height.
   */
  readonly compact?: boolean;
  /** Rows are still being read or counted: an empty chart says so instead of "no requests". */
  readonly loading?: boolean;
  /** What starts the strip's line before its own words (the screen's Table/Overview switch). */
  readonly lead?: ReactNode;
}

const HEIGHT = 220;
/**
 * The strip's plot: tall enough for a count axis of three ticks, short enough to leave the window to the table —
 * shorter still on a short window.
 */
const COMPACT_HEIGHT = 104;
const COMPACT_HEIGHT_SHORT = 68;
/** A window under this height gets the shorter strip. */
const SHORT_WINDOW_PX = 760;

/** Value ticks the strip's short axis has room for. */
const COMPACT_TICKS = 3;

export function TimeChart({ id, title, aggregates, group, measure, timeZone, onDrill, onZoom, onPlotWidth, compact = false, loading = false, lead }: TimeChartProps) {
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [ratioShown, setRatioShown] = useState(true);
  const [hover, setHover] = useState<number | null>(null);
  const short = useShortWindow(SHORT_WINDOW_PX);
  const { starts, bucketMs, hitRatio } = aggregates.series;
  // The hit ratio line goes with the cache chart, but not in the strip.
  const withHitRatio = group === 'cache' && !compact;
  const drawRatio = withHitRatio && ratioShown;
  const { all, shown, data, options } = usePlotModel({ aggregates, group, measure, timeZone, drawRatio, hidden, ...(compact ? { maxTicks: COMPACT_TICKS, compact } : {}) });
  const fmt = formatterOf(measure);
  const wrap = useRef<HTMLDivElement>(null);
  const plotWidth = plotWidthOf(useWidth(wrap));
  useEffect(() => {
    if (plotWidth > 0) onPlotWidth?.(plotWidth);
  }, [plotWidth, onPlotWidth]);
  const base = withHitRatio ? ratioBase(aggregates) : [];

  const pick = (t: number, y: number, altKey: boolean) => {
    const bucket = bucketAt(starts, bucketMs, t);
    const hit = bucket === null ? null : segmentAt(shown, bucket, y);
    if (hit?.token != null) onDrill({ token: hit.token, negated: altKey });
  };
  const select = (t0: number, t1: number) => {
    const range = zoomRange(starts, bucketMs, t0, t1);
    if (range !== null) onZoom(range.from, range.to);
  };
  const toggle = (key: string) =>
    setHidden((h) => {
      const next = new Set(h);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  const at = hover !== null && hover < starts.length ? hover : null;
  const empty = all.length === 0;
  const totalOfAll = all.reduce((a, s) => a + s.total, 0);
  const summary = `${title}: ${all.map((s) => `${s.key} ${fmt(s.total)}`).join(', ') || 'nothing'}${withHitRatio ? `; hit ratio ${formatRatio(aggregates.kpis.hitRatio)}` : ''}`;

  const head = (
    <header className="log-chart-head">
      <h3 id={`${id}-title`} className={compact ? 'visually-hidden' : undefined}>
        {title}
      </h3>
      <p className="muted log-chart-subtitle">
        <span data-testid="chart-buckets">{bucketLabel(bucketMs)}</span>
        {' · '}
        <span data-testid="chart-subtitle">{subtitleOf(aggregates)}</span>
      </p>
    </header>
  );
  const legend = !empty && (
    <div className="log-chart-legend" aria-label={`${title} legend`} role="group" data-hovering={at === null ? 'false' : 'true'}>
      <p className="muted log-chart-at" aria-live="off" data-testid="legend-at" data-hovering={at === null ? 'false' : 'true'}>
        {at === null ? 'Whole range' : formatBucket(starts[at] ?? 0, bucketMs, timeZone)}
      </p>
      <ul>
        {all.map((s) => (
          <li key={s.key}>
            {compact ? (
              <span className="log-chart-swatch" aria-hidden="true" style={{ background: `var(${seriesColorVar(group, s.key)}, #6e7781)` }} />
            ) : (
              <input type="checkbox" checked={!hidden.has(s.key)} onChange={() => toggle(s.key)} aria-label={`Show ${s.key}`} style={{ accentColor: `var(${seriesColorVar(group, s.key)}, #6e7781)` }} />
            )}
            {s.token === null ? (
              <span className="log-chart-key">{s.key}</span>
            ) : (
              <button type="button" className="log-chart-key" aria-describedby={`${id}-hint`} {...drillHandlers(s.token, onDrill)}>
                {s.key}
              </button>
            )}
            <span className="log-chart-value" data-testid={`legend-value-${s.key}`}>{fmt(at === null ? s.total : (s.values[at] ?? 0))}</span>
          </li>
        ))}
        {withHitRatio && (
          <li>
            <input type="checkbox" checked={ratioShown} onChange={() => setRatioShown((v) => !v)} aria-label="Show hit ratio" />
            <span className="log-chart-key">Hit ratio</span>
            <span className="log-chart-value" data-testid="legend-value-hit-ratio">
              {at === null
                ? formatRatio(aggregates.kpis.hitRatio)
                : (base[at] ?? 0) >= MIN_RATIO_REQUESTS
                  ? formatRatio(hitRatio[at] ?? null)
                  : `– (${formatCountOf(base[at] ?? 0, 'request')}, too few)`}
            </span>
            <span className="muted log-chart-note" data-testid="hit-ratio-rule">line drawn where a bucket has {MIN_RATIO_REQUESTS}+ requests</span>
          </li>
        )}
      </ul>
      <p id={`${id}-hint`} className="visually-hidden">{DRILL_HINT}</p>
    </div>
  );

  return (
    <section
      className={compact ? 'log-chart log-chart-compact' : 'log-chart card'}
      aria-labelledby={`${id}-title`}
      data-testid={compact ? 'logs-histogram' : undefined}
      data-bucket-ms={bucketMs}
      data-bucket-count={starts.length}
      data-bucket-px={plotWidth > 0 && starts.length > 0 ? (plotWidth / starts.length).toFixed(2) : undefined}
    >
      {compact ? (
        <div className="log-chart-strip-head">
          {lead}
          {head}
          {legend}
        </div>
      ) : (
        head
      )}
      {empty && (
        <p className="muted log-chart-empty" data-testid="chart-empty">
          {loading ? 'Loading… the chart fills in as rows are counted.' : 'No requests in this range.'}
        </p>
      )}
      {/* Kept while empty (hidden), so a moment without rows — a new filter's query under way — keeps the one plot
          instead of building another when the rows come back. */}
      <div hidden={empty} ref={wrap}>
        <UPlotCanvas options={options} data={data} height={compact ? (short ? COMPACT_HEIGHT_SHORT : COMPACT_HEIGHT) : HEIGHT} label={summary} onHover={(t) => setHover(t === null ? null : bucketAt(starts, bucketMs, t))} onSelect={select} onPick={pick} />
      </div>
      {!compact && legend}
      <table className="visually-hidden">
        <caption>{`${title}, totals over the range`}</caption>
        <thead>
          <tr><th scope="col">Series</th><th scope="col">{measure === 'bytes' ? 'Bytes' : 'Requests'}</th><th scope="col">Share</th></tr>
        </thead>
        <tbody>
          {all.map((s) => (
            <tr key={s.key}><th scope="row">{s.key}</th><td>{fmt(s.total)}</td><td>{formatRatio(totalOfAll > 0 ? s.total / totalOfAll : null)}</td></tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
