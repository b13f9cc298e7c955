/**
 * What to do after a platform call of an upload job failed: wait and try again, give up with an error the row can
 * show, or report the platform unreachable so the queue waits for the network. Pure: time and chance come in.
 */
import type { JobError } from '../../../shared/videos/model.js';
import type { AppError } from '../../../shared/result.js';
import { backoffCeiling, parseRetryAfter } from '../platform/policy.js';

/** A failed call as the runner sees it: the mapped error, and what lies under it. */
export interface CallFailure {
  /** The user-facing error (the platform's message for an HTTP answer). */
  readonly error: AppError;
  /** The HTTP status, when the platform answered. */
  readonly status?: number;
  /** The raw Retry-After header of that answer. */
  readonly retryAfter?: string;
  /** The failure below HTTP as the client reported it: ECONNRESET, ECONNREFUSED, ENOTFOUND, TIMEOUT, ABORTED, … */
  readonly code?: string;
}

/** The knobs of the runner's retries; the defaults suit uploads a person is waiting on. */
export interface RetryRules {
  /** Attempts of one step in all, the first included. */
  readonly maxAttempts: number;
  readonly baseMs: number;
  /** The longest backoff between two attempts (Retry-After may ask for more, up to maxRetryAfterMs). */
  readonly capMs: number;
  /** A Retry-After longer than this is not waited on: the job fails and can be retried later. */
  readonly maxRetryAfterMs: number;
  /** Attempts that found no platform at all (refused, no such host, unreachable) before the job waits for the network. */
  readonly offlineAfter: number;
}

/** Six attempts, 1 s base, 30 s cap, Retry-After honoured up to 5 minutes, offline after two unreachable attempts. */
export const DEFAULT_RETRY_RULES: RetryRules = { maxAttempts: 6, baseMs: 1000, capMs: 30_000, maxRetryAfterMs: 300_000, offlineAfter: 2 };

/** The verdict on one failed attempt. */
export type Verdict =
  | { readonly kind: 'retry'; readonly delayMs: number; readonly reason: string }
  | { readonly kind: 'failed'; readonly error: JobError }
  | { readonly kind: 'offline'; readonly error: JobError }
  | { readonly kind: 'stopped' };

/** What classify needs besides the failure. */
export interface ClassifyInput {
  /** Zero-based index of the attempt that just failed. */
  readonly attempt: number;
  readonly now: number;
  /** A number in [0, 1). */
  readonly random: () => number;
  readonly rules?: RetryRules;
}

/** No platform at the other end: the network or the name is gone, so waiting beats counting failures. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'ENETDOWN', 'EHOSTDOWN', 'EADDRNOTAVAIL']);
/** Another attempt fails the same way: a certificate or a malformed request. */
const PERMANENT_CODE = /^(ERR_INVALID_URL|UND_ERR_INVALID_ARG|UND_ERR_NOT_SUPPORTED|ERR_TLS_|CERT_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT)/;
const RETRIED_STATUSES = new Set([408, 429]);
const RETRY_AFTER_STATUSES = new Set([429, 503]);

/** The hint of a refused library key: where the key is set, and why the account key does not do. */
export const LIBRARY_KEY_HINT = 'Each video library has its own API key; the account key is not accepted. Set this library\'s key in Settings → the profile → library keys, then retry.';

/** What the user can do about a refusal that trying again would not change. */
export function refusalHint(status: number): string {
  if (status === 403) return 'This library key may not do this. Check the key set for this library in Settings, then retry.';
  if (status === 404) return 'The library or this video no longer exists on the platform (deleted elsewhere?). Retry uploads the file to a new video; check the library chosen if that is refused too.';
  if (status === 413) return 'The platform refused the file as too large for this library.';
  return 'The platform refused the request as sent; its message above says why. Fix that (the title, for instance), then retry.';
}

/** What to do once the attempts are spent. */
export const GAVE_UP_HINT = 'The platform kept failing; Burrow stopped trying. Retry later.';

/** The row's error for an AppError; `retryable` says whether trying again can help. */
export function jobErrorOf(error: AppError, retryable: boolean, hint?: string): JobError {
  return {
    title: error.title,
    ...(error.detail !== undefined ? { detail: error.detail } : {}),
    ...(error.status !== undefined ? { status: error.status } : {}),
    ...(hint !== undefined ? { hint } : {}),
    retryable,
  };
}

function seconds(ms: number): string {
  return `${Math.ceil(ms / 1000)} s`;
}

/** Decides what follows a failed attempt of one step of an upload job. */
export function classify(failure: CallFailure, input: ClassifyInput): Verdict {
  const rules = input.rules ?? DEFAULT_RETRY_RULES;
  const { error, status, code } = failure;
  if (error.kind === 'cancelled' || code === 'ABORTED') return { kind: 'stopped' };
  const attemptsMade = input.attempt + 1;

  // An answer that is not a failure but could not be read: asking again gets the same answer.
  if (status !== undefined && status < 400) return { kind: 'failed', error: jobErrorOf(error, false) };
  if (status !== undefined) {
    if (status === 401) {
      // Retrying helps only once the user has set the right key, so it is the user's retry, never an automatic one.
      return { kind: 'failed', error: jobErrorOf({ ...error, title: 'The library key was refused' }, true, LIBRARY_KEY_HINT) };
    }
    // 400, 403, 404 and the other 4xx would get the same answer again.
    if (status < 500 && !RETRIED_STATUSES.has(status)) return { kind: 'failed', error: jobErrorOf(error, false, refusalHint(status)) };
  }

  if (status === undefined) {
    // Nothing was sent: a key is missing, or the request or its answer is malformed.
    if (error.kind === 'auth') return { kind: 'failed', error: jobErrorOf(error, true, LIBRARY_KEY_HINT) };
    if (error.kind !== 'network' && error.kind !== 'timeout') return { kind: 'failed', error: jobErrorOf(error, false) };
    if (code !== undefined && PERMANENT_CODE.test(code)) return { kind: 'failed', error: jobErrorOf(error, false) };
    if (code !== undefined && UNREACHABLE.has(code)) {
      if (attemptsMade >= rules.offlineAfter) return { kind: 'offline', error: jobErrorOf(error, true) };
    }
  }

  if (attemptsMade >= rules.maxAttempts) {
    return { kind: 'failed', error: jobErrorOf({ ...error, detail: `${error.detail ?? error.title} (gave up after ${attemptsMade} attempts)` }, true, GAVE_UP_HINT) };
  }

  const asked = status !== undefined && RETRY_AFTER_STATUSES.has(status) ? parseRetryAfter(failure.retryAfter, input.now) : undefined;
  if (asked !== undefined) {
    if (asked > rules.maxRetryAfterMs) {
      const detail = `The platform asked to wait ${seconds(asked)} before trying again (Retry-After: ${failure.retryAfter ?? ''}).`;
      return { kind: 'failed', error: jobErrorOf({ ...error, detail }, true) };
    }
    return { kind: 'retry', delayMs: asked, reason: `${what(failure)}; waiting ${seconds(asked)} as the platform asked` };
  }
  // Full jitter: anywhere from nothing to the ceiling, so jobs failing together do not come back together.
  const delayMs = Math.floor(input.random() * backoffCeiling(input.attempt, rules));
  return { kind: 'retry', delayMs, reason: `${what(failure)}; retrying after ${delayMs} ms` };
}

function what(f: CallFailure): string {
  return f.status !== undefined ? `HTTP ${f.status}` : `network error ${f.code ?? f.error.kind}`;
}
