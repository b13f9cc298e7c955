/** The Volumes section: name and size rows; removing a volume that a container mounts asks first. */
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { LIMITS } from '../../../../shared/apps/schema';
import { Field } from '../../../ui/field';
import { RowList } from '../../../ui/row-list';
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
  const containers = useWatch({ control, name: 'containerTemplates' });
  const [asking, setAsking] = useState<{ readonly name: string; readonly mounters: readonly string[]; readonly remove: () => void } | null>(null);
  const { errors } = formState;
  const size = LIMITS.volumeSize;

  function askRemove(index: number, remove: () => void) {
    const name = getValues(`volumes.${index}.name`) ?? '';
    const mounters = name ? mountersOf(containers, name) : [];
    if (mounters.length === 0) remove();
    else setAsking({ name, mounters, remove });
  }

  return (
    <>
      <LimitsLine kind="volumes" />
      <RowList
        control={control}
        name="volumes"
        noun="volume"
        empty="No volumes: containers keep nothing across restarts."
        reorder={false}
        onRemove={askRemove}
        newRow={() => ({ name: '', size: 1 })}
      >
        {(i) => (
          <>
            <Field label="Volume name" error={messageAt(errors, `volumes.${i}.name`)}>
              {(p) => <input {...p} autoComplete="off" {...register(`volumes.${i}.name`)} />}
            </Field>
            <Field label="Size (GB)" hint={`${size.min} to ${size.max}.`} error={messageAt(errors, `volumes.${i}.size`)}>
              {(p) => <input {...p} type="number" inputMode="numeric" {...register(`volumes.${i}.size`, { setValueAs: optionalNumber })} />}
            </Field>
          </>
        )}
      </RowList>
      <ConfirmDialog
        open={asking !== null}
        title={`Remove volume “${asking?.name ?? ''}”?`}
        cancelLabel="Keep it"
        onCancel={() => setAsking(null)}
        actions={[{ label: 'Remove volume', danger: true, onSelect: () => asking?.remove() }]}
      >
        {asking && `${asking.mounters.join(', ')} ${asking.mounters.length === 1 ? 'mounts' : 'mount'} it; those mounts will name a volume that no longer exists until you change them.`}
      </ConfirmDialog>
    </>
  );
}
