/**
 * A zone's saved views: one button per view applies its filter (pressed while it is the filter applied), "Save
 * view…" names the filter applied now, and "Manage…" renames and deletes. Views are kept by the core, per zone and
 * per profile, so they are there after a restart.
 */
import { useId, useState } from 'react';
import type { SavedView } from '../../../shared/contract/logs-views';
import { useCall, useCallMutation } from '../../bridge/queries';
import { ErrorMessage, fieldError } from '../../ui/ErrorMessage';
import { InlineForm } from './InlineForm';
import { ManageViewsDialog } from './ManageViewsDialog';

interface Props {
  /** The zone whose views are shown; null for a file or no source (views belong to zones). */
  readonly zoneId: number | null;
  /** The filter applied now, in the core's canonical text as views are listed (what "Save view…" saves). */
  readonly applied: string;
  onApply(filter: string): void;
}

/** The saved views row. */
export function SavedViews({ zoneId, applied, onApply }: Props) {
  const nameId = useId();
  const list = useCall('logs.views', { zoneId: zoneId ?? 1 }, { enabled: zoneId !== null });
  const save = useCallMutation('logs.viewSave');
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [manage, setManage] = useState(false);
  const views: readonly SavedView[] = zoneId === null ? [] : (list.data?.views ?? []);
  const nameRule = fieldError(save.error, 'name');

  function submit() {
    if (zoneId === null) return;
    save.mutate(
      { zoneId, name, filter: applied },
      {
        // The new view's button, shown pressed, says it was saved.
        onSuccess: () => {
          setNaming(false);
          setName('');
        },
      },
    );
  }

  if (zoneId === null) return null;
  return (
    <div className="logs-views" data-testid="saved-views">
      <span className="muted wide-only" id={`${nameId}-label`}>
        Saved views
      </span>
      {views.length === 0 ? (
        <span className="muted wide-only">none yet</span>
      ) : (
        <ul className="plain logs-view-list" aria-labelledby={`${nameId}-label`}>
          {views.map((v) => (
            <li key={v.id}>
              <button type="button" className="logs-view" aria-pressed={v.filter === applied} title={v.filter || 'No filters'} onClick={() => onApply(v.filter)}>
                {v.name}
              </button>
            </li>
          ))}
        </ul>
      )}
      {naming ? (
        <InlineForm
          className="row logs-view-save"
          title="Save the filters as a view"
          label="Name"
          value={name}
          onValue={setName}
          submitLabel="Save"
          busy={save.isPending}
          onSubmit={submit}
          onCancel={() => {
            setNaming(false);
            save.reset();
          }}
          escapeCancels
          rule={nameRule}
          input={{ maxLength: 80 }}
        />
      ) : (
        <button type="button" disabled={applied.trim() === ''} title={applied.trim() === '' ? 'Apply a filter first' : 'Save the filters applied now under a name'} onClick={() => setNaming(true)}>
          Save view…
        </button>
      )}
      {views.length > 0 && (
        <button type="button" onClick={() => setManage(true)}>
          Manage…
        </button>
      )}
      {save.error && nameRule === undefined && <ErrorMessage error={save.error} />}
      {list.error && <ErrorMessage error={list.error} />}
      <ManageViewsDialog open={manage} onOpenChange={setManage} zoneId={zoneId} views={views} />
    </div>
  );
}
