/**
 * Deleting an application asks once and names it. The platform cannot undo a delete, so the dialog stays open while
 * the request runs and, when it fails, says why in words, leaving the app where it was.
 */
import { Trash2 } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import { useState } from 'react';
import { useCallMutation } from '../../bridge/queries';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { notify } from '../../ui/toast';

interface Props {
  readonly id: string;
  readonly name: string;
  /** Called once the platform has deleted the app. */
  readonly onDeleted: () => void;
  /** Called when the request has answered either way: a delete that failed late (a timeout) may still have happened. */
  readonly onSettled: () => void;
}

export function DeleteAppDialog({ id, name, onDeleted, onSettled }: Props) {
  const [open, setOpen] = useState(false);
  const del = useCallMutation('apps.delete', {
    onSuccess: () => {
      setOpen(false);
      notify.success(`Deleted the application “${name}”`);
      onDeleted();
    },
    onSettled,
  });

  function onOpenChange(next: boolean) {
    // The request cannot be taken back once sent: the dialog closes when it has answered.
    if (del.isPending) return;
    if (next) del.reset();
    setOpen(next);
  }

  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Trigger asChild>
        <button type="button" className="danger">
          <Trash2 size={14} aria-hidden /> Delete…
        </button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="apps-dialog-overlay" />
        <AlertDialog.Content className="apps-dialog" data-testid="delete-app-dialog">
          <AlertDialog.Title>Delete “{name}”?</AlertDialog.Title>
          <AlertDialog.Description>
            The application <strong>{name}</strong> and its containers, endpoints and volumes are removed from the platform. This cannot be undone.
          </AlertDialog.Description>
          {del.isError && <ErrorMessage error={del.error} />}
          <div className="row apps-dialog-actions">
            <AlertDialog.Cancel asChild>
              <button type="button" disabled={del.isPending}>
                Cancel
              </button>
            </AlertDialog.Cancel>
            <button type="button" className="apps-danger-fill" disabled={del.isPending} onClick={() => del.mutate({ id })}>
              {del.isPending ? 'Deleting…' : 'Delete application'}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
