/**
 * A failure budget shared by all requests to an origin, as a consecutive-failure circuit breaker.
 * Pure transitions; the client owns the state. Once open, retries stop until the cool-down ends or
 * the platform answers sanely. First attempts are never blocked: they are the probes that close it,
 * and a person who asked for something gets one real try rather than a refusal from a stale state.
 */
import { isPlatformFailure, type AttemptOutcome, type RetryPolicy } from './retry.js';

/** Failures in a row and, when open, when retries may start again. */
export interface BreakerState {
  readonly failuresInRow: number;
  /** Absent while closed. */
  readonly openUntil?: number;
}

/** The breaker of an origin nothing has failed at yet. */
export const CLOSED_BREAKER: BreakerState = { failuresInRow: 0 };

/** The state after one attempt's outcome at time `now`. 429 is neutral: the platform is up and pacing us. */
export function breakerAfter(state: BreakerState, outcome: AttemptOutcome, now: number, policy: Pick<RetryPolicy, 'breakerThreshold' | 'breakerCooldownMs'>): BreakerState {
  if (outcome.kind === 'status' && outcome.status === 429) return state;
  if (!isPlatformFailure(outcome)) {
    // A wrong host name or a bad certificate says nothing about the platform's health either.
    return outcome.kind === 'network' ? state : CLOSED_BREAKER;
  }
  // A cool-down that has ended gives the whole budget back.
  const current = state.openUntil !== undefined && now >= state.openUntil ? CLOSED_BREAKER : state;
  const failuresInRow = current.failuresInRow + 1;
  if (current.openUntil !== undefined) return { failuresInRow, openUntil: current.openUntil };
  if (failuresInRow >= policy.breakerThreshold) return { failuresInRow, openUntil: now + policy.breakerCooldownMs };
  return { failuresInRow };
}
