import { describe, expect, it } from 'vitest';
import {
  COLUMN_IDS,
  COLUMNS_STORAGE_KEY,
  DEFAULT_COLUMNS,
  loadColumns,
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

/** A Storage over a Map, as the page's localStorage behaves. */
function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, String(v)),
  };
}

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
    expect(widthOf(DEFAULT_COLUMNS, 'time')).toBe(200);
  });

  it('a header click flips the sorted column, or starts another in its natural direction', () => {
    expect(nextSort({ key: 'time', dir: 'desc' }, 'time')).toEqual({ key: 'time', dir: 'asc' });
    expect(nextSort({ key: 'time', dir: 'asc' }, 'time')).toEqual({ key: 'time', dir: 'desc' });
    expect(nextSort({ key: 'time', dir: 'asc' }, 'country')).toEqual({ key: 'country', dir: 'asc' });
    expect(nextSort({ key: 'time', dir: 'asc' }, 'bytes')).toEqual({ key: 'bytes', dir: 'desc' });
  });
});
