/**
 * The Logs screen's session as the renderer knows it: which core session is open, its latest status (from the
 * method replies and `logs.status` events), the aggregates last fetched for it, and how times are shown. The
 * rows themselves stay in the core; `version` moves whenever they change so the table and aggregates refetch.
 */
import { create } from 'zustand';
import type { LogAggregates, LogRow, LogSort, LogsStatus } from '../../../shared/contract/logs';
import { DEFAULT_URL_GROUPING, type UrlGrouping } from '../../../shared/logs/url-pattern';
import type { TimeZoneMode } from './view-types';

interface LogsState {
  readonly sessionId: string | null;
  readonly status: LogsStatus | null;
  /** Moves when the rows held or matching, the filter or the span change; 0 before any session. */
  readonly version: number;
  readonly aggregates: LogAggregates | null;
  readonly timeZone: TimeZoneMode;
  /** How the top URLs group; the aggregates are asked again when it changes. */
  readonly urlGrouping: UrlGrouping;
  /**
   * The width the time charts draw their buckets across (CSS px), null until a chart has been laid out; it outlives
   * sessions, so the next one asks for fitting buckets at once.
   */
  readonly plotWidth: number | null;
  setPlotWidth(width: number): void;
  /** A status that arrived before the reply naming its session (the core starts loading before it answers). */
  readonly early: LogsStatus | null;
  /** The table's sort, as the screen holds it: a new filter's reply brings its first rows in it. */
  readonly sort: LogSort;
  /** The first rows of a version of the rows, brought by the reply that applied a filter or range. */
  readonly head: { readonly sessionId: string; readonly version: number; readonly sort: LogSort; readonly rows: readonly LogRow[] } | null;
  /** A new session answered: it becomes the current one. */
  opened(status: LogsStatus): void;
  /** A reply or event: applied when it is about the current session, kept aside when no session is known yet. */
  received(status: LogsStatus, head?: { readonly sort: LogSort; readonly rows: readonly LogRow[] }): void;
  setAggregates(sessionId: string, aggregates: LogAggregates): void;
  setTimeZone(mode: TimeZoneMode): void;
  setUrlGrouping(grouping: UrlGrouping): void;
  /** The session was closed (or the source is changing): nothing is shown until the next one opens. */
  closed(): void;
}

/** What decides whether the rows changed between two statuses of one session. */
function rowsKey(s: LogsStatus): string {
  return `${s.loadedRows}|${s.matchingRows}|${s.filter}|${s.from ?? ''}|${s.to ?? ''}`;
}

/**
 * Of a reply and an event about the same new session, the one further along: requests and rows only grow while
 * a session loads, and on a tie the event wins because the core sends it after the state it reports.
 */
function further(reply: LogsStatus, event: LogsStatus): LogsStatus {
  if (event.requests !== reply.requests) return event.requests > reply.requests ? event : reply;
  return event.loadedRows >= reply.loadedRows ? event : reply;
}

/** The Logs session store. */
export const useLogs = create<LogsState>((set) => ({
  sessionId: null,
  status: null,
  version: 0,
  aggregates: null,
  timeZone: 'utc',
  urlGrouping: DEFAULT_URL_GROUPING,
  plotWidth: null,
  early: null,
  sort: { key: 'time', dir: 'desc' },
  head: null,
  opened(status) {
    set((s) => {
      const early = s.early?.sessionId === status.sessionId ? s.early : null;
      return { sessionId: status.sessionId, status: early ? further(status, early) : status, aggregates: null, version: s.version + 1, early: null };
    });
  },
  received(status, head) {
    set((s) => {
      if (s.sessionId === null) return { early: status };
      if (status.sessionId !== s.sessionId) return {};
      const version = s.status === null || rowsKey(s.status) !== rowsKey(status) ? s.version + 1 : s.version;
      return { status, version, ...(head ? { head: { sessionId: status.sessionId, version, ...head } } : {}) };
    });
  },
  setAggregates(sessionId, aggregates) {
    set((s) => (s.sessionId === sessionId ? { aggregates } : {}));
  },
  setTimeZone(timeZone) {
    set({ timeZone });
  },
  setUrlGrouping(urlGrouping) {
    set({ urlGrouping });
  },
  setPlotWidth(plotWidth) {
    set((s) => (s.plotWidth === plotWidth ? {} : { plotWidth }));
  },
  closed() {
    set((s) => ({ sessionId: null, status: null, aggregates: null, early: null, version: s.version + 1 }));
  },
}));
