/**
 * The KPI line over the matching rows, each label beside its value: requests, bytes, hit ratio (its rule in a
 * tooltip), 4xx %, 5xx %, unique IPs. While rows load and nothing is counted yet it reads "…", and numbers counted
 * from a partial load say how many rows they come from; it never shows 0 beside rows that match.
 */
import { Info } from 'lucide-react';
import { Tooltip } from 'radix-ui';
import { memo, type ReactNode } from 'react';
import type { LogAggregates } from '../../../shared/contract/logs';
import { formatBytes } from '../videos/format';
import { formatCount, formatCountOf, formatShare, HIT_RATIO_RULE } from './logs-format';
import './kpi-strip.css';

export interface KpiStripProps {
  readonly aggregates: LogAggregates | null;
  /** The session is loading rows (a page, a file, load all): numbers not yet counted read "…", counted ones are partial. */
  readonly loading?: boolean;
  /** Rows matching now, as the session's status says: aggregates that count none of them are not shown as zeros. */
  readonly matchingRows?: number;
  /** How many rows partial numbers come from; by default the aggregates' own count when they say they are partial. */
  readonly partialFrom?: number | null;
}

/** What the line says beside its numbers, and whether the numbers are still to come. */
export function kpiState({ aggregates, loading = false, matchingRows, partialFrom }: KpiStripProps): { readonly waiting: boolean; readonly note: string | null } {
  if (aggregates === null) return loading ? { waiting: true, note: 'loading…' } : { waiting: false, note: null };
  // Aggregates that count nothing while rows match (or are arriving) are older than the rows: not zeros, "…".
  if (aggregates.kpis.requests === 0 && (loading || (matchingRows ?? 0) > 0)) return { waiting: true, note: 'loading…' };
  const from = partialFrom ?? (aggregates.partial || loading ? aggregates.rows : null);
  return { waiting: false, note: from === null ? null : `partial, from ${formatCountOf(from, 'row')}` };
}

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
 * Every number reads "—" until the core has counted (or when it cannot be known, like a ratio of nothing), and "…"
 * while it is being counted. Memoized: it changes only with new aggregates or load state, not every status event.
 */
export const KpiStrip = memo(function KpiStrip(props: KpiStripProps) {
  const { waiting, note } = kpiState(props);
  const k = waiting ? undefined : props.aggregates?.kpis;
  const shown = (text: string) => (waiting ? '…' : text);
  return (
    <Tooltip.Provider delayDuration={300}>
      <div className="kpi-strip" role="group" aria-label="Totals over the matching rows" aria-busy={waiting || undefined} data-testid="kpi-strip">
        <dl className="kpi-list">
          <Kpi label="Requests" value={shown(formatCount(k?.requests))} />
          <Kpi label="Bytes" value={shown(k ? formatBytes(k.bytes) : '—')} />
          <Kpi label="Hit ratio" value={shown(formatShare(k?.hitRatio))}>
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
          <Kpi label="4xx" value={shown(formatShare(k?.clientErrors))} />
          <Kpi label="5xx" value={shown(formatShare(k?.serverErrors))} />
          <Kpi label="Unique IPs" value={shown(formatCount(k?.uniqueIps))} />
        </dl>
        {note !== null && (
          <span className="kpi-note muted" data-testid="kpi-note">
            {note}
          </span>
        )}
      </div>
    </Tooltip.Provider>
  );
});
