/** The retry policy as one pure function: which failures are retried, and how long to wait (Retry-After honoured). */
import type { BreakerState } from './breaker.js';

/** Knobs of the policy; the defaults suit small API calls made on a user's behalf. */
export interface RetryPolicy {
  /** Attempts in all, the first included. */
  readonly maxAttempts: number;
  readonly baseMs: number;
  /** Longest wait between two attempts; a server asking for more is reported, not waited on. */
  readonly capMs: number;
  /** No new attempt starts after this much time since the first one. */
  readonly budgetMs: number;
  /** Failures in a row (across requests to one origin) after which retries stop: the shared failure budget. */
  readonly breakerThreshold: number;
  /** How long retries stay stopped once the breaker opens; then the budget is whole again. */
  readonly breakerCooldownMs: number;
  /** The clock used to read `Retry-After` dates and the breaker's cool-down. */
  readonly now: () => number;
}

/** Defaults: 4 attempts, 500 ms base, 20 s cap, 60 s budget; retries stop for 30 s after 10 failures in a row. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 4,
  baseMs: 500,
  capMs: 20_000,
  budgetMs: 60_000,
  breakerThreshold: 10,
  breakerCooldownMs: 30_000,
  now: Date.now,
};

/** How an attempt ended: an HTTP status, or a failure below HTTP (reset, refused, timeout, cut-short body). */
export type AttemptOutcome =
  | { readonly kind: 'status'; readonly status: number; readonly headers: Readonly<Record<string, string | undefined>> }
  | { readonly kind: 'network'; readonly code: string };

/** What decideRetry looks at. */
export interface RetryInput {
  readonly method: string;
  /** Zero-based index of the attempt that just ended (0 = the first). */
  readonly attempt: number;
  readonly outcome: AttemptOutcome;
  /** The caller guarantees that repeating the request is harmless (e.g. an idempotency key). */
  readonly idempotent?: boolean;
  /** Time since the first attempt started. */
  readonly elapsedMs: number;
  /** A number in [0, 1): Math.random, or a seeded generator in tests. */
  readonly random: () => number;
  readonly policy: RetryPolicy;
  /** The shared failure budget of the origin, this attempt's outcome already counted; absent = closed. */
  readonly breaker?: BreakerState;
}

/** The verdict, with a reason a person can read in a verbose transcript. */
export interface RetryDecision {
  readonly retry: boolean;
  readonly delayMs: number;
  readonly reason: string;
  /** Set when the open breaker stopped the retries: the sentence to show the user. */
  readonly stoppedRetrying?: string;
}

const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

/**
 * True when sending the method twice has the effect of sending it once. The one rule of when a request may be
 * repeated on its own: POST and PATCH never are (a first attempt may already have created a video or an app).
 */
export function isIdempotentMethod(method: string): boolean {
  return IDEMPOTENT_METHODS.has(method.toUpperCase());
}
const RETRYABLE_STATUSES = new Set([408, 429, 500, 502, 503, 504]);
const RETRY_AFTER_STATUSES = new Set([429, 503]);

/** Failures that another attempt will not fix: a wrong host name, a bad certificate, a malformed URL or request. */
const PERMANENT_NETWORK = /^(ENOTFOUND|ERR_INVALID_URL|UND_ERR_INVALID_ARG|UND_ERR_NOT_SUPPORTED|ERR_TLS_CERT_ALTNAME_INVALID|CERT_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT)/;

/** True for outcomes that say the platform itself is failing (5xx, timeouts, resets), which the breaker counts. */
export function isPlatformFailure(outcome: AttemptOutcome): boolean {
  if (outcome.kind === 'network') return !PERMANENT_NETWORK.test(outcome.code);
  return RETRYABLE_STATUSES.has(outcome.status) && outcome.status !== 429;
}

/** Upper bound of the full-jitter backoff after attempt n (zero-based): min(cap, base·2^n). */
export function backoffCeiling(attempt: number, policy: Pick<RetryPolicy, 'baseMs' | 'capMs'>): number {
  return Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, attempt));
}

