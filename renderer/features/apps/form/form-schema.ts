/**
 * The create form's validation: the one rule set of shared/apps/app-rules.ts (the platform's field rules and the
 * rules spanning fields), with each message written for a person and shown under the field it names.
 */
import { toNestErrors, validateFieldsNatively } from '@hookform/resolvers';
import type { FieldError, Resolver } from 'react-hook-form';
import { appRuleProblems, crossFieldProblems, type RuleProblem } from '../../../../shared/apps/app-rules';
import type { AddApplicationRequestInput } from '../../../../shared/apps/schema';

/** The form's values: exactly the create request as entered (z.input), so the values are the body. */
export type AppFormValues = AddApplicationRequestInput;

export { crossFieldProblems };

/**
 * Where the form shows a problem: the field's path in react-hook-form's spelling; a member the platform does not know
 * (only the JSON view can add one) shows on the object holding it.
 */
export function formPathOfProblem(p: RuleProblem): string {
  const path = p.kind === 'unknown' ? p.path.slice(0, -1) : p.path;
  return path.length === 0 ? 'root' : path.join('.');
}

/** Every problem of the values as the form shows it: form path → message, the first problem of a field only. */
export function formProblems(values: unknown): Map<string, RuleProblem> {
  const out = new Map<string, RuleProblem>();
  for (const p of appRuleProblems(values)) {
    const at = formPathOfProblem(p);
    if (!out.has(at)) out.set(at, p);
  }
  return out;
}

/** The form's resolver: the values stay as entered (they are the body); errors carry the person's message. */
export const appFormResolver: Resolver<AppFormValues> = async (values, _context, options) => {
  const problems = formProblems(values);
  if (problems.size === 0) {
    if (options.shouldUseNativeValidation) validateFieldsNatively({}, options);
    return { values, errors: {} };
  }
  const flat: Record<string, FieldError> = {};
  for (const [at, p] of problems) flat[at] = { type: p.kind, message: p.message };
  return { values: {}, errors: toNestErrors(flat, options) };
};
