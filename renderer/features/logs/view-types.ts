/**
 * What the parts of the Logs screen agree on: how times are shown, how a drill-down becomes a filter chip, and
 * the props of the table and the charts (each in its own folder) that the screen mounts.
 */
import type { RefObject } from 'react';
import type { LogAggregates, LogRow, LogSort } from '../../../shared/contract/logs';

/** Times in the table, the axes, the picker and the tooltips: all UTC or all the machine's zone. */
export type TimeZoneMode = 'utc' | 'local';

/**
 * A request to add a filter chip, in the filter text syntax (`cache:MISS`, `country:DE`, `status:5xx`,
 * `url:"/video/a.mp4"`); `negated` asks for the excluding chip (Alt-click).
 */
export interface DrillDown {
  readonly token: string;
  readonly negated: boolean;
}

/** The CSS colour variable of a cache status (the same in table chips and charts). */
export function cacheColorVar(status: string): string {
  const known: Record<string, string> = {
    HIT: '--cache-hit',
    MISS: '--cache-miss',
    BYPASS: '--cache-bypass',
    REVALIDATED: '--cache-revalidated',
    STALE: '--cache-stale',
    UPDATING: '--cache-updating',
    '-': '--cache-none',
    EXPIRED: '--cache-stale',
  };
  return known[status] ?? '--cache-none';
}

/** The CSS colour variable of a status class ('2xx'…'5xx'; others share the muted colour). */
export function statusClassColorVar(cls: string): string {
  return ['2xx', '3xx', '4xx', '5xx'].includes(cls) ? `--status-${cls}` : '--fg-muted';
}

/** The table's props: it asks the core for the rows it shows (`logs.window`) by itself. */
export interface LogTableProps {
  readonly sessionId: string;
  /** Matching rows in the session; the table's height follows it. */
  readonly total: number;
  /** Changes whenever the session's rows change (a page arrived, the filter changed): visible rows are fetched again. */
  readonly version: number;
  readonly sort: LogSort;
  onSort(sort: LogSort): void;
  readonly timeZone: TimeZoneMode;
  /** "Filter in/out" from the detail pane or a cell. */
  onDrill(drill: DrillDown): void;
  /** The row opened in the detail pane (Enter), for the screen to know; null when closed (Esc). */
  onOpenRow?(row: LogRow | null): void;
  /** Filled by the table with what the viewer's keys ask of it. */
  readonly keysRef?: RefObject<TableKeys | null>;
  /** Where the table's tools (the Columns menu, the e/E note) go; above the grid when absent. */
  readonly toolsHost?: HTMLElement | null;
  /**
   * Live mode (the session is a live tail): new rows arrive at the top, the view follows them while at the top and
   * otherwise keeps its rows in sight, offering "N new — jump to live". `arrived` is the tail's `arrivedMatching`.
   */
  readonly live?: { readonly arrived: number };
}

/** What the viewer's keys ask of the table: each moves the selection the way the arrows do and focuses the grid. */
export interface TableKeys {
  /** Selects the row below (1) or above (-1) the selected one. */
  step(delta: 1 | -1): void;
  /** Selects the nearest row with a 5xx status after or before the selected one, or says there is none. */
  jumpToError(direction: 'next' | 'prev'): void;
  focus(): void;
  /** The selected row's request id, when a row is selected and drawn; null otherwise. */
  selectedRequestId(): string | null;
  /** Selects the row at this place in the sort, scrolls it into view and focuses the grid. */
  select(index: number): void;
}

/** The charts' props: they draw aggregates the core computed and never see rows. */
export interface LogChartsProps {
  readonly aggregates: LogAggregates;
  readonly timeZone: TimeZoneMode;
  /** Every chart element drills down: a bucket, a bar, a legend value adds its chip. */
  onDrill(drill: DrillDown): void;
  /** Dragging across buckets asks for this time range (ms); the screen re-queries. */
  onZoom(from: number, to: number): void;
  /** True while a zoom is applied, so the charts can offer "Reset zoom". */
  readonly zoomed: boolean;
  onResetZoom(): void;
  /** Rows are still being read or counted: empty charts say "loading", not "no requests". */
  readonly loading?: boolean;
}
