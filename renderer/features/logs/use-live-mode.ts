/**
 * Live as a mode of the Logs screen: while on, the screen's one table, histogram and facets read the zone's live
 * tail instead of its session (the core answers `logs.window`, `logs.aggregates` and `logs.facets` for a tail's id
 * as for a session's). This hook holds the switch (per zone: another zone is live only when asked), runs the tail
 * (useLiveTail) and gives what the screen mounts them with: the tail's id, its matching rows, a version that
 * moves whenever its rows change, and its status for the controls. `useLiveAggregates` fetches the tail's charts.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { LogAggregates } from '../../../shared/contract/logs';
import type { TailStatus } from '../../../shared/contract/logs-tail';
import { bucketForWidth } from '../../../shared/logs/buckets';
import type { UrlGrouping } from '../../../shared/logs/url-pattern';
import { call } from '../../bridge/client';
import { useBridgeEvent } from '../../bridge/events';
import { useLatestRefresh } from './latest-refresh';

/**
 * The zone's one live tail in the core while `on`: started with the applied filter, told of a new filter, paused and
 * resumed, stopped when turned off, when the zone changes or when the screen goes.
 */
interface LiveTail {
  readonly status: TailStatus | null;
  readonly error: unknown;
  pause(): void;
  resume(): void;
}

function stopQuietly(sessionId: string): void {
  call('logs.tailStop', { sessionId }).catch(() => undefined);
}

function useLiveTail(on: boolean, zoneId: number, filter: string): LiveTail {
  const [status, setStatus] = useState<TailStatus | null>(null);
  const [error, setError] = useState<unknown>(null);
  const idRef = useRef<string | null>(null);
  const filterRef = useRef(filter);

  useBridgeEvent('logs.tailStatus', (s) => {
    if (s.sessionId === idRef.current) setStatus(s);
  });

  // A filter applied while live starts the tail over with it. Declared first: a filter applied together with turning
  // live on (Logs opened from another area) is the one the tail starts with.
  useEffect(() => {
    if (filterRef.current === filter) return;
    filterRef.current = filter;
    const id = idRef.current;
    if (id === null) return;
    call('logs.tailFilter', { sessionId: id, filter })
      .then((s) => s.sessionId === idRef.current && setStatus(s))
      .catch((e: unknown) => setError(e));
  }, [filter]);

  // A tail per zone while on; the filter at the start is the one it begins with.
  useEffect(() => {
    if (!on) return;
    let cancelled = false;
    call('logs.tail', { zoneId, filter: filterRef.current })
      .then((s) => {
        if (cancelled) return stopQuietly(s.sessionId);
        idRef.current = s.sessionId;
        setStatus(s);
        setError(null);
      })
      .catch((e: unknown) => !cancelled && setError(e));
    return () => {
      cancelled = true;
      const id = idRef.current;
      idRef.current = null;
      setStatus(null);
      setError(null);
      if (id !== null) stopQuietly(id);
    };
  }, [on, zoneId]);

  const act = useCallback((method: 'logs.tailPause' | 'logs.tailResume') => {
    const id = idRef.current;
    if (id === null) return;
    call(method, { sessionId: id })
      .then((s) => {
        if (s.sessionId === idRef.current) setStatus(s);
        setError(null);
      })
      .catch((e: unknown) => setError(e));
  }, []);

  return { status, error, pause: useCallback(() => act('logs.tailPause'), [act]), resume: useCallback(() => act('logs.tailResume'), [act]) };
}

