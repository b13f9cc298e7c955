/**
 * Following an app while it changes. An action asked from this window (deploy, undeploy, restart, scale, regions,
 * an edit) is remembered per app until the platform's status has moved and settled again, so the list and the page
 * both say what is happening ("Deploying…") and the page reads the app again every two seconds until then. A settled
 * app is not read again: nothing polls when nothing changes.
 */
import { create } from 'zustand';
import { isMoving, type AppAction } from './app-detail-view';

/** How often a changing app is read again. */
export const FOLLOW_EVERY_MS = 2000;
/**
 * How long an action is followed when the status never shows it moving (the platform may take a moment to say
 * "progressing", or a change to an undeployed app never moves at all).
 */
export const FOLLOW_GRACE_MS = 10_000;

interface Pending {
  readonly action: AppAction;
  readonly at: number;
  /** Whether the status was seen moving since the action: once it settles after that, following ends. */
  readonly sawMoving: boolean;
}

interface FollowState {
  readonly pending: Readonly<Record<string, Pending>>;
  /** An action was accepted by the platform: follow the app. */
  started(id: string, action: AppAction): void;
  /** The app was read with this status; returns true when this reading ended the following (the change settled). */
  observed(id: string, status: string | null | undefined): boolean;
}

export const useAppFollow = create<FollowState>((set, get) => ({
  pending: {},
  started(id, action) {
    set((s) => ({ pending: { ...s.pending, [id]: { action, at: Date.now(), sawMoving: false } } }));
  },
  observed(id, status) {
    const p = get().pending[id];
    if (!p) return false;
    if (isMoving(status)) {
      if (!p.sawMoving) set((s) => ({ pending: { ...s.pending, [id]: { ...p, sawMoving: true } } }));
      return false;
    }
    if (!p.sawMoving && Date.now() - p.at < FOLLOW_GRACE_MS) return false;
    set((s) => {
      const { [id]: _done, ...rest } = s.pending;
      return { pending: rest };
    });
    return true;
  },
}));

/** The action being followed for an app, or null. */
export function useFollowedAction(id: string): AppAction | null {
  return useAppFollow((s) => s.pending[id]?.action ?? null);
}

/**
 * Whether an app must be read again soon: its status is moving, or an action was asked and the status has not yet
 * been seen moving (within the grace period).
 */
export function mustFollow(status: string | null | undefined, pending: Pending | undefined, now: number): boolean {
  if (isMoving(status)) return true;
  return pending !== undefined && !pending.sawMoving && now - pending.at < FOLLOW_GRACE_MS;
}

/** TanStack Query's refetchInterval for an app's reads: every two seconds while it must be followed, else never. */
export function followInterval(id: string, status: string | null | undefined): number | false {
  return mustFollow(status, useAppFollow.getState().pending[id], Date.now()) ? FOLLOW_EVERY_MS : false;
}
