/** The logs charts (being built: this placeholder only names the totals until the charts land). */
import type { LogChartsProps } from '../view-types';

export function LogCharts({ aggregates }: LogChartsProps) {
  return <p data-testid="log-charts-placeholder">{aggregates.kpis.requests} requests</p>;
}
