/** The profile list, which most of Settings reads; changes go through useCallMutation, whose settling refreshes it. */
import { useCall } from '../../bridge/queries';

export function useProfiles() {
  return useCall('settings.profiles', {});
}
