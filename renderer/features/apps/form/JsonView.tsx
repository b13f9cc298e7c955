/** The JSON side of the create form: the request body as editable text, and why it does not read when it does not. */
import { useId, type RefObject } from 'react';

interface Props {
  readonly text: string;
  readonly problem: string | null;
  /** Leaving the view was refused: the problem is announced. */
  readonly refused: boolean;
  readonly textArea: RefObject<HTMLTextAreaElement | null>;
  readonly onChange: (text: string) => void;
}

export function JsonView({ text, problem, refused, textArea, onChange }: Props) {
  const id = useId();
  return (
    <div className="app-json-view">
      <label htmlFor={id}>Request body (JSON)</label>
      <p className="muted small" id={`${id}-hint`}>
        Exactly what Review shows and Create sends. Changes apply to the form as soon as the text is a valid create request.
      </p>
      <textarea
        id={id}
        ref={textArea}
        className="app-body-text"
        spellCheck={false}
        rows={Math.min(30, Math.max(8, text.split('\n').length + 1))}
        value={text}
        aria-invalid={problem !== null || undefined}
        aria-describedby={problem !== null ? `${id}-hint ${id}-problem` : `${id}-hint`}
        onChange={(e) => onChange(e.target.value)}
      />
      {problem !== null && (
        <p className="field-error" id={`${id}-problem`} role={refused ? 'alert' : undefined}>
          {refused ? `The form cannot be shown until the JSON is fixed: ${problem}` : problem}
        </p>
      )}
    </div>
  );
}
