/** A labelled form field with an optional hint and error, wired for screen readers. */
import { useId, type ReactNode } from 'react';

/** What the control inside a Field must spread onto itself. */
export interface FieldControlProps {
  readonly id: string;
  readonly 'aria-invalid': true | undefined;
  readonly 'aria-describedby': string | undefined;
}

interface Props {
  readonly label: ReactNode;
  /** A sentence on what to enter; read after the label. */
  readonly hint?: ReactNode;
  /** The rule the value breaks, if it does; read after the hint. */
  readonly error?: string | undefined;
  /** Renders the control, e.g. `(p) => <input {...p} {...register('name')} />`. */
  readonly children: (control: FieldControlProps) => ReactNode;
}

/** Label above, control, hint, error: the control is described by the hint and the error, and marked invalid with one. */
export function Field({ label, hint, error, children }: Props) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="field" data-invalid={error ? 'true' : undefined}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined })}
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
