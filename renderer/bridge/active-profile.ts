/**
 * Which profile the core has active, as this window last heard it, and the switch count that keys every answer
 * that depends on it. A switch (the active profile changing from one known profile to another) bumps the count,
 * so each area's cached answers for the old profile are never shown again, not even while the new ones load, and
 * runs the resets that the areas' stores registered for what they hold per profile.
 */
import { create } from 'zustand';

interface ActiveProfileState {
  /** undefined until the core first answered; null when no profile is active. */
  readonly activeId: string | null | undefined;
  /** The active profile's name, for messages that say which profile could not reach the platform. */
  readonly name: string | null;
  /** How many switches this window has seen: part of every profile-dependent query key. */
  readonly epoch: number;
}

export const useActiveProfile = create<ActiveProfileState>()(() => ({ activeId: undefined, name: null, epoch: 0 }));

const resets = new Set<() => void>();

/**
 * Registers what a store drops when the active profile changes (its selections and rows of the old profile);
 * returns the unregister function. Stores call it once, where they are made.
 */
export function onProfileSwitch(reset: () => void): () => void {
  resets.add(reset);
  return () => resets.delete(reset);
}

/**
 * Takes in the active profile the core reported (an answer to `settings.profiles` or `settings.activateProfile`, or a
 * `settings.changed` event). The first report only sets what is known; a later one naming another profile is a
 * switch: the registered resets run and the count moves. True when it was a switch.
 */
export function observeActiveProfile(activeId: string | null, name?: string | null): boolean {
  const known = useActiveProfile.getState();
  const nameNow = name === undefined ? (known.activeId === activeId ? known.name : null) : name;
  if (known.activeId === activeId) {
    if (nameNow !== known.name) useActiveProfile.setState({ name: nameNow });
    return false;
  }
  if (known.activeId === undefined) {
    useActiveProfile.setState({ activeId, name: nameNow });
    return false;
  }
  for (const reset of [...resets]) reset();
  useActiveProfile.setState({ activeId, name: nameNow, epoch: known.epoch + 1 });
  return true;
}
