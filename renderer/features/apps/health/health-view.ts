/**
 * An app's delivery health in words: the list's mark (healthy, 5xx above the threshold, no data) and the page's
 * figures per CDN endpoint. A mark never rests on colour alone: each has its own icon and words.
 */
import { UNHEALTHY_5XX_RATE, type AppHealth, type EndpointHealth } from '../../../../shared/contract/delivery';

/** The threshold as people read it ("1 %"). */
export const THRESHOLD_TEXT = `${UNHEALTHY_5XX_RATE * 100} %`;

/** A 5xx share with two decimals, so a rate just above the threshold never reads as the threshold itself. */
export function rateText(rate: number | null): string {
  return rate === null ? '—' : `${(rate * 100).toFixed(2)} %`;
}

export type HealthTone = 'healthy' | 'unhealthy' | 'none';

export interface HealthMarkView {
  readonly tone: HealthTone;
  /** The few words shown beside the icon; empty when the icon says enough (healthy, no data). */
  readonly text: string;
  /** The whole sentence, for screen readers and the tooltip. */
  readonly label: string;
}

/** An endpoint's tone: unhealthy above the threshold, healthy when its zone answered with requests, otherwise none. */
export function endpointTone(e: EndpointHealth): HealthTone {
  return e.unhealthy ? 'unhealthy' : e.unavailable === null && e.figures.requests > 0 ? 'healthy' : 'none';
}

/** The words of an endpoint's badge on the app's page. */
export function endpointWords(e: EndpointHealth): string {
  const tone = endpointTone(e);
  return tone === 'unhealthy' ? `5xx above ${THRESHOLD_TEXT}` : tone === 'healthy' ? 'Healthy' : e.unavailable ? 'No data' : 'No requests';
}

/** The app's mark: unhealthy when any endpoint is; healthy when some endpoint had requests; otherwise no data. */
export function healthMark(health: AppHealth): HealthMarkView {
  const partial = health.completeness.partial ? ' (partial: not every page read yet)' : '';
  const unhealthy = health.endpoints.filter((e) => e.unhealthy);
  const worst = (list: readonly EndpointHealth[]) => list.reduce<EndpointHealth | null>((w, e) => ((e.rate5xx ?? 0) > (w?.rate5xx ?? -1) ? e : w), null);
  if (unhealthy.length > 0) {
    const w = worst(unhealthy)!;
    const rate = rateText(w.rate5xx);
    return { tone: 'unhealthy', text: `5xx ${rate}`, label: `5xx above ${THRESHOLD_TEXT} in the last hour: ${rate} of requests on ${w.endpointName}${partial}` };
  }
  const read = health.endpoints.filter((e) => endpointTone(e) === 'healthy');
  if (read.length > 0) return { tone: 'healthy', text: '', label: `Healthy: 5xx ${rateText(worst(read)!.rate5xx)} of requests in the last hour${partial}` };
  return { tone: 'none', text: '', label: `No delivery data: ${noDataReason(health)}${partial}` };
}

function noDataReason(health: AppHealth): string {
  if (health.endpoints.length === 0) return 'no CDN endpoint (only CDN endpoints have a pull zone with logs)';
  if (health.endpoints.every((e) => e.unavailable?.kind === 'logging-off')) return 'logging is off on its pull zone';
  if (health.endpoints.every((e) => e.unavailable !== null)) return 'no pull zone Burrow can read';
  return 'no requests in the last hour';
}

/** The mark of an app whose health could not be read: no data, with the reason. */
export function unreadMark(reason: string): HealthMarkView {
  return { tone: 'none', text: '', label: `No delivery data: ${reason}` };
}

/** What "Open in Logs" sets for an endpoint: its failures when it is unhealthy, otherwise every request. */
export function logsFilterFor(endpoint: EndpointHealth): string {
  return endpoint.unhealthy ? 'status:5xx' : '';
}
