/** Whether the window is too narrow for the full sidebar: below this width it shows its areas as icons. */
import { useSyncExternalStore } from 'react';

/** The narrowest window that still gets the sidebar with its labels. */
export const SIDEBAR_FULL_MIN_WIDTH = 1100;

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

const narrow = () => window.innerWidth < SIDEBAR_FULL_MIN_WIDTH;

/** True while the window is narrower than SIDEBAR_FULL_MIN_WIDTH; follows resizes. */
export function useNarrowWindow(): boolean {
  return useSyncExternalStore(subscribe, narrow, () => false);
}
