/**
 * The logging API's error codes in the user's words: what happened in one sentence and what to do about it. The
 * core builds its errors from these; the renderer uses the same words where it can tell before asking (a zone
 * whose logging is off).
 */
import type { ErrorKind } from '../contract/result.js';
import type { LogErrorCode } from './v2-response.js';

/** How one error code is explained. */
export interface LogErrorText {
  readonly kind: ErrorKind;
  /** What happened, in one sentence. */
  readonly sentence: string;
  /** What the user can do about it. */
  readonly action: string;
}

/** Every logging error code, explained. */
export const LOG_ERROR_TEXTS: Readonly<Record<LogErrorCode, LogErrorText>> = {
  invalid_request: {
    kind: 'validation',
    sentence: 'The logging service did not accept this query.',
    action: 'Change the filter or time range named below and search again.',
  },
  unauthorized: {
    kind: 'auth',
    sentence: 'The logging service did not receive a key it could check.',
    action: 'Add the account API key, or a logging token, to this profile in Settings.',
  },
  forbidden: {
    kind: 'auth',
    sentence: 'The logging service refused access: to this key, to this pull zone (not one of the account\'s), or to a suspended account.',
    action: 'Read what the platform said above. Check that the key in Settings belongs to the account that owns this pull zone and that the account is active in the bunny.net dashboard.',
  },
  not_found: {
    kind: 'not_found',
    sentence: 'The logging service does not know this pull zone.',
    action: 'Pick the pull zone again; it may have been deleted.',
  },
  logging_disabled: {
    kind: 'not_found',
    sentence: 'Logging is turned off for this pull zone, so there are no logs to show.',
    action: 'Turn logging on for the pull zone in the bunny.net dashboard; requests made after that will appear here.',
  },
  rate_limited: {
    kind: 'http',
    sentence: 'Too many log requests were made for this pull zone in the last 10 seconds.',
    action: 'Wait a few seconds and try again; Burrow spaces its own requests, so another program may be using the same pull zone.',
  },
  internal_error: {
    kind: 'http',
    sentence: 'The logging service failed while answering; the problem is on the platform’s side.',
    action: 'Try again in a moment; if it keeps failing, check bunny.net’s status page.',
  },
  method_not_allowed: {
    kind: 'internal',
    sentence: 'The logging service does not take this kind of request, which is a mistake in Burrow.',
    action: 'Report it with the details below.',
  },
};
