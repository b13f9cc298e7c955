/**
 * What the facets panel remembers across restarts: whether it is collapsed to its rail, and which facet sections
 * the user closed. Kept in localStorage in a versioned form and read defensively: anything unreadable falls back
 * to the defaults (expanded, every section open) and unknown facet names are dropped.
 */
import { useRef, useState } from 'react';
import { z } from 'zod';
import { FACET_NAMES, type FacetName } from '../../../../shared/contract/logs';
import { useNarrowWindow } from '../../../app/use-narrow-window';

export interface FacetPrefs {
  readonly collapsed: boolean;
  /** Sections the user closed; facets added later start open. */
  readonly closed: readonly FacetName[];
  /**
   * The user opened or collapsed the panel themselves: that choice holds at any window width. Until then the panel
   * follows the window: open when wide, the rail when narrow (so the table keeps its URL column).
   */
  readonly chosen?: boolean;
}

export const DEFAULT_FACET_PREFS: FacetPrefs = { collapsed: false, closed: [] };

/** Where the choice is kept; the suffix changes when the stored shape does. */
export const FACET_PREFS_KEY = 'burrow.logs.facets.v1';

const stored = z.object({ collapsed: z.boolean(), closed: z.array(z.string()), chosen: z.boolean().optional() });
const isFacetName = (v: string): v is FacetName => (FACET_NAMES as readonly string[]).includes(v);

/** Below this window width the panel starts as its rail, so the table keeps its URL column in view. */
export const NARROW_WINDOW_PX = 1200;

/** The choice before the user made one: open on a wide window, the rail on a narrow one. */
export function defaultFacetPrefs(windowWidth: number = typeof window === 'undefined' ? Infinity : window.innerWidth): FacetPrefs {
  return windowWidth < NARROW_WINDOW_PX ? { ...DEFAULT_FACET_PREFS, collapsed: true } : DEFAULT_FACET_PREFS;
}

/** Reads the stored choice; the defaults for this window when there is none or it cannot be read. */
export function loadFacetPrefs(storage: Storage = window.localStorage, windowWidth?: number): FacetPrefs {
  try {
    const text = storage.getItem(FACET_PREFS_KEY);
    if (text === null) return defaultFacetPrefs(windowWidth);
    const parsed = stored.safeParse(JSON.parse(text));
    if (!parsed.success) return defaultFacetPrefs(windowWidth);
    const closed = [...new Set(parsed.data.closed.filter(isFacetName))];
    // A choice the user made holds; otherwise the window decides (an older stored form counts as a choice).
    return parsed.data.chosen === false ? { ...defaultFacetPrefs(windowWidth), closed, chosen: false } : { collapsed: parsed.data.collapsed, closed, chosen: true };
  } catch {
    return defaultFacetPrefs(windowWidth);
  }
}

/** Keeps the choice; a storage that refuses (full, disabled) only loses the memory, never the change on screen. */
export function saveFacetPrefs(prefs: FacetPrefs, storage: Storage = window.localStorage): void {
  try {
    storage.setItem(FACET_PREFS_KEY, JSON.stringify(prefs));
  } catch {
    // The choice still applies for this run.
  }
}

/**
 * The remembered choice as state: `change` applies and keeps it. The button that collapses or expands the panel
 * goes away with the state it changes, so focus moves to the one that undoes it (`focusIfMoved` is its ref).
 */
export function useFacetPrefs() {
  const [stored, setPrefs] = useState(() => loadFacetPrefs());
  const narrow = useNarrowWindow(NARROW_WINDOW_PX);
  // Not chosen yet: the rail on a narrow window, open on a wide one, following resizes.
  const prefs: FacetPrefs = stored.chosen === true ? stored : { ...stored, collapsed: narrow };
  const focusAfter = useRef(false);
  const change = (next: FacetPrefs) => {
    const moved = next.collapsed !== prefs.collapsed;
    focusAfter.current = moved;
    const kept: FacetPrefs = { ...next, chosen: stored.chosen === true || moved };
    setPrefs(kept);
    saveFacetPrefs(kept);
  };
  const focusIfMoved = (el: HTMLButtonElement | null) => {
    if (el !== null && focusAfter.current) {
      focusAfter.current = false;
      el.focus();
    }
  };
  return { prefs, change, focusIfMoved };
}
