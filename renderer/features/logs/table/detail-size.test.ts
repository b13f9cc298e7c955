import { describe, expect, it } from 'vitest';
import { clampPane, DEFAULT_PANE, GRID_KEEPS, loadPaneSize, MIN_PANE, NARROW_WIDTH, PANE_STORAGE_KEY, paneBounds, paneSide, savePaneSize } from './detail-size';
import { memoryStorage } from '../../../testing/memory-storage';

describe('the detail pane’s place and size', () => {
  it('sits beside the grid in a wide container and below it in a narrow one', () => {
    expect(paneSide(1400)).toBe('right');
    expect(paneSide(NARROW_WIDTH)).toBe('right');
    expect(paneSide(NARROW_WIDTH - 1)).toBe('below');
    // Not measured yet: beside, as on a wide screen.
    expect(paneSide(0)).toBe('right');
  });

  it('leaves the grid room of its own and never goes under its least size', () => {
    expect(paneBounds('right', { width: 1200, height: 600 })).toEqual({ min: MIN_PANE.width, max: 1200 - GRID_KEEPS.width });
    expect(paneBounds('below', { width: 700, height: 600 })).toEqual({ min: MIN_PANE.height, max: 600 - GRID_KEEPS.height });
    expect(paneBounds('right', { width: 500, height: 600 })).toEqual({ min: MIN_PANE.width, max: MIN_PANE.width });
    const b = paneBounds('right', { width: 1200, height: 600 });
    expect(clampPane(10, b)).toBe(b.min);
    expect(clampPane(5000, b)).toBe(b.max);
    expect(clampPane(400.4, b)).toBe(400);
  });

  it('keeps the sizes across restarts and reads a broken value as the defaults', () => {
    const storage = memoryStorage();
    expect(loadPaneSize(storage)).toEqual(DEFAULT_PANE);
    savePaneSize({ width: 520, height: 300 }, storage);
    expect(loadPaneSize(storage)).toEqual({ width: 520, height: 300 });
    storage.setItem(PANE_STORAGE_KEY, '{"width":"wide"}');
    expect(loadPaneSize(storage)).toEqual(DEFAULT_PANE);
    storage.setItem(PANE_STORAGE_KEY, 'not json');
    expect(loadPaneSize(storage)).toEqual(DEFAULT_PANE);
    storage.setItem(PANE_STORAGE_KEY, '{"width":3,"height":4}');
    expect(loadPaneSize(storage)).toEqual({ width: MIN_PANE.width, height: MIN_PANE.height });
  });
});
