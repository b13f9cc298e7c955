/**
 * Whose row this is: upload and fetch rows stay in the queue across a profile switch (they keep going to the
 * account they were added under), so a row of another profile must say so, name its library from that profile's
 * list, and never look its video up in the active profile's account.
 */
import type { ProfileView } from '../../../shared/settings/profiles';
import { useCall } from '../../bridge/queries';

export interface RowProfile {
  /** True once the profile list answered and the row's profile is not the active one. */
  readonly foreign: boolean;
  /** The row's profile, while it exists (null before the list answered, or once the profile was deleted). */
  readonly profile: ProfileView | null;
  /** True once the list answered without the row's profile: it was deleted. */
  readonly deleted: boolean;
}

export function useRowProfile(profileId: string): RowProfile {
  const list = useCall('settings.profiles', {});
  const profile = list.data?.profiles.find((p) => p.id === profileId) ?? null;
  const foreign = list.data !== undefined && list.data.activeId !== profileId;
  return { foreign, profile, deleted: foreign && profile === null };
}

/** A library's name as a profile lists it (its stored library keys), or null when that profile does not name it. */
export function libraryNameIn(profile: ProfileView | null, libraryId: number): string | null {
  return profile?.libraries.find((l) => l.id === libraryId)?.name ?? null;
}

/** Where a row of another profile belongs, for its destination line: "in profile Sandbox". */
export function profilePhrase(row: RowProfile): string {
  if (row.profile) return `in profile ${row.profile.name}`;
  return 'in a profile that was deleted';
}

/** Why a video the platform no longer has is gone: only the embedded sandbox can be reset. */
export function goneReason(profile: ProfileView | null): string {
  return profile?.kind === 'sandbox' ? 'it was deleted or the sandbox was reset' : 'it was deleted';
}
