/**
 * The header row: each column's name (a button that sorts, for the columns the core sorts by), its menu, and a
 * resize handle that follows a drag or the arrow keys. The menu button shows over the header's end while the
 * pointer or the focus is on the header, so the label has the cell's width to itself.
 */
import { ArrowDown, ArrowUp } from 'lucide-react';
import { memo, type KeyboardEvent } from 'react';
import type { LogSort } from '../../../../shared/contract/logs';
import type { TimeZoneMode } from '../view-types';
import { HeaderMenu } from './ColumnMenus';
import { columnDef, headerLabel, MAX_WIDTH, MIN_WIDTH, nextSort, resizeColumn, type ColumnId, type ColumnState } from './columns';
import { useDrag } from './PaneSplitter';
import { zoneName, zoneShortName } from './row-format';

/** The header's height in pixels (the stylesheet draws it this tall). */
export const HEADER_HEIGHT = 32;
/** Pixels one arrow key press widens or narrows a column by (Shift: four times as much). */
const RESIZE_STEP = 16;

interface Props {
  readonly columns: readonly ColumnId[];
  /** The shown columns' widths as drawn, in the same order. */
  readonly widths: readonly number[];
  readonly state: ColumnState;
  onChange(next: ColumnState): void;
  readonly sort: LogSort;
  onSort(sort: LogSort): void;
  readonly timeZone: TimeZoneMode;
}

/** The header row; memoised, so a scroll step (which changes none of its props) leaves it alone. */
export const HeaderRow = memo(function HeaderRow({ columns, widths, state, onChange, sort, onSort, timeZone }: Props) {
  return (
    <div role="rowgroup" className="log-head">
      <div role="row" aria-rowindex={1} className="log-row log-head-row">
        {columns.map((id, i) => (
          <HeaderCell key={id} id={id} colIndex={i + 1} width={widths[i] ?? 0} state={state} onChange={onChange} sort={sort} onSort={onSort} timeZone={timeZone} />
        ))}
      </div>
    </div>
  );
});

function HeaderCell({ id, colIndex, width, state, onChange, sort, onSort, timeZone }: Omit<Props, 'columns' | 'widths'> & { readonly id: ColumnId; readonly colIndex: number; readonly width: number }) {
  const def = columnDef(id);
  const drag = useDrag('x', width, (from, moved) => onChange(resizeColumn(state, id, from + moved)));
  const sorted = def.sortKey !== undefined && sort.key === def.sortKey ? sort.dir : null;
  const label = headerLabel(def, zoneShortName(timeZone));
  // The time header's full zone name ("Europe/Berlin") is on hover; the label names it short.
  const hint = id === 'time' ? `Times in ${zoneName(timeZone)}` : def.label;

  function onResizeKey(e: KeyboardEvent<HTMLDivElement>) {
    const step = e.shiftKey ? RESIZE_STEP * 4 : RESIZE_STEP;
    const by: Record<string, number> = { ArrowLeft: -step, ArrowRight: step };
    if (by[e.key] === undefined && e.key !== 'Home' && e.key !== 'End') return;
    e.preventDefault();
    e.stopPropagation();
    const target = e.key === 'Home' ? MIN_WIDTH : e.key === 'End' ? MAX_WIDTH : width + (by[e.key] ?? 0);
    onChange(resizeColumn(state, id, target));
  }

  return (
    <div
      role="columnheader"
      aria-colindex={colIndex}
      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
      className="log-cell log-head-cell"
      data-align={def.align}
      style={{ width }}
    >
      {def.sortKey !== undefined ? (
        <button type="button" className="log-sort" onClick={() => onSort(nextSort(sort, def.sortKey!))} title={id === 'time' ? `${hint}; sort by time` : `Sort by ${def.label.toLowerCase()}`}>
          <span className="log-head-label">{label}</span>
          {sorted === 'asc' && <ArrowUp size={12} aria-hidden />}
          {sorted === 'desc' && <ArrowDown size={12} aria-hidden />}
        </button>
      ) : (
        <span className="log-head-label" title={hint}>
          {label}
        </span>
      )}
      <HeaderMenu id={id} state={state} onChange={onChange} sort={sort} onSort={onSort} />
      <div
        role="separator"
        aria-orientation="vertical"
        aria-label={`Resize ${def.label} column`}
        aria-valuenow={width}
        aria-valuemin={MIN_WIDTH}
        aria-valuemax={MAX_WIDTH}
        tabIndex={0}
        className="log-resize"
        onKeyDown={onResizeKey}
        {...drag}
      />
    </div>
  );
}
