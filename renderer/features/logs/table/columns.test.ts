import { describe, expect, it } from 'vitest';
import {
  CELL_PADDING,
  CHIP_CHROME,
  COLUMN_IDS,
  COLUMNS,
  COLUMNS_STORAGE_KEY,
  DEFAULT_COLUMNS,
  defaultWidths,
  ESTIMATED_WIDTHS,
  estimateText,
  FILL_MIN_WIDTH,
  HEAD_CHROME,
  layoutWidths,
  loadColumns,
  type MeasureText,
  MAX_WIDTH,
  MIN_WIDTH,
  moveColumn,
  nextSort,
  resizeColumn,
  saveColumns,
  setShown,
  visibleColumns,
  widthOf,
} from './columns';
import { memoryStorage } from '../../../testing/memory-storage';

describe('the column choice', () => {
  it('shows Time, Status, Cache, Bytes, Country, POP and URL path by default', () => {
    expect(visibleColumns(DEFAULT_COLUMNS)).toEqual(['time', 'status', 'cache', 'bytes', 'country', 'pop', 'path']);
    expect(DEFAULT_COLUMNS.order).toEqual(COLUMN_IDS);
  });

  it('round-trips through storage and survives broken or older stored values', () => {
    const storage = memoryStorage();
    const chosen = resizeColumn(moveColumn(setShown(setShown(DEFAULT_COLUMNS, 'ip', true), 'cache', false), 'pop', -1), 'path', 500);
    saveColumns(chosen, storage);
    expect(loadColumns(storage)).toEqual(chosen);
    storage.setItem(COLUMNS_STORAGE_KEY, '{not json');
    expect(loadColumns(storage)).toEqual(DEFAULT_COLUMNS);
    storage.setItem(COLUMNS_STORAGE_KEY, JSON.stringify({ order: ['bytes', 'gone', 'bytes'], hidden: ['time', 'nope'], widths: { bytes: 5, gone: 100 } }));
    const read = loadColumns(storage);
    expect(read.order[0]).toBe('bytes');
    expect([...read.order].sort()).toEqual([...COLUMN_IDS].sort());
    expect(read.hidden).toEqual(['time']);
    expect(read.widths).toEqual({ bytes: MIN_WIDTH });
  });

  it('never hides the last shown column', () => {
    let s = DEFAULT_COLUMNS;
    for (const id of visibleColumns(DEFAULT_COLUMNS)) s = setShown(s, id, false);
    expect(visibleColumns(s)).toEqual(['path']);
  });

  it('moves a column among the shown ones, skipping hidden columns, and stops at the ends', () => {
    const s = setShown({ ...DEFAULT_COLUMNS, hidden: [] }, 'ip', false);
    // ip sits between path and userAgent in the order; hidden, it is skipped over.
    const moved = moveColumn(s, 'userAgent', -1);
    expect(visibleColumns(moved).indexOf('userAgent')).toBe(visibleColumns(s).indexOf('path'));
    expect(moveColumn(s, 'time', -1)).toBe(s);
    expect(moveColumn(s, 'requestId', 1)).toBe(s);
  });

  it('keeps widths within bounds', () => {
    expect(widthOf(resizeColumn(DEFAULT_COLUMNS, 'time', 1), 'time')).toBe(MIN_WIDTH);
    expect(widthOf(resizeColumn(DEFAULT_COLUMNS, 'time', 1e9), 'time')).toBe(MAX_WIDTH);
    expect(widthOf(DEFAULT_COLUMNS, 'time')).toBe(ESTIMATED_WIDTHS.time);
  });

  it('makes each default width fit the header label with its sort arrow and the widest usual value', () => {
    const need = (text: string, style: 'cell' | 'head' | 'chip') => estimateText(text, style) + (style === 'chip' ? CHIP_CHROME : 0) + CELL_PADDING;
    for (const c of COLUMNS) expect(ESTIMATED_WIDTHS[c.id], c.id).toBeGreaterThanOrEqual(need(c.label, 'head') + HEAD_CHROME);
    expect(ESTIMATED_WIDTHS.time).toBeGreaterThanOrEqual(need('Time (GMT+12)', 'head') + HEAD_CHROME);
    expect(ESTIMATED_WIDTHS.time).toBeGreaterThanOrEqual(need('2024-05-01 12:34:56.789', 'cell'));
    expect(ESTIMATED_WIDTHS.cache).toBeGreaterThanOrEqual(need('REVALIDATED', 'chip'));
    expect(ESTIMATED_WIDTHS.cache).toBeGreaterThanOrEqual(need('UPDATING', 'chip'));
    expect(ESTIMATED_WIDTHS.status).toBeGreaterThanOrEqual(need('503', 'chip'));
    expect(ESTIMATED_WIDTHS.bytes).toBeGreaterThanOrEqual(need('123,456,789', 'cell'));
    // The fixed default columns leave the URL room beside a facets panel at 1024 px.
    const fixed = visibleColumns(DEFAULT_COLUMNS).filter((id) => id !== 'path');
    expect(fixed.reduce((a, id) => a + ESTIMATED_WIDTHS[id], 0)).toBeLessThanOrEqual(570);
  });

  it('widens the defaults with a wider font, so nothing is cut off in it', () => {
    const wide: MeasureText = (text, style) => estimateText(text, style) * 1.25;
    const widths = defaultWidths(wide);
    for (const id of ['time', 'status', 'cache', 'bytes', 'country', 'pop'] as const) expect(widths[id], id).toBeGreaterThan(ESTIMATED_WIDTHS[id]);
    expect(widths.cache).toBeGreaterThanOrEqual(wide('REVALIDATED', 'chip') + CHIP_CHROME + CELL_PADDING);
  });

  it('gives the URL column the width the others leave, down to its least, unless the user sized it', () => {
    const shown = visibleColumns(DEFAULT_COLUMNS);
    const others = shown.filter((id) => id !== 'path').reduce((a, id) => a + ESTIMATED_WIDTHS[id], 0);
    const at = (state = DEFAULT_COLUMNS, available = 1200) => layoutWidths(state, visibleColumns(state), ESTIMATED_WIDTHS, available);
    expect(at()).toEqual(shown.map((id) => (id === 'path' ? 1200 - others : ESTIMATED_WIDTHS[id])));
    expect(at().reduce((a, b) => a + b, 0)).toBe(1200);
    // Narrow: the URL keeps its least width and the grid scrolls sideways.
    expect(at(DEFAULT_COLUMNS, 500).at(-1)).toBe(FILL_MIN_WIDTH);
    // Not measured yet: its default.
    expect(at(DEFAULT_COLUMNS, 0).at(-1)).toBe(ESTIMATED_WIDTHS.path);
    // Sized by the user: that width, whatever the room.
    expect(at(resizeColumn(DEFAULT_COLUMNS, 'path', 300)).at(-1)).toBe(300);
    // Another column narrowed: the URL takes the difference.
    expect(at(resizeColumn(DEFAULT_COLUMNS, 'time', ESTIMATED_WIDTHS.time - 40)).at(-1)).toBe(1200 - others + 40);
    // Hidden: the others keep their widths.
    expect(at(setShown(DEFAULT_COLUMNS, 'path', false))).toEqual(shown.filter((id) => id !== 'path').map((id) => ESTIMATED_WIDTHS[id]));
  });

  it('a header click flips the sorted column, or starts another in its natural direction', () => {
    expect(nextSort({ key: 'time', dir: 'desc' }, 'time')).toEqual({ key: 'time', dir: 'asc' });
    expect(nextSort({ key: 'time', dir: 'asc' }, 'time')).toEqual({ key: 'time', dir: 'desc' });
    expect(nextSort({ key: 'time', dir: 'asc' }, 'country')).toEqual({ key: 'country', dir: 'asc' });
    expect(nextSort({ key: 'time', dir: 'asc' }, 'bytes')).toEqual({ key: 'bytes', dir: 'desc' });
  });
});
