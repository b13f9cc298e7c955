/**
 * Actions that live inside a screen (New app, Choose files…, Open log file…), asked for from outside it (the command
 * palette). Asking shows the screen's area and hands the action to the screen, which registers a handler while it
 * is mounted. An area's screen is loaded on first use, so an action asked for before its screen is there waits for
 * it, and is dropped if the user goes to another area first: it never fires later by surprise.
 */
import { useEffect } from 'react';
import { useLatestCallback } from '../ui/use-latest-callback';
import type { AreaId } from './areas';
import { useNav } from './nav-store';

/** Every screen action and the area whose screen performs it. Adding one: a line here, a handler in the screen. */
export const SCREEN_ACTIONS = {
  'apps.new': 'apps',
  'apps.importCompose': 'apps',
  'videos.chooseFiles': 'videos',
  'videos.fetchUrl': 'videos',
  'logs.openFile': 'logs',
  'logs.export': 'logs',
  'logs.copyLink': 'logs',
  'settings.resetSandbox': 'settings',
} as const satisfies Record<string, AreaId>;

export type ScreenAction = keyof typeof SCREEN_ACTIONS;

const handlers = new Map<ScreenAction, () => void>();
/** The action waiting for its screen to mount, if any. */
let pending: ScreenAction | null = null;

/** Shows the action's area and performs the action there, now or as soon as the screen is mounted. */
export function requestScreenAction(action: ScreenAction): void {
  const area = SCREEN_ACTIONS[action];
  if (useNav.getState().area !== area) useNav.getState().go(area);
  else useNav.getState().setPaletteOpen(false);
  const handler = handlers.get(action);
  if (handler) handler();
  else pending = action;
}

// Leaving the area drops what waited for its screen.
useNav.subscribe((s) => {
  if (pending !== null && SCREEN_ACTIONS[pending] !== s.area) pending = null;
});

/** Registers the screen's handler for an action while the component is mounted; a waiting request runs at once. */
export function useScreenAction(action: ScreenAction, run: () => void): void {
  const handler = useLatestCallback(run);
  useEffect(() => {
    handlers.set(action, handler);
    if (pending === action) {
      pending = null;
      handler();
    }
    return () => {
      if (handlers.get(action) === handler) handlers.delete(action);
    };
  }, [action, handler]);
}
