/**
 * The logging API's error codes in the user's words: one sentence saying what happened, the platform's own message
 * and details beneath it, then what to do. The result is an AppError, so it crosses IPC and reads like every other
 * error in the app.
 */
import { LOG_ERROR_CODES, type LogErrorCode } from '../../../shared/logs/v2-response.js';
import { appError, type AppError, type ErrorKind } from '../../../shared/result.js';
import { redactUrl } from '../../../shared/redact.js';
import { cleanText } from '../platform/errors.js';

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
    sentence: 'The logging service refused this key, or the account is suspended.',
    action: 'Check that the key in Settings belongs to the account that owns this pull zone and that the account is active in the bunny.net dashboard.',
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

/** What an error answer of the logging API told us. */
export interface LogErrorInput {
  /** The platform's code; an unknown one is explained by the status alone. */
  readonly code: string;
  readonly message: string;
  readonly details?: readonly string[];
  readonly status?: number;
  /** `GET /v2/pullzones/1/logs?…`, shown last so the user can report it. */
  readonly where?: string;
  /** How long Burrow is waiting because the platform asked it to (rate_limited). */
  readonly retryAfterMs?: number;
}

/** True for the codes this module explains. */
export function isLogErrorCode(code: string): code is LogErrorCode {
  return (LOG_ERROR_CODES as readonly string[]).includes(code);
}

function fallbackText(status: number | undefined): LogErrorText {
  if (status !== undefined && status >= 500) return LOG_ERROR_TEXTS.internal_error;
  return { kind: 'http', sentence: 'The logging service answered with an error Burrow does not know.', action: 'Try again; if it keeps happening, report it with the details below.' };
}

/** A `param: rule` detail as a field error; undefined for a detail that names no parameter. */
function fieldOf(detail: string): readonly [string, string] | undefined {
  const m = /^([A-Za-z_][\w.]{0,40}): (.+)$/.exec(detail);
  return m ? [m[1]!, cleanText(m[2]!)] : undefined;
}

/** Whole seconds of a wait, rounded up, for a sentence. */
function secondsOf(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

/** Turns a logging error answer into an AppError: the code explained in the title, the platform's message, details and what to do beneath. */
export function explainLogError(input: LogErrorInput): AppError {
  const known = isLogErrorCode(input.code) ? LOG_ERROR_TEXTS[input.code] : undefined;
  const text = known ?? fallbackText(input.status);
  const action =
    input.code === 'rate_limited' && input.retryAfterMs !== undefined
      ? `Burrow is waiting ${secondsOf(input.retryAfterMs)} s as the platform asked, then tries again.`
      : text.action;
  const lines: string[] = [];
  const message = cleanText(input.message);
  lines.push(message === '' ? 'The platform gave no message.' : `The platform said: ${message}`);
  for (const d of input.details ?? []) lines.push(`  • ${cleanText(d)}`);
  lines.push(action);
  if (input.where !== undefined) lines.push(cleanText(redactUrl(input.where), 300));
  const fields = new Map<string, string>();
  if (input.code === 'invalid_request') {
    for (const d of input.details ?? []) {
      const f = fieldOf(d);
      if (f === undefined) continue;
      const before = fields.get(f[0]);
      fields.set(f[0], before === undefined ? f[1] : `${before}; ${f[1]}`);
    }
  }
  return appError(text.kind, text.sentence, {
    detail: lines.join('\n'),
    ...(input.status !== undefined ? { status: input.status } : {}),
    code: cleanText(input.code, 100),
    // Built from a Map so a parameter named "__proto__" stays a plain key.
    ...(fields.size > 0 ? { fieldErrors: Object.fromEntries(fields) } : {}),
  });
}
