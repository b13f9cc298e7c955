/**
 * Whether the window is narrower (or shorter) than a size, following resizes: the one place screens ask how much
 * room the window gives them (the sidebar's icons, the facets' rail, the histogram's short strip).
 */
import { useSyncExternalStore } from 'react';

/** The narrowest window that still gets the sidebar with its labels. */
export const SIDEBAR_FULL_MIN_WIDTH = 1100;

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** True while the window is narrower than `px` (by default, too narrow for the full sidebar). */
export function useNarrowWindow(px: number = SIDEBAR_FULL_MIN_WIDTH): boolean {
  return useSyncExternalStore(subscribe, () => window.innerWidth < px, () => false);
}

/** True while the window is shorter than `px`. */
export function useShortWindow(px: number): boolean {
  return useSyncExternalStore(subscribe, () => window.innerHeight < px, () => false);
}
