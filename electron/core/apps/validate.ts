/**
 * The create request checked here with the one shared rule set (shared/apps/app-rules.ts) the create form uses too:
 * every violation under the platform's path spelling with a message for people, so the app and `burrow apps create
 * --dry-run` refuse what the form and the platform would refuse, and nothing is sent.
 */
import { parseJsonBody } from '../../../shared/api-command-json.js';
import { appRuleProblems } from '../../../shared/apps/app-rules.js';
import type { ValidationError } from '../../../shared/platform/containers.js';
import { appError, type AppError } from '../../../shared/result.js';
import { fieldErrorsOf } from './app-errors.js';

export type { ValidationError };

/**
 * The violations of a create request, each named with the rows around it (`Container 1 (web) › Tag: …`): the field
 * rules, then the rules between fields (max below min, required regions not allowed, mounts of undeclared volumes).
 * Registry and region ids are the platform's to check: this module knows neither list.
 */
export function appBodyViolations(body: unknown): ValidationError[] {
  return appRuleProblems(body).map((p) => ({ field: p.field, message: p.placedMessage }));
}

/** The result of reading a create request's text. */
export type CheckedBody = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly violations: readonly ValidationError[] };

/** Parses the text (a syntax error names its line and column, under `$` as the platform names the body) and checks it. */
export function checkAppText(text: string): CheckedBody {
  const json = parseJsonBody(text);
  if (!json.ok) return { ok: false, violations: [{ field: '$', message: json.error.message }] };
  const violations = appBodyViolations(json.value);
  return violations.length > 0 ? { ok: false, violations } : { ok: true, value: json.value };
}

/** The AppError a refused request becomes before anything is sent. */
export function violationsError(violations: readonly ValidationError[]): AppError {
  const n = violations.length;
  return appError('validation', n === 1 ? 'One field breaks a rule of the platform' : `${n} fields break rules of the platform`, {
    detail: 'Nothing was sent. Correct the fields named, then create the app again.',
    fieldErrors: fieldErrorsOf(violations),
  });
}
