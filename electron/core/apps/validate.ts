/**
 * A create or update request checked before it is sent, by the rule set the create form and `burrow apps create
 * --dry-run` use too (checkAppText in shared/apps/app-rules.ts).
 */
import { checkAppText } from '../../../shared/apps/app-rules.js';
import { appError } from '../../../shared/contract/result.js';
import { AppFailure } from '../errors.js';
import { fieldErrorsOf } from './app-errors.js';

/** The request's value; a request that breaks a rule is refused here (a validation AppFailure), before anything is sent. */
export function checkedBody(text: string): unknown {
  const checked = checkAppText(text);
  if (checked.ok) return checked.value;
  const violations = checked.violations;
  const n = violations.length;
  throw new AppFailure(appError('validation', n === 1 ? 'One field breaks a rule of the platform' : `${n} fields break rules of the platform`, {
    detail: 'Nothing was sent. Correct the fields named, then create the app again.',
    fieldErrors: fieldErrorsOf(violations),
  }));
}
