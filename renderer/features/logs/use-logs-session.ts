/**
 * Drives the Logs screen's one core session: opens it on a source (closing the previous one first), changes its
 * filter or range, pages, and closes it when the screen goes (but for a file session when a profile switch draws
 * the screen anew: a file belongs to no profile). `logs.status` events keep the store current, and
 * aggregates are fetched again whenever the rows change: one request at a time, at most twice a second while pages
 * stream in, the pages that arrived meanwhile folded into the next one.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { MethodOutput } from '../../../shared/contract/index';
import type { LogAggregates, LogSource, LogsStatus } from '../../../shared/contract/logs';
import { bucketForWidth } from '../../../shared/logs/buckets';
import type { LogRange } from '../../../shared/logs/range';
import { onProfileSwitch, useActiveProfile } from '../../bridge/active-profile';
import { call } from '../../bridge/client';
import { useBridgeEvent } from '../../bridge/events';
import { useLatestRefresh } from './latest-refresh';
import { useLogs } from './logs-store';
import { BLOCK } from './table/row-windows';

/** The shortest time between two aggregate requests while rows keep arriving ("load all" streams many pages). */
export const AGGREGATES_INTERVAL_MS = 500;

/** What the screen can do with its session. */
export interface LogsSession {
  /** The last call that failed (cleared by the next one that succeeds). */
  readonly error: unknown;
  /** A source is being opened. */
  readonly opening: boolean;
  open(source: LogSource, filter: string): Promise<void>;
  /** Ends the session (if any) without opening another: nothing is shown until a source is chosen again. */
  close(): void;
  /** A new filter (or a chip added to it) or range; the core's answer, null when the call failed or nothing is open. */
  update(change: { readonly filter?: string; readonly add?: string; readonly range?: LogRange }): Promise<MethodOutput<'logs.update'> | null>;
  loadMore(): void;
  loadAll(): void;
  cancel(): void;
}

/**
 * The bucket the charts ask for: the ladder's step for the session's span at the charts' width, or none (the core
 * picks by the span alone) while either is unknown. A span without length is one minute, as the core counts it.
 */
export function chartBucketMs(status: LogsStatus | null, plotWidth: number | null): number | undefined {
  if (status === null || status.from === null || plotWidth === null || plotWidth <= 0) return undefined;
  const to = status.to !== null && status.to > status.from ? status.to : status.from + 60_000;
  return bucketForWidth(status.from, to, plotWidth);
}

/** Closes a session in the core; a failure only means it is already gone. */
function closeQuietly(sessionId: string): void {
  call('logs.close', { sessionId }).catch(() => undefined);
}

/** A file read from disk belongs to no profile: the core keeps its session through a switch, and so does this window. */
function holdsFile(): boolean {
  const { sessionId, status } = useLogs.getState();
  return sessionId !== null && status?.source.kind === 'file';
}

// The old profile's session is closed in the core and forgotten here: nothing of its rows is asked for or shown again.
onProfileSwitch(() => {
  if (holdsFile()) return;
  const id = useLogs.getState().sessionId;
  if (id !== null) closeQuietly(id);
  useLogs.getState().closed();
});

/** The token of the file each file session reads, so a screen drawn anew can go on with it. */
let fileOfSession: { readonly sessionId: string; readonly token: string } | null = null;

/**
 * The file session this window holds (one that a profile switch kept), for a Logs screen that opens showing it:
 * its file, its name and the filter it was opened with. Null when the window holds no file session.
 */
export function heldFileSession(): { readonly token: string; readonly name: string; readonly filter: string } | null {
  const { sessionId, status } = useLogs.getState();
  if (!holdsFile() || status === null || fileOfSession?.sessionId !== sessionId) return null;
  return { token: fileOfSession.token, name: status.source.fileName ?? 'Log file', filter: status.filter };
}

