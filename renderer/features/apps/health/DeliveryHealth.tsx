/**
 * An app's page, "Delivery, last hour": each CDN endpoint with its pull zone's figures (requests, 5xx rate, cache hit
 * ratio, p50/p95 response size), a 5xx rate above the threshold marked in words and icon, "partial" while not every
 * page was read, a zone that keeps no logs explained with the setting to change, and "Open in Logs" on the zone.
 * Read when the page opens and on Refresh; an app without a CDN endpoint asks nothing.
 */
import { RefreshCw, ScrollText } from 'lucide-react';
import { useId } from 'react';
import type { EndpointHealth } from '../../../../shared/contract/delivery';
import { formatCount, formatShare, HIT_RATIO_RULE } from '../../logs/logs-format';
import { openLogsAt } from '../../logs/open-logs';
import '../../logs/kpi-strip.css';
import { formatBytes } from '../../videos/format';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { endpointTone, endpointWords, logsFilterFor, rateText } from './health-view';
import { HealthIcon } from './HealthMark';
import { useAppHealth } from './use-app-health';

function Figure({ term, children, title }: { readonly term: string; readonly children: string; readonly title?: string }) {
  return (
    <div className="kpi" title={title}>
      <dt>{term}</dt>
      <dd className="tabular">{children}</dd>
    </div>
  );
}

function Endpoint({ e }: { readonly e: EndpointHealth }) {
  const tone = endpointTone(e);
  const f = e.figures;
  const zone = e.zone;
  return (
    <li className="card apps-endpoint-health" data-testid="endpoint-health" data-tone={tone}>
      <div className="row spread apps-endpoint-head">
        <span>
          <strong>{e.endpointName}</strong>
          <span className="muted small">
            {' '}
            in {e.containerName}
            {zone && ` · pull zone ${zone.name}`}
          </span>
        </span>
        <span className={`badge apps-health apps-health-${tone}`} data-testid="endpoint-mark">
          <HealthIcon mark={{ tone, text: '', label: '' }} /> {endpointWords(e)}
        </span>
      </div>
      {e.address && <div className="mono small muted apps-wrap">{e.address}</div>}
      {e.unavailable ? (
        <p className="small apps-delivery-off" data-testid="endpoint-unavailable">
          {e.unavailable.message}
          {e.unavailable.setting && (
            <>
              {' '}
              The setting to change: <strong>{e.unavailable.setting}</strong>.
            </>
          )}
        </p>
      ) : (
        <dl className="kpi-list" data-testid="endpoint-figures">
          <Figure term="Requests">{formatCount(f.requests)}</Figure>
          <Figure term="5xx">{`${formatCount(f.status5xx)} (${rateText(e.rate5xx)})`}</Figure>
          <Figure term="Hit ratio" title={HIT_RATIO_RULE}>
            {formatShare(f.hitRatio)}
          </Figure>
          <Figure term="p50 size">{e.p50Bytes === null ? '—' : formatBytes(e.p50Bytes)}</Figure>
          <Figure term="p95 size">{e.p95Bytes === null ? '—' : formatBytes(e.p95Bytes)}</Figure>
        </dl>
      )}
      {zone && !e.unavailable && (
        <div className="row">
          <button type="button" onClick={() => openLogsAt({ zoneId: zone.id, filter: logsFilterFor(e), live: false })}>
            <ScrollText size={14} aria-hidden /> {e.unhealthy ? 'Open 5xx in Logs' : 'Open in Logs'}
            <span className="visually-hidden"> for {e.endpointName}</span>
          </button>
        </div>
      )}
    </li>
  );
}

export function DeliveryHealth({ id, hasCdn }: { readonly id: string; readonly hasCdn: boolean }) {
  const { q, refresh, busy, error } = useAppHealth(id, { enabled: hasCdn, onOpen: true, follow: true });
  const headingId = useId();
  const health = q.data;
  const completeness = health?.completeness;
  return (
    <section className="apps-delivery" aria-labelledby={headingId} data-testid="app-delivery">
      <div className="row spread">
        <h3 id={headingId} className="apps-subhead">
          Delivery, last hour
        </h3>
        {hasCdn && (
          <div className="row">
            {completeness?.partial && (
              <span className="badge" data-testid="delivery-partial">
                partial
              </span>
            )}
            {health && !busy && <span className="muted small">as of {new Date(q.dataUpdatedAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })}</span>}
            <button type="button" onClick={refresh} disabled={busy}>
              <RefreshCw size={14} aria-hidden /> {busy ? 'Reading…' : 'Refresh'}
              <span className="visually-hidden"> delivery</span>
            </button>
          </div>
        )}
      </div>
      {!hasCdn ? (
        <p className="muted small">No CDN endpoint: only a CDN endpoint has a pull zone, whose logs tell how the app is delivered.</p>
      ) : q.isPending ? (
        <p className="muted small" role="status">
          Reading the pull zones&apos; logs…
        </p>
      ) : (
        <>
          <ErrorMessage error={error} />
          {completeness?.partial && (
            <p className="muted small" role="note" data-testid="delivery-partial-reason">
              Partial: {completeness.reason ?? 'not every page of the logs was read'}.
            </p>
          )}
          {completeness !== undefined && completeness.rowsSkipped > 0 && <p className="muted small">{formatCount(completeness.rowsSkipped)} log rows could not be read and are left out.</p>}
          {health && (
            <ul className="plain apps-delivery-list">
              {health.endpoints.map((e) => (
                <Endpoint key={`${e.containerName}/${e.endpointName}`} e={e} />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
