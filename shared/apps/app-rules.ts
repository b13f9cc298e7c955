/**
 * The one rule set of a create request, in words for people. The platform's schema (shared/apps/schema.ts)
 * decides what is wrong and keeps the platform's own wording for the sandbox; rule-words.ts names each broken rule the
 * way the form labels the field and says the rule in plain words. The create form's resolver, `burrow apps create
 * --dry-run` and the core's check before `apps.create` all call appRuleProblems, so they agree row for row — the
 * rules spanning fields (crossFieldProblems) included.
 */
import type { z } from 'zod';
import { parseJsonBody } from '../console/command-json.js';
import { addApplicationRequestSchema, type ValidationError } from './schema.js';
import { crossFieldProblems, fieldRuleAt, ruleProblem, valueAtPath, type RuleProblem } from './rule-words.js';

export * from './rule-words.js';

type Part = string | number;

/** Whether a zod issue is about a value that is not there (undefined, null, or empty where the field needs a value). */
function isMissing(issue: z.core.$ZodIssue, body: unknown): boolean {
  const value = valueAtPath(body, issue.path as Part[]);
  if (value === undefined || value === null) return true;
  return value === '' && fieldRuleAt(issue.path as Part[])?.required === true;
}

/**
 * Every broken rule of a create request, in words: the platform's field rules, then the rules spanning fields
 * (those on a field that already breaks its own rule are left out, so each field gets one message). One entry per
 * unknown member, as the platform names each on its own.
 */
export function appRuleProblems(body: unknown): RuleProblem[] {
  const out: RuleProblem[] = [];
  const parsed = addApplicationRequestSchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path as Part[];
      if (issue.code === 'unrecognized_keys') {
        for (const key of issue.keys) out.push(ruleProblem([...path, key], body, 'unknown'));
      } else {
        out.push(ruleProblem(path, body, isMissing(issue, body) ? 'missing' : 'rule'));
      }
    }
  }
  const taken = new Set(out.map((p) => p.field));
  for (const p of crossFieldProblems(body)) {
    const problem = ruleProblem(p.path, body, 'rule', p.rule);
    if (!taken.has(problem.field)) out.push(problem);
  }
  return out;
}


/** A create request's text checked: the value, or each violation under the platform's path with the rows around it. */
export type CheckedBody = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly violations: readonly ValidationError[] };

/** Parses the text (a syntax error names its line and column, under `$` as the platform names the body) and checks it. */
export function checkAppText(text: string): CheckedBody {
  const json = parseJsonBody(text);
  if (!json.ok) return { ok: false, violations: [{ field: '$', message: json.error.message }] };
  const violations = appRuleProblems(json.value).map((p) => ({ field: p.field, message: p.placedMessage }));
  return violations.length > 0 ? { ok: false, violations } : { ok: true, value: json.value };
}
