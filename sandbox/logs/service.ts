/** What the v1 and v2 handlers share: the traffic and the time bounds of what may be served. */
import { LOG_RETENTION_MS } from '../../shared/logs/v2-query.js';
import type { SandboxContext } from '../context.js';
import { createTrafficStore, type TrafficStore } from './traffic.js';
import { injectedRowsOf, withInjected } from './inject.js';

/** The served window and the traffic behind it. */
export interface LogService {
  readonly ctx: SandboxContext;
  readonly traffic: TrafficStore;
  /** Current time on the sandbox clock. */
  now(): number;
  /** Oldest timestamp served: nothing older than three days before now. */
  retentionStart(): number;
  /** Exclusive upper bound of what exists: just past now, or past the start time when live traffic is off. */
  servedUntil(): number;
}

/** Builds the service; `entriesPerDay` sets the traffic volume of a website zone. */
export function createLogService(ctx: SandboxContext, entriesPerDay?: number): LogService {
  const startedAt = ctx.options.now();
  // A library's zone plays the library's ready videos; any other zone has none to follow.
  const account = {
    videosOf: (zone: { readonly id: number }) => {
      const library = ctx.seed.libraries.find((l) => l.pullZoneId === zone.id);
      return library === undefined ? undefined : (ctx.playable?.(library.id) ?? []);
    },
  };
  const traffic = withInjected(createTrafficStore(ctx.options.seed, entriesPerDay, account), injectedRowsOf(ctx));
  return {
    ctx,
    traffic,
    now: () => ctx.options.now(),
    retentionStart() {
      const start = ctx.options.now() - LOG_RETENTION_MS;
      // A day is regenerated on demand, so keeping a day before the window is only a cache.
      traffic.forgetBefore(start - 86_400_000);
      return start;
    },
    servedUntil() {
      const now = ctx.options.now();
      return (ctx.options.liveTraffic ? now : Math.min(now, startedAt)) + 1;
    },
  };
}
