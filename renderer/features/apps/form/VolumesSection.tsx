/** The Volumes section: name and size rows; removing a volume that a container mounts asks first. */
import { Plus, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { LIMITS } from '../../../../shared/platform/containers';
import { Field } from '../../../ui/field';
import { ConfirmDialog } from './ConfirmDialog';
import { LimitsLine } from './LimitsLine';
import type { AppFormValues } from './form-schema';
import { messageAt, optionalNumber } from './form-helpers';

/** The containers (by name, or "container N") that mount a volume of this name. */
export function mountersOf(containers: AppFormValues['containerTemplates'], volume: string): string[] {
  return (containers ?? []).flatMap((c, i) => ((c.volumeMounts ?? []).some((m) => m.name === volume) ? [c.name || `container ${i + 1}`] : []));
}

export function VolumesSection() {
  const { control, register, formState, getValues } = useFormContext<AppFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'volumes' });
  const containers = useWatch({ control, name: 'containerTemplates' });
  const [asking, setAsking] = useState<{ readonly index: number; readonly name: string; readonly mounters: readonly string[] } | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const { errors } = formState;
  const size = LIMITS.volumeSize;

  function removeNow(index: number) {
    remove(index);
    // The pressed button is gone: keep the keyboard in the list.
    addButton.current?.focus();
  }

  function askRemove(index: number) {
    const name = getValues(`volumes.${index}.name`) ?? '';
    const mounters = name ? mountersOf(containers, name) : [];
    if (mounters.length === 0) removeNow(index);
    else setAsking({ index, name, mounters });
  }

  return (
    <>
      {fields.length === 0 && <p className="muted small">No volumes: containers keep nothing across restarts.</p>}
      <LimitsLine kind="volumes" />
      <ol className="plain">
        {fields.map((field, i) => (
          <li key={field.id}>
            <fieldset className="row-item">
              <legend>Volume {i + 1}</legend>
              <div className="row-fields">
                <Field label="Volume name" error={messageAt(errors, `volumes.${i}.name`)}>
                  {(p) => <input {...p} autoComplete="off" {...register(`volumes.${i}.name`)} />}
                </Field>
                <Field label="Size (GB)" hint={`${size.min} to ${size.max}.`} error={messageAt(errors, `volumes.${i}.size`)}>
                  {(p) => <input {...p} type="number" inputMode="numeric" {...register(`volumes.${i}.size`, { setValueAs: optionalNumber })} />}
                </Field>
              </div>
              <div className="row-actions">
                <button type="button" aria-label={`Remove volume ${i + 1}`} onClick={() => askRemove(i)}>
                  <Trash2 aria-hidden="true" size={14} />
                </button>
              </div>
            </fieldset>
          </li>
        ))}
      </ol>
      <button type="button" ref={addButton} onClick={() => append({ name: '', size: 1 })}>
        <Plus aria-hidden="true" size={14} /> Add volume
      </button>
      <ConfirmDialog
        open={asking !== null}
        title={`Remove volume “${asking?.name ?? ''}”?`}
        cancelLabel="Keep it"
        onCancel={() => setAsking(null)}
        actions={[{ label: 'Remove volume', danger: true, onSelect: () => asking && removeNow(asking.index) }]}
      >
        {asking && `${asking.mounters.join(', ')} ${asking.mounters.length === 1 ? 'mounts' : 'mount'} it; those mounts will name a volume that no longer exists until you change them.`}
      </ConfirmDialog>
    </>
  );
}
