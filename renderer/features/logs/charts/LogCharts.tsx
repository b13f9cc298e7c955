/**
 * The Logs charts, drawn from the aggregates the core computed (never from rows): requests or bytes over time by
 * cache status with the hit ratio, by status class, and the top URLs, countries and POPs. Every element drills
 * down into a filter chip; a drag across buckets zooms the range.
 */
import { memo, useId, useState } from 'react';
import { countryName } from '../facets/facet-labels';
import { useLogs } from '../logs-store';
import type { LogChartsProps } from '../view-types';
import { subtitleOf, type Measure } from './chart-data';
import { TimeChart } from './TimeChart';
import { TopList } from './TopList';
import { UrlTopList } from './UrlTopList';
import './log-charts.css';

/** The charts' width goes to the store, where the session picks the buckets the next aggregates come in. */
const setPlotWidth = (width: number) => useLogs.getState().setPlotWidth(width);

/** Memoized: a status event that leaves the aggregates as they were does not touch the charts. */
export const LogCharts = memo(function LogCharts({ aggregates, timeZone, onDrill, onZoom, zoomed, onResetZoom, loading = false }: LogChartsProps) {
  const [measure, setMeasure] = useState<Measure>('requests');
  const id = useId();
  const subtitle = subtitleOf(aggregates);
  const noun = measure === 'bytes' ? 'Bytes' : 'Requests';
  // What the two time charts share.
  const both = { aggregates, measure, timeZone, loading, onDrill, onZoom, onPlotWidth: setPlotWidth };
  return (
    <div className="log-charts" data-testid="log-charts">
      <div className="log-charts-toolbar">
        <fieldset>
          <legend>Show</legend>
          {(['requests', 'bytes'] as const).map((m) => (
            <label key={m}>
              <input type="radio" name={`${id}-measure`} value={m} checked={measure === m} onChange={() => setMeasure(m)} /> {m === 'requests' ? 'Requests' : 'Bytes'}
            </label>
          ))}
        </fieldset>
        {zoomed && (
          <button type="button" onClick={onResetZoom}>
            Reset zoom
          </button>
        )}
        <p className="muted log-chart-subtitle">Drag across buckets to zoom.</p>
      </div>
      {(['cache', 'class'] as const).map((group) => (
        <TimeChart key={group} id={`${id}-${group}`} title={`${noun} by ${group === 'cache' ? 'cache status' : 'status class'}`} group={group} {...both} />
      ))}
      <div className="log-charts-tops">
        <UrlTopList id={`${id}-urls`} subtitle={subtitle} entries={aggregates.top.urls} onDrill={onDrill} />
        <TopList id={`${id}-countries`} title="Top countries" subtitle={subtitle} filterKey="country" entries={aggregates.top.countries} nameOf={countryName} onDrill={onDrill} />
        <TopList id={`${id}-pops`} title="Top POPs" subtitle={subtitle} filterKey="pop" entries={aggregates.top.pops} onDrill={onDrill} />
      </div>
    </div>
  );
});
