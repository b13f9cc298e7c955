/**
 * Where the detail pane sits and how big it is: beside the grid (its width) when the table's container is wide
 * enough for both, below it (its height) when not. The user's sizes are kept in localStorage, read defensively, and
 * always fitted to the container so the grid keeps room of its own.
 */
import { z } from 'zod';

/** Below this container width the pane goes under the grid instead of beside it (1280 px with facets: beside). */
export const NARROW_WIDTH = 760;
/** The pane's sizes before the user drags, and the least it may be. */
export const DEFAULT_PANE = { width: 400, height: 280 } as const;
export const MIN_PANE = { width: 280, height: 160 } as const;
/** What the grid keeps beside (width) or above (height) the pane. */
export const GRID_KEEPS = { width: 360, height: 200 } as const;
/** Pixels one arrow key press moves the splitter by (Shift: four times as much). */
export const PANE_STEP = 16;
const UNMEASURED_MAX = { width: 1200, height: 800 } as const;

export const PANE_STORAGE_KEY = 'burrow.logs.detailPane.v1';

export type PaneSide = 'right' | 'below';

export interface PaneSize {
  readonly width: number;
  readonly height: number;
}

/** Beside the grid, unless the container is measured and narrower than NARROW_WIDTH. */
export function paneSide(containerWidth: number): PaneSide {
  return containerWidth > 0 && containerWidth < NARROW_WIDTH ? 'below' : 'right';
}

/** The range the pane's size may take along its side's axis in a container of this size. */
export function paneBounds(side: PaneSide, container: { readonly width: number; readonly height: number }): { readonly min: number; readonly max: number } {
  const axis = side === 'right' ? 'width' : 'height';
  const min = MIN_PANE[axis];
  const room = container[axis];
  // Too small for both: the pane keeps its least size. Unmeasured: a bound that still means something to read out.
  return { min, max: room > 0 ? Math.max(min, room - GRID_KEEPS[axis]) : UNMEASURED_MAX[axis] };
}

/** A size kept within bounds, in whole pixels. */
export function clampPane(value: number, bounds: { readonly min: number; readonly max: number }): number {
  return Math.round(Math.min(bounds.max, Math.max(bounds.min, value)));
}

const stored = z.object({ width: z.number().finite(), height: z.number().finite() });

/** The kept sizes; the defaults when none are kept or they cannot be read. */
export function loadPaneSize(storage: Storage = window.localStorage): PaneSize {
  try {
    const text = storage.getItem(PANE_STORAGE_KEY);
    if (text === null) return DEFAULT_PANE;
    const parsed = stored.safeParse(JSON.parse(text));
    if (!parsed.success) return DEFAULT_PANE;
    return { width: Math.max(MIN_PANE.width, parsed.data.width), height: Math.max(MIN_PANE.height, parsed.data.height) };
  } catch {
    return DEFAULT_PANE;
  }
}

/** Keeps the sizes; a storage that refuses only loses the memory, never the size on screen. */
export function savePaneSize(size: PaneSize, storage: Storage = window.localStorage): void {
  try {
    storage.setItem(PANE_STORAGE_KEY, JSON.stringify(size));
  } catch {
    // The size still applies for this run.
  }
}
