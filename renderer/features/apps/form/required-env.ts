/**
 * Review's rule for variables an image needs: a row whose name the image marked required must have a value. Added to
 * the schema's resolver, so the error shows where every other rule's does (after the field is left, or on Review).
 */
import { get, set, type FieldErrors, type FieldValues, type Resolver } from 'react-hook-form';
import type { RequiredEnv } from '../containers/image-hints';

/** The message on an empty required value. */
export const REQUIRED_BY_IMAGE = 'Value: required by the image — enter one.';

/** Every `containerTemplates.i.environmentVariables.j.value` path whose row is required and empty. */
export function emptyRequiredPaths(values: unknown, required: RequiredEnv): string[] {
  const templates = (values as { containerTemplates?: unknown } | null)?.containerTemplates;
  if (!Array.isArray(templates)) return [];
  const out: string[] = [];
  for (const [index, names] of required) {
    const rows = (templates[index] as { environmentVariables?: unknown } | undefined)?.environmentVariables;
    if (!Array.isArray(rows)) continue;
    rows.forEach((row: unknown, j) => {
      const r = row as { name?: unknown; value?: unknown } | null;
      if (typeof r?.name === 'string' && names.has(r.name) && (typeof r.value !== 'string' || r.value === '')) {
        out.push(`containerTemplates.${index}.environmentVariables.${j}.value`);
      }
    });
  }
  return out;
}

/** The resolver, with the rule above added to what it finds (an error it already gives for a field wins). */
export function withRequiredEnv<T extends FieldValues, C, O>(resolver: Resolver<T, C, O>, required: () => RequiredEnv): Resolver<T, C, O> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const paths = emptyRequiredPaths(values, required());
    if (paths.length === 0) return result;
    const errors = { ...result.errors } as FieldErrors<T>;
    for (const path of paths) if (get(errors, path) === undefined) set(errors, path, { type: 'requiredByImage', message: REQUIRED_BY_IMAGE });
    return { values: {}, errors };
  };
}
