/**
 * What the pull zone of a Magic Containers CDN endpoint serves: requests to the app (its pages, API and static
 * files), of which the app's own share (`rate5xx`) fail with a 5xx, from the moment the sandbox knew the endpoint.
 */
import type { AppZone } from '../context.js';
import { createRandom } from '../seed.js';
import { loadAt } from './plays.js';
import { between, hex, mix, pick, pickCountry, userAgent, visitorIp, weighted, type Rand } from './mix.js';
import type { TrafficEntry } from './traffic.js';

interface AppRequest {
  readonly path: (rand: Rand) => string;
  readonly bytes: readonly [min: number, max: number];
  /** Answers the app computes (the zone never caches them). */
  readonly dynamic: boolean;
}

const pickRequest = weighted<AppRequest>([
  [{ path: (r) => pick(r, ['/', '/login', '/dashboard', '/settings']), bytes: [4_000, 40_000], dynamic: true }, 20],
  [{ path: (r) => pick(r, [`/api/items?page=${between(r, 1, 20)}`, `/api/items/${between(r, 1, 5000)}`, '/api/me', '/api/search?q=bunny']), bytes: [300, 24_000], dynamic: true }, 45],
  [{ path: (r) => pick(r, ['/static/app.js', '/static/app.css', '/static/logo.svg', '/favicon.ico']), bytes: [2_000, 600_000], dynamic: false }, 30],
  [{ path: () => '/healthz', bytes: [20, 60], dynamic: true }, 5],
]);

/** One request to the app. */
function appEntry(rand: Rand, zone: AppZone, timestampMs: number): TrafficEntry {
  const request = pickRequest(rand);
  const path = request.path(rand);
  let statusCode = 200;
  if (rand() < zone.rate5xx) statusCode = pick(rand, [500, 502, 502, 503, 504]);
  else if (rand() < 0.02) statusCode = pick(rand, [401, 404, 404, 429]);
  else if (!request.dynamic && rand() < 0.15) statusCode = 304;
  const [min, max] = request.bytes;
  const bytesSent = statusCode === 200 ? between(rand, min, max) : between(rand, 200, 900);
  const country = pickCountry(rand);
  const agent = userAgent(rand, false);
  return {
    timestampMs,
    pullZoneId: zone.id,
    requestId: hex(rand, 32),
    cacheStatus: request.dynamic || statusCode >= 500 ? (rand() < 0.9 ? 'BYPASS' : 'MISS') : rand() < 0.85 ? 'HIT' : 'MISS',
    statusCode,
    bytesSent,
    remoteIp: visitorIp(rand, country),
    countryCode: country.code,
    edgeLocation: pick(rand, country.pops),
    url: `https://${zone.hostname}${path}`,
    userAgent: agent,
    referer: rand() < 0.5 ? `https://${zone.hostname}/` : null,
    originShield: false,
  };
}

/** The app zone's requests in one minute (none before `since`), ascending by time. */
export function appMinute(seed: number, zone: AppZone, minute: number, perDay: number): TrafficEntry[] {
  const start = minute * 60_000;
  if (start + 60_000 <= zone.since) return [];
  const rand = createRandom(mix(mix(mix(0xa995, seed), zone.id), minute));
  const count = Math.floor((perDay * loadAt(minute)) / 1440 + rand());
  const offsets = Array.from({ length: count }, () => Math.floor(rand() * 60_000)).sort((a, b) => a - b);
  return offsets.map((o) => appEntry(rand, zone, start + o)).filter((e) => e.timestampMs >= zone.since);
}