/** What the screen reads of live mode. */
export interface LiveMode {
  /** Live is on for the zone shown. */
  readonly on: boolean;
  /** The tail's id once it has started (null while off or starting): pass it as the table's and the facets' sessionId. */
  readonly sessionId: string | null;
  /** Matching rows the tail holds: the table's total. */
  readonly total: number;
  /** Moves whenever the tail's rows change (arrivals, trims, a new filter): the table, charts and facets fetch again. */
  readonly version: number;
  /** Matching rows that arrived since the tail started ("N new" counts from it). */
  readonly arrived: number;
  /** The table's `live` prop while on (the same object while `arrived` holds, so a memoised table is not redrawn). */
  readonly table: { readonly arrived: number } | undefined;
  readonly status: TailStatus | null;
  /** The last call that failed (starting, pausing…), for the controls to show. */
  readonly error: unknown;
  /** Turns live on or off for the zone shown. */
  toggle(): void;
  /** Live on for `zoneId` (the zone about to be shown), or off with null. */
  setLive(zoneId: number | null): void;
  pause(): void;
  resume(): void;
}

/** Live mode for `zoneId` (null: a file or nothing is shown, live is off) with the screen's applied filter. */
export function useLiveMode(zoneId: number | null, filter: string): LiveMode {
  // The zone live was turned on for: another zone is live again only when asked.
  const [liveZone, setLiveZone] = useState<number | null>(null);
  const on = zoneId !== null && liveZone === zoneId;
  const tail = useLiveTail(on, zoneId ?? 0, filter);
  const s = on ? tail.status : null;

  // One version step per change of what the rows are.
  const key = s === null ? '' : `${s.sessionId}|${s.arrivedMatching}|${s.trimmedMatching}|${s.matchingRows}|${s.filter}`;
  const [seen, setSeen] = useState({ key, version: 0 });
  if (seen.key !== key) setSeen({ key, version: seen.version + 1 });

  const arrived = s?.arrivedMatching ?? 0;
  const table = useMemo(() => (on ? { arrived } : undefined), [on, arrived]);
  const toggle = useCallback(() => setLiveZone((z) => (z !== null && z === zoneId ? null : zoneId)), [zoneId]);
  return {
    on,
    sessionId: s?.sessionId ?? null,
    total: s?.matchingRows ?? 0,
    version: seen.key === key ? seen.version : seen.version + 1,
    arrived,
    table,
    status: s,
    error: on ? tail.error : null,
    toggle,
    setLive: setLiveZone,
    pause: tail.pause,
    resume: tail.resume,
  };
}

/** The shortest time between two aggregate requests while a tail's rows keep changing. */
export const LIVE_AGGREGATES_INTERVAL_MS = 1000;

/**
 * The charts and KPIs over a live tail's rows, bucketed over its live window (from/to in its status) by the same
 * ladder as a session's at the charts' width; fetched again as its rows change, one request at a time. Null while
 * live is off or before the first answer.
 */
export function useLiveAggregates(live: Pick<LiveMode, 'sessionId' | 'version' | 'status'>, plotWidth: number | null, urls?: UrlGrouping): LogAggregates | null {
  const [aggregates, setAggregates] = useState<{ readonly sessionId: string; readonly value: LogAggregates } | null>(null);
  const { sessionId, version, status } = live;
  const bucketMs = status === null || plotWidth === null || plotWidth <= 0 ? undefined : bucketForWidth(status.from, Math.max(status.to, status.from + 60_000), plotWidth);
  const asked = useRef({ bucketMs, urls });
  useEffect(() => {
    asked.current = { bucketMs, urls };
  });
  const refresh = useLatestRefresh<LogAggregates>(sessionId, (id) => ({
    fetch: () => {
      const { bucketMs: b, urls: u } = asked.current;
      return call('logs.aggregates', { sessionId: id, ...(b !== undefined ? { bucketMs: b } : {}), ...(u !== undefined ? { urls: u } : {}) });
    },
    apply: (value) => setAggregates({ sessionId: id, value }),
    // A failed refresh leaves the last charts; the next change asks again.
    fail: () => undefined,
    intervalMs: LIVE_AGGREGATES_INTERVAL_MS,
  }));
  const urlKey = urls === undefined ? '' : `${urls.patterns}:${urls.ignoreQuery}`;
  useEffect(refresh, [refresh, sessionId, version, bucketMs, urlKey]);
  return aggregates !== null && aggregates.sessionId === sessionId ? aggregates.value : null;
}
