/** TanStack Query hooks over the bridge: the only way features read from or change the core. */
import { useMutation, useQuery, useQueryClient, type UseMutationOptions, type UseQueryOptions } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { EventName, MethodName } from '../../shared/channels';
import type { MethodInput, MethodOutput } from '../../shared/contract';
import { call } from './client';
import { invalidateScopes, STALE_AFTER_CALL, STALE_AFTER_EVENT } from './invalidation';
import { queryKey, type CallKey } from './query-key';

/** Options of a read; the key and the fetcher always come from the method and its input. */
export type CallOptions<M extends MethodName, T = MethodOutput<M>> = Omit<UseQueryOptions<MethodOutput<M>, Error, T, CallKey<M>>, 'queryKey' | 'queryFn'>;

/** Reads a contract method through TanStack Query, keyed `[method, input]`. */
export function useCall<M extends MethodName, T = MethodOutput<M>>(method: M, input: MethodInput<M>, options: CallOptions<M, T> = {}) {
  return useQuery<MethodOutput<M>, Error, T, CallKey<M>>({ ...options, queryKey: queryKey(method, input), queryFn: () => call(method, input) });
}

/** Options of a change; the fetcher always calls the method. */
export type CallMutationOptions<M extends MethodName> = Omit<UseMutationOptions<MethodOutput<M>, Error, MethodInput<M>>, 'mutationFn'>;

/** Calls a state-changing contract method; when it settles, what it made stale (see invalidation.ts) refetches. */
export function useCallMutation<M extends MethodName>(method: M, options: CallMutationOptions<M> = {}) {
  const qc = useQueryClient();
  const { onSettled, ...rest } = options;
  return useMutation<MethodOutput<M>, Error, MethodInput<M>>({
    ...rest,
    mutationFn: (input) => call(method, input),
    onSettled: async (...args) => {
      await invalidateScopes(qc, STALE_AFTER_CALL[method] ?? []);
      await onSettled?.(...args);
    },
  });
}

/** A function that applies the invalidation rule of one core event; for the app's one event subscriber. */
export function useStaleOnEvent(): (event: EventName) => Promise<void> {
  const qc = useQueryClient();
  return useCallback((event: EventName) => invalidateScopes(qc, STALE_AFTER_EVENT[event]), [qc]);
}
