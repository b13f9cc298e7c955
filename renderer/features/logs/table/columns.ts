/**
 * The table's columns: which exist, which show by default, and the user's choice (shown, order, widths), kept in
 * localStorage so it survives a restart. The stored form is versioned and read defensively: an unknown or broken
 * value falls back to the defaults, unknown column ids are dropped and columns added later are appended.
 */
import { z } from 'zod';
import type { LogSort } from '../../../../shared/contract/logs';

/** Every column the table can show. */
export const COLUMN_IDS = ['time', 'status', 'cache', 'bytes', 'country', 'pop', 'path', 'ip', 'userAgent', 'referer', 'requestId'] as const;
export type ColumnId = (typeof COLUMN_IDS)[number];

/** What the table knows about one column. */
export interface ColumnDef {
  readonly id: ColumnId;
  readonly label: string;
  /** Width in pixels before the user resizes it. */
  readonly width: number;
  /** Shown until the user hides it. */
  readonly byDefault: boolean;
  /** The core's sort key, for the columns the core can sort by. */
  readonly sortKey?: LogSort['key'];
  readonly align?: 'end';
}

/** The columns, in their default order. */
export const COLUMNS: readonly ColumnDef[] = [
  { id: 'time', label: 'Time', width: 200, byDefault: true, sortKey: 'time' },
  { id: 'status', label: 'Status', width: 80, byDefault: true, sortKey: 'status' },
  { id: 'cache', label: 'Cache', width: 120, byDefault: true, sortKey: 'cache' },
  { id: 'bytes', label: 'Bytes', width: 110, byDefault: true, sortKey: 'bytes', align: 'end' },
  { id: 'country', label: 'Country', width: 80, byDefault: true, sortKey: 'country' },
  { id: 'pop', label: 'POP', width: 80, byDefault: true, sortKey: 'pop' },
  { id: 'path', label: 'URL path', width: 360, byDefault: true },
  { id: 'ip', label: 'IP', width: 140, byDefault: false },
  { id: 'userAgent', label: 'User agent', width: 280, byDefault: false },
  { id: 'referer', label: 'Referer', width: 220, byDefault: false },
  { id: 'requestId', label: 'Request id', width: 280, byDefault: false },
];

const BY_ID = new Map(COLUMNS.map((c) => [c.id, c]));

/** The definition of a column. */
export function columnDef(id: ColumnId): ColumnDef {
  const def = BY_ID.get(id);
  if (def === undefined) throw new Error(`unknown column ${id}`);
  return def;
}

/** Narrowest and widest a column may be made. */
export const MIN_WIDTH = 48;
export const MAX_WIDTH = 1200;

/** The user's column choice: every column in display order, the hidden ones, widths that differ from the default. */
export interface ColumnState {
  readonly order: readonly ColumnId[];
  readonly hidden: readonly ColumnId[];
  readonly widths: Readonly<Partial<Record<ColumnId, number>>>;
}

/** The choice before the user makes one. */
export const DEFAULT_COLUMNS: ColumnState = {
  order: COLUMNS.map((c) => c.id),
  hidden: COLUMNS.filter((c) => !c.byDefault).map((c) => c.id),
  widths: {},
};

/** Where the choice is kept; the suffix changes when the stored shape does. */
export const COLUMNS_STORAGE_KEY = 'burrow.logs.columns.v1';

const isColumnId = (v: string): v is ColumnId => BY_ID.has(v as ColumnId);

const stored = z.object({
  order: z.array(z.string()),
  hidden: z.array(z.string()),
  widths: z.record(z.string(), z.number()),
});

/** Makes any state whole: every column once, known ids only, widths within bounds. */
export function normalizeColumns(raw: { order: readonly string[]; hidden: readonly string[]; widths: Readonly<Record<string, number>> }): ColumnState {
  const order = [...new Set(raw.order.filter(isColumnId))];
  for (const c of COLUMNS) if (!order.includes(c.id)) order.push(c.id);
  const hidden = [...new Set(raw.hidden.filter(isColumnId))];
  const widths: Partial<Record<ColumnId, number>> = {};
  for (const [id, w] of Object.entries(raw.widths)) if (isColumnId(id) && Number.isFinite(w)) widths[id] = clampWidth(w);
  return { order, hidden, widths };
}

/** Reads the stored choice; the defaults when there is none or it cannot be read. */
export function loadColumns(storage: Storage = window.localStorage): ColumnState {
  try {
    const text = storage.getItem(COLUMNS_STORAGE_KEY);
    if (text === null) return DEFAULT_COLUMNS;
    const parsed = stored.safeParse(JSON.parse(text));
    return parsed.success ? normalizeColumns(parsed.data) : DEFAULT_COLUMNS;
  } catch {
    return DEFAULT_COLUMNS;
  }
}

/** Keeps the choice; a storage that refuses (full, disabled) only loses the memory, never the change on screen. */
export function saveColumns(state: ColumnState, storage: Storage = window.localStorage): void {
  try {
    storage.setItem(COLUMNS_STORAGE_KEY, JSON.stringify(state));
  } catch {
    // The choice still applies for this run.
  }
}

/** The shown columns, in display order. */
export function visibleColumns(state: ColumnState): ColumnId[] {
  return state.order.filter((id) => !state.hidden.includes(id));
}

/** A column's width in pixels. */
export function widthOf(state: ColumnState, id: ColumnId): number {
  return state.widths[id] ?? columnDef(id).width;
}

function clampWidth(w: number): number {
  return Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, w)));
}

/** Shows or hides a column; the last shown column stays, so the table never goes blank. */
export function setShown(state: ColumnState, id: ColumnId, shown: boolean): ColumnState {
  if (shown) return { ...state, hidden: state.hidden.filter((h) => h !== id) };
  if (state.hidden.includes(id) || visibleColumns(state).length <= 1) return state;
  return { ...state, hidden: [...state.hidden, id] };
}

/** Moves a column one place among the shown columns (-1 left, +1 right); at either end it stays. */
export function moveColumn(state: ColumnState, id: ColumnId, by: -1 | 1): ColumnState {
  const shown = visibleColumns(state);
  const at = shown.indexOf(id);
  const other = shown[at + by];
  if (at < 0 || other === undefined) return state;
  const order = [...state.order];
  const i = order.indexOf(id);
  const j = order.indexOf(other);
  order[i] = other;
  order[j] = id;
  return { ...state, order };
}

/** Sets a column's width, within bounds. */
export function resizeColumn(state: ColumnState, id: ColumnId, width: number): ColumnState {
  return { ...state, widths: { ...state.widths, [id]: clampWidth(width) } };
}

/** The sort a click on a sortable header asks for: the other direction on the sorted column, else its natural one. */
export function nextSort(current: LogSort, key: LogSort['key']): LogSort {
  if (current.key === key) return { key, dir: current.dir === 'asc' ? 'desc' : 'asc' };
  // Newest, biggest and worst first read best; names read best A to Z.
  return { key, dir: key === 'time' || key === 'bytes' || key === 'status' ? 'desc' : 'asc' };
}
