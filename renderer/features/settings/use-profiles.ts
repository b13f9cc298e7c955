/** Profile queries and mutations; every change refreshes the one `profiles.list` query. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MethodName } from '../../../shared/channels';
import type { MethodInput, MethodOutput } from '../../../shared/contract';
import { call } from '../../bridge/client';
import { useCall } from '../../bridge/queries';

export const PROFILES_KEY = ['profiles.list', {}] as const;

export function useProfiles() {
  return useCall('profiles.list', {});
}

/** A mutation over one contract method that refreshes the profile list (and everything keyed on the profile) when done. */
export function useProfileMutation<M extends MethodName>(method: M) {
  const qc = useQueryClient();
  return useMutation<MethodOutput<M>, Error, MethodInput<M>>({
    mutationFn: (input) => call(method, input),
    onSettled: () => qc.invalidateQueries(),
  });
}
