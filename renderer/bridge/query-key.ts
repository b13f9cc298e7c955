/**
 * The one query-key scheme: every query over the core is keyed `[method, input]`, and a query whose answer depends
 * on the active profile also carries the window's profile switch count, `[method, input, epoch]` (see
 * active-profile.ts): after a switch its key is new, so the old profile's answer is never shown for it.
 */
import type { MethodName } from '../../shared/contract/channels';
import type { MethodInput } from '../../shared/contract/index';

/** The TanStack Query key of a contract call. */
export type CallKey<M extends MethodName = MethodName> = readonly [M, MethodInput<M>] | readonly [M, MethodInput<M>, number];

/**
 * The areas whose answers are the same whatever profile is active: the app itself, the profiles and how keys are
 * kept (each profile's own answers name it in their input).
 */
const PROFILE_FREE_AREAS: readonly string[] = ['desktop.', 'settings.'];

/** Whether a method's answer depends on which profile is active. */
export function dependsOnProfile(method: MethodName): boolean {
  return !PROFILE_FREE_AREAS.some((area) => method.startsWith(area));
}

/**
 * The key of `method` called with `input`; invalidation matches on the first element. With `epoch`, a method that
 * depends on the active profile is keyed by it too.
 */
export function queryKey<M extends MethodName>(method: M, input: MethodInput<M>, epoch?: number): CallKey<M> {
  return epoch !== undefined && dependsOnProfile(method) ? ([method, input, epoch] as const) : ([method, input] as const);
}

/** The profile switch count a key was made under, if it has one. */
export function epochOfKey(key: readonly unknown[]): number | undefined {
  return typeof key[2] === 'number' ? key[2] : undefined;
}
