/**
 * The core names invalid fields the way the platform does, `ports[0].number`; react-hook-form names
 * them `ports.0.number`. These convert the one to the other and put a core `fieldErrors` map onto a form.
 */
import type { FieldErrors, FieldValues, Path, UseFormReturn } from 'react-hook-form';

/** `a[0].b` → `a.0.b`. The core's whole-value path `$` becomes react-hook-form's form-level `root`. */
export function toFormPath(corePath: string): string {
  if (corePath === '$' || corePath === '') return 'root';
  return corePath.replace(/\[(\d+)\]/g, '.$1').replace(/^\./, '');
}

function isLeaf(value: object): boolean {
  return typeof (value as { type?: unknown }).type === 'string' || typeof (value as { message?: unknown }).message === 'string';
}

function countLeaves(value: unknown, seen: Set<unknown>): number {
  if (!value || typeof value !== 'object' || seen.has(value)) return 0;
  seen.add(value);
  if (isLeaf(value)) return 1;
  // `ref` points at DOM nodes; every other key is a nested field or an array index.
  return Object.entries(value).reduce((n, [k, v]) => (k === 'ref' ? n : n + countLeaves(v, seen)), 0);
}

/** How many field errors sit under a form path (`''` for the whole form): the count a section shows. */
export function errorCountUnder(errors: FieldErrors, formPath = ''): number {
  let node: unknown = errors;
  for (const part of formPath === '' ? [] : formPath.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return countLeaves(node, new Set());
}

/** What starts the platform's own words in a field error's message, on a line of their own under Burrow's. */
export const PLATFORM_SAYS = '\nplatform says: ';

/** A field error's message split into Burrow's words and the platform's own (when the server's differed). */
export function splitPlatformSays(message: string): { readonly said: string; readonly platform?: string } {
  const at = message.indexOf(PLATFORM_SAYS);
  return at < 0 ? { said: message } : { said: message.slice(0, at), platform: message.slice(at + PLATFORM_SAYS.length) };
}

/**
 * Sets one error per core path on the form; returns the form paths in the order the core gave them. Where the core
 * kept the platform's own words for a field (`platformSays`), they follow Burrow's in the message (see splitPlatformSays).
 */
export function applyFieldErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'setError'>,
  fieldErrors: Readonly<Record<string, string>>,
  platformSays: Readonly<Record<string, string>> = {},
): string[] {
  const paths: string[] = [];
  for (const [corePath, rule] of Object.entries(fieldErrors)) {
    const path = toFormPath(corePath);
    const said = Object.hasOwn(platformSays, corePath) ? platformSays[corePath] : undefined;
    form.setError(path as Path<T> | 'root', { type: 'server', message: said === undefined ? rule : `${rule}${PLATFORM_SAYS}${said}` });
    paths.push(path);
  }
  return paths;
}
