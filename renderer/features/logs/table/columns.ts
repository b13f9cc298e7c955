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
  /** The header's label: short, so the default columns' headers fit whole. */
  readonly label: string;
  /** Width in pixels before the user resizes it, when it cannot be worked out from the text it shows. */
  readonly width: number;
  /** The widest value the column usually shows, drawn as plain text or as a chip; its default width fits it. */
  readonly sample?: { readonly text: readonly string[]; readonly as: 'cell' | 'chip' };
  /** Shown until the user hides it. */
  readonly byDefault: boolean;
  /** The core's sort key, for the columns the core can sort by. */
  readonly sortKey?: LogSort['key'];
  readonly align?: 'end';
}

/** The columns, in their default order. */
export const COLUMNS: readonly ColumnDef[] = [
  { id: 'time', label: 'Time', width: 184, byDefault: true, sortKey: 'time', sample: { text: ['0000-00-00 00:00:00.000'], as: 'cell' } },
  { id: 'status', label: 'Status', width: 72, byDefault: true, sortKey: 'status', sample: { text: ['000'], as: 'chip' } },
  { id: 'cache', label: 'Cache', width: 112, byDefault: true, sortKey: 'cache', sample: { text: ['REVALIDATED', 'UPDATING', 'BYPASS'], as: 'chip' } },
  { id: 'bytes', label: 'Bytes', width: 84, byDefault: true, sortKey: 'bytes', align: 'end', sample: { text: ['000,000,000'], as: 'cell' } },
  { id: 'country', label: 'Country', width: 80, byDefault: true, sortKey: 'country', sample: { text: ['WW'], as: 'cell' } },
  { id: 'pop', label: 'POP', width: 56, byDefault: true, sortKey: 'pop', sample: { text: ['WW'], as: 'cell' } },
  { id: 'path', label: 'URL path', width: 360, byDefault: true },
  { id: 'ip', label: 'IP', width: 140, byDefault: false, sample: { text: ['000.000.000.000'], as: 'cell' } },
  { id: 'userAgent', label: 'User agent', width: 280, byDefault: false },
  { id: 'referer', label: 'Referer', width: 220, byDefault: false },
  { id: 'requestId', label: 'Request id', width: 280, byDefault: false },
];

/** The column that takes the width the others leave (unless the user sized it), and the least it is given. */
export const FILL_COLUMN: ColumnId = 'path';
export const FILL_MIN_WIDTH = 200;

/**
 * The width of a text in pixels as drawn in one of the table's three styles: a body cell, a header label (bold) or a
 * chip (small bold capitals, 11 px). The screen measures with the real font; tests and a page without canvas estimate.
 */
export type MeasureText = (text: string, style: 'cell' | 'head' | 'chip') => number;

/** Em widths of a common sans-serif (Arial's metrics), by character; anything else counts as a wide letter. */
const EM: Record<string, number> = {};
for (const [chars, w] of [
  ['0123456789', 0.556], ['il.,:;|!\'', 0.278], ['jft/ ', 0.278], ['r-()', 0.333], ['sckvxyz', 0.5], ['abdeghnopqu_', 0.556],
  ['w', 0.722], ['m', 0.833], ['IJ', 0.5], ['FTZL', 0.611], ['ABEKPSVXY', 0.667], ['CDHNRU', 0.722], ['GOQ', 0.778], ['M', 0.833], ['W', 0.944],
] as const) for (const c of chars) EM[c] = w;

/** An estimate of `MeasureText` from Arial's metrics, for where nothing can be measured. */
export const estimateText: MeasureText = (text, style) => {
  const px = style === 'chip' ? 11 : 13;
  const bold = style === 'cell' ? 1 : 1.08;
  let em = 0;
  for (const c of text) em += EM[c] ?? 0.667;
  return em * px * bold;
};

/** What a cell adds around its text: padding on both sides (the stylesheet's .log-cell). */
export const CELL_PADDING = 10;
/** What a header adds to its label beyond the cell's padding: the sort button's padding, a gap and the sort arrow. */
export const HEAD_CHROME = 4 + 2 + 12;
/** What a chip adds to its text: padding and border on both sides (the stylesheet's .log-chip). */
export const CHIP_CHROME = 12;
/** Room for subpixel rounding and a slightly wider font than measured. */
const SLACK = 2;

/** The header label of a column; the time column names its zone ("Time (UTC)"). */
export function headerLabel(def: Pick<ColumnDef, 'id' | 'label'>, zone = 'UTC'): string {
  return def.id === 'time' ? `${def.label} (${zone})` : def.label;
}

/**
 * Each column's default width, from the text it shows: wide enough for its header label with the sort arrow and
 * for its widest usual value (the REVALIDATED chip, a full timestamp), so neither is cut off. Columns without a
 * sample keep their set width, grown to fit the label. `zoneSample` is the longest zone the time header names.
 */
export function defaultWidths(measure: MeasureText = estimateText, zoneSample = 'GMT+12'): Record<ColumnId, number> {
  const out = {} as Record<ColumnId, number>;
  for (const c of COLUMNS) {
    const head = measure(headerLabel(c, zoneSample), 'head') + HEAD_CHROME + CELL_PADDING;
    const s = c.sample;
    const body = s === undefined ? c.width : Math.max(...s.text.map((t) => measure(t, s.as) + (s.as === 'chip' ? CHIP_CHROME : 0))) + CELL_PADDING;
    out[c.id] = Math.ceil(Math.max(head, body) + SLACK);
  }
  return out;
}

/** The default widths from the estimate, for code that has no measured ones. */
export const ESTIMATED_WIDTHS = defaultWidths();

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

/** A column's width in pixels: the user's, else the default. */
export function widthOf(state: ColumnState, id: ColumnId, defaults: Readonly<Record<ColumnId, number>> = ESTIMATED_WIDTHS): number {
  return state.widths[id] ?? defaults[id];
}

/**
 * The shown columns' widths in a grid `available` pixels wide: each its own, and the fill column (the URL path,
 * unless the user sized it) takes what the others leave, never less than FILL_MIN_WIDTH, so at a narrow width it
 * still shows and the grid scrolls sideways for the rest. Before the grid is measured (`available` 0) it has its default.
 */
export function layoutWidths(state: ColumnState, shown: readonly ColumnId[], defaults: Readonly<Record<ColumnId, number>>, available: number): number[] {
  const widths = shown.map((id) => widthOf(state, id, defaults));
  const fill = shown.indexOf(FILL_COLUMN);
  if (fill < 0 || state.widths[FILL_COLUMN] !== undefined || available <= 0) return widths;
  const others = widths.reduce((a, b, i) => (i === fill ? a : a + b), 0);
  widths[fill] = Math.max(FILL_MIN_WIDTH, Math.floor(available - others));
  return widths;
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
