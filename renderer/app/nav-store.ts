/** Which area is showing; mirrored in the location hash so a reload keeps the place. */
import { create } from 'zustand';
import { areaFromHash, type AreaId } from './areas';

/**
 * Whether the window opened without a place of its own (no `#/area`): a first look rather than a return or a test
 * that names where it starts. The embedded sandbox's first look shows Logs on its busy zone.
 */
export const openedWithoutPlace = window.location.hash === '' || window.location.hash === '#';

interface NavState {
  readonly area: AreaId;
  readonly paletteOpen: boolean;
  /** Counts the user's area switches; the shell moves focus into the area on each (see area-focus.tsx). */
  readonly focusRequest: number;
  /** Shows an area; `focus: false` leaves the focus where it is (a link that selects a row of its own). */
  go(area: AreaId, options?: { readonly focus?: boolean }): void;
  setPaletteOpen(open: boolean): void;
}

export const useNav = create<NavState>((set) => ({
  area: areaFromHash(window.location.hash),
  paletteOpen: false,
  focusRequest: 0,
  go(area, { focus = true } = {}) {
    if (window.location.hash !== `#/${area}`) window.history.replaceState(null, '', `#/${area}`);
    set((s) => ({ area, paletteOpen: false, focusRequest: focus ? s.focusRequest + 1 : s.focusRequest }));
  },
  setPaletteOpen(open) {
    set({ paletteOpen: open });
  },
}));
