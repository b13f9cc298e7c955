/**
 * The Logs area: a pull zone's CDN logs over a time range, or a v1 log file, laid out the way log explorers are —
 * a compact header (source, range, clock, filter, views), a thin volume histogram, one line of KPIs, then the table
 * filling the rest of the window as its one scroll area (the detail pane beside it), with an Overview tab for the
 * bigger charts. The page itself never scrolls. Filters are chips and text at once; every chart element and table
 * value drills down; while more pages exist the footer says so and offers to load them within the zone's budget.
 */
import { Keyboard } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { memo, useDeferredValue, useEffect, useRef, useState } from 'react';
import type { LogSort, LogsStatus } from '../../../shared/contract/logs';
import { LOG_ERROR_TEXTS } from '../../../shared/logs/log-error-texts';
import type { LogRange } from '../../../shared/logs/range';
import { useAreaFocusTarget } from '../../app/area-focus';
import { useScreenAction } from '../../app/screen-actions';
import { notify } from '../../ui/toast';
import { ErrorMessage, fieldError } from '../../ui/ErrorMessage';
import { InfoDialog } from '../../ui/info-dialog';
import { ExportButton } from './ExportButton';
import { LogCharts } from './charts/LogCharts';
import { TimeChart } from './charts/TimeChart';
import { FacetsPanel } from './facets/FacetsPanel';
import { FilterBar } from './FilterBar';
import { KpiStrip } from './KpiStrip';
import { LiveControls } from './LiveTail';
import { useLiveAggregates, useLiveMode } from './use-live-mode';
import { LoadBar } from './LoadBar';
import { useOpenLogsIntent } from './open-logs';
import { formatCount } from './logs-format';
import { useLogs } from './logs-store';
import { MalformedLines } from './MalformedLines';
import { ClockSwitch, RangePicker } from './RangePicker';
import { LogTable } from './table/LogTable';
import { useLogDrop } from './use-log-drop';
import { LOGS_KEYS, useLogsKeys, shiftRange } from './use-logs-keys';
import { useLogsQuery } from './use-logs-query';
import { WholeDay } from './WholeDay';
import { useLogsViews } from './use-logs-views';
import { ViewsBar } from './ViewsBar';
import type { TableKeys } from './view-types';
import { ZonePicker } from './ZonePicker';
import './logs.css';

const DEFAULT_SORT: LogSort = { key: 'time', dir: 'desc' };

/** The table (with the histogram and facets) or the Overview's larger charts. */
type LogsTab = 'table' | 'overview';

/** The charts' width goes to the store, where the session picks the buckets the next aggregates come in. */
const setPlotWidth = (width: number) => useLogs.getState().setPlotWidth(width);

/** The table, drawn again only when its props change (its rows' version, sort, zone), not on every status event. */
const Table = memo(LogTable);

function ChooseSource() {
  return (
    <section className="empty-state" data-testid="logs-empty" aria-labelledby="logs-empty-heading">
      <h2 id="logs-empty-heading">Choose a pull zone…</h2>
      <p>Pick a pull zone above to see the requests its CDN served, or open a log file (.log or .log.gz) — dropping one on this window opens it too.</p>
    </section>
  );
}

/** A zone whose logging is off: the same words the platform's refusal would bring, without asking it. */
function LoggingOff({ name }: { readonly name: string }) {
  const text = LOG_ERROR_TEXTS.logging_disabled;
  return (
    <section className="empty-state" data-testid="logs-logging-off" aria-labelledby="logs-off-heading">
      <h2 id="logs-off-heading">No logs for {name}</h2>
      <p>{text.sentence}</p>
      <p>{text.action}</p>
    </section>
  );
}

/** The session's own error (a page the platform refused, a file that could not be read), in words. */
function SessionError({ error }: { readonly error: NonNullable<LogsStatus['error']> }) {
  return (
    <div role="alert" className="error-panel" data-testid="session-error">
      <strong>{error.title}</strong>
      {error.status !== undefined && <span className="muted"> ({error.status})</span>}
      {error.detail && <p className="error-detail">{error.detail}</p>}
    </div>
  );
}

/** How many rows are held and how many match, and how far a file has been read. */
function Counts({ status }: { readonly status: LogsStatus }) {
  const reading = status.file && status.file.totalBytes > 0 && status.phase === 'loading' ? Math.floor((status.file.bytesRead / status.file.totalBytes) * 100) : null;
  return (
    <p className="muted tabular" role="status" data-testid="logs-counts">
      {formatCount(status.matchingRows)} matching of {formatCount(status.loadedRows)} loaded rows
      {reading !== null && ` — reading the file, ${reading} %`}
    </p>
  );
}

