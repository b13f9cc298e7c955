/**
 * The create form's schema: the platform's own create-request schema, plus the rules that span fields which the
 * platform checks after parsing (min above max, unknown volumes) or which the form's region picker promises.
 */
import { addApplicationRequestSchema, type AddApplicationRequestInput } from '../../../../shared/platform/containers';

/** The form's values: exactly the create request as entered (z.input), so the values are the body. */
export type AppFormValues = AddApplicationRequestInput;

/** One cross-field problem, on the form path of the field that should show it. */
export interface CrossFieldProblem {
  readonly path: readonly (string | number)[];
  readonly message: string;
}

function isInt(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n);
}

/** Rules spanning fields, checked on a request that already parsed (each field on its own is valid). */
export function crossFieldProblems(body: AppFormValues): CrossFieldProblem[] {
  const problems: CrossFieldProblem[] = [];
  const { min, max } = body.autoScaling;
  // Shown on max: the user raising min past max is told where the bound is, and fixing either clears it.
  if (isInt(min) && isInt(max) && min > max) {
    problems.push({ path: ['autoScaling', 'max'], message: `Must be at least the minimum (${min}): the platform refuses a max below the min.` });
  }
  // Without an allowed list the platform takes the required regions as they are; only a list that leaves some out is refused.
  const allowedList = body.regionSettings.allowedRegionIds;
  const allowed = new Set(allowedList ?? []);
  const required = body.regionSettings.requiredRegionIds ?? [];
  const notAllowed = Array.isArray(allowedList) ? required.filter((id) => !allowed.has(id)) : [];
  if (notAllowed.length > 0) {
    problems.push({
      path: ['regionSettings', 'requiredRegionIds'],
      message: `A required region must also be allowed: ${notAllowed.join(', ')} ${notAllowed.length === 1 ? 'is' : 'are'} required but not allowed.`,
    });
  }
  const maxRegions = body.regionSettings.maxAllowedRegions;
  if (isInt(maxRegions) && maxRegions < required.length) {
    problems.push({
      path: ['regionSettings', 'maxAllowedRegions'],
      message: `Must be at least the number of required regions (${required.length}), since required regions always run.`,
    });
  }
  const volumes = body.volumes ?? [];
  const seen = new Set<string>();
  volumes.forEach((v, i) => {
    if (seen.has(v.name)) problems.push({ path: ['volumes', i, 'name'], message: `Another volume is already named “${v.name}”; volume names must be unique.` });
    seen.add(v.name);
  });
  body.containerTemplates?.forEach((c, ci) =>
    c.volumeMounts?.forEach((m, mi) => {
      if (!seen.has(m.name)) {
        problems.push({ path: ['containerTemplates', ci, 'volumeMounts', mi, 'name'], message: `No volume named “${m.name}” is declared in Volumes.` });
      }
    }),
  );
  return problems;
}

/** What the form validates with: every rule of the platform's schema, then the cross-field rules. */
export const appFormSchema = addApplicationRequestSchema.superRefine((body, ctx) => {
  for (const p of crossFieldProblems(body)) ctx.addIssue({ code: 'custom', path: [...p.path], message: p.message });
});
