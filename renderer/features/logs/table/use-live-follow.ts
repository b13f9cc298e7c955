/**
 * The table in live mode, where rows arrive mostly at the top. At the top the view follows the newest rows.
 * Scrolled down, it stays on its rows: the core is asked where the first row in view is now, and the view and the
 * selection move by as many places in the render that asks for the new rows; meanwhile "N new — jump to live" counts
 * the rows that arrived since the view left the top.
 */
import { useEffect, useRef, useState } from 'react';
import type { LogSort } from '../../../../shared/contract/logs';
import { findRequest } from './use-row-windows';

/** What the table knows of the live tail it shows. */
export interface LiveRows {
  /** Matching rows that arrived since the tail started (only grows; a restarted tail counts from 0 again). */
  readonly arrived: number;
}

interface Options {
  readonly live: LiveRows | undefined;
  readonly sessionId: string;
  readonly version: number;
  readonly sort: LogSort;
  /** The view is at the top: it follows the newest rows. */
  readonly atTop: boolean;
  /**
   * The row the view keeps in place when rows change (the first in view, or at the top the selected one): its
   * place and request id, read when the rows change; null when there is none to keep.
   */
  anchor(): { readonly index: number; readonly requestId: string | null } | null;
  /** Moves the view (unless at the top) and the selection by `delta` places. */
  onMove(delta: number, atTop: boolean): void;
  /** A restarted tail (a new filter): back to the top. */
  onRestart(): void;
}

/** The version the table fetches its rows for, and how many rows arrived since the view left the top. */
export function useLiveFollow({ live, sessionId, version, sort, atTop, anchor, onMove, onRestart }: Options): { readonly rowsVersion: number; readonly fresh: number } {
  const [settled, setSettled] = useState(version);
  const [leftAt, setLeftAt] = useState<number | null>(null);
  const latest = useRef({ version, anchor, onMove, onRestart });
  useEffect(() => {
    latest.current = { version, anchor, onMove, onRestart };
  });
  const arrived = live?.arrived ?? 0;

  // Where the view left the top, in arrivals; back at the top nothing is "new".
  if (live !== undefined && !atTop && leftAt === null) setLeftAt(arrived);
  if ((live === undefined || atTop) && leftAt !== null) setLeftAt(null);

  // A tail that started over (a new filter) counts its arrivals from 0 again.
  const lastArrived = useRef(arrived);
  useEffect(() => {
    if (arrived < lastArrived.current) latest.current.onRestart();
    lastArrived.current = arrived;
  }, [arrived]);

  // New rows: find the anchor's new place first (one question at a time; the answer counts every change since).
  const asking = useRef(false);
  const behind = live !== undefined && settled !== version;
  useEffect(() => {
    if (!behind || asking.current) return;
    const a = latest.current.anchor();
    const requestId = a?.requestId ?? null;
    if (a === null || requestId === null || !/^[0-9a-fA-F]{1,32}$/.test(requestId)) {
      setSettled(latest.current.version);
      return;
    }
    asking.current = true;
    const done = () => {
      asking.current = false;
      setSettled(latest.current.version);
    };
    findRequest(sessionId, requestId, { key: sort.key, dir: sort.dir })
      .then((index) => {
        // A row no longer held (trimmed) leaves the view where it is.
        if (index !== null && index !== a.index) latest.current.onMove(index - a.index, atTop);
        done();
      })
      .catch(done);
  }, [behind, version, sessionId, sort.key, sort.dir, atTop]);

  return { rowsVersion: live === undefined ? version : settled, fresh: leftAt === null ? 0 : Math.max(0, arrived - leftAt) };
}
