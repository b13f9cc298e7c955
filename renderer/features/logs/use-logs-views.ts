/**
 * Saved views, the filters toggle and links, as the Logs screen drives them. Turning the filters off keeps them
 * aside (turning them on again restores them, unless another filter was applied meanwhile), and the selected row
 * stays selected through both. A link carries the zone, the range made absolute, the filter the core applied and
 * the selected request; opening one (pasted, or handed over by the `burrow:` protocol through the core's inbox)
 * restores all four.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { LogSort, LogsStatus } from '../../../shared/contract/logs';
import { formatLogsLink, parseLogsLink } from '../../../shared/logs/link';
import { call } from '../../bridge/client';
import { useBridgeEvent } from '../../bridge/events';
import { useLatestCallback } from '../../ui/use-latest-callback';
import { useLogs } from './logs-store';
import type { useLogsQuery } from './use-logs-query';
import type { TableKeys } from './view-types';

/** A row to select once the session is the one described. */
interface FocusTarget {
  readonly requestId: string;
  /** True for the status that shows the change (the filter or the range asked for). */
  readonly ready: (status: LogsStatus) => boolean;
}

/** What the screen can ask: keep (or find) a row, and why the last one could not be found. */
interface FocusRequest {
  request(target: FocusTarget): void;
  readonly note: string;
}

const isLoading = (s: LogsStatus) => s.phase === 'loading' || s.phase === 'loading-all';

/**
 * Keeps a request's row selected across a change that moves it (filters toggled, a link opened): its new place is
 * asked of the core once the session shows the change; while pages come in the search is repeated as rows arrive,
 * and when loading ends without it the screen says so. `drawn` says the charts above the table are drawn: selecting
 * (which focuses the grid and so scrolls it into view) waits for them, or their arrival would push the row below.
 */
function useFocusRequest(table: RefObject<TableKeys | null>, sort: LogSort, drawn: boolean): FocusRequest {
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

/** The screen's query, as useLogsQuery returns it. */
export type LogsQuery = ReturnType<typeof useLogsQuery>;

/** A link put on the clipboard, and whether the clipboard took it. */
export interface CopiedLink {
  readonly url: string;
  readonly state: 'copying' | 'copied' | 'refused';
}

/** What the views bar and the keys use. */
export interface LogsViews {
  /** Filters are set aside by the toggle; they come back on the next toggle. */
  readonly filtersOff: boolean;
  /** There is something to toggle: filters applied, or filters set aside. */
  readonly canToggle: boolean;
  toggleFilters(): void;
  /** Applies a saved view's filter, keeping the selected row when it still matches. */
  applyFilter(filter: string): void;
  /** The zone a view or a link is about; null for a file or no source. */
  readonly zoneId: number | null;
  readonly canCopyLink: boolean;
  copyLink(): void;
  /** The last link copied and how the clipboard took it, shown so it can be read (and copied by hand). */
  readonly copied: CopiedLink | null;
  /** Opens a link; the reason when it cannot be read. */
  openLink(text: string): string | null;
  /** Why a link handed over from outside could not be opened. */
  readonly inboxError: string | null;
  /** Why the selected row could not be kept. */
  readonly focusNote: string;
}

/** `drawn`: the charts are drawn (see useFocusRequest). */
export function useLogsViews(q: LogsQuery, table: RefObject<TableKeys | null>, sort: LogSort, drawn: boolean): LogsViews {
  const focus = useFocusRequest(table, sort, drawn);
  const status = useLogs((s) => s.status);
  const [kept, setStash] = useState<string | null>(null);
  // Another filter applied while the filters are off becomes the filter: there is nothing to turn back on.
  const stash = kept !== null && q.applied.trim() === '' ? kept : null;
  const [copied, setCopied] = useState<CopiedLink | null>(null);
  const [inboxError, setInboxError] = useState<string | null>(null);

  function applyKeeping(filter: string) {
    const requestId = table.current?.selectedRequestId() ?? null;
    q.setText(filter);
    q.applyFilter(filter);
    // Views, the filters set aside and links all hold the core's canonical text, as statuses report it.
    if (requestId !== null) focus.request({ requestId, ready: (s) => s.filter === filter });
  }

  function toggleFilters() {
    if (stash !== null) {
      setStash(null);
      applyKeeping(stash);
    } else if (q.applied.trim() !== '') {
      setStash(q.applied);
      applyKeeping('');
    }
  }

  function openLink(text: string): string | null {
    const parsed = parseLogsLink(text);
    if (!parsed.ok) return parsed.message;
    const l = parsed.link;
    setStash(null);
    q.openAt(l.zoneId, { kind: 'absolute', from: l.from, to: l.to }, l.filter);
    const ready = (s: LogsStatus) => s.source.zoneId === l.zoneId && s.from === l.from && s.to === l.to && s.filter === l.filter;
    if (l.requestId !== null) focus.request({ requestId: l.requestId, ready });
    return null;
  }

  // A link handed over from outside waits in the core: taken when the screen opens and whenever another arrives.
  const takeLink = useLatestCallback(() => {
    call('logs.linkTake', {})
      .then(({ url }) => {
        if (url === null) return;
        const problem = openLink(url);
        setInboxError(problem === null ? null : `The link could not be opened. ${problem}`);
      })
      // Nothing to open: the link stays where it was, or there was none.
      .catch(() => undefined);
  });
  useEffect(() => takeLink(), [takeLink]);
  useBridgeEvent('logs.link', takeLink);

  function copyLink() {
    const s = useLogs.getState().status;
    if (!s || s.source.kind !== 'zone' || s.source.zoneId === undefined || s.from === null || s.to === null) return;
    const url = formatLogsLink({ zoneId: s.source.zoneId, from: s.from, to: s.to, filter: s.filter, requestId: table.current?.selectedRequestId() ?? null });
    setCopied({ url, state: 'copying' });
    // Said beside the button, where the link is shown too (to copy by hand when the clipboard refuses).
    navigator.clipboard.writeText(url).then(
      () => setCopied((c) => (c?.url === url ? { url, state: 'copied' } : c)),
      () => setCopied((c) => (c?.url === url ? { url, state: 'refused' } : c)),
    );
  }

  const zoneId = q.source?.kind === 'zone' || q.source?.kind === 'off' ? q.source.zoneId : null;
  return {
    filtersOff: stash !== null,
    canToggle: stash !== null || q.applied.trim() !== '',
    toggleFilters,
    applyFilter: applyKeeping,
    zoneId,
    canCopyLink: status?.source.kind === 'zone' && status.from !== null && status.to !== null,
    copyLink,
    copied,
    openLink,
    inboxError,
    focusNote: focus.note,
  };
}
