/**
 * What to do after a platform call of an upload job failed: wait and try again, give up with an error the row can
 * show, or report the platform unreachable so the queue waits for the network. The waits are UPLOAD_POLICY's.
 */
import type { JobError } from '../../../../shared/videos/model.js';
import type { AppError } from '../../../../shared/contract/result.js';
import { AppFailure } from '../../errors.js';
import { decide, type AttemptOutcome, type Clock, type Decision, type RetryOptions, type RetryPolicy } from '../../platform/policy.js';
import { VideoCallFailure } from './video-api.js';

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

/**
 * The upload's retries: six attempts, 1 s base, 30 s cap, every 5xx, Retry-After honoured up to 5 minutes; no
 * platform at all (refused, no such host, unreachable) twice means offline, and the queue waits for the network.
 */
export const UPLOAD_POLICY: RetryPolicy = {
  maxAttempts: 6,
  baseMs: 1000,
  capMs: 30_000,
  statuses: [408, 429],
  serverErrors: true,
  retryAfterStatuses: [429, 503],
  maxRetryAfterMs: 300_000,
  permanentCodes: /^(ERR_INVALID_URL|UND_ERR_INVALID_ARG|UND_ERR_NOT_SUPPORTED|ERR_TLS_|CERT_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT)/,
  offline: { codes: ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'ENETDOWN', 'EHOSTDOWN', 'EADDRNOTAVAIL'], after: 2 },
};

/** The verdict on one failed attempt. */
export type Verdict =
  | { readonly kind: 'retry'; readonly delayMs: number; readonly reason: string }
  | { readonly kind: 'failed'; readonly error: JobError }
  | { readonly kind: 'offline'; readonly error: JobError }
  | { readonly kind: 'stopped' };

/** A verdict that ends the step. */
export type Stop = Exclude<Verdict, { kind: 'retry' }>;

/** What classify needs besides the failure. */
export interface ClassifyInput {
  /** Zero-based index of the attempt that just failed. */
  readonly attempt: number;
  readonly now: number;
  /** A number in [0, 1). */
  readonly random: () => number;
  readonly policy?: RetryPolicy;
}

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

/** The failure as the policy reads it; undefined when trying again cannot help (cancelled, no key, malformed). */
function outcomeOf(f: CallFailure): AttemptOutcome | undefined {
  if (f.error.kind === 'cancelled' || f.code === 'ABORTED') return undefined;
  if (f.status !== undefined) return { kind: 'status', status: f.status, retryAfter: f.retryAfter };
  if (f.error.kind !== 'network' && f.error.kind !== 'timeout') return undefined;
  return { kind: 'network', code: f.code ?? f.error.kind };
}

/** How a step ends on a failure the policy does not retry (`d`: its verdict, when it read one). */
function verdictOf(failure: CallFailure, d: Decision | undefined): Stop {
  const { error, status, code } = failure;
  if (error.kind === 'cancelled' || code === 'ABORTED') return { kind: 'stopped' };
  if (d?.stop === 'offline') return { kind: 'offline', error: jobErrorOf(error, true) };
  if (d?.stop === 'attempts') return { kind: 'failed', error: jobErrorOf({ ...error, detail: `${error.detail ?? error.title} (gave up after ${d.attempts} attempts)` }, true, GAVE_UP_HINT) };
  if (d?.stop === 'retry-after') {
    const detail = `The platform asked to wait ${seconds(d.askedMs ?? 0)} before trying again (Retry-After: ${failure.retryAfter ?? ''}).`;
    return { kind: 'failed', error: jobErrorOf({ ...error, detail }, true) };
  }
  // Retrying a refused key helps only once the user has set the right one: the user's retry, never an automatic one.
  if (status === 401 || (status === undefined && error.kind === 'auth')) return { kind: 'failed', error: jobErrorOf(status === 401 ? { ...error, title: 'The library key was refused' } : error, true, LIBRARY_KEY_HINT) };
  // An unreadable success, or a 4xx that would get the same answer again.
  return { kind: 'failed', error: jobErrorOf(error, false, status !== undefined && status >= 400 ? refusalHint(status) : undefined) };
}

/** Decides what follows a failed attempt of one step of an upload job. */
export function classify(failure: CallFailure, input: ClassifyInput): Verdict {
  const outcome = outcomeOf(failure);
  const d = outcome && decide({ outcome, attempt: input.attempt, elapsedMs: 0, now: input.now, random: input.random, policy: input.policy ?? UPLOAD_POLICY });
  return d?.retry ? { kind: 'retry', delayMs: d.delayMs, reason: d.reason } : verdictOf(failure, d);
}

/** A step that gave up; carries the verdict that ends the job's turn. */
export class Stopped extends Error {
  constructor(readonly verdict: Stop) {
    super(verdict.kind);
  }
}

function failureOf(e: unknown): CallFailure {
  if (e instanceof VideoCallFailure) return e.failure;
  if (e instanceof AppFailure) return { error: e.error };
  throw e;
}

/** How `retry` runs a step of an upload job: one that gives up throws Stopped with its verdict. */
export function uploadRetry(signal: AbortSignal, clock: Partial<Clock>): RetryOptions {
  return {
    signal,
    clock,
    outcomeOf: (e) => (e instanceof Stopped ? undefined : outcomeOf(failureOf(e))),
    giveUp: (e, d) => (signal.aborted ? new Stopped({ kind: 'stopped' }) : e instanceof Stopped ? e : new Stopped(verdictOf(failureOf(e), d))),
  };
}
