/** The KPI strip over the matching rows: requests, bytes, hit ratio (its rule in a tooltip), 4xx %, 5xx %, unique IPs. */
import { Info } from 'lucide-react';
import { Tooltip } from 'radix-ui';
import { memo, type ReactNode } from 'react';
import type { LogAggregates } from '../../../shared/contract/logs';
import { formatBytes } from '../videos/format';
import { formatCount, formatShare, HIT_RATIO_RULE } from './logs-format';

function Kpi({ label, value, children }: { readonly label: string; readonly value: string; readonly children?: ReactNode }) {
  return (
    <div className="kpi">
      <dt>
        {label}
        {children}
      </dt>
      <dd className="tabular">{value}</dd>
    </div>
  );
}

/**
 * Every number reads "—" until the core has counted (or when it cannot be known, like a ratio of nothing). Memoized:
 * it changes only when new aggregates arrive, not with every status event.
 */
export const KpiStrip = memo(function KpiStrip({ aggregates }: { readonly aggregates: LogAggregates | null }) {
  const k = aggregates?.kpis;
  return (
    <Tooltip.Provider delayDuration={300}>
      <dl className="kpi-strip" aria-label="Totals over the matching rows" data-testid="kpi-strip">
        <Kpi label="Requests" value={formatCount(k?.requests)} />
        <Kpi label="Bytes" value={k ? formatBytes(k.bytes) : '—'} />
        <Kpi label="Cache hit ratio" value={formatShare(k?.hitRatio)}>
          <Tooltip.Root>
            <Tooltip.Trigger asChild>
              <button type="button" className="icon-button kpi-info" aria-label="How the cache hit ratio is computed">
                <Info aria-hidden="true" size={12} />
              </button>
            </Tooltip.Trigger>
            <Tooltip.Portal>
              <Tooltip.Content className="tooltip" sideOffset={4}>
                {HIT_RATIO_RULE}
              </Tooltip.Content>
            </Tooltip.Portal>
          </Tooltip.Root>
        </Kpi>
        <Kpi label="4xx" value={formatShare(k?.clientErrors)} />
        <Kpi label="5xx" value={formatShare(k?.serverErrors)} />
        <Kpi label="Unique IPs" value={formatCount(k?.uniqueIps)} />
      </dl>
    </Tooltip.Provider>
  );
});
