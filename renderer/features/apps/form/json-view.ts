/**
 * The JSON view's text read back as form values: it must be JSON, a JSON object, hold only properties the create
 * request has, and have the request's shape where the form builds on it (objects and lists where the form expects
 * them). Values that merely break a rule (an empty name, a port out of range) are taken: the form shows them on their
 * fields, as it would had they been typed there.
 */
import { parseJsonBody } from '../../../../shared/api-command-json';
import { addApplicationRequestSchema } from '../../../../shared/platform/containers';
import { formatPath } from '../../../../shared/platform/containers-rules';
import type { AppFormValues } from './form-schema';

/** The text read as the form's values, or why it cannot be (one message naming the place). */
export type JsonViewRead = { readonly ok: true; readonly values: AppFormValues } | { readonly ok: false; readonly message: string };

const STRUCTURE = new Set(['object', 'array', 'record']);

function where(path: readonly PropertyKey[]): string {
  return path.length === 0 ? 'The request' : formatPath(path.map((p) => (typeof p === 'symbol' ? String(p) : p)));
}

/** Reads the JSON view's text; the values keep the text's members exactly (no defaults, no case changes). */
export function readJsonView(text: string): JsonViewRead {
  const parsed = parseJsonBody(text);
  if (!parsed.ok) return { ok: false, message: parsed.error.message.replace(/^Invalid JSON body/, 'Not valid JSON') };
  const value = parsed.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, message: 'The create request must be a JSON object ({ … }).' };
  }
  const result = addApplicationRequestSchema.safeParse(value);
  if (!result.success) {
    for (const issue of result.error.issues) {
      if (issue.code === 'unrecognized_keys') {
        const names = issue.keys.map((k) => `${where([...issue.path, k])}`);
        return { ok: false, message: `${names.join(', ')} ${names.length === 1 ? 'is not a property' : 'are not properties'} of the create request.` };
      }
    }
    for (const issue of result.error.issues) {
      // A list or an object where the form expects one is what its editors are built on; anything else is a value.
      if (issue.code === 'invalid_type' && STRUCTURE.has(issue.expected)) {
        return { ok: false, message: `${where(issue.path)} must be ${issue.expected === 'array' ? 'a list ([ … ])' : 'an object ({ … })'}: ${issue.message}` };
      }
    }
  }
  return { ok: true, values: value as AppFormValues };
}
