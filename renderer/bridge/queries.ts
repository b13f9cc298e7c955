/** TanStack Query hooks over the bridge; the query key is always [method, input]. */
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { MethodName } from '../../shared/channels';
import type { MethodInput, MethodOutput } from '../../shared/contract';
import { call } from './client';

/** Reads a contract method through TanStack Query. */
export function useCall<M extends MethodName>(
  method: M,
  input: MethodInput<M>,
  options: Omit<UseQueryOptions<MethodOutput<M>>, 'queryKey' | 'queryFn'> = {},
) {
  return useQuery<MethodOutput<M>>({ queryKey: [method, input], queryFn: () => call(method, input), ...options });
}
