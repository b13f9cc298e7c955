/** A one-field form on a line (a view's name, a link): its input, the button that submits it, Cancel, and the rule broken. */
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

interface Props {
  readonly className: string;
  /** What the form does, for its accessible name. */
  readonly title: string;
  readonly label: ReactNode;
  readonly labelHidden?: boolean;
  readonly value: string;
  onValue(value: string): void;
  readonly submitLabel: string;
  readonly busy?: boolean;
  onSubmit(): void;
  onCancel(): void;
  /** Escape in the field cancels too (not inside a dialog, whose Escape closes it). */
  readonly escapeCancels?: boolean;
  readonly rule: string | null | undefined;
  readonly ruleTestId?: string;
  /** The input's other attributes (length, placeholder, class). */
  readonly input?: InputHTMLAttributes<HTMLInputElement>;
}

export function InlineForm({ className, title, label, labelHidden = false, value, onValue, submitLabel, busy = false, onSubmit, onCancel, escapeCancels = false, rule, ruleTestId, input }: Props) {
  const inputId = useId();
  const ruleId = useId();
  const broken = rule !== null && rule !== undefined;
  return (
    <form
      className={className}
      aria-label={title}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <label htmlFor={inputId} className={labelHidden ? 'visually-hidden' : undefined}>
        {label}
      </label>
      <input
        {...input}
        id={inputId}
        value={value}
        autoFocus
        aria-invalid={broken ? true : undefined}
        aria-describedby={broken ? ruleId : undefined}
        onChange={(e) => onValue(e.target.value)}
        onKeyDown={(e) => {
          if (!escapeCancels || e.key !== 'Escape') return;
          e.preventDefault();
          onCancel();
        }}
      />
      <button type="submit" className="primary" disabled={busy}>
        {submitLabel}
      </button>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
      {broken && (
        <p id={ruleId} className="field-error" role="alert" data-testid={ruleTestId}>
          {rule}
        </p>
      )}
    </form>
  );
}
