/** A container's volume mounts: each picks one of the app's declared volumes, or declares a new one on the spot. */
import { useState } from 'react';
import { useFormContext, useWatch, type ArrayPath } from 'react-hook-form';
import { LIMITS } from '../../../../shared/apps/schema';
import { Field } from '../../../ui/field';
import { RowList } from '../../../ui/row-list';
import { at, errorAt, type AppForm, type FormPath } from './form-kit';

const NEW_VOLUME = '\u0000new';

type Volume = { readonly name?: string; readonly size?: number };

/** Why a new volume cannot be declared as typed, or undefined when it can. */
function newVolumeProblem(name: string, size: string, volumes: readonly Volume[]): string | undefined {
  const { min, max } = LIMITS.shortName;
  if (name.length < min || name.length > max) return `A volume name must be ${min} to ${max} characters.`;
  if (volumes.some((v) => v.name === name)) return `A volume named ${name} is already declared; choose it from the list instead.`;
  const n = Number(size);
  if (size.trim() === '' || !Number.isInteger(n) || n < LIMITS.volumeSize.min || n > LIMITS.volumeSize.max) {
    return `The size must be a whole number of GB from ${LIMITS.volumeSize.min} to ${LIMITS.volumeSize.max}.`;
  }
  return undefined;
}

function NewVolume({ label, volumes, onCreate, onCancel }: { readonly label: string; readonly volumes: readonly Volume[]; readonly onCreate: (v: { name: string; size: number }) => void; readonly onCancel: () => void }) {
  const [name, setName] = useState('');
  const [size, setSize] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const create = () => {
    const p = newVolumeProblem(name.trim(), size, volumes);
    setProblem(p);
    if (!p) onCreate({ name: name.trim(), size: Number(size) });
  };
  return (
    <fieldset className="new-volume">
      <legend>{label}: new volume</legend>
      <div className="container-grid">
        <Field label={`${label}: new volume name`} error={problem}>
          {(c) => <input {...c} autoFocus value={name} onChange={(e) => setName(e.target.value)} />}
        </Field>
        <Field label={`${label}: new volume size (GB)`}>
          {(c) => <input {...c} type="number" min={LIMITS.volumeSize.min} max={LIMITS.volumeSize.max} step={1} value={size} onChange={(e) => setSize(e.target.value)} />}
        </Field>
      </div>
      <div className="row">
        <button type="button" onClick={create}>
          Declare volume
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </fieldset>
  );
}

function MountFields({ index, row }: { readonly index: number; readonly row: number }) {
  const { register, setValue, getValues, formState } = useFormContext<AppForm>();
  const path = at(index, `volumeMounts.${row}`);
  const volumes = (useWatch<AppForm>({ name: 'volumes' }) as Volume[] | null | undefined) ?? [];
  const chosen = (useWatch<AppForm>({ name: `${path}.name` as FormPath }) as string | undefined) ?? '';
  const [creating, setCreating] = useState(false);
  const label = `Mount ${row + 1}`;
  const names = volumes.map((v) => v.name ?? '').filter((n) => n !== '');
  const undeclared = chosen !== '' && !names.includes(chosen);
  const opts = { shouldDirty: true, shouldValidate: formState.isSubmitted } as const;

  function create(v: { name: string; size: number }) {
    // Declared in the app's volumes as well, so the mount is never left pointing at nothing.
    setValue('volumes', [...((getValues('volumes') as Volume[] | undefined) ?? []), v] as never, opts);
    setValue(`${path}.name` as FormPath, v.name as never, opts);
    setCreating(false);
  }

  return (
    <div className="mount">
      <div className="container-grid">
        <Field label={`${label} volume`} error={errorAt(formState.errors, `${path}.name`)}>
          {(c) => (
            <select
              {...c}
              name={`${path}.name`}
              value={creating ? NEW_VOLUME : chosen}
              onChange={(e) => (e.target.value === NEW_VOLUME ? setCreating(true) : (setCreating(false), setValue(`${path}.name` as FormPath, e.target.value as never, opts)))}
            >
              <option value="">Choose a volume</option>
              {names.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
              {undeclared && <option value={chosen}>{chosen} (not declared)</option>}
              <option value={NEW_VOLUME}>New volume…</option>
            </select>
          )}
        </Field>
        <Field label={`${label} path`} hint="An absolute path in the container, such as /var/lib/data" error={errorAt(formState.errors, `${path}.mountPath`)}>
          {(c) => <input {...c} className="mono" {...register(`${path}.mountPath` as FormPath)} />}
        </Field>
      </div>
      {undeclared && <p className="field-warning">No volume named {chosen} is declared; choose one, or declare it under Volumes.</p>}
      {creating && <NewVolume label={label} volumes={volumes} onCreate={create} onCancel={() => setCreating(false)} />}
    </div>
  );
}

/** The mounts list; volumes come from the form's `volumes`, so one declared here shows in the Volumes section too. */
export function MountsEditor({ index }: { readonly index: number }) {
  const { control } = useFormContext<AppForm>();
  return (
    <RowList control={control} name={at(index, 'volumeMounts') as ArrayPath<AppForm>} noun="mount" label="Volume mounts" newRow={() => ({ name: '', mountPath: '' }) as never}>
      {(row) => <MountFields index={index} row={row} />}
    </RowList>
  );
}
