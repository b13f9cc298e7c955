/**
 * Zod builders that speak the container platform's validation language: every failure carries
 * the message the platform would give (ASP.NET data-annotation wording where one exists), and
 * toValidationErrors turns zod issues into the platform's `errors[]` with JSON-path fields.
 */
import { z } from 'zod';
import { formatPath } from '../common/json-path.js';

/** One entry of ErrorDetails.errors. */
export interface ValidationError {
  readonly field: string;
  readonly message: string;
}

interface Range {
  readonly min?: number;
  readonly max?: number;
}

interface Pattern {
  readonly text: string;
  readonly test: RegExp;
}

const INT32 = { min: -2147483648, max: 2147483647 } as const;

/** The message for a missing (undefined) or null value, or undefined when the value is present. */
function absent(input: unknown, f: string): string | undefined {
  if (input === undefined) return `The ${f} field is required.`;
  if (input === null) return `The field ${f} must not be null.`;
  return undefined;
}

function lengthMessage(f: string, kind: 'string' | 'array', range: Range): string | undefined {
  const { min, max } = range;
  if (min !== undefined && max !== undefined) {
    return kind === 'string'
      ? `The field ${f} must be a string with a minimum length of ${min} and a maximum length of ${max}.`
      : `The field ${f} must be a string or collection type with a minimum length of '${min}' and maximum length of '${max}'.`;
  }
  if (min !== undefined) return `The field ${f} must be a string or array type with a minimum length of '${min}'.`;
  if (max !== undefined) return `The field ${f} must be a string or array type with a maximum length of '${max}'.`;
  return undefined;
}

/**
 * A string with optional length bounds and a whole-value pattern. The empty string must match the
 * pattern too (the platform gives each pattern as the value's whole form, e.g. imageDigest is `sha256:` and
 * 64 characters, so `""` is not one); when a minimum length already rejects it, the pattern is not
 * checked as well, so the value gets one error, not two.
 */
export function stringOf(f: string, range: Range = {}, pattern?: Pattern) {
  let schema = z.string({ error: (i) => absent(i.input, f) ?? `The field ${f} must be a string.` });
  const message = lengthMessage(f, 'string', range);
  if (range.min !== undefined) schema = schema.min(range.min, { error: message });
  if (range.max !== undefined) schema = schema.max(range.max, { error: message });
  if (pattern) {
    const lengthRejectsEmpty = (range.min ?? 0) > 0;
    schema = schema.refine((v) => (v === '' && lengthRejectsEmpty) || pattern.test.test(v), {
      error: `The field ${f} must match the regular expression '${pattern.text}'.`,
    });
  }
  return schema;
}

/**
 * An integer of the given width. Fractions, numeric strings and huge numbers (1e400 parses to
 * Infinity) are rejected as "not an integer"; a range replaces the width bounds in the message.
 */
export function integer(f: string, bits: 32 | 64, range?: { readonly min: number; readonly max: number }) {
  const notInteger = `The field ${f} must be an integer (int${bits}).`;
  const base = z
    .number({ error: (i) => absent(i.input, f) ?? notInteger })
    .int({ error: notInteger, abort: true });
  if (range) {
    const message = `The field ${f} must be between ${range.min} and ${range.max}.`;
    return base.min(range.min, { error: message }).max(range.max, { error: message });
  }
  if (bits === 64) return base;
  const message = `The field ${f} must be a 32-bit integer (between ${INT32.min} and ${INT32.max}).`;
  return base.min(INT32.min, { error: message }).max(INT32.max, { error: message });
}

/** A string enum accepted in any letter case (as the platform's ASP.NET server does) and output in camelCase. */
export function caseInsensitiveEnum<const T extends readonly [string, ...string[]]>(f: string, values: T) {
  const canonical = new Map(values.map((v) => [v.toLowerCase(), v]));
  const shown = values.slice(0, 6).map((v) => `'${v}'`).join(', ');
  const message =
    values.length <= 6
      ? `The field ${f} must be one of ${shown} (any letter case).`
      : `The field ${f} must be one of the ${values.length} allowed values, such as ${shown} (any letter case).`;
  return z
    .string({ error: (i) => absent(i.input, f) ?? message })
    .transform((v) => canonical.get(v.toLowerCase()) ?? v)
    .pipe(z.enum(values, { error: message }));
}

function quoteList(keys: readonly string[]): string {
  return keys.map((k) => `'${k}'`).join(', ');
}

/** An object that defines exactly `shape`: any other property is an error naming the platform type. */
export function objectOf<S extends z.core.$ZodLooseShape>(typeName: string, f: string, shape: S) {
  return z.strictObject(shape, {
    error: (i) => {
      if (i.code === 'unrecognized_keys') return `The JSON property ${quoteList(i.keys)} is not defined on ${typeName}.`;
      return absent(i.input, f) ?? `The field ${f} must be an object.`;
    },
  });
}

/** An array with optional item-count bounds. */
export function arrayOf<T extends z.ZodType>(f: string, item: T, range: Range = {}) {
  let schema = z.array(item, { error: (i) => absent(i.input, f) ?? `The field ${f} must be an array.` });
  const message = lengthMessage(f, 'array', range);
  if (range.min !== undefined) schema = schema.min(range.min, { error: message });
  if (range.max !== undefined) schema = schema.max(range.max, { error: message });
  return schema;
}

/** `containerTemplates[0].endpoints[1].cdn`; the body itself is `$`. */
export { formatPath };

/** Turns zod issues into the platform's `errors[]`, one entry per offending field (an unknown property is its own field). */
export function toValidationErrors(issues: readonly z.core.$ZodIssue[]): ValidationError[] {
  const out: ValidationError[] = [];
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      const all = quoteList(issue.keys);
      for (const key of issue.keys) {
        out.push({ field: formatPath([...issue.path, key]), message: issue.message.replace(all, `'${key}'`) });
      }
    } else {
      out.push({ field: formatPath(issue.path), message: issue.message });
    }
  }
  return out;
}
