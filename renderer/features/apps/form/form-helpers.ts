/** Small pieces every section of the create form uses: reading an error by path, and number inputs that may be empty. */
import type { FieldErrors } from 'react-hook-form';

type Node = Record<string | number, unknown>;

function step(node: unknown, part: string | number): unknown {
  return typeof node === 'object' && node !== null ? (node as Node)[part] : undefined;
}

/** The member of a value at a dotted form path (`a.0.b`), or undefined. */
export function valueAt(value: unknown, formPath: string): unknown {
  return formPath.split('.').reduce<unknown>(step, value);
}

/** The rule broken at a form path, if any. */
export function messageAt(errors: FieldErrors, formPath: string): string | undefined {
  const message = step(valueAt(errors, formPath), 'message');
  return typeof message === 'string' ? message : undefined;
}

/** Every form path that holds an error message, in the order the error object lists them. */
export function errorPaths(errors: unknown, prefix = ''): string[] {
  if (typeof errors !== 'object' || errors === null) return [];
  const node = errors as Node;
  const here = typeof node.message === 'string' ? [prefix] : [];
  const below = Object.entries(node)
    .filter(([k]) => k !== 'ref' && k !== 'message' && k !== 'type' && k !== 'types')
    .flatMap(([k, v]) => errorPaths(v, prefix ? `${prefix}.${k}` : k));
  return [...here, ...below];
}

/** An empty number input is a member left out (undefined), anything else the number typed (NaN fails the schema). */
export function optionalNumber(v: unknown): number | undefined {
  if (v === '' || v === null || v === undefined) return undefined;
  return typeof v === 'number' ? v : Number(v);
}

/** An empty text input is a member left out, so an untouched optional string never reaches the body. */
export function optionalText(v: unknown): string | undefined {
  return v === '' || v === null || v === undefined ? undefined : String(v);
}
