/**
 * One row of the table as drawn: a log row's cells in the shown columns, or empty cells (the stylesheet draws a
 * placeholder bar in them) while its block loads. Cache statuses and status classes are small chips in the colours
 * the charts use. A long URL path loses its middle, not its end, and shows whole on hover. A row is memoised and its props are plain values or stable references, so a scroll step only
 * re-renders the rows whose index or data changed.
 */
import { memo, type CSSProperties, type MouseEvent } from 'react';
import type { LogRow } from '../../../../shared/contract/logs';
import type { AppError } from '../../../../shared/contract/result';
import { cacheColorVar, statusClassColorVar, type TimeZoneMode } from '../view-types';
import { CELL_PADDING, columnDef, type ColumnId } from './columns';
import { formatByteCount, formatTime, middleEllipsis, statusClass } from './row-format';

/** Every row's height in pixels (the stylesheet draws rows this tall). */
export const ROW_HEIGHT = 28;

/** The id of a row's element, for the grid's aria-activedescendant. */
export function rowElementId(gridId: string, index: number): string {
  return `${gridId}-row-${index}`;
}

/** A small coloured chip: the colour variable drives border and text. */
export function Chip({ text, colorVar }: { readonly text: string; readonly colorVar: string }) {
  return (
    <span className="log-chip" style={{ '--chip': `var(${colorVar})` } as CSSProperties}>
      {text}
    </span>
  );
}

function cellContent(row: LogRow, id: ColumnId, zone: TimeZoneMode) {
  switch (id) {
    case 'time':
      return formatTime(row.timestamp, zone);
    case 'status':
      return <Chip text={String(row.statusCode)} colorVar={statusClassColorVar(statusClass(row.statusCode))} />;
    case 'cache':
      // A row may come without a cache status, a POP or a path: a dash says so.
      return row.cacheStatus === null ? '—' : <Chip text={row.cacheStatus} colorVar={cacheColorVar(row.cacheStatus)} />;
    case 'bytes':
      return formatByteCount(row.bytesSent);
    case 'country':
      return row.countryCode ?? '';
    case 'pop':
      return row.edgeLocation ?? '—';
    case 'path':
      return pathText(row);
    case 'ip':
      return row.remoteIp ?? '';
    case 'userAgent':
      return row.userAgent ?? '';
    case 'referer':
      return row.referer ?? '';
    case 'requestId':
      return row.requestId;
  }
}

function pathText(row: LogRow): string {
  return row.path ?? row.url ?? '—';
}

/**
 * How many characters of a text fit in a cell this wide, at this average character width — with a tenth to spare,
 * since a path of wide letters (w, m, capitals) runs longer than the average says, and its end must stay in view.
 */
export function charsThatFit(width: number, charWidth: number): number {
  return charWidth > 0 ? Math.max(1, Math.floor((width - CELL_PADDING) / (charWidth * 1.1))) : Number.MAX_SAFE_INTEGER;
}

interface Props {
  readonly gridId: string;
  readonly index: number;
  /** The row's data; null while its block loads or when it failed. */
  readonly row: LogRow | null;
  /** The row comes from an older version of the query, shown until its fresh copy arrives. */
  readonly stale: boolean;
  readonly error: AppError | null;
  readonly columns: readonly ColumnId[];
  readonly widths: readonly number[];
  /** The average width of a URL's character in pixels, to cut long paths in the middle to their cell. */
  readonly charWidth: number;
  /** Its top within the row layer, in pixels. */
  readonly top: number;
  readonly selected: boolean;
  readonly timeZone: TimeZoneMode;
  onSelect(index: number): void;
  onOpen(index: number): void;
}

/** One drawn row; re-renders only when one of its props changes. */
export const BodyRow = memo(function BodyRow({ gridId, index, row, stale, error, columns, widths, charWidth, top, selected, timeZone, onSelect, onOpen }: Props) {
  const state = row !== null ? (stale ? 'stale' : 'ready') : error !== null ? 'failed' : 'loading';
  return (
    <div
      id={rowElementId(gridId, index)}
      role="row"
      // Row 1 is the header.
      aria-rowindex={index + 2}
      aria-selected={selected}
      aria-busy={row !== null ? undefined : true}
      className="log-row log-body-row"
      data-index={index}
      data-state={state}
      style={{ transform: `translateY(${top}px)`, height: ROW_HEIGHT }}
      onMouseDown={(e: MouseEvent) => {
        // The grid keeps the focus; the click only moves the selection.
        e.preventDefault();
        onSelect(index);
      }}
      onDoubleClick={() => row !== null && onOpen(index)}
    >
      {columns.map((id, i) => {
        const width = widths[i] ?? 0;
        // The path's cell holds its middle-cut form; the whole path is its title, for the pointer.
        const path = row !== null && id === 'path' ? pathText(row) : null;
        return (
          <div key={id} role="gridcell" aria-colindex={i + 1} className="log-cell" data-align={columnDef(id).align} data-column={id} style={{ width }} title={path ?? undefined}>
            {path !== null
              ? middleEllipsis(path, charsThatFit(width, charWidth))
              : row !== null
                ? cellContent(row, id, timeZone)
                : error !== null && i === 0
                  ? <span className="log-row-error">Could not load: {error.title}</span>
                  : null}
          </div>
        );
      })}
    </div>
  );
});
