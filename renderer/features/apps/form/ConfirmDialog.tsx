/** A yes/no question that must be answered before something is lost (an alert dialog: focus stays inside until answered). */
import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';

/** One answer besides "go back". */
export interface ConfirmAction {
  readonly label: string;
  readonly onSelect: () => void;
  readonly danger?: boolean;
}

interface Props {
  readonly open: boolean;
  readonly title: string;
  readonly children: ReactNode;
  /** The answer that changes nothing; Escape means it too. onCancel also runs after an action, to close: keep it to closing. */
  readonly cancelLabel: string;
  readonly onCancel: () => void;
  readonly actions: readonly ConfirmAction[];
}

export function ConfirmDialog({ open, title, children, cancelLabel, onCancel, actions }: Props) {
  return (
    <AlertDialog.Root open={open} onOpenChange={(o) => !o && onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog">
          <AlertDialog.Title>{title}</AlertDialog.Title>
          <AlertDialog.Description>{children}</AlertDialog.Description>
          <div className="row dialog-actions">
            <AlertDialog.Cancel>{cancelLabel}</AlertDialog.Cancel>
            {actions.map((a) => (
              <AlertDialog.Action key={a.label} className={a.danger ? 'danger' : 'primary'} onClick={a.onSelect}>
                {a.label}
              </AlertDialog.Action>
            ))}
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
