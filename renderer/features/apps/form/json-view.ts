/**
 * The JSON view's text read back as form values: it must be JSON, a JSON object, hold only properties the create
 * request has, and have the request's shape where the form builds on it (objects and lists where the form expects
 * them). Values that merely break a rule (an empty name, a port out of range) are taken: the form shows them on their
 * fields, as it would had they been typed there.
 */
import { parseJsonBody } from '../../../../shared/console/command-json';
import { addApplicationRequestSchema } from '../../../../shared/apps/schema';
import { formatPath } from '../../../../shared/apps/schema-rules';
import type { AppFormValues } from './form-schema';

/** The text read as the form's values, or why it cannot be (one message naming the place). */
export type JsonViewRead = { readonly ok: true; readonly values: AppFormValues } | { readonly ok: false; readonly message: string };

/** Where the text stops being JSON: the offset (for the editor's mark), its line and column, and what was wrong. */
export interface JsonSyntaxError {
  readonly position: number;
  /** Absent when the problem is the text as a whole (over the size limit). */
  readonly line?: number;
  readonly column?: number;
  readonly message: string;
}

function lineAndColumn(text: string, position: number): { line: number; column: number } {
  const before = text.slice(0, position);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: position - lineStart + 1 };
}

/**
 * The text's first syntax error, told as a person reads an editor ("Line 3, column 7: expected ',' or '}', found
 * '\"'"), or null when the text is JSON. A body over the size limit has no place and says so as a whole.
 */
export function jsonSyntaxError(text: string): JsonSyntaxError | null {
  const parsed = parseJsonBody(text);
  return parsed.ok ? null : syntaxErrorOf(text, parsed.error);
}

function syntaxErrorOf(text: string, error: { readonly message: string; readonly position?: number | undefined }): JsonSyntaxError {
  const { position } = error;
  if (position === undefined) return { position: 0, message: error.message };
  const { line, column } = lineAndColumn(text, position);
  // The scanner's reason follows its "… (line L, column C): " prefix.
  const raw = error.message;
  const marker = raw.indexOf('): ');
  const reason = marker >= 0 ? raw.slice(marker + 3) : raw;
  return { position, line, column, message: `Line ${line}, column ${column}: ${reason.charAt(0).toLowerCase()}${reason.slice(1)}` };
}

const STRUCTURE = new Set(['object', 'array', 'record']);

function where(path: readonly PropertyKey[]): string {
  return path.length === 0 ? 'The request' : formatPath(path.map((p) => (typeof p === 'symbol' ? String(p) : p)));
}

/** Reads the JSON view's text; the values keep the text's members exactly (no defaults, no case changes). */
export function readJsonView(text: string): JsonViewRead {
  const parsed = parseJsonBody(text);
  if (!parsed.ok) return { ok: false, message: syntaxErrorOf(text, parsed.error).message };
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
