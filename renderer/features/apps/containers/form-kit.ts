/** What the container editor's parts share: the form's type, paths under one container, number inputs, errors by path. */
import { get, type FieldErrors, type Path } from 'react-hook-form';
import type { AddApplicationRequestInput } from '../../../../shared/apps/schema';

/** The form's values are the create request's body, exactly. */
export type AppForm = AddApplicationRequestInput;

/** A path of the form, as react-hook-form spells it (`containerTemplates.0.name`). */
export type FormPath = Path<AppForm>;

/** `containerTemplates.${index}.${rest}` as a form path. */
export function at(index: number, rest: string): FormPath {
  return `containerTemplates.${index}.${rest}` as FormPath;
}

/**
 * A number input's value for the body: an empty box is "not given" (left out of the body, so the platform's
 * default applies), anything else the number typed (a non-number reaches the schema, which names the rule).
 */
export function optionalNumber(raw: unknown): number | undefined {
  if (typeof raw === 'number') return Number.isNaN(raw) ? undefined : raw;
  if (typeof raw !== 'string' || raw.trim() === '') return undefined;
  return Number(raw);
}

/** An optional text field: an empty box leaves the property out of the body rather than sending "". */
export function optionalText(raw: unknown): string | undefined {
  return typeof raw === 'string' && raw !== '' ? raw : undefined;
}

/** The rule a field breaks, from the form state at that exact path. */
export function errorAt(errors: FieldErrors<AppForm>, path: string): string | undefined {
  const e: unknown = get(errors, path);
  if (e && typeof e === 'object') {
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && message !== '') return message;
    // An array field's own error (length rules) sits on `root` next to the items' errors.
    const root = (e as { root?: { message?: unknown } }).root?.message;
    if (typeof root === 'string') return root;
  }
  return undefined;
}

/** Ports that hold databases: exposing one publicly is allowed but nearly always a mistake. */
export const DATABASE_PORTS: ReadonlyMap<number, string> = new Map([
  [5432, 'PostgreSQL'],
  [3306, 'MySQL'],
  [6379, 'Redis'],
  [27017, 'MongoDB'],
]);
