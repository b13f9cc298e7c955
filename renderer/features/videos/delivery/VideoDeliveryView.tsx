/**
 * One video's delivery over the range: requests, bytes, cache hit ratio, 4xx/5xx, the requests over time, and the
 * renditions, countries and referring sites served; read when opened and on Refresh, "partial" while incomplete.
 */
import { ArrowLeft, RotateCcw, ScrollText } from 'lucide-react';
import type { VideoDelivery } from '../../../../shared/contract/delivery';
import { ActiveProfileError, ErrorMessage } from '../../../ui/ErrorMessage';
import { openLogsAt } from '../../logs/open-logs';
import { formatBytes } from '../format';
import { formatRatio, formatShares, rangeWords } from './delivery-format';
import { Partial, Unavailable } from './DeliveryNotes';
import { useDelivery, type DeliveryDetail } from './delivery-store';
import { Sparkline } from './Sparkline';
import { useVideoDelivery } from './use-delivery-calls';

function Figures({ d }: { readonly d: VideoDelivery }) {
  const f = d.figures;
  const rows: readonly (readonly [string, string, number | null])[] = [
    ['Requests', f.requests.toLocaleString(), f.requests],
    ['Data sent', formatBytes(f.bytes), f.bytes],
    ['Cache hit ratio', formatRatio(f.hitRatio), f.hitRatio],
    ['4xx', f.status4xx.toLocaleString(), f.status4xx],
    ['5xx', f.status5xx.toLocaleString(), f.status5xx],
  ];
  return (
    <dl className="delivery-figures" data-testid="delivery-figures">
      {rows.map(([name, value, exact]) => (
        <div key={name}>
          <dt className="muted small">{name}</dt>
          <dd className="tabular" data-value={exact ?? undefined}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Shares({ d }: { readonly d: VideoDelivery }) {
  const total = d.figures.requests;
  const rows = [
    ['Renditions', formatShares(d.renditions, total)],
    ['Countries', formatShares(d.countries, total)],
    ['Referring sites', formatShares(d.referrers, total, 'none sent')],
  ] as const;
  return (
    <dl className="delivery-shares" data-testid="delivery-shares">
      {rows.map(([name, value]) => (
        <div key={name}>
          <dt className="muted small">{name}</dt>
          <dd className="tabular">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function VideoDeliveryView({ detail }: { readonly detail: DeliveryDetail }) {
  const range = useDelivery((s) => s.range);
  const setDetail = useDelivery((s) => s.setDetail);
  const { query, refresh, readOn, refreshing, refreshError } = useVideoDelivery(detail.libraryId, detail.guid, range);
  const d = query.data;
  return (
    <section className="delivery-view" aria-labelledby="delivery-video-heading" data-testid="video-delivery" data-from={d?.from} data-to={d?.to} aria-busy={query.isPending || refreshing || undefined}>
      <button type="button" className="lib-link small" onClick={() => setDetail(null)}>
        <ArrowLeft aria-hidden="true" size={12} /> Top videos
      </button>
      <h3 id="delivery-video-heading" className="delivery-title" title={detail.name}>
        {detail.name}
      </h3>
      <p className="muted small">
        {rangeWords(range)}
        {d?.zone ? ` · pull zone ${d.zone.name}` : ''}
      </p>
      {query.isPending && (
        <p className="muted" role="status">
          Reading the zone's logs for this video…
        </p>
      )}
      {query.isError && <ActiveProfileError error={query.error} />}
      {d && d.unavailable !== null && <Unavailable unavailable={d.unavailable} />}
      {d && d.unavailable === null && (
        <>
          <Figures d={d} />
          <Sparkline counts={d.sparkline} bucketMinutes={d.bucketMinutes} range={range} />
          <Shares d={d} />
          <Partial completeness={d.completeness} onReadOn={readOn} busy={refreshing} />
        </>
      )}
      {refreshError && <ErrorMessage error={refreshError} />}
      <div className="row delivery-actions">
        <button type="button" onClick={refresh} disabled={refreshing || query.isPending}>
          <RotateCcw aria-hidden="true" size={14} /> {refreshing ? 'Refreshing…' : 'Refresh'}
        </button>
        {d?.zone && d.unavailable === null && (
          <button type="button" onClick={() => d.zone && openLogsAt({ zoneId: d.zone.id, filter: `url:/${detail.guid}/`, live: false })}>
            <ScrollText aria-hidden="true" size={14} /> Open in Logs
          </button>
        )}
      </div>
    </section>
  );
}