/**
 * Parses a Retry-After value into milliseconds from `now`: delay-seconds (`120`) or an HTTP date
 * (`Wed, 21 Oct 2015 07:28:00 GMT`). A date in the past gives 0. Anything else gives undefined.
 */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  const v = value.trim();
  if (/^\d{1,10}$/.test(v)) return Number(v) * 1000;
  // An HTTP date always names a weekday or month in letters; this keeps bare numbers like "1.5" or "-1" out of Date.parse.
  if (!/^[A-Za-z]{3}/.test(v) || !/\d{4}|\d{2}:\d{2}/.test(v)) return undefined;
  const at = Date.parse(v);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}

function headerOf(headers: Readonly<Record<string, string | undefined>>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [k, v] of Object.entries(headers)) if (k.toLowerCase() === wanted) return v;
  return undefined;
}

function seconds(ms: number): string {
  const s = ms / 1000;
  return Number.isInteger(s) ? `${s} s` : `${s.toFixed(1)} s`;
}

function no(reason: string): RetryDecision {
  return { retry: false, delayMs: 0, reason };
}

/** Decides whether to try again after an attempt ended, and how long to wait first. */
export function decideRetry(input: RetryInput): RetryDecision {
  const { outcome, policy } = input;
  const method = input.method.toUpperCase();
  const what = outcome.kind === 'status' ? `HTTP ${outcome.status}` : `network error ${outcome.code}`;

  if (outcome.kind === 'status' && outcome.status < 400) return no(`${what} is not a failure`);
  if (outcome.kind === 'status' && !RETRYABLE_STATUSES.has(outcome.status)) return no(`${what} is not retried: repeating the request would get the same answer`);
  if (outcome.kind === 'network' && PERMANENT_NETWORK.test(outcome.code)) return no(`${what} is not retried: another attempt would fail the same way`);
  if (!isIdempotentMethod(method) && input.idempotent !== true) {
    return no(`${method} is never retried automatically: the first attempt may already have taken effect`);
  }
  const attemptsMade = input.attempt + 1;
  if (attemptsMade >= policy.maxAttempts) return no(`${what}; gave up after ${attemptsMade} attempts`);
  if (input.elapsedMs >= policy.budgetMs) return no(`${what}; gave up: the ${seconds(policy.budgetMs)} retry budget is spent`);
  const nowMs = policy.now();
  const breaker = input.breaker;
  if (breaker?.openUntil !== undefined && nowMs < breaker.openUntil) {
    const resumeIn = seconds(Math.ceil((breaker.openUntil - nowMs) / 1000) * 1000);
    const stoppedRetrying = `Burrow stopped retrying: the platform failed ${breaker.failuresInRow} times in a row; retries resume in ${resumeIn}`;
    return { ...no(`${what}; ${stoppedRetrying}`), stoppedRetrying };
  }

  let delayMs: number;
  let reason: string;
  const asked = outcome.kind === 'status' && RETRY_AFTER_STATUSES.has(outcome.status) ? headerOf(outcome.headers, 'retry-after') : undefined;
  const askedMs = parseRetryAfter(asked, nowMs);
  if (askedMs !== undefined) {
    if (askedMs > policy.capMs) {
      return no(`${what}: the server asked to wait ${seconds(Math.ceil(askedMs / 1000) * 1000)} before trying again (Retry-After: ${asked}); Burrow does not wait that long on its own — try again later`);
    }
    delayMs = askedMs;
    reason = `${what}; waiting ${seconds(delayMs)} as the server asked (Retry-After: ${asked})`;
  } else {
    delayMs = Math.floor(input.random() * backoffCeiling(input.attempt, policy));
    const ignored = asked !== undefined ? ` (ignored unreadable Retry-After: ${asked.slice(0, 40)})` : '';
    reason = `${what}; retrying after ${delayMs} ms backoff${ignored}`;
  }
  if (input.elapsedMs + delayMs > policy.budgetMs) {
    return no(`${what}; gave up: waiting ${seconds(delayMs)} more would pass the ${seconds(policy.budgetMs)} retry budget`);
  }
  return { retry: true, delayMs, reason: `${reason} (attempt ${attemptsMade + 1} of ${policy.maxAttempts})` };
}
