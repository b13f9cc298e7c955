/**
 * The one retry policy of the core, as data: which answers and failures are tried again, how long to wait (backoff
 * with jitter and a cap, or the server's Retry-After), how many attempts and how much time in all. Every area passes
 * its own policy VALUE to the one loop `retry` and waits with the one abortable `sleep`.
 */
import { setTimeout as timersSleep } from 'node:timers/promises';
import { appError } from '../../../shared/contract/result.js';
import { AppFailure } from '../errors.js';

/** How an attempt ended: an HTTP status, or a failure below HTTP (reset, refused, timeout, cut-short body). */
export type AttemptOutcome = { readonly kind: 'status'; readonly status: number; readonly retryAfter?: string | undefined } | { readonly kind: 'network'; readonly code: string };

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  readonly maxAttempts: number;
  /** The backoff after attempt n (zero-based) is a share, drawn from `jitter` (default [0, 1)), of min(cap, base·2^n). */
  readonly baseMs: number;
  readonly capMs: number;
  readonly jitter?: readonly [number, number];
  /** Answers worth another attempt; `serverErrors` adds every 5xx. */
  readonly statuses: readonly number[];
  readonly serverErrors?: boolean;
  /** Answers whose Retry-After is waited as asked; a longer ask than `maxRetryAfterMs` ends the retries. */
  readonly retryAfterStatuses: readonly number[];
  readonly maxRetryAfterMs: number;
  /** Failures below HTTP that another attempt will not fix; absent: none. */
  readonly permanentCodes?: RegExp;
  /** Methods repeated on their own (others only when the caller vouches for them); absent: any. */
  readonly methods?: readonly string[];
  /** No attempt starts, and no wait runs, past this much time since the first attempt. */
  readonly budgetMs?: number;
  /** Failures that mean no platform at all: after this many attempts, the caller waits for the network instead. */
  readonly offline?: { readonly codes: readonly string[]; readonly after: number };
  /** A 429 counted apart from the attempts, waited as asked (else `waitMs`) however long, up to `inRow` in all. */
  readonly rateLimited?: { readonly inRow: number; readonly waitMs: number };
  /** Platform failures in a row (across requests to one origin) after which retries stop for the cool-down. */
  readonly breakerThreshold?: number;
  readonly breakerCooldownMs?: number;
}

/** Requests of a person through the platform client: 4 attempts, 500 ms base, 20 s cap, 60 s budget, the breaker. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 4,
  baseMs: 500,
  capMs: 20_000,
  budgetMs: 60_000,
  statuses: [408, 429, 500, 502, 503, 504],
  retryAfterStatuses: [429, 503],
  maxRetryAfterMs: 20_000,
  permanentCodes: /^(ENOTFOUND|ERR_INVALID_URL|UND_ERR_INVALID_ARG|UND_ERR_NOT_SUPPORTED|ERR_TLS_CERT_ALTNAME_INVALID|CERT_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT)/,
  methods: ['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS'],
  breakerThreshold: 10,
  breakerCooldownMs: 30_000,
};

/** Time and chance, real unless a test passes its own. */
export interface Clock {
  now(): number;
  random(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** The one abortable wait: rejects with the signal's reason once it aborts. */
export async function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  await timersSleep(ms, undefined, signal ? { signal } : {});
}

/** True when sending the method twice has the effect of sending it once: POST and PATCH never are. */
export function isIdempotentMethod(method: string): boolean {
  return DEFAULT_RETRY_POLICY.methods!.includes(method.toUpperCase());
}

function retriedStatus(policy: RetryPolicy, status: number): boolean {
  return policy.statuses.includes(status) || (policy.serverErrors === true && status >= 500);
}

/** Upper bound of the backoff after attempt n (zero-based): min(cap, base·2^n). */
export function backoffCeiling(attempt: number, policy: Pick<RetryPolicy, 'baseMs' | 'capMs'>): number {
  return Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, attempt));
}

/** The backoff after attempt n, jitter drawn with `random`, so callers failing together do not come back together. */
export function backoff(attempt: number, policy: Pick<RetryPolicy, 'baseMs' | 'capMs' | 'jitter'>, random: () => number): number {
  const [lo, hi] = policy.jitter ?? [0, 1];
  return Math.floor(backoffCeiling(attempt, policy) * (lo + (hi - lo) * random()));
}

/**
 * A Retry-After value in milliseconds from `now`: delay-seconds (`120`) or an HTTP date; a date in the past gives 0,
 * anything else undefined.
 */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  const v = value.trim();
  if (/^\d{1,10}$/.test(v)) return Number(v) * 1000;
  // An HTTP date always names a weekday or month in letters; this keeps bare numbers like "1.5" or "-1" out of Date.parse.
  if (!/^[A-Za-z]{3}/.test(v) || !/\d{4}|\d{2}:\d{2}/.test(v)) return undefined;
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Failures in a row at one origin and, when open, until when retries stay stopped. */
export interface BreakerState {
  readonly failuresInRow: number;
  readonly openUntil?: number;
}

