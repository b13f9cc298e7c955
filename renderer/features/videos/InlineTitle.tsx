/**
 * A title edited in place, for queue rows and library videos alike: Enter checks it with the title rule and saves
 * it, Esc puts the current title back; a refusal shows under the field in words.
 */
import { useId, useState, type KeyboardEvent } from 'react';
import { Title } from '../../../shared/videos/model';
import { errorOf } from '../../bridge/client';

export interface InlineTitleProps {
  /** The title as the queue or the platform has it now. */
  readonly title: string;
  readonly label: string;
  readonly testId: string;
  readonly className?: string;
  /** Saves a checked, changed title; rejects with the core's error when refused. */
  save(title: string): Promise<unknown>;
  /** Keys and clicks stay in the field (a queue row has shortcuts and a click action of its own). */
  readonly contained?: boolean;
}

export function InlineTitle({ title, label, testId, className, save, contained = false }: InlineTitleProps) {
  // null while the field shows the current title; the text typed otherwise, kept while newer snapshots arrive.
  const [draft, setDraft] = useState<string | null>(null);
  const [rule, setRule] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const errorId = useId();

  function submit() {
    if (draft === null) return;
    const parsed = Title.safeParse(draft);
    if (!parsed.success) return setRule(`Title ${parsed.error.issues[0]?.message ?? 'is not valid'}`);
    setRule(undefined);
    if (parsed.data === title) return setDraft(null);
    setSaving(true);
    save(parsed.data)
      .then(() => setDraft(null))
      .catch((e: unknown) => {
        const err = errorOf(e);
        setRule(err.fieldErrors?.title ? `Title ${err.fieldErrors.title}` : err.detail ? `${err.title}: ${err.detail}` : err.title);
      })
      .finally(() => setSaving(false));
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (contained) e.stopPropagation();
    if (e.key === 'Enter') {
      e.preventDefault();
      submit();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      setDraft(null);
      setRule(undefined);
    }
  }

  const dirty = draft !== null && draft !== title;
  return (
    <span className={className === undefined ? 'title-editor' : `title-editor ${className}`}>
      <input
        className="title-input"
        value={draft ?? title}
        aria-label={label}
        // A title too long for its column ends in an ellipsis; the whole of it is the field's tooltip.
        title={draft === null ? title : undefined}
        aria-invalid={rule ? true : undefined}
        aria-describedby={rule ? errorId : undefined}
        data-testid={testId}
        data-dirty={dirty ? 'true' : undefined}
        readOnly={saving}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={onKeyDown}
        onClick={contained ? (e) => e.stopPropagation() : undefined}
      />
      {dirty && !rule && <span className="muted small">{saving ? 'Saving…' : 'Enter to save, Esc to undo'}</span>}
      {rule && (
        <span id={errorId} className="field-error small" role="alert">
          {rule}
        </span>
      )}
    </span>
  );
}
