import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { physicalRange, revealRow, SCROLL_CAP, toPhysical, toVirtual, visibleRows, type ScrollGeometry } from './scaled-scroll';

const MILLION: ScrollGeometry = { total: 1_000_000, rowHeight: 28, viewport: 568 };

describe('scaled scrolling', () => {
  it('caps the scroll range for a million rows and maps its ends to the first and last rows', () => {
    expect(physicalRange(MILLION)).toBe(SCROLL_CAP);
    expect(visibleRows(MILLION, toVirtual(MILLION, 0)).first).toBe(0);
    const end = visibleRows(MILLION, toVirtual(MILLION, SCROLL_CAP));
    expect(end.last).toBe(999_999);
    // The last row's bottom is the viewport's bottom.
    expect(end.shift + (end.last - end.first + 1) * 28).toBe(568);
  });

  it('is one to one below the cap', () => {
    const small: ScrollGeometry = { total: 1000, rowHeight: 28, viewport: 568 };
    expect(physicalRange(small)).toBe(28_000 - 568);
    expect(toVirtual(small, 1234)).toBe(1234);
    expect(toPhysical(small, 1234)).toBe(1234);
  });

  it('shows nothing for no rows and never scrolls a short list', () => {
    expect(visibleRows({ total: 0, rowHeight: 28, viewport: 568 }, 0)).toEqual({ first: 0, last: -1, shift: 0 });
    const few: ScrollGeometry = { total: 3, rowHeight: 28, viewport: 568 };
    expect(physicalRange(few)).toBe(0);
    expect(visibleRows(few, 500)).toEqual({ first: 0, last: 2, shift: 0 });
  });

  it('revealing any row leaves it wholly in view, at any size', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5_000_000 }), fc.integer({ min: 28, max: 2000 }), fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (total, viewport, at, from) => {
        const g: ScrollGeometry = { total, rowHeight: 28, viewport };
        const index = Math.min(total - 1, Math.floor(at * total));
        const top = revealRow(g, from * total * 28, index);
        const { first, last } = visibleRows(g, top);
        expect(index).toBeGreaterThanOrEqual(first);
        expect(index).toBeLessThanOrEqual(last);
        expect(index * 28).toBeGreaterThanOrEqual(top - 1e-6);
        expect((index + 1) * 28).toBeLessThanOrEqual(top + Math.max(viewport, 28) + 1e-6);
        // A scroll position and its virtual offset map back onto each other.
        expect(toVirtual(g, toPhysical(g, top))).toBeCloseTo(top, 3);
      }),
    );
  });
});
