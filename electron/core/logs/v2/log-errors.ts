/**
 * The logging API's error codes in the user's words: one sentence saying what happened, the platform's own message
 * and details beneath it, then what to do. The result is an AppError, so it crosses IPC and reads like every other
 * error in the app. The sentences themselves are shared with the renderer (shared/logs/log-error-texts.ts).
 */
import { LOG_ERROR_TEXTS, type LogErrorText } from '../../../../shared/logs/log-error-texts.js';
import { LOG_ERROR_CODES, type LogErrorCode } from '../../../../shared/logs/v2-response.js';
import { appError, type AppError } from '../../../../shared/contract/result.js';
import { redactUrl } from '../../../../shared/common/redact.js';
import { cleanText } from '../../platform/errors.js';

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
