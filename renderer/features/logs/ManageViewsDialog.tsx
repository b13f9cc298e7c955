/** Renaming and deleting a zone's saved views, in a dialog (Escape closes it). */
import { useState } from 'react';
import type { SavedView } from '../../../shared/contract/logs-views';
import { useCallMutation } from '../../bridge/queries';
import { ErrorMessage, fieldError } from '../../ui/ErrorMessage';
import { InfoDialog } from '../../ui/info-dialog';
import { InlineForm } from './InlineForm';

interface Props {
  readonly open: boolean;
  onOpenChange(open: boolean): void;
  readonly zoneId: number;
  readonly views: readonly SavedView[];
}

function ViewRow({ zoneId, view }: { readonly zoneId: number; readonly view: SavedView }) {
  const rename = useCallMutation('logs.viewRename');
  const remove = useCallMutation('logs.viewDelete');
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(view.name);
  const rule = fieldError(rename.error, 'name');

  return (
    <li className="logs-manage-row">
      {editing ? (
        <InlineForm
          className="row"
          title={`Rename ${view.name}`}
          label={`New name for ${view.name}`}
          labelHidden
          value={name}
          onValue={setName}
          submitLabel="Save"
          busy={rename.isPending}
          onSubmit={() => rename.mutate({ zoneId, id: view.id, name }, { onSuccess: () => setEditing(false) })}
          onCancel={() => {
            setEditing(false);
            setName(view.name);
            rename.reset();
          }}
          rule={rule}
          input={{ maxLength: 80 }}
        />
      ) : (
        <div className="row">
          <span className="logs-manage-name">{view.name}</span>
          <code className="muted logs-manage-filter">{view.filter || '(no filters)'}</code>
          <button type="button" onClick={() => setEditing(true)} aria-label={`Rename ${view.name}`}>
            Rename
          </button>
          <button
            type="button"
            className="danger"
            aria-label={`Delete ${view.name}`}
            disabled={remove.isPending}
            onClick={() => remove.mutate({ zoneId, id: view.id })}
          >
            Delete
          </button>
        </div>
      )}
      {rename.error && rule === undefined && <ErrorMessage error={rename.error} />}
      {remove.error && <ErrorMessage error={remove.error} />}
    </li>
  );
}

/** The dialog listing the zone's views with Rename and Delete. */
export function ManageViewsDialog({ open, onOpenChange, zoneId, views }: Props) {
  return (
    <InfoDialog open={open} onOpenChange={onOpenChange} title="Saved views" description="This zone's saved filters. Names are unique per zone." testId="manage-views-dialog" wide>
      {views.length === 0 ? (
        <p className="muted">No saved views for this zone.</p>
      ) : (
        <ul className="plain logs-manage">
          {views.map((v) => (
            <ViewRow key={v.id} zoneId={zoneId} view={v} />
          ))}
        </ul>
      )}
    </InfoDialog>
  );
}
