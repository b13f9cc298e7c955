/** Which area is showing; mirrored in the location hash so a reload keeps the place. */
import { create } from 'zustand';
import { areaFromHash, type AreaId } from './areas';

interface NavState {
  readonly area: AreaId;
  readonly paletteOpen: boolean;
  go(area: AreaId): void;
  setPaletteOpen(open: boolean): void;
}

export const useNav = create<NavState>((set) => ({
  area: areaFromHash(window.location.hash),
  paletteOpen: false,
  go(area) {
    if (window.location.hash !== `#/${area}`) window.history.replaceState(null, '', `#/${area}`);
    set({ area, paletteOpen: false });
  },
  setPaletteOpen(open) {
    set({ paletteOpen: open });
  },
}));
