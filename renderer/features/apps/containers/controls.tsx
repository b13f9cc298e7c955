/** Small form controls the container editor repeats: an optional checkbox, optional numbers, a set of checkboxes. */
import { useFormContext, useWatch } from 'react-hook-form';
import { Field } from '../../../ui/field';
import { errorAt, optionalNumber, type AppForm, type FormPath } from './form-kit';

/**
 * A checkbox for an optional boolean: untouched it leaves the property out of the body (the platform's default
 * applies), and once ticked or cleared it sends true or false.
 */
export function CheckField({ path, label }: { readonly path: FormPath; readonly label: string }) {
  const { setValue, formState } = useFormContext<AppForm>();
  const value = useWatch<AppForm>({ name: path }) as boolean | null | undefined;
  const error = errorAt(formState.errors, path);
  return (
    <div className="field">
      <label className="check">
        <input
          type="checkbox"
          name={path}
          checked={value === true}
          aria-invalid={error ? true : undefined}
          onChange={(e) => setValue(path, e.target.checked as never, { shouldDirty: true, shouldValidate: formState.isSubmitted })}
        />
        {label}
      </label>
      {error && <p className="field-error">{error}</p>}
    </div>
  );
}

interface NumberProps {
  readonly path: FormPath;
  readonly label: string;
  readonly hint?: string;
  readonly placeholder?: string;
  readonly warning?: string | undefined;
}

/** A whole-number box whose empty value is "not given", with its error from the form state under it. */
export function NumberField({ path, label, hint, placeholder, warning }: NumberProps) {
  const { register, formState } = useFormContext<AppForm>();
  return (
    <div className="number-field">
      <Field label={label} hint={hint} error={errorAt(formState.errors, path)}>
        {(c) => <input {...c} type="number" inputMode="numeric" step={1} placeholder={placeholder} {...register(path, { setValueAs: optionalNumber })} />}
      </Field>
      {warning && <p className="field-warning">{warning}</p>}
    </div>
  );
}

interface ChecksProps<V extends string> {
  readonly path: FormPath;
  readonly legend: string;
  readonly options: readonly V[];
  readonly labels: Readonly<Record<V, string>>;
}

/** A set of checkboxes for an optional list of enum values: none ticked leaves the list out of the body. */
export function ChecksField<V extends string>({ path, legend, options, labels }: ChecksProps<V>) {
  const { setValue, formState } = useFormContext<AppForm>();
  const chosen = (useWatch<AppForm>({ name: path }) as readonly string[] | null | undefined) ?? [];
  const error = errorAt(formState.errors, path);
  const toggle = (v: V, on: boolean) => {
    const next = options.filter((o) => (o === v ? on : chosen.some((c) => c.toLowerCase() === o.toLowerCase())));
    setValue(path, (next.length > 0 ? next : undefined) as never, { shouldDirty: true, shouldValidate: formState.isSubmitted });
  };
  return (
    <fieldset className="checks" aria-invalid={error ? true : undefined}>
      <legend>{legend}</legend>
      {options.map((o, i) => (
        <label key={o} className="check">
          {/* The first box carries the list's path, so a server error on the list can focus it. */}
          <input type="checkbox" name={i === 0 ? path : undefined} checked={chosen.some((c) => c.toLowerCase() === o.toLowerCase())} onChange={(e) => toggle(o, e.target.checked)} />
          {labels[o]}
        </label>
      ))}
      {error && <p className="field-error">{error}</p>}
    </fieldset>
  );
}
