/**
 * The logging area's realism (ctx.options.realism): at a low rate fixed by the seed and each row's request id, a row
 * is served the way the platform's schema allows but a strict reader would not expect: without its host, path and
 * URL, without a host alone, without an edge location, request id or cache status, with the statuses `EXPIRED` or
 * `DEFERRED` (a word Burrow has no meaning for), or with the fields the service grew later and one nobody knows.
 * The variation is applied before filtering, so the platform's filters and the rows agree.
 */
import type { LogEntry } from '../../shared/logs/v2-response.js';
import { hashText as hash } from './mix.js';
import type { TrafficEntry } from './traffic.js';

/** Rows in a thousand that vary. */
const PER_MILLE = 30;

/** How a row varies. */
export type Variation = 'no-url' | 'no-host' | 'no-edge' | 'no-request-id' | 'no-cache' | 'expired' | 'unknown-cache' | 'extra-keys';
const VARIATIONS: readonly Variation[] = ['no-url', 'no-host', 'no-edge', 'no-request-id', 'no-cache', 'expired', 'unknown-cache', 'extra-keys'];


/** How this row varies, if it does: the same answer for the same seed and row every time. */
export function variationOf(seed: number, e: TrafficEntry): Variation | undefined {
  if (e.injected === true) return undefined;
  const h = hash(`${seed}:${e.requestId ?? ''}:${e.timestampMs}`);
  if (h % 1000 >= PER_MILLE) return undefined;
  return VARIATIONS[(h >>> 10) % VARIATIONS.length];
}

/** The row as it is stored and filtered once varied. */
export function variedEntry(e: TrafficEntry, v: Variation | undefined): TrafficEntry {
  switch (v) {
    case 'no-url':
      return { ...e, url: '' };
    case 'no-edge':
      return { ...e, edgeLocation: null };
    case 'no-request-id':
      return { ...e, requestId: null };
    case 'no-cache':
      return { ...e, cacheStatus: null };
    case 'expired':
      return { ...e, cacheStatus: 'EXPIRED' };
    case 'unknown-cache':
      return { ...e, cacheStatus: 'DEFERRED' };
    default:
      return e;
  }
}

/** The JSON entry as served once varied: a host left out, or the later fields and an unknown one added. */
export function variedJson(entry: LogEntry, v: Variation | undefined, seed: number): Record<string, unknown> {
  if (v === 'no-host') return { ...entry, host: null };
  if (v === 'extra-keys') {
    const h = hash(`${seed}:${entry.requestId ?? ''}:asn`);
    return { ...entry, ja4Fingerprint: `t13d1516h2_8daaf6152771_${(h % 0xffffff).toString(16).padStart(6, '0')}`, asn: 3320 + (h % 50), asnOrganization: 'Example Telecom', edgeRegion: 'EU' };
  }
  return entry;
}

/**
 * A v1 line's request id as the platform writes it from a real zone's log: the hex number without its leading
 * zeros (so fewer than 32 digits), for some of the ids that start with a zero.
 */
export function v1RequestId(seed: number, e: TrafficEntry): string | null {
  const id = e.requestId;
  if (id === null || e.injected === true || !id.startsWith('0') || hash(`${seed}:${id}:v1`) % 2 !== 0) return id;
  return id.replace(/^0+/, '') || '0';
}
