/** The App section: name, runtime, grace period and the optional repository settings. */
import { useFormContext } from 'react-hook-form';
import { LIMITS, RUNTIME_TYPES } from '../../../../shared/apps/schema';
import { Field } from '../../../ui/field';
import type { AppFormValues } from './form-schema';
import { messageAt, optionalNumber, optionalText } from './form-helpers';

/**
 * What the platform applies when the grace period is left out. Not in the platform's documents; it is the default of
 * the container orchestration the platform runs on, and only ever shown as a placeholder, never sent.
 */
export const GRACE_PERIOD_DEFAULT_SECONDS = 30;

const RUNTIME_LABELS: Record<(typeof RUNTIME_TYPES)[number], string> = {
  shared: 'Shared (instances share machines)',
  reserved: 'Reserved (dedicated resources)',
};

export function AppSection() {
  const { register, formState } = useFormContext<AppFormValues>();
  const { errors } = formState;
  const grace = LIMITS.terminationGracePeriodSeconds;
  return (
    <>
      <Field label="Name" hint="Letters, digits, hyphens and spaces." error={messageAt(errors, 'name')}>
        {(p) => <input {...p} autoComplete="off" {...register('name')} />}
      </Field>
      <Field label="Runtime" error={messageAt(errors, 'runtimeType')}>
        {(p) => (
          <select {...p} {...register('runtimeType')}>
            {RUNTIME_TYPES.map((r) => (
              <option key={r} value={r}>
                {RUNTIME_LABELS[r]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        label="Grace period on stop (seconds)"
        hint={`How long a stopping container may finish its work, ${grace.min} to ${grace.max}. Left empty, the platform's default applies.`}
        error={messageAt(errors, 'terminationGracePeriodSeconds')}
      >
        {(p) => <input {...p} type="number" inputMode="numeric" placeholder={String(GRACE_PERIOD_DEFAULT_SECONDS)} {...register('terminationGracePeriodSeconds', { setValueAs: optionalNumber })} />}
      </Field>
      <fieldset className="form-group">
        <legend>Repository (optional)</legend>
        <Field label="Template repository" error={messageAt(errors, 'repositorySettings.templateRepository')}>
          {(p) => <input {...p} autoComplete="off" {...register('repositorySettings.templateRepository', { setValueAs: optionalText })} />}
        </Field>
        <Field label="Repository name" error={messageAt(errors, 'repositorySettings.repositoryName')}>
          {(p) => <input {...p} autoComplete="off" {...register('repositorySettings.repositoryName', { setValueAs: optionalText })} />}
        </Field>
        <Field label="Repository owner" error={messageAt(errors, 'repositorySettings.owner')}>
          {(p) => <input {...p} autoComplete="off" {...register('repositorySettings.owner', { setValueAs: optionalText })} />}
        </Field>
      </fieldset>
    </>
  );
}
