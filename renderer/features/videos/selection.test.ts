import { describe, expect, it } from 'vitest';
import { keepExisting, NO_SELECTION, pickRow } from './selection';

const ORDER = ['a', 'b', 'c', 'd', 'e'];
const sel = (s: { ids: ReadonlySet<string> }) => [...s.ids].sort();

describe('row selection', () => {
  it('a plain pick selects one row; Ctrl toggles; Shift selects the range from the anchor', () => {
    let s = pickRow(NO_SELECTION, 'b', ORDER);
    expect(sel(s)).toEqual(['b']);
    s = pickRow(s, 'd', ORDER, { range: true });
    expect(sel(s)).toEqual(['b', 'c', 'd']);
    s = pickRow(s, 'a', ORDER, { range: true });
    expect(sel(s)).toEqual(['a', 'b']);
    s = pickRow(s, 'e', ORDER, { toggle: true });
    expect(sel(s)).toEqual(['a', 'b', 'e']);
    s = pickRow(s, 'a', ORDER, { toggle: true });
    expect(sel(s)).toEqual(['b', 'e']);
    expect(sel(pickRow(s, 'c', ORDER))).toEqual(['c']);
  });

  it('Shift without an anchor picks the one row', () => {
    expect(sel(pickRow(NO_SELECTION, 'c', ORDER, { range: true }))).toEqual(['c']);
  });

  it('drops rows that are gone', () => {
    const s = pickRow(pickRow(NO_SELECTION, 'a', ORDER), 'c', ORDER, { range: true });
    const kept = keepExisting(s, (id) => id !== 'b');
    expect(sel(kept)).toEqual(['a', 'c']);
    expect(keepExisting(kept, () => true)).toBe(kept);
    expect(keepExisting(kept, (id) => id !== 'a').anchor).toBeNull();
  });
});
