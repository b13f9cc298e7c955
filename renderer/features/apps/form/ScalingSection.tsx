/** The Scaling and regions section: instances per region, where the app runs, and node selectors. */
import { useFormContext } from 'react-hook-form';
import { LIMITS } from '../../../../shared/apps/schema';
import { Field } from '../../../ui/field';
import type { AppFormValues } from './form-schema';
import { messageAt, optionalNumber } from './form-helpers';
import { NodeSelectors, type SelectorRow } from './NodeSelectors';
import { LimitsLine } from './LimitsLine';
import { RegionPicker } from './RegionPicker';

interface Props {
  readonly initialSelectorRows: readonly SelectorRow[] | undefined;
  readonly onSelectorRowsChange: (rows: readonly SelectorRow[]) => void;
}

export function ScalingSection({ initialSelectorRows, onSelectorRowsChange }: Props) {
  const { register, formState } = useFormContext<AppFormValues>();
  const { errors } = formState;
  const { min, max } = LIMITS.autoscaling;
  return (
    <>
      <div className="form-row">
        <Field label="Minimum instances per region" hint={`${min} to ${max}, in every region the app runs in.`} error={messageAt(errors, 'autoScaling.min')}>
          {(p) => <input {...p} type="number" inputMode="numeric" {...register('autoScaling.min', { setValueAs: optionalNumber, deps: ['autoScaling.max'] })} />}
        </Field>
        <Field label="Maximum instances per region" hint="At least the minimum." error={messageAt(errors, 'autoScaling.max')}>
          {(p) => <input {...p} type="number" inputMode="numeric" {...register('autoScaling.max', { setValueAs: optionalNumber })} />}
        </Field>
      </div>
      <LimitsLine kind="scaling" />
      <RegionPicker />
      <Field label="Max allowed regions" hint="Optional: the most regions the app may run in at once." error={messageAt(errors, 'regionSettings.maxAllowedRegions')}>
        {(p) => <input {...p} type="number" inputMode="numeric" {...register('regionSettings.maxAllowedRegions', { setValueAs: optionalNumber })} />}
      </Field>
      <NodeSelectors initialRows={initialSelectorRows} onRowsChange={onSelectorRowsChange} />
    </>
  );
}
