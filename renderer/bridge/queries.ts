/** TanStack Query hooks over the bridge: the only way features read from or change the core. */
import { useMutation, useQuery, useQueryClient, type UseMutationOptions, type UseQueryOptions } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { MethodName } from '../../shared/contract/channels';
import type { MethodInput, MethodOutput } from '../../shared/contract/index';
import { observeActiveProfile, useActiveProfile } from './active-profile';
import { call } from './client';
import { invalidateScopes, STALE_AFTER_CALL } from './invalidation';
import { epochOfKey, queryKey, type CallKey } from './query-key';

/** Options of a read; the key and the fetcher always come from the method and its input. */
export type CallOptions<M extends MethodName, T = MethodOutput<M>> = Omit<UseQueryOptions<MethodOutput<M>, Error, T, CallKey<M>>, 'queryKey' | 'queryFn'>;

/**
 * Reads a contract method through TanStack Query, keyed `[method, input]` and, when the answer depends on the active
 * profile, by the window's profile switch count too. A placeholder (the answer shown while the next one loads) is
 * only ever taken from the same profile: after a switch the area shows that it is loading, not the old profile.
 */
export function useCall<M extends MethodName, T = MethodOutput<M>>(method: M, input: MethodInput<M>, options: CallOptions<M, T> = {}) {
  const epoch = useActiveProfile((s) => s.epoch);
  const key = queryKey(method, input, epoch);
  const { placeholderData } = options;
  const samePlaceholder: CallOptions<M, T>['placeholderData'] =
    typeof placeholderData === 'function'
      ? (previous, previousQuery) => (previousQuery && epochOfKey(previousQuery.queryKey) !== epochOfKey(key) ? undefined : placeholderData(previous, previousQuery))
      : placeholderData;
  return useQuery<MethodOutput<M>, Error, T, CallKey<M>>({ ...options, placeholderData: samePlaceholder, queryKey: key, queryFn: () => call(method, input) });
}

/**
 * A read made on demand (a click, a check before acting, a search as the user types): always asked afresh, kept in
 * the same cache and under the same key as `useCall`'s. Throws BridgeError like `call`.
 */
export function useFetchCall() {
  const qc = useQueryClient();
  return useCallback(
    <M extends MethodName>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>> =>
      // The switch count is read when asked: a read made right after a switch is keyed by the new profile.
      qc.fetchQuery({ queryKey: queryKey(method, input, useActiveProfile.getState().epoch), queryFn: () => call(method, input), staleTime: 0 }),
    [qc],
  );
}

/** The calls whose answer names the profile now active: heard at once, before anything refetches. */
const ACTIVE_AFTER_CALL: { readonly [M in MethodName]?: (output: MethodOutput<M>) => string | null } = {
  'settings.activateProfile': (p) => p.id,
  'settings.deleteProfile': (r) => r.activeId,
};

function activeAfter<M extends MethodName>(method: M, output: MethodOutput<M>): string | null | undefined {
  const read = ACTIVE_AFTER_CALL[method] as ((o: MethodOutput<M>) => string | null) | undefined;
  return read ? read(output) : undefined;
}

/** Options of a change; the fetcher always calls the method. */
export type CallMutationOptions<M extends MethodName> = Omit<UseMutationOptions<MethodOutput<M>, Error, MethodInput<M>>, 'mutationFn'>;

/** Calls a state-changing contract method; when it settles, what it made stale (see invalidation.ts) refetches. */
export function useCallMutation<M extends MethodName>(method: M, options: CallMutationOptions<M> = {}) {
  const qc = useQueryClient();
  const { onSettled, ...rest } = options;
  return useMutation<MethodOutput<M>, Error, MethodInput<M>>({
    ...rest,
    mutationFn: async (input) => {
      const output = await call(method, input);
      const active = activeAfter(method, output);
      if (active !== undefined) observeActiveProfile(active, method === 'settings.activateProfile' ? (output as MethodOutput<'settings.activateProfile'>).name : undefined);
      return output;
    },
    onSettled: async (...args) => {
      await invalidateScopes(qc, STALE_AFTER_CALL[method] ?? []);
      await onSettled?.(...args);
    },
  });
}

/**
 * Reads a method again on demand, and puts the answer under the view's key `[method, input]` (the view shows it
 * without a read of its own): with `restart`, `refresh: true` asks the core to read afresh rather than go on with
 * (or answer from) what it holds.
 */
export function useReadAgain<M extends MethodName>(method: M, input: MethodInput<M> & { readonly refresh?: boolean }) {
  const qc = useQueryClient();
  const epoch = useActiveProfile((s) => s.epoch);
  return useMutation<MethodOutput<M>, Error, { readonly restart: boolean }>({
    mutationFn: ({ restart }) => call(method, restart ? { ...input, refresh: true } : input),
    onSuccess: (output) => qc.setQueryData(queryKey(method, input, epoch), output),
  });
}
