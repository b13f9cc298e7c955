/** A row's title, editable at any time: Enter saves (before creation it names the new video, after it renames it), Esc puts it back. */
import { useId, useState, type KeyboardEvent } from 'react';
import { Title, type JobView } from '../../../shared/videos/model';
import { errorOf } from '../../bridge/client';
import { useCallMutation } from '../../bridge/queries';
import { useQueue } from './queue-store';

export function TitleEditor({ job }: { readonly job: JobView }) {
  const save = useCallMutation('videos.setTitle');
  // null while the field shows the job's own title; the text typed otherwise, kept while events arrive.
  const [draft, setDraft] = useState<string | null>(null);
  const [rule, setRule] = useState<string | undefined>();
  const errorId = useId();

  function submit() {
    if (draft === null) return;
    const parsed = Title.safeParse(draft);
    if (!parsed.success) return setRule(`Title ${parsed.error.issues[0]?.message ?? 'is not valid'}`);
    setRule(undefined);
    if (parsed.data === job.title) return setDraft(null);
    save.mutate(
      { id: job.id, title: parsed.data },
      {
        onSuccess: (view) => {
          setDraft(null);
          // Show the saved title at once; the event that follows carries the same snapshot.
          const { status } = useQueue.getState();
          useQueue.getState().merge({ jobs: [view], removed: [], status });
        },
        onError: (e) => {
          const err = errorOf(e);
          setRule(err.fieldErrors?.title ? `Title ${err.fieldErrors.title}` : err.detail ? `${err.title}: ${err.detail}` : err.title);
        },
      },
    );
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    // Keys typed here belong to the field, not to the queue's shortcuts.
    e.stopPropagation();
    if (e.key === 'Enter') {
      e.preventDefault();
      submit();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      setDraft(null);
      setRule(undefined);
    }
  }

  const dirty = draft !== null && draft !== job.title;
  return (
    <span className="title-editor">
      <input
        className="title-input"
        value={draft ?? job.title}
        aria-label={`Title of ${job.fileName}`}
        aria-invalid={rule ? true : undefined}
        aria-describedby={rule ? errorId : undefined}
        data-testid="job-title"
        data-dirty={dirty ? 'true' : undefined}
        readOnly={save.isPending}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={onKeyDown}
        onClick={(e) => e.stopPropagation()}
      />
      {dirty && !rule && <span className="muted small">Enter to save, Esc to undo</span>}
      {rule && (
        <span id={errorId} className="field-error small" role="alert">
          {rule}
        </span>
      )}
    </span>
  );
}