export const CLOSED_BREAKER: BreakerState = { failuresInRow: 0 };

/** True for outcomes that say the platform itself is failing (5xx, timeouts, resets): what the breaker counts. */
export function isPlatformFailure(outcome: AttemptOutcome, policy: RetryPolicy = DEFAULT_RETRY_POLICY): boolean {
  if (outcome.kind === 'network') return policy.permanentCodes?.test(outcome.code) !== true;
  return retriedStatus(policy, outcome.status) && outcome.status !== 429;
}

/**
 * The breaker after one attempt (every attempt counts, first ones included: they are the probes that close it).
 * 429 is neutral (the platform is up and pacing us), so is a failure that says nothing of the platform's health.
 */
export function breakerAfter(state: BreakerState, outcome: AttemptOutcome, now: number, policy: RetryPolicy): BreakerState {
  if (outcome.kind === 'status' && outcome.status === 429) return state;
  if (!isPlatformFailure(outcome, policy)) return outcome.kind === 'network' ? state : CLOSED_BREAKER;
  // A cool-down that has ended gives the whole budget back.
  const current = state.openUntil !== undefined && now >= state.openUntil ? CLOSED_BREAKER : state;
  const failuresInRow = current.failuresInRow + 1;
  if (current.openUntil !== undefined) return { failuresInRow, openUntil: current.openUntil };
  if (failuresInRow >= (policy.breakerThreshold ?? Infinity)) return { failuresInRow, openUntil: now + (policy.breakerCooldownMs ?? 0) };
  return { failuresInRow };
}

/** Why no further attempt follows. */
export type StopReason = 'ok' | 'permanent' | 'method' | 'attempts' | 'budget' | 'retry-after' | 'offline' | 'breaker';

/** The verdict on one attempt, with a reason a person can read in a transcript. */
export interface Decision {
  readonly retry: boolean;
  readonly delayMs: number;
  readonly reason: string;
  readonly stop?: StopReason;
  /** Attempts made, when they ran out. */
  readonly attempts?: number;
  /** The wait the server asked for, when that ended the retries. */
  readonly askedMs?: number;
  /** Set when the open breaker stopped the retries: the sentence to show the user. */
  readonly stoppedRetrying?: string;
}

export interface DecideInput {
  readonly outcome: AttemptOutcome;
  /** Zero-based index of the attempt that just ended, counting the 429s of `rateLimited` apart. */
  readonly attempt: number;
  readonly elapsedMs: number;
  readonly now: number;
  readonly random: () => number;
  readonly policy: RetryPolicy;
  readonly method?: string | undefined;
  /** The caller guarantees that repeating the request is harmless (e.g. an idempotency key). */
  readonly idempotent?: boolean | undefined;
  /** The origin's breaker, this outcome already counted. */
  readonly breaker?: BreakerState | undefined;
}

/** A duration in words: `2 s`, `1.5 s`. */
export function seconds(ms: number): string {
  const s = ms / 1000;
  return Number.isInteger(s) ? `${s} s` : `${s.toFixed(1)} s`;
}

const wholeSeconds = (ms: number) => seconds(Math.ceil(ms / 1000) * 1000);

function no(stop: StopReason, reason: string, extra: Partial<Decision> = {}): Decision {
  return { retry: false, delayMs: 0, reason, stop, ...extra };
}

