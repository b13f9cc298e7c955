/**
 * Scaled scrolling: Chromium stops growing an element near 33.5 million pixels, so a million 28-pixel rows cannot
 * be one tall element. The scroller's content is capped (SCROLL_CAP) and its scroll position maps proportionally
 * to a "virtual" offset into the full height; rows are drawn at their place relative to that offset. Below the cap
 * the mapping is one to one.
 */

/** The tallest scroll range the table asks the browser for, well under Chromium's limit. */
export const SCROLL_CAP = 10_000_000;

/** The geometry of one moment: how many rows, how tall each is, how tall the rows' viewport is. */
export interface ScrollGeometry {
  readonly total: number;
  readonly rowHeight: number;
  readonly viewport: number;
}

/** How far the full list scrolls, in virtual pixels. */
export function virtualRange(g: ScrollGeometry): number {
  return Math.max(0, g.total * g.rowHeight - g.viewport);
}

/** How far the scroller itself scrolls (the spacer's height), in real pixels. */
export function physicalRange(g: ScrollGeometry, cap = SCROLL_CAP): number {
  return Math.min(virtualRange(g), cap);
}

/** The virtual offset a real scroll position stands for. */
export function toVirtual(g: ScrollGeometry, scrollTop: number, cap = SCROLL_CAP): number {
  const physical = physicalRange(g, cap);
  if (physical <= 0) return 0;
  const clamped = Math.min(physical, Math.max(0, scrollTop));
  return (clamped / physical) * virtualRange(g);
}

/** The real scroll position of a virtual offset. */
export function toPhysical(g: ScrollGeometry, virtualTop: number, cap = SCROLL_CAP): number {
  const range = virtualRange(g);
  if (range <= 0) return 0;
  return (clampVirtual(g, virtualTop) / range) * physicalRange(g, cap);
}

/** A virtual offset kept within the list. */
export function clampVirtual(g: ScrollGeometry, virtualTop: number): number {
  return Math.min(virtualRange(g), Math.max(0, virtualTop));
}

/** The rows to draw at a virtual offset: first and last index (inclusive) and where the first one's top sits. */
export function visibleRows(g: ScrollGeometry, virtualTop: number): { readonly first: number; readonly last: number; readonly shift: number } {
  if (g.total === 0 || g.rowHeight <= 0) return { first: 0, last: -1, shift: 0 };
  const top = clampVirtual(g, virtualTop);
  const first = Math.min(g.total - 1, Math.floor(top / g.rowHeight));
  const last = Math.min(g.total - 1, Math.ceil((top + g.viewport) / g.rowHeight) - 1);
  return { first, last: Math.max(first, last), shift: first * g.rowHeight - top };
}

/** The virtual offset that brings a row fully into view, moving as little as possible. */
export function revealRow(g: ScrollGeometry, virtualTop: number, index: number): number {
  const top = index * g.rowHeight;
  const bottom = top + g.rowHeight;
  if (top < virtualTop) return clampVirtual(g, top);
  if (bottom > virtualTop + g.viewport) return clampVirtual(g, bottom - g.viewport);
  return clampVirtual(g, virtualTop);
}

/** How many whole rows fit in the viewport (at least one), for PageUp/PageDown. */
export function rowsPerPage(g: ScrollGeometry): number {
  return Math.max(1, Math.floor(g.viewport / g.rowHeight));
}
