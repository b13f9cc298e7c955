/**
 * `apps.health`: each CDN endpoint of an app and its pull zone's figures over the range (the last hour by default),
 * read through the logs area's door within each zone's one budget. A 5xx share above UNHEALTHY_5XX_RATE marks it.
 */
import { UNHEALTHY_5XX_RATE, type AppHealth, type DeliveryCompleteness } from '../../../shared/contract/delivery.js';
import { cdnEndpointsOf } from '../../../shared/delivery/endpoints.js';
import { bucketMinutesOf, DeliveryTally } from '../../../shared/delivery/tally.js';
import { resolveRange } from '../../../shared/logs/range.js';
import type { DeliveryReads } from '../logs/index.js';
import type { PlatformClient } from '../platform/types.js';
import type { Handler } from '../router.js';
import { appsApi } from './apps-api.js';

const NO_ZONE = 'The platform names no pull zone for this endpoint, so there are no CDN logs to read.';

/** The completeness of several reads: partial when any is, the first reason given. */
export function together(all: readonly DeliveryCompleteness[]): DeliveryCompleteness {
  return {
    partial: all.some((c) => c.partial),
    pagesRead: all.reduce((n, c) => n + c.pagesRead, 0),
    rowsSkipped: all.reduce((n, c) => n + c.rowsSkipped, 0),
    reason: all.find((c) => c.reason !== null)?.reason ?? null,
  };
}

/** Builds the handler over the active profile's client. */
export function healthHandler(deps: { client(): Promise<PlatformClient>; readonly now?: () => number }): Handler<'apps.health'> {
  const now = deps.now ?? Date.now;
  // The logs area loads with the first figures asked for, not with this area (uploads and lists need none of it).
  let loaded: Promise<DeliveryReads> | undefined;
  const reads = () => (loaded ??= import('../logs/index.js').then((m) => m.createDeliveryReads({ client: deps.client, now })));
  return async ({ id, range = '1h', refresh }, { signal }) => {
    const app = await appsApi(await deps.client()).get(id, signal);
    const endpoints = await Promise.all(
      cdnEndpointsOf(app).map(async (e) => {
        const read = await (await reads()).read(
          `zone:${e.pullZoneId ?? `none:${id}:${e.containerName}:${e.endpointName}`}:${range}`,
          async () => {
            const r = resolveRange({ kind: 'preset', preset: range }, now());
            const { from, to } = r.ok ? r : { from: now(), to: now() };
            return { zoneId: e.pullZoneId, noZone: NO_ZONE, query: { from, to }, sink: new DeliveryTally(from, to, bucketMinutesOf(range)) };
          },
          refresh,
        );
        const t = read.sink;
        const figures = t.figures();
        const rate5xx = figures.requests === 0 ? null : figures.status5xx / figures.requests;
        const health = { ...e, zone: read.zone, figures, rate5xx, p50Bytes: t.bytesAt(0.5), p95Bytes: t.bytesAt(0.95), unhealthy: rate5xx !== null && rate5xx > UNHEALTHY_5XX_RATE, unavailable: read.unavailable };
        const { pullZoneId: _z, ...shown } = health;
        return { health: shown, completeness: read.completeness };
      }),
    );
    return { appId: id, range, endpoints: endpoints.map((e) => e.health), completeness: together(endpoints.map((e) => e.completeness)) } satisfies AppHealth;
  };
}
