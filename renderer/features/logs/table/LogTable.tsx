/**
 * The logs table: a grid over a session's matching rows, fetching only the rows in view (use-row-windows.ts), with
 * scaled scrolling so the last of a million rows is reachable. The grid keeps the focus and points at the selected
 * row (aria-activedescendant); arrows, Page Up/Down, Home, End, Enter and Escape work as in a list, the viewer's
 * keys (j/k, e/E) arrive through `keysRef`. A scroll step is drawn in the same frame (flushSync) over recycled,
 * memoised rows in one transformed layer; why, in bench/README.md beside `logs-scroll-1m`.
 */
import { useCallback, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal, flushSync } from 'react-dom';
import type { LogRow, LogSort } from '../../../../shared/contract/logs';
import type { LogTableProps, TableKeys } from '../view-types';
import { BodyRow, ROW_HEIGHT, rowElementId } from './BodyRow';
import { ColumnsMenu } from './ColumnMenus';
import { defaultWidths, estimateText, layoutWidths, loadColumns, saveColumns, visibleColumns, type ColumnState, type MeasureText } from './columns';
import { clampPane, loadPaneSize, paneBounds, paneSide, savePaneSize, type PaneSize } from './detail-size';
import { DetailPane } from './DetailPane';
import { HEADER_HEIGHT, HeaderRow } from './HeaderRow';
import { PaneSplitter } from './PaneSplitter';
import { physicalRange, revealRow, rowsPerPage, toPhysical, toVirtual, visibleRows, type ScrollGeometry } from './scaled-scroll';
import { useLiveFollow } from './use-live-follow';
import { find5xx, revealAuthorization, useRowWindows } from './use-row-windows';
import { formatCount } from '../logs-format';
import '../live-tail.css';
import './log-table.css';

/** The view's offset into the full list, and whether the user's scroll put it there (so the scroller is already there). */
interface View {
  readonly top: number;
  readonly byScroll: boolean;
}

const START: View = { top: 0, byScroll: false };

/** Fonts of the table's three text styles, as the stylesheet sets them (the family is the page's). */
const FONTS = { cell: '13px', head: '600 13px', chip: '600 11px' } as const;
/** A typical URL path, whose average character width says how many characters fit in the URL column. */
const PATH_SAMPLE = '/video/2024/clip-00042/seg_720p-0017.ts?v=3';

/** Measures text with the page's own font on a canvas; the estimate where there is no canvas (tests). */
function pageMeasure(): MeasureText {
  try {
    const ctx = document.createElement('canvas').getContext('2d');
    const family = getComputedStyle(document.body).fontFamily || 'sans-serif';
    if (!ctx || !(ctx.measureText('M').width > 0)) return estimateText;
    return (text, style) => {
      ctx.font = `${FONTS[style]} ${family}`;
      return ctx.measureText(text).width;
    };
  } catch {
    return estimateText;
  }
}

