/** A library video's title, edited in place: Enter saves it on the platform, Esc puts it back. */
import { useId, useState, type KeyboardEvent } from 'react';
import type { LibraryVideo } from '../../../../shared/contract/videos-library';
import { Title } from '../../../../shared/videos/model';
import { errorOf } from '../../../bridge/client';
import type { useLibraryEdits } from './use-library-edits';

interface Props {
  readonly libraryId: number;
  readonly video: LibraryVideo;
  readonly update: ReturnType<typeof useLibraryEdits>['update'];
}

export function LibraryTitle({ libraryId, video, update }: Props) {
  // null while the field shows the platform's title; the text typed otherwise, kept while the list is read again.
  const [draft, setDraft] = useState<string | null>(null);
  const [rule, setRule] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const errorId = useId();

  function submit() {
    if (draft === null) return;
    const parsed = Title.safeParse(draft);
    if (!parsed.success) return setRule(`Title ${parsed.error.issues[0]?.message ?? 'is not valid'}`);
    setRule(undefined);
    if (parsed.data === video.title) return setDraft(null);
    setSaving(true);
    update.mutate(
      { libraryId, videoId: video.guid, title: parsed.data },
      {
        onSuccess: () => setDraft(null),
        onError: (e) => {
          const err = errorOf(e);
          setRule(err.fieldErrors?.title ? `Title ${err.fieldErrors.title}` : err.detail ? `${err.title}: ${err.detail}` : err.title);
        },
        onSettled: () => setSaving(false),
      },
    );
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Enter') {
      e.preventDefault();
      submit();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      setDraft(null);
      setRule(undefined);
    }
  }

  const dirty = draft !== null && draft !== video.title;
  return (
    <span className="title-editor lib-title">
      <input
        className="title-input"
        value={draft ?? video.title}
        aria-label={`Title of ${video.title || video.guid}`}
        aria-invalid={rule ? true : undefined}
        aria-describedby={rule ? errorId : undefined}
        data-testid="lib-title"
        data-dirty={dirty ? 'true' : undefined}
        readOnly={saving}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={onKeyDown}
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
