/** A labelled form field with an optional hint and error, wired for screen readers. */
import { useId, type ReactNode } from 'react';
import { splitPlatformSays } from './form-errors';

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
  // A server's error keeps the platform's own words on a line of their own under Burrow's.
  const shown = error ? splitPlatformSays(error) : undefined;
  return (
    <div className="field" data-invalid={error ? 'true' : undefined}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined })}
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {shown && (
        <p id={errorId} className="field-error">
          {shown.said}
          {shown.platform !== undefined && <span className="field-platform-says">platform says: {shown.platform}</span>}
        </p>
      )}
    </div>
  );
}
