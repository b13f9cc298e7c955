/**
 * The logs table: a grid over a session's matching rows that fetches only the rows in view from the core, with
 * scaled scrolling so the last of a million rows is reachable. The grid keeps the focus and points at the selected
 * row (aria-activedescendant): arrows, Page Up/Down, Home and End move the selection and keep it in view, Enter
 * (or a double click) opens the detail pane, Escape closes it and the focus comes back to the grid.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { LogRow, LogSort } from '../../../../shared/contract/logs';
import type { LogTableProps } from '../view-types';
import { BodyRow, ROW_HEIGHT, rowElementId } from './BodyRow';
import { ColumnsMenu } from './ColumnMenus';
import { loadColumns, saveColumns, visibleColumns, widthOf, type ColumnState } from './columns';
import { DetailPane } from './DetailPane';
import { HEADER_HEIGHT, HeaderRow } from './HeaderRow';
import { physicalRange, revealRow, rowsPerPage, toPhysical, toVirtual, visibleRows, type ScrollGeometry } from './scaled-scroll';
import { useRowWindows } from './use-row-windows';
import './log-table.css';

/** The logs table with its column menu and detail pane. */
export function LogTable({ sessionId, total, version, sort, onSort, timeZone, onDrill, onOpenRow }: LogTableProps) {
  const gridId = useId();
  const grid = useRef<HTMLDivElement | null>(null);
  const [columns, setColumns] = useState<ColumnState>(() => loadColumns());
  const [height, setHeight] = useState(0);
  const [virtualTop, setVirtualTop] = useState(0);
  const [selected, setSelected] = useState<number | null>(null);
  const [openRow, setOpenRow] = useState<LogRow | null>(null);
  const [shownSession, setShownSession] = useState(sessionId);
  /** The scroll position the table itself last set, so the scroll event it causes does not move the view again. */
  const ownScroll = useRef<number | null>(null);

  // Another session starts at its top with nothing selected.
  if (shownSession !== sessionId) {
    setShownSession(sessionId);
    setVirtualTop(0);
    setSelected(null);
    setOpenRow(null);
  }

  const g: ScrollGeometry = { total, rowHeight: ROW_HEIGHT, viewport: Math.max(0, height - HEADER_HEIGHT) };
  const { first, last, shift } = visibleRows(g, virtualTop);
  const { rowAt } = useRowWindows(sessionId, version, sort, total, first, last);
  const shown = visibleColumns(columns);
  const widths = shown.map((id) => widthOf(columns, id));
  const rowWidth = widths.reduce((a, b) => a + b, 0);
  const current = selected === null ? null : Math.min(selected, total - 1);

  useLayoutEffect(() => {
    const el = grid.current;
    if (!el) return;
    const measure = () => setHeight(el.clientHeight);
    measure();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    observer?.observe(el);
    return () => observer?.disconnect();
  }, []);

  // Scroll position follows the virtual offset when the table moved it (keys, a new session, a new total).
  useEffect(() => {
    const el = grid.current;
    if (!el) return;
    const target = toPhysical(g, virtualTop);
    if (Math.abs(el.scrollTop - target) > 1) {
      ownScroll.current = target;
      el.scrollTop = target;
    }
  });

  function onScroll() {
    const el = grid.current;
    if (!el) return;
    const own = ownScroll.current;
    ownScroll.current = null;
    // The browser rounds what it is given; the offset the table chose stays exact.
    if (own !== null && Math.abs(el.scrollTop - own) <= 1) return;
    setVirtualTop(toVirtual(g, el.scrollTop));
  }

  function changeColumns(next: ColumnState) {
    setColumns(next);
    saveColumns(next);
  }

  function changeSort(next: LogSort) {
    setVirtualTop(0);
    onSort(next);
  }

  function select(index: number) {
    if (total === 0) return;
    const next = Math.max(0, Math.min(total - 1, index));
    setSelected(next);
    setVirtualTop(revealRow(g, virtualTop, next));
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

  const rows = [];
  for (let i = first; i <= last; i++) {
    rows.push(
      <BodyRow
        key={i}
        gridId={gridId}
        index={i}
        slot={rowAt(i)}
        columns={shown}
        widths={widths}
        top={shift + (i - first) * ROW_HEIGHT}
        selected={i === current}
        timeZone={timeZone}
        onSelect={(index) => {
          select(index);
          grid.current?.focus();
        }}
        onOpen={open}
      />,
    );
  }
  const activeShown = current !== null && current >= first && current <= last;

  return (
    <div className="log-table" data-testid="log-table">
      <div className="log-table-main">
        <div className="log-table-toolbar">
          <span className="muted" data-testid="log-table-count">
            {total.toLocaleString('en-US')} {total === 1 ? 'row' : 'rows'}
          </span>
          <ColumnsMenu state={columns} onChange={changeColumns} />
        </div>
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
          <HeaderRow columns={shown} state={columns} onChange={changeColumns} sort={sort} onSort={changeSort} timeZone={timeZone} />
          <div role="rowgroup" className="log-body" style={{ height: g.viewport, minWidth: rowWidth }}>
            {rows}
          </div>
          <div className="log-spacer" aria-hidden style={{ height: physicalRange(g) }} />
        </div>
        {total === 0 && <p className="log-empty muted">No rows match.</p>}
      </div>
      {openRow !== null && <DetailPane key={openRow.index} row={openRow} timeZone={timeZone} onDrill={onDrill} onClose={close} />}
    </div>
  );
}
