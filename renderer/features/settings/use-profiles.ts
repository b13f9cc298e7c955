/** Profile reads and changes; what a change makes stale is the bridge's rule, not this file's. */
import type { MethodName } from '../../../shared/channels';
import { useCall, useCallMutation } from '../../bridge/queries';

export function useProfiles() {
  return useCall('profiles.list', {});
}

/** A change to profiles, keys or secret storage; the profile list and what depends on it refetch when it settles. */
export function useProfileMutation<M extends MethodName>(method: M) {
  return useCallMutation(method);
}
