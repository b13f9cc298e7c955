/** "Duplicate an app…": the account's apps to choose from; the chosen one is read in full and turned into a create body. */
import { useState } from 'react';
import { duplicateAppBody } from '../../../../shared/apps/duplicate-app';
import { useCall, useFetchCall } from '../../../bridge/queries';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { InfoDialog } from '../../../ui/info-dialog';
import type { AppRegistry } from '../../../../shared/contract/apps';
import type { AppFormValues } from './form-schema';

/** The most apps the picker lists (one page); past that, the note says so. */
export const DUPLICATE_PICKER_LIMIT = 100;

interface Props {
  readonly open: boolean;
  readonly onClose: () => void;
  /** The account's registries: a template given without its registry id gets the one at its image's host. */
  readonly registries: readonly AppRegistry[];
  /** The copy's create body, and the name of the app it copies. */
  readonly onPick: (values: AppFormValues, fromName: string) => void;
}

export function DuplicatePicker({ open, onClose, registries, onPick }: Props) {
  return (
    <InfoDialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title="Duplicate an app"
      description="The form starts from a copy of the app you choose, named “… copy”; nothing is created until you review it."
      closeLabel="Cancel"
    >
      {open && <AppChoices registries={registries} onPick={onPick} />}
    </InfoDialog>
  );
}

function AppChoices({ registries, onPick }: Pick<Props, 'registries' | 'onPick'>) {
  const list = useCall('apps.list', { limit: DUPLICATE_PICKER_LIMIT });
  const [reading, setReading] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const fetchCall = useFetchCall();

  function pick(id: string, name: string) {
    setReading(id);
    setError(null);
    fetchCall('apps.get', { id }).then(
      (detail) => {
        setReading(null);
        onPick(duplicateAppBody(detail, registries), name);
      },
      (e: unknown) => {
        setReading(null);
        setError(e);
      },
    );
  }

  if (list.isPending) return <p className="muted">Listing the apps…</p>;
  if (list.isError) return <ErrorMessage error={list.error} />;
  const { items, cursor } = list.data;
  if (items.length === 0) return <p>The account has no apps to duplicate yet.</p>;
  return (
    <>
      <ul className="duplicate-choices" aria-label="Apps" aria-busy={reading !== null || undefined}>
        {items.map((app) => (
          <li key={app.id}>
            <button type="button" disabled={reading !== null} onClick={() => pick(app.id, app.name)}>
              {reading === app.id ? `Reading ${app.name}…` : app.name}
            </button>
            {app.status ? <span className="muted small"> {app.status}</span> : null}
          </li>
        ))}
      </ul>
      {cursor !== null && <p className="muted small">The first {items.length} apps are listed.</p>}
      <ErrorMessage error={error} />
    </>
  );
}