export function useLogsSession(): LogsSession {
  const sessionId = useLogs((s) => s.sessionId);
  const version = useLogs((s) => s.version);
  const [error, setError] = useState<unknown>(null);
  const [opening, setOpening] = useState(false);
  // Each open counts; a reply to an open that a later one overtook is closed at once instead of shown.
  const generation = useRef(0);

  useBridgeEvent('logs.status', (s) => useLogs.getState().received(s));

  // The profile switch count as the screen was drawn: gone because of a switch, it keeps a file session.
  const drawnAt = useRef(useActiveProfile.getState().epoch);

  useEffect(
    () => () => {
      generation.current++;
      // Drawn anew because of a profile switch: a file session stays for the new screen (see onProfileSwitch).
      if (useActiveProfile.getState().epoch !== drawnAt.current && holdsFile()) return;
      const id = useLogs.getState().sessionId;
      if (id !== null) closeQuietly(id);
      useLogs.getState().closed();
    },
    [],
  );

  // One refresh per session: pages that arrive while aggregates are being computed fold into one more request.
  const refresh = useLatestRefresh<LogAggregates>(sessionId, (id) => ({
    fetch: () => {
      const { status, plotWidth, urlGrouping } = useLogs.getState();
      const bucketMs = chartBucketMs(status, plotWidth);
      return call('logs.aggregates', { sessionId: id, urls: urlGrouping, ...(bucketMs !== undefined ? { bucketMs } : {}) });
    },
    apply: (a) => useLogs.getState().setAggregates(id, a),
    fail: (e) => {
      if (useLogs.getState().sessionId === id) setError(e);
    },
    intervalMs: AGGREGATES_INTERVAL_MS,
  }));

  // Declared after the refresh's own effect, so a new session's first version asks the new refresh. A new URL
  // grouping changes only the top URLs, but they come with the rest of the aggregates.
  const urlGrouping = useLogs((s) => s.urlGrouping);
  // Other buckets (a resize or a zoom across a step of the ladder) are asked for too; a width within the same step
  // asks nothing.
  const bucketMs = useLogs((s) => chartBucketMs(s.status, s.plotWidth));
  useEffect(refresh, [refresh, sessionId, version, urlGrouping, bucketMs]);

  const open = useCallback(async (source: LogSource, filter: string) => {
    const mine = ++generation.current;
    const previous = useLogs.getState().sessionId;
    if (previous !== null) closeQuietly(previous);
    useLogs.getState().closed();
    setOpening(true);
    try {
      const status = await call('logs.open', { source, filter });
      if (mine !== generation.current) return closeQuietly(status.sessionId);
      if (source.kind === 'file') fileOfSession = { sessionId: status.sessionId, token: source.token };
      useLogs.getState().opened(status);
      setError(null);
    } catch (e) {
      if (mine === generation.current) setError(e);
    } finally {
      if (mine === generation.current) setOpening(false);
    }
  }, []);

  const close = useCallback(() => {
    generation.current++;
    const previous = useLogs.getState().sessionId;
    if (previous !== null) closeQuietly(previous);
    useLogs.getState().closed();
    setOpening(false);
    setError(null);
  }, []);

  const update = useCallback(async (change: { readonly filter?: string; readonly add?: string; readonly range?: LogRange }) => {
    const { sessionId: id, sort } = useLogs.getState();
    if (id === null) return null;
    try {
      // The answer brings the table's first rows with the status: the table draws them without asking again.
      const r = await call('logs.update', { sessionId: id, ...change, window: { offset: 0, count: BLOCK, sort } });
      useLogs.getState().received(r.status, r.window && { sort, rows: r.window.rows });
      setError(null);
      return r;
    } catch (e) {
      setError(e);
      return null;
    }
  }, []);

  const page = useCallback((method: 'logs.loadMore' | 'logs.loadAll' | 'logs.cancel') => {
    const id = useLogs.getState().sessionId;
    if (id === null) return;
    call(method, { sessionId: id })
      .then((s) => {
        useLogs.getState().received(s);
        setError(null);
      })
      .catch((e: unknown) => setError(e));
  }, []);

  return {
    error,
    opening,
    open,
    close,
    update,
    loadMore: useCallback(() => page('logs.loadMore'), [page]),
    loadAll: useCallback(() => page('logs.loadAll'), [page]),
    cancel: useCallback(() => page('logs.cancel'), [page]),
  };
}
