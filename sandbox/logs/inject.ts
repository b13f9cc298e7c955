/**
 * Rows a test injects into a zone's traffic. Once injected, a row is served by v2 (and v1) exactly like generated
 * traffic: the same time bounds (nothing after the sandbox's now), filters, paging and anonymisation. A timestamp
 * in the past, injected now, is how a test simulates the platform delivering a row late.
 *
 * The injected rows belong to one sandbox: they hang off its context, so the logging area (which serves them) and
 * the loopback admin route `POST /__admin/logs/inject` (which adds them) reach the same store without new wiring.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { ALL_CACHE_STATUSES } from '../../shared/logs/cache-status.js';
import { pullZonesOf, type SandboxContext, type SeedPullZone } from '../context.js';
import { readJson, sendJson } from '../http.js';
import { selectFrom, type TrafficEntry, type TrafficStore } from './traffic.js';

/** One row to inject: every field but the zone has a default (now, a fresh request id, a 200 HIT of /injected). */
export const injectRowSchema = z
  .object({
    timestampMs: z.number().int().nonnegative().optional(),
    requestId: z.string().regex(/^[0-9a-f]{32}$/, 'must be 32 lower-case hex characters').optional(),
    cacheStatus: z.enum(ALL_CACHE_STATUSES as [string, ...string[]]).optional(),
    statusCode: z.number().int().min(100).max(599).optional(),
    bytesSent: z.number().int().nonnegative().optional(),
    remoteIp: z.string().max(64).nullable().optional(),
    countryCode: z.string().regex(/^[A-Z]{2}$/).nullable().optional(),
    edgeLocation: z.string().regex(/^[A-Z0-9_-]{1,32}$/).optional(),
    /** A path (`/x?y`) on the zone's host, or a whole URL. */
    url: z.string().min(1).max(2048).optional(),
    userAgent: z.string().max(1024).nullable().optional(),
    referer: z.string().max(2048).nullable().optional(),
  })
  .strict();
export type InjectRow = z.infer<typeof injectRowSchema>;

const injectBodySchema = z.object({ zoneId: z.number().int().positive(), rows: z.array(injectRowSchema).min(1).max(10_000) }).strict();

/** The injected rows of one sandbox. */
export interface InjectedRows {
  /** Adds rows to a zone's traffic; answers them as stored (defaults filled in). */
  inject(zone: SeedPullZone, rows: readonly InjectRow[]): TrafficEntry[];
  /** Injected rows of a zone with `lo <= timestamp < hi`, ascending. */
  range(zoneId: number, lo: number, hi: number): readonly TrafficEntry[];
  /** Forgets every injected row. */
  clear(): void;
}

const stores = new WeakMap<SandboxContext, InjectedRows>();

/** The injected rows of the sandbox with this context (created on first use). */
export function injectedRowsOf(ctx: SandboxContext): InjectedRows {
  let store = stores.get(ctx);
  if (store === undefined) {
    store = createInjectedRows(() => ctx.options.now());
    stores.set(ctx, store);
  }
  return store;
}

function createInjectedRows(now: () => number): InjectedRows {
  const byZone = new Map<number, TrafficEntry[]>();
  return {
    inject(zone, rows) {
      const list = byZone.get(zone.id) ?? [];
      byZone.set(zone.id, list);
      const made = rows.map((r): TrafficEntry => {
        const url = r.url === undefined ? `https://${zone.hostname}/injected` : /^https?:\/\//.test(r.url) ? r.url : `https://${zone.hostname}${r.url.startsWith('/') ? '' : '/'}${r.url}`;
        return {
          timestampMs: r.timestampMs ?? now(),
          pullZoneId: zone.id,
          requestId: r.requestId ?? randomBytes(16).toString('hex'),
          cacheStatus: (r.cacheStatus ?? 'HIT') as TrafficEntry['cacheStatus'],
          statusCode: r.statusCode ?? 200,
          bytesSent: r.bytesSent ?? 512,
          remoteIp: r.remoteIp === undefined ? '203.0.113.7' : r.remoteIp,
          countryCode: r.countryCode === undefined ? 'DE' : r.countryCode,
          edgeLocation: r.edgeLocation ?? 'DE',
          url,
          userAgent: r.userAgent === undefined ? 'Burrow-Test/1.0' : r.userAgent,
          referer: r.referer ?? null,
          originShield: false,
          // A test's own row: realism leaves it as the test wrote it.
          injected: true,
        };
      });
      for (const e of made) {
        // Kept in time order, so a range is one slice.
        let i = list.length;
        while (i > 0 && list[i - 1]!.timestampMs > e.timestampMs) i--;
        list.splice(i, 0, e);
      }
      return made;
    },
    range(zoneId, lo, hi) {
      return (byZone.get(zoneId) ?? []).filter((e) => e.timestampMs >= lo && e.timestampMs < hi);
    },
    clear() {
      byZone.clear();
    },
  };
}

/** A traffic store that serves the injected rows among the generated ones, in time order. */
export function withInjected(inner: TrafficStore, injected: InjectedRows): TrafficStore {
  const store: TrafficStore = {
    *range(zone, lo, hi, order) {
      const extra = injected.range(zone.id, lo, hi);
      if (extra.length === 0) {
        yield* inner.range(zone, lo, hi, order);
        return;
      }
      const mine = order === 'asc' ? extra : [...extra].reverse();
      let k = 0;
      const before = (a: TrafficEntry, b: TrafficEntry) => (order === 'asc' ? a.timestampMs <= b.timestampMs : a.timestampMs >= b.timestampMs);
      for (const e of inner.range(zone, lo, hi, order)) {
        while (k < mine.length && before(mine[k]!, e)) yield mine[k++]!;
        yield e;
      }
      while (k < mine.length) yield mine[k++]!;
    },
    *select(zone, lo, hi, order, matches, key, skip) {
      // The inner store's counts know nothing of injected rows: with some in range, the walk counts every row.
      if (injected.range(zone.id, lo, hi).length === 0) yield* inner.select(zone, lo, hi, order, matches, key, skip);
      else yield* selectFrom(store.range(zone, lo, hi, order), matches, skip);
    },
    forgetBefore: (ms) => inner.forgetBefore(ms),
  };
  return store;
}

/**
 * `POST /__admin/logs/inject` with `{"zoneId": n, "rows": [{…}]}` → 201 `{"rows": [the stored rows]}`;
 * `DELETE /__admin/logs/inject` forgets them. The caller (handleAdmin) has already checked loopback and the key.
 */
export async function handleInjectAdmin(ctx: SandboxContext, req: IncomingMessage, res: ServerResponse): Promise<true> {
  const method = req.method ?? 'GET';
  if (method === 'DELETE') {
    injectedRowsOf(ctx).clear();
    sendJson(res, 200, { cleared: true });
    return true;
  }
  if (method !== 'POST') {
    sendJson(res, 405, { error: `${method} is not allowed on /__admin/logs/inject` });
    return true;
  }
  const parsed = injectBodySchema.safeParse(await readJson(req, 4 * 1024 * 1024));
  if (!parsed.success) {
    sendJson(res, 400, { error: z.prettifyError(parsed.error) });
    return true;
  }
  const zone = pullZonesOf(ctx).find((z) => z.id === parsed.data.zoneId);
  if (zone === undefined) {
    sendJson(res, 404, { error: `Pull zone ${parsed.data.zoneId} was not found` });
    return true;
  }
  const rows = injectedRowsOf(ctx).inject(zone, parsed.data.rows);
  sendJson(res, 201, { rows: rows.map(({ originShield: _o, injected: _i, ...r }) => r) });
  return true;
}
