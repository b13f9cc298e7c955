/** The one query-key scheme: every query over the core is keyed `[method, input]`. */
import type { MethodName } from '../../shared/channels';
import type { MethodInput } from '../../shared/contract';

/** The TanStack Query key of a contract call. */
export type CallKey<M extends MethodName = MethodName> = readonly [M, MethodInput<M>];

/** The key of `method` called with `input`; invalidation matches on the first element. */
export function queryKey<M extends MethodName>(method: M, input: MethodInput<M>): CallKey<M> {
  return [method, input] as const;
}