/** The Logs viewer's keys, listed in a dialog that `?` opens and Escape closes. */
export function KeysDialog({ open, onOpenChange }: { readonly open: boolean; onOpenChange(open: boolean): void }) {
  return (
    <InfoDialog open={open} onOpenChange={onOpenChange} title="Keyboard" description="These keys work while the focus is not in a text field." testId="logs-keys-dialog">
      <table className="checks logs-keys">
        <thead>
          <tr>
            <th scope="col">Key</th>
            <th scope="col">Does</th>
          </tr>
        </thead>
        <tbody>
          {LOGS_KEYS.map(([key, what]) => (
            <tr key={key}>
              <td>
                <kbd>{key}</kbd>
              </td>
              <td>{what}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </InfoDialog>
  );
}

export function LogsScreen() {
  const focusTarget = useAreaFocusTarget();
  const q = useLogsQuery();
  const status = useLogs((s) => s.status);
  const version = useLogs((s) => s.version);
  // New aggregates redraw the KPI strip and every chart: that render runs at low priority, in slices the browser
  // can interleave with input and frames, instead of in the same task as the reply that brought them. None (a new
  // session) shows at once, so another session's numbers never linger.
  const latestAggregates = useLogs((s) => s.aggregates);
  const deferredAggregates = useDeferredValue(latestAggregates);
  const rangeAggregates = latestAggregates === null ? null : deferredAggregates;
  const timeZone = useLogs((s) => s.timeZone);
  const setTimeZone = useLogs((s) => s.setTimeZone);
  const [sort, setSort] = useState<LogSort>(DEFAULT_SORT);
  // A new filter's answer brings the table's first rows in this sort.
  useEffect(() => useLogs.setState({ sort }), [sort]);
  const [tab, setTab] = useState<LogsTab>('table');
  /**
   * The switch is drawn where each tab's content starts, so switching (or the histogram arriving) draws it anew:
   * when a tab had the focus, the selected tab gets it back instead of the page.
   */
  const tabsFocused = useRef(false);
  const { dragging } = useLogDrop(q.pickFile);
  const filterInput = useRef<HTMLInputElement | null>(null);
  const tableKeys = useRef<TableKeys | null>(null);
  const [keysOpen, setKeysOpen] = useState(false);
  /** The footer's place for the table's tools (Columns, the e/E note), known once it is drawn. */
  const [toolsHost, setToolsHost] = useState<HTMLDivElement | null>(null);
  // Live is a mode of the same table: while on, the table, histogram, KPIs and facets follow the zone's tail.
  const live = useLiveMode(q.source?.kind === 'zone' ? q.source.zoneId : null, q.applied);
  const liveAggregates = useLiveAggregates(live, useLogs((s) => s.plotWidth), useLogs((s) => s.urlGrouping));
  const aggregates = live.on ? liveAggregates : rangeAggregates;
  const views = useLogsViews(q, tableKeys, sort, rangeAggregates !== null);
  // Another area asked for a zone, a filter and live mode ("Watch delivery", "Open in Logs").
  useOpenLogsIntent(q, live);
  // Asked for from the command palette: Export opens its dialog (counted, so each ask opens it once).
  const [exportAsks, setExportAsks] = useState(0);
  // As the screen itself: while live, there is no Export button (an export is of a range or a file), so the palette
  // says to stop live mode rather than claim nothing is chosen.
  useScreenAction('logs.export', () => {
    if (live.on) notify.info('Stop live mode to export: an export saves the rows of a time range or a log file, not the live tail.');
    else if (status) setExportAsks((n) => n + 1);
    else notify.info('Nothing to export yet: choose a pull zone or open a log file first.');
  });
  useScreenAction('logs.copyLink', () => (views.canCopyLink ? views.copyLink() : notify.info('A link names a pull zone and its time range: choose a zone first.')));
  // A range chosen while live looks at that range: live stops, so the table and the range controls agree.
  const chooseRange = (range: LogRange) => {
    if (live.on) live.toggle();
    q.chooseRange(range);
  };
  useLogsKeys({
    toggleFilters: views.toggleFilters,
    filterInput,
    table: tableKeys,
    moveRange:
      q.source?.kind === 'zone'
        ? (steps) => {
            const next = shiftRange(q.range, steps, Date.now());
            if (next) chooseRange(next);
          }
        : null,
    showHelp: () => setKeysOpen(true),
  });

  const callError = q.session.error;
  const rangeRule = q.rangeError ?? fieldError(callError, 'range');
  const filterRule = fieldError(callError, 'filter');
  const otherError = callError !== null && !fieldError(callError, 'range') && !filterRule ? callError : null;
  const loading = status !== null && (status.phase === 'loading' || status.phase === 'loading-all');
  // Rows are arriving, or the numbers lag the rows: charts say so rather than "no requests" beside a count.
  const shownRows = live.on ? live.total : (status?.matchingRows ?? 0);
  const counting = live.on ? aggregates === null : loading || (aggregates !== null && aggregates.rows === 0 && shownRows > 0);
  // Zooming looks back at a span of a zone's range: live stops first, and the range session takes the zoom. A file
  // or a whole day holds its own rows, which a zoom would not narrow: nothing is zoomed, and no "Reset zoom" offered.
  const zoom = (from: number, to: number) => {
    if (status?.source.kind !== 'zone' || q.source?.kind !== 'zone') return;
    if (live.on) live.toggle();
    q.zoom(from, to);
  };
  const shownSession = live.on ? live.sessionId : (status?.sessionId ?? null);
  const shownVersion = live.on ? live.version : version;
  // The Table/Overview switch starts the histogram's line (or the Overview), where it costs no line of its own.
  const tabs = (
    <Tabs.List
      className="logs-tab-list"
      aria-label="Logs view"
      onFocus={() => (tabsFocused.current = true)}
      onBlur={(e) => (tabsFocused.current = e.relatedTarget instanceof Element && e.relatedTarget.getAttribute('role') === 'tab')}
    >
      <Tabs.Trigger value="table" className="logs-tab">
        Table
      </Tabs.Trigger>
      <Tabs.Trigger value="overview" className="logs-tab">
        Overview
      </Tabs.Trigger>
    </Tabs.List>
  );
  const histogramShown = aggregates !== null;
  useEffect(() => {
    if (!tabsFocused.current) return;
    const active = document.activeElement;
    if (active !== null && active !== document.body && active.getAttribute('role') === 'tab') return;
    document.querySelector<HTMLElement>('.logs [role="tab"][data-state="active"]')?.focus();
  }, [tab, histogramShown]);
  const inDay = status?.source.kind === 'day';
  const wholeDay = <WholeDay zoneId={q.source?.kind === 'zone' ? q.source.zoneId : null} range={q.range} timeZone={timeZone} filter={q.applied} status={status} session={q.session} />;
  // A file or a whole day holds its own span: the range controls show that, not the zone range chosen before.
  const held = status !== null && status.source.kind !== 'zone' && status.from !== null && status.to !== null ? { from: status.from, to: status.to } : null;

  return (
    <div className="logs fills-area" data-dragging={dragging ? 'true' : undefined} data-testid="logs-screen">
      <div className="logs-header">
        <div className="logs-line">
          <ZonePicker
            zoneId={q.source?.kind === 'zone' || q.source?.kind === 'off' ? q.source.zoneId : null}
            fileName={q.source?.kind === 'file' ? q.source.name : null}
            onZone={q.pickZone}
            onLoggingOff={q.pickLoggingOff}
            onFile={q.pickFile}
            focusRef={focusTarget}
          />
          {!inDay && wholeDay}
          {q.source?.kind === 'zone' && <LiveControls live={live} />}
          <ClockSwitch timeZone={timeZone} onTimeZone={setTimeZone} />
          <button type="button" className="logs-keys-button" aria-keyshortcuts="?" aria-label="Keyboard shortcuts" title="Keyboard shortcuts (?)" onClick={() => setKeysOpen(true)}>
            <Keyboard aria-hidden="true" size={14} /> ?
          </button>
        </div>
        <RangePicker range={q.range} held={held} onRange={chooseRange} timeZone={timeZone} error={rangeRule} disabled={q.source?.kind === 'file' || q.source?.kind === 'off'} />
        <div className="logs-line logs-filter-line">
          <FilterBar text={q.text} chips={status?.chips ?? []} problems={q.problems} onText={q.setText} onApply={q.applyFilter} sessionId={shownSession} coreError={filterRule} inputRef={filterInput} />
          <ViewsBar views={views} applied={q.applied} />
        </div>
      </div>
      {dragging && (
        <div className="drop-hint" aria-hidden="true">
          Drop a .log or .log.gz file to open it
        </div>
      )}
      {otherError !== null && <ErrorMessage error={otherError} />}
      {q.session.opening && (
        <p className="muted" role="status">
          Opening…
        </p>
      )}
      {q.source === null && !q.session.opening && <ChooseSource />}
      {q.source?.kind === 'off' && <LoggingOff name={q.source.name} />}
      {status && (
        <Tabs.Root
          className="logs-tabs"
          value={tab}
          onValueChange={(v) => {
            tabsFocused.current = document.activeElement?.getAttribute('role') === 'tab';
            setTab(v === 'overview' ? 'overview' : 'table');
          }}
        >
          {status.error && <SessionError error={status.error} />}
          <div className="logs-bar" data-tab={tab}>
            <KpiStrip aggregates={aggregates} loading={counting} matchingRows={shownRows} />
            {/* The charts offer "Reset zoom" only while a zoom is applied: one button, beside the histogram's numbers. */}
            {q.zoomed && (
              <button type="button" className="logs-reset-zoom" onClick={q.resetZoom}>
                Reset zoom
              </button>
            )}
          </div>
          <Tabs.Content value="table" className="logs-pane logs-table-tab" forceMount hidden={tab !== 'table'}>
            {tab === 'table' && !aggregates && tabs}
            {aggregates && tab === 'table' && (
              <TimeChart
                lead={tabs}
                id="logs-histogram"
                title="Requests by cache status"
                aggregates={aggregates}
                group="cache"
                measure="requests"
                timeZone={timeZone}
                compact
                loading={counting}
                onDrill={q.drill}
                onZoom={zoom}
                onPlotWidth={setPlotWidth}
              />
            )}
            <div className="logs-body">
              <FacetsPanel sessionId={shownSession} version={shownVersion} loading={live.on ? false : loading} onDrill={q.drill} />
              {!live.on && status.matchingRows === 0 && !loading ? (
                <p className="empty-state" data-testid="logs-no-rows">
                  {status.filter.trim() !== '' ? 'No rows match these filters.' : status.source.kind === 'file' ? 'This file holds no requests.' : 'No requests in this range.'}
                </p>
              ) : (
                <div className="logs-table-wrap">
                  {shownSession !== null && (
                    // Keyed by the mode: the live table and the range's are two tables, each starting at its top.
                    <Table key={live.on ? 'live' : 'range'} sessionId={shownSession} total={shownRows} version={shownVersion} sort={sort} onSort={setSort} timeZone={timeZone} onDrill={q.drill} keysRef={tableKeys} toolsHost={toolsHost} live={live.table} />
                  )}
                </div>
              )}
            </div>
          </Tabs.Content>
          <Tabs.Content value="overview" className="logs-pane logs-overview">
            {tab === 'overview' && tabs}
            {aggregates ? (
              <LogCharts aggregates={aggregates} timeZone={timeZone} onDrill={q.drill} onZoom={zoom} zoomed={false} onResetZoom={q.resetZoom} loading={counting} />
            ) : (
              <p className="muted" role="status">
                Counting…
              </p>
            )}
          </Tabs.Content>
          <div className="logs-footer">
            <div className="logs-counts-row">
              {live.on ? (
                <p className="muted tabular" role="status" data-testid="live-counts">
                  {formatCount(live.total)} live rows, newest first in the order chosen
                </p>
              ) : (
                <Counts status={status} />
              )}
              <div className="logs-table-tools" ref={setToolsHost} hidden={tab !== 'table'} />
              {/* A whole day's download and its way back to pages sit with the counts they explain. */}
              {inDay && wholeDay}
              {/* Paging and export are about the range; live rows come by themselves. */}
              {!live.on && status.source.kind === 'zone' && <LoadBar status={status} loadMore={q.session.loadMore} loadAll={q.session.loadAll} cancel={q.session.cancel} />}
              {!live.on && <ExportButton status={status} sort={sort} timeZone={timeZone} openAsks={exportAsks} />}
            </div>
            {status.file && status.file.malformed > 0 && <MalformedLines sessionId={status.sessionId} count={status.file.malformed} />}
            {status.unreadable && status.unreadable.rows > 0 && (
              <MalformedLines sessionId={status.sessionId} count={status.unreadable.rows} rows firstReason={status.unreadable.firstReason} />
            )}
            {status.pagingStopped !== undefined && (
              <p role="status" className="warning-text" data-testid="logs-paging-stopped">
                Loading stopped: {status.pagingStopped}.
              </p>
            )}
            {status.file?.truncated === true && (
              <p role="status" className="warning-text" data-testid="logs-file-truncated">
                Showing {formatCount(status.loadedRows)} rows of this file, as many as fit; the file has more.
              </p>
            )}
            {status.file?.endedEarly !== undefined && (
              <p role="status" className="warning-text" data-testid="logs-file-ended-early">
                The file could not be read to its end: {status.file.endedEarly}. The rows before that point are shown.
              </p>
            )}
          </div>
        </Tabs.Root>
      )}
      <KeysDialog open={keysOpen} onOpenChange={setKeysOpen} />
    </div>
  );
}
