/**
 * Keeps a request's row selected across a change that moves it: filters toggled, a link opened. The row's new
 * place is asked of the core (which holds the rows and the sort) once the session shows the change asked for;
 * while pages are still coming in the search is repeated as rows arrive, and when loading ends without it the
 * screen says the row is not among the loaded rows.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { LogSort, LogsStatus } from '../../../shared/contract/logs';
import { call } from '../../bridge/client';
import { useLogs } from './logs-store';
import type { TableKeys } from './view-types';

/** A row to select once the session is the one described. */
export interface FocusTarget {
  readonly requestId: string;
  /** True for the status that shows the change (the filter or the range asked for). */
  readonly ready: (status: LogsStatus) => boolean;
}

/** What the screen can ask: keep (or find) a row, and why the last one could not be found. */
export interface FocusRequest {
  request(target: FocusTarget): void;
  readonly note: string;
}

const isLoading = (s: LogsStatus) => s.phase === 'loading' || s.phase === 'loading-all';

/**
 * `drawn` says the charts above the table are drawn: selecting (which focuses the grid and so scrolls it into view)
 * waits for them, or their arrival would push the row below the window again.
 */
export function useFocusRequest(table: RefObject<TableKeys | null>, sort: LogSort, drawn: boolean): FocusRequest {
  const [target, setTarget] = useState<FocusTarget | null>(null);
  const [note, setNote] = useState('');
  const status = useLogs((s) => s.status);
  const version = useLogs((s) => s.version);
  const asked = useRef(0);

  useEffect(() => {
    if (target === null || status === null || !target.ready(status)) return;
    if (!drawn && status.matchingRows > 0) return;
    const loading = isLoading(status);
    const mine = ++asked.current;
    call('logs.findRequest', { sessionId: status.sessionId, requestId: target.requestId, sort: { key: sort.key, dir: sort.dir } })
      .then(({ index }) => {
        if (mine !== asked.current) return;
        // The table may not have drawn rows it does not know of yet; the next status brings them.
        if (index !== null && index < status.matchingRows && table.current) {
          table.current.select(index);
          setTarget(null);
          setNote('');
        } else if (!loading) {
          setTarget(null);
          setNote('The selected request is not among the loaded rows.');
        }
      })
      .catch(() => {
        if (mine === asked.current && !loading) {
          setTarget(null);
          setNote('Could not look for the selected request.');
        }
      });
    // `version` moves as rows arrive: each arrival is a new chance to find the row.
  }, [target, status, version, sort, table, drawn]);

  return {
    request: (t) => {
      setNote('');
      setTarget(t);
    },
    note,
  };
}
