/** Which area is showing; mirrored in the location hash so a reload keeps the place. */
import { create } from 'zustand';
import { areaFromHash, type AreaId } from './areas';

interface NavState {
  readonly area: AreaId;
  readonly paletteOpen: boolean;
  /** Counts the user's area switches; the shell moves focus into the area on each (see area-focus.tsx). */
  readonly focusRequest: number;
  go(area: AreaId): void;
  setPaletteOpen(open: boolean): void;
}

export const useNav = create<NavState>((set) => ({
  area: areaFromHash(window.location.hash),
  paletteOpen: false,
  focusRequest: 0,
  go(area) {
    if (window.location.hash !== `#/${area}`) window.history.replaceState(null, '', `#/${area}`);
    set((s) => ({ area, paletteOpen: false, focusRequest: s.focusRequest + 1 }));
  },
  setPaletteOpen(open) {
    set({ paletteOpen: open });
  },
}));
