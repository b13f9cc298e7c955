/**
 * An app's CDN endpoints out of `GET /apps/{id}` (read liberally: a member missing or of another type is left out,
 * never the answer): each names its container, its public host and the pull zone it delivers through. Anycast and
 * public-IP endpoints have no pull zone and no logs, so they are not among them.
 */
import { isRecord, list, objects, str } from '../apps/json.js';

/** One CDN endpoint; `pullZoneId` null when the platform names none. */
export interface CdnEndpoint {
  readonly containerName: string;
  readonly endpointName: string;
  readonly address: string | null;
  readonly pullZoneId: number | null;
}

/** A zone id as the platform writes it (a number, or digits as text); 0 and anything else is none. */
function zoneIdOf(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,15}$/.test(v.trim()) ? Number(v) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** The app's CDN endpoints, container by container. */
export function cdnEndpointsOf(app: unknown): CdnEndpoint[] {
  if (!isRecord(app)) return [];
  return objects(app.containerTemplates).flatMap((c, k) => {
    const containerName = str(c.name) ?? `container ${k + 1}`;
    return list(c.endpoints).flatMap((e, j): CdnEndpoint[] => {
      if (!isRecord(e) || (str(e.type) ?? '').toLowerCase() !== 'cdn') return [];
      return [{ containerName, endpointName: str(e.displayName) ?? `endpoint ${j + 1}`, address: str(e.publicHost), pullZoneId: zoneIdOf(e.pullZoneId) }];
    });
  });
}