/** Decides whether to try again after an attempt ended, and how long to wait first. */
export function decide(input: DecideInput): Decision {
  const { outcome, policy, now } = input;
  const what = outcome.kind === 'status' ? `HTTP ${outcome.status}` : `network error ${outcome.code}`;
  const limited = outcome.kind === 'status' && outcome.status === 429 ? policy.rateLimited : undefined;
  if (outcome.kind === 'status' && outcome.status < 400) return no('ok', `${what} is not a failure`);
  if (outcome.kind === 'status' && !limited && !retriedStatus(policy, outcome.status)) return no('permanent', `${what} is not retried: repeating the request would get the same answer`);
  if (outcome.kind === 'network' && policy.permanentCodes?.test(outcome.code) === true) return no('permanent', `${what} is not retried: another attempt would fail the same way`);
  const method = input.method?.toUpperCase();
  if (method !== undefined && policy.methods && !policy.methods.includes(method) && input.idempotent !== true) {
    return no('method', `${method} is never retried automatically: the first attempt may already have taken effect`);
  }
  const attemptsMade = input.attempt + 1;
  if (outcome.kind === 'network' && policy.offline?.codes.includes(outcome.code) && attemptsMade >= policy.offline.after) return no('offline', `${what}: the platform cannot be reached`);
  const maxAttempts = limited?.inRow ?? policy.maxAttempts;
  if (attemptsMade >= maxAttempts) return no('attempts', `${what}; gave up after ${attemptsMade} attempts`, { attempts: attemptsMade });
  const budget = policy.budgetMs ?? Infinity;
  if (input.elapsedMs >= budget) return no('budget', `${what}; gave up: the ${seconds(budget)} retry budget is spent`);
  const breaker = input.breaker;
  if (breaker?.openUntil !== undefined && now < breaker.openUntil) {
    const stoppedRetrying = `Burrow stopped retrying: the platform failed ${breaker.failuresInRow} times in a row; retries resume in ${wholeSeconds(breaker.openUntil - now)}`;
    return no('breaker', `${what}; ${stoppedRetrying}`, { stoppedRetrying });
  }

  const asked = outcome.kind === 'status' && (limited || policy.retryAfterStatuses.includes(outcome.status)) ? outcome.retryAfter : undefined;
  const askedMs = parseRetryAfter(asked, now);
  let delayMs: number;
  let reason: string;
  if (limited) {
    delayMs = askedMs ?? limited.waitMs;
    reason = `${what}; waiting ${seconds(delayMs)}${askedMs !== undefined ? ` as the server asked (Retry-After: ${asked})` : ''}`;
  } else if (askedMs !== undefined) {
    if (askedMs > policy.maxRetryAfterMs) {
      return no('retry-after', `${what}: the server asked to wait ${wholeSeconds(askedMs)} before trying again (Retry-After: ${asked}); Burrow does not wait that long on its own — try again later`, { askedMs });
    }
    delayMs = askedMs;
    reason = `${what}; waiting ${seconds(delayMs)} as the server asked (Retry-After: ${asked})`;
  } else {
    delayMs = backoff(input.attempt, policy, input.random);
    reason = `${what}; retrying after ${delayMs} ms backoff${asked !== undefined ? ` (ignored unreadable Retry-After: ${asked.slice(0, 40)})` : ''}`;
  }
  if (input.elapsedMs + delayMs > budget) return no('budget', `${what}; gave up: waiting ${seconds(delayMs)} more would pass the ${seconds(budget)} retry budget`);
  return { retry: true, delayMs, reason: `${reason} (attempt ${attemptsMade + 1} of ${maxAttempts})` };
}

/** How `retry` reads and reports the attempts of one call. */
export interface RetryOptions {
  readonly signal?: AbortSignal | undefined;
  readonly clock?: Partial<Clock> | undefined;
  /** What a failed attempt means to the policy; undefined: it is not retried. */
  readonly outcomeOf: (error: unknown) => AttemptOutcome | undefined;
  /** The request's method, whether the caller vouches for repeating it, its origin's breaker (outcome counted). */
  readonly request?: () => Pick<DecideInput, 'method' | 'idempotent' | 'breaker'>;
  /** Told the verdict on every failed attempt with an outcome, retried or not (transcripts). */
  readonly onDecision?: (decision: Decision, error: unknown) => void;
  /** A rate-limited wait the caller's own pacing takes (a shared budget) instead of sleeping here. */
  readonly pace?: (ms: number) => void;
  /** What is thrown when the attempts end (default the last attempt's error). */
  readonly giveUp?: (error: unknown, decision: Decision | undefined) => unknown;
}

/** Runs `fn` (told the zero-based attempt) until it returns, or the policy says to stop; waits between attempts. */
export async function retry<T>(fn: (attempt: number) => Promise<T>, policy: RetryPolicy, o: RetryOptions): Promise<T> {
  const clock: Clock = { now: Date.now, random: Math.random, sleep, ...o.clock };
  const started = clock.now();
  let attempts = 0;
  let limited = 0;
  for (let n = 0; ; n++) {
    try {
      return await fn(n);
    } catch (error) {
      const outcome = o.signal?.aborted ? undefined : o.outcomeOf(error);
      const isLimited = policy.rateLimited !== undefined && outcome?.kind === 'status' && outcome.status === 429;
      const decision = outcome && decide({ ...o.request?.(), outcome, attempt: isLimited ? limited++ : attempts++, elapsedMs: clock.now() - started, now: clock.now(), random: clock.random, policy });
      if (decision) o.onDecision?.(decision, error);
      if (!decision?.retry) throw o.giveUp ? o.giveUp(error, decision) : error;
      if (isLimited && o.pace) o.pace(decision.delayMs);
      else await clock.sleep(decision.delayMs, o.signal).catch(() => undefined);
      if (o.signal?.aborted) throw new AppFailure(appError('cancelled', 'Cancelled'));
    }
  }
}