/** The logs table with its column menu and detail pane. */
export function LogTable({ sessionId, total, version, sort, onSort, timeZone, onDrill, onOpenRow, keysRef, toolsHost = null, live }: LogTableProps) {
  const gridId = useId();
  const grid = useRef<HTMLDivElement | null>(null);
  const box = useRef<HTMLDivElement | null>(null);
  const paneId = useId();
  const [columns, setColumns] = useState<ColumnState>(() => loadColumns());
  /** Default column widths and a URL character's width, measured once in the page's font. */
  const [metrics] = useState(() => {
    const measure = pageMeasure();
    return { defaults: defaultWidths(measure), charWidth: measure(PATH_SAMPLE, 'cell') / PATH_SAMPLE.length };
  });
  const [height, setHeight] = useState(0);
  const [gridWidth, setGridWidth] = useState(0);
  /** The table's own box, which says whether the pane fits beside the grid. */
  const [container, setContainer] = useState({ width: 0, height: 0 });
  const [paneSize, setPaneSize] = useState<PaneSize>(() => loadPaneSize());
  const [view, setView] = useState<View>(START);
  const [selected, setSelected] = useState<number | null>(null);
  const [openRow, setOpenRow] = useState<LogRow | null>(null);
  const [shownSession, setShownSession] = useState(sessionId);
  /** Why the last e/E did not move: no 5xx that way, or the search failed. */
  const [jumpNote, setJumpNote] = useState('');
  /** The scroll position the table itself last set, so the scroll event it causes does not move the view again. */
  const ownScroll = useRef<number | null>(null);
  /** The geometry the scroller's position was last written for. */
  const syncedFor = useRef('');

  // Another session starts at its top with nothing selected.
  if (shownSession !== sessionId) {
    setShownSession(sessionId);
    setView(START);
    setSelected(null);
    setOpenRow(null);
    setJumpNote('');
  }

  const viewport = Math.max(0, height - HEADER_HEIGHT);
  const g: ScrollGeometry = useMemo(() => ({ total, rowHeight: ROW_HEIGHT, viewport }), [total, viewport]);
  const virtualTop = view.top;
  const { first, last, shift } = visibleRows(g, virtualTop);
  // Live: new rows arrive at the top; the view follows them at the top and otherwise keeps its rows in sight.
  const atTop = view.top < ROW_HEIGHT / 2;
  const follow = useLiveFollow({
    live,
    sessionId,
    version,
    sort,
    atTop,
    anchor: () => {
      const at = atTop ? current : first;
      const slot = at === null || total === 0 ? null : rowAt(at);
      return at !== null && slot?.state === 'ready' ? { index: at, requestId: slot.row.requestId } : null;
    },
    onMove: (delta, stayAtTop) => {
      if (!stayAtTop) setView((v) => ({ top: v.top + delta * ROW_HEIGHT, byScroll: false }));
      setSelected((s) => (s === null ? null : Math.max(0, s + delta)));
      // The row in the detail pane moved too: its place follows, so what it asks of the core is about that row.
      setOpenRow((r) => (r === null ? null : { ...r, index: Math.max(0, r.index + delta) }));
    },
    onRestart: () => setView(START),
  });
  const { rowAt } = useRowWindows(sessionId, follow.rowsVersion, sort, total, first, last);
  const shown = useMemo(() => visibleColumns(columns), [columns]);
  const widths = useMemo(() => layoutWidths(columns, shown, metrics.defaults, gridWidth), [columns, shown, metrics, gridWidth]);
  const rowWidth = widths.reduce((a, b) => a + b, 0);
  const current = selected === null ? null : Math.min(selected, total - 1);

  useLayoutEffect(() => {
    const el = grid.current;
    if (!el) return;
    const outer = box.current;
    const measure = () => {
      setHeight(el.clientHeight);
      setGridWidth(el.clientWidth);
      if (outer) setContainer((c) => (c.width === outer.clientWidth && c.height === outer.clientHeight ? c : { width: outer.clientWidth, height: outer.clientHeight }));
    };
    measure();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    observer?.observe(el);
    if (outer) observer?.observe(outer);
    return () => observer?.disconnect();
  }, []);

  // The table's height changes under a selected row (the histogram above it arrives, the window is resized): a row
  // that was in view stays in view. Worked out while drawing, from the height the last drawing had.
  const [lastViewport, setLastViewport] = useState(viewport);
  if (lastViewport !== viewport) {
    setLastViewport(viewport);
    if (current !== null && viewport > 0) {
      const rowTop = current * ROW_HEIGHT;
      if (rowTop >= view.top && rowTop + ROW_HEIGHT <= view.top + lastViewport) {
        const top = revealRow(g, view.top, current);
        if (top !== view.top) setView({ top, byScroll: false });
      }
    }
  }

  // The scroller follows the view when the table moved it, or when the mapping between them changed; after the
  // user's own scroll it is already in place, and reading it back would force a layout on every step.
  useLayoutEffect(() => {
    const el = grid.current;
    if (!el) return;
    const geometry = `${g.total}:${g.viewport}`;
    if (view.byScroll && syncedFor.current === geometry) return;
    syncedFor.current = geometry;
    const target = toPhysical(g, view.top);
    if (Math.abs(el.scrollTop - target) > 1) {
      ownScroll.current = target;
      el.scrollTop = target;
    }
  }, [g, view]);

  function onScroll() {
    const el = grid.current;
    if (!el) return;
    const own = ownScroll.current;
    ownScroll.current = null;
    // The browser rounds what it is given; the offset the table chose stays exact.
    if (own !== null && Math.abs(el.scrollTop - own) <= 1) return;
    const top = toVirtual(g, el.scrollTop);
    // Drawn in this frame, not a frame later: the rows never lag behind the scrollbar.
    flushSync(() => setView((v) => (v.top === top && v.byScroll ? v : { top, byScroll: true })));
  }

  const changeColumns = useCallback((next: ColumnState) => {
    setColumns(next);
    saveColumns(next);
  }, []);

  const side = paneSide(container.width);
  const bounds = paneBounds(side, container);
  const paneValue = clampPane(side === 'right' ? paneSize.width : paneSize.height, bounds);
  function resizePane(value: number) {
    const next = side === 'right' ? { ...paneSize, width: value } : { ...paneSize, height: value };
    setPaneSize(next);
    savePaneSize(next);
  }

  const changeSort = useCallback(
    (next: LogSort) => {
      setView(START);
      onSort(next);
    },
    [onSort],
  );

  function select(index: number) {
    if (total === 0) return;
    const next = Math.max(0, Math.min(total - 1, index));
    setSelected(next);
    setJumpNote('');
    setView({ top: revealRow(g, virtualTop, next), byScroll: false });
  }

  /** The row after (1) or before (-1) the selected one; with none selected, from the top of the view, as the arrows. */
  function step(delta: 1 | -1) {
    select((current ?? (delta > 0 ? first - 1 : first + 1)) + delta);
    grid.current?.focus();
  }

  /** What the rows are now, to drop a search's answer that comes back after they or their order changed. */
  const query = `${sessionId}:${sort.key}:${sort.dir}:${version}`;
  async function jumpToError(direction: 'next' | 'prev') {
    grid.current?.focus();
    const asked = query;
    // With nothing selected the search starts at an end: the first 5xx from the top, or the last from the bottom.
    const from = current ?? (direction === 'next' ? -1 : total);
    try {
      const index = await find5xx(sessionId, from, direction, sort);
      if (handlers.current.query !== asked) return;
      if (index === null) setJumpNote(direction === 'next' ? 'No 5xx row below this one.' : 'No 5xx row above this one.');
      else handlers.current.select(index);
    } catch {
      if (handlers.current.query === asked) setJumpNote('Could not search for 5xx rows.');
    }
  }

  function open(index: number) {
    const slot = rowAt(index);
    if (slot.state !== 'ready') return;
    setSelected(index);
    setOpenRow(slot.row);
    onOpenRow?.(slot.row);
  }

  function close() {
    setOpenRow(null);
    onOpenRow?.(null);
    grid.current?.focus();
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    // Keys pressed on a header's buttons and handles are theirs.
    if (e.target !== e.currentTarget) return;
    const at = current ?? (e.key === 'ArrowUp' || e.key === 'PageUp' ? first + 1 : first - 1);
    const page = rowsPerPage(g);
    const moves: Record<string, number> = { ArrowDown: at + 1, ArrowUp: at - 1, PageDown: at + page, PageUp: at - page, Home: 0, End: total - 1 };
    const target = moves[e.key];
    if (target !== undefined) {
      e.preventDefault();
      select(target);
    } else if (e.key === 'Enter' && current !== null) {
      e.preventDefault();
      open(current);
    } else if (e.key === 'Escape' && openRow !== null) {
      e.preventDefault();
      close();
    }
  }

  /** What keeping a row across a filter change needs: the selected row's request id, and selecting by place. */
  function selectionKeys(): Pick<TableKeys, 'selectedRequestId' | 'select'> {
    const slot = current === null ? null : rowAt(current);
    return {
      selectedRequestId: () => (slot?.state === 'ready' ? slot.row.requestId : null),
      // The grid is always in the window (the screen never scrolls): selecting scrolls only the grid's own view.
      select: (index) => {
        select(index);
        grid.current?.focus({ preventScroll: true });
      },
    };
  }
  // The latest handlers behind stable callbacks, so the memoised rows do not re-render for a new closure.
  const handlers = useRef({ select, open, query });
  useLayoutEffect(() => {
    handlers.current = { select, open, query };
    if (keysRef) keysRef.current = { step, jumpToError: (d) => void jumpToError(d), focus: () => grid.current?.focus(), ...selectionKeys() };
  });
  useLayoutEffect(() => {
    if (!keysRef) return;
    return () => {
      keysRef.current = null;
    };
  }, [keysRef]);
  const onSelectRow = useCallback((index: number) => {
    handlers.current.select(index);
    grid.current?.focus();
  }, []);
  const onOpenRowAt = useCallback((index: number) => handlers.current.open(index), []);

  // Rows are keyed by their place in a pool as tall as the view, so a row leaving the view hands its elements to
  // the one coming in. Their tops are relative to the pool's base, and the layer's transform carries the rest.
  const pool = Math.ceil(g.viewport / ROW_HEIGHT) + 1;
  const base = first - (first % pool);
  const layerTop = shift - (first - base) * ROW_HEIGHT;
  const rows = [];
  for (let i = first; i <= last; i++) {
    const slot = rowAt(i);
    rows.push(
      <BodyRow
        key={i % pool}
        gridId={gridId}
        index={i}
        row={slot.state === 'ready' ? slot.row : null}
        stale={slot.state === 'ready' && slot.stale}
        error={slot.state === 'failed' ? slot.error : null}
        columns={shown}
        widths={widths}
        charWidth={metrics.charWidth}
        top={(i - base) * ROW_HEIGHT}
        selected={i === current}
        timeZone={timeZone}
        onSelect={onSelectRow}
        onOpen={onOpenRowAt}
      />,
    );
  }
  const activeShown = current !== null && current >= first && current <= last;
  const tools = (
    <div className="log-table-toolbar">
      <span className="muted" role="status" data-testid="log-table-jump">
        {jumpNote}
      </span>
      <ColumnsMenu state={columns} onChange={changeColumns} />
    </div>
  );
  // The screen may give the table's tools a place in its own footer line, so the grid starts right under the
  // histogram; without one they sit above the grid.
  const toolbar = toolsHost ? createPortal(tools, toolsHost) : tools;

  return (
    <div ref={box} className="log-table" data-testid="log-table" data-live={live ? 'true' : undefined} data-pane={openRow === null ? undefined : side}>
      <div className="log-table-main">
        {toolbar}
        <div
          ref={grid}
          role="grid"
          aria-label="Log rows"
          aria-rowcount={total + 1}
          aria-colcount={shown.length}
          aria-activedescendant={activeShown ? rowElementId(gridId, current) : undefined}
          tabIndex={0}
          className="log-scroller"
          data-testid="log-grid"
          onKeyDown={onKeyDown}
          onScroll={onScroll}
        >
          <HeaderRow columns={shown} widths={widths} state={columns} onChange={changeColumns} sort={sort} onSort={changeSort} timeZone={timeZone} />
          <div className="log-body" style={{ height: g.viewport, minWidth: rowWidth }}>
            <div role="rowgroup" className="log-rows" style={{ transform: `translateY(${layerTop}px)` }}>
              {rows}
            </div>
          </div>
          <div className="log-spacer" aria-hidden style={{ height: physicalRange(g) }} />
        </div>
        {total === 0 && <p className="log-empty muted">{live ? 'No requests yet — new ones show here as the platform delivers them.' : 'No rows match.'}</p>}
        {follow.fresh > 0 && (
          // Over the top of a live table scrolled away from the newest rows: back to the top.
          <button type="button" className="primary live-jump" data-testid="live-jump" onClick={() => {
            setView(START);
            grid.current?.focus();
          }}>
            {formatCount(follow.fresh)} new — jump to live
          </button>
        )}
      </div>
      {openRow !== null && <PaneSplitter side={side} value={paneValue} min={bounds.min} max={bounds.max} controls={paneId} onChange={resizePane} />}
      {openRow !== null && <DetailPane
          key={openRow.index}
          id={paneId}
          side={side}
          size={paneValue}
          row={openRow}
          timeZone={timeZone}
          onDrill={onDrill}
          onClose={close}
          revealAuthorization={() =>
            // Live rows move under the pane: a row without a request id cannot be told apart from the one now at
            // its place, so its credential is not asked for (the pane says it could not be shown).
            live !== undefined && !openRow.requestId
              ? Promise.resolve(null)
              : revealAuthorization(sessionId, openRow, sort)
          }
        />}
    </div>
  );
}
