/**
 * The shell of the app page's dialogs, in the delete dialog's style: a title naming the app, what will happen, an
 * optional form, the error in words when the platform refuses, and two answers. While the request runs the dialog
 * stays open (it cannot be taken back); it closes when the platform has accepted it. A confirmation is an alert
 * dialog (focus stays until it is answered); a quick change with fields is a plain dialog.
 */
import { AlertDialog, Dialog } from 'radix-ui';
import { useRef, type FormEvent, type ReactNode } from 'react';
import { ErrorMessage } from '../../../ui/ErrorMessage';

interface Props {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly title: string;
  /** What happens, in words; read as the dialog's description. */
  readonly description: ReactNode;
  /** Fields of a quick change; none for a confirmation. */
  readonly children?: ReactNode;
  readonly confirmLabel: string;
  readonly busyLabel: string;
  readonly busy: boolean;
  readonly danger?: boolean;
  /** The refusal to show, already in words (see action-errors.ts); null when none. */
  readonly error: unknown;
  /** Extra controls beside the error (e.g. "Back to the list" when the app is gone). */
  readonly errorActions?: ReactNode;
  readonly onConfirm: () => void;
  readonly testId: string;
}

export function ActionDialog(p: Props) {
  const isForm = p.children !== undefined;
  const Kit = isForm ? Dialog : AlertDialog;
  // Where focus was when the dialog opened (its button); if that is gone when it closes, the page's heading takes it.
  const opener = useRef<Element | null>(null);
  function onOpenAutoFocus() {
    opener.current = document.activeElement;
  }
  function onCloseAutoFocus(e: Event) {
    const from = opener.current;
    if (from instanceof HTMLElement && from.isConnected) return;
    e.preventDefault();
    document.querySelector<HTMLElement>('[data-testid="app-detail"] h2')?.focus();
  }
  function onOpenChange(next: boolean) {
    // A request in flight cannot be taken back: the dialog stays until it answers.
    if (p.busy && !next) return;
    p.onOpenChange(next);
  }
  function submit(e: FormEvent) {
    e.preventDefault();
    if (!p.busy) p.onConfirm();
  }
  const actions = (
    <div className="row apps-dialog-actions">
      {isForm ? (
        <Dialog.Close asChild>
          <button type="button" disabled={p.busy}>
            Cancel
          </button>
        </Dialog.Close>
      ) : (
        <AlertDialog.Cancel asChild>
          <button type="button" disabled={p.busy}>
            Cancel
          </button>
        </AlertDialog.Cancel>
      )}
      <button type={isForm ? 'submit' : 'button'} className={p.danger ? 'apps-danger-fill' : 'primary'} disabled={p.busy} onClick={isForm ? undefined : p.onConfirm}>
        {p.busy ? p.busyLabel : p.confirmLabel}
      </button>
    </div>
  );
  const error = p.error ? (
    <>
      <ErrorMessage error={p.error} />
      {p.errorActions}
    </>
  ) : null;
  return (
    <Kit.Root open={p.open} onOpenChange={onOpenChange}>
      <Kit.Portal>
        <Kit.Overlay className="apps-dialog-overlay" />
        <Kit.Content className="apps-dialog" data-testid={p.testId} aria-busy={p.busy || undefined} onOpenAutoFocus={onOpenAutoFocus} onCloseAutoFocus={onCloseAutoFocus}>
          <Kit.Title>{p.title}</Kit.Title>
          <Kit.Description asChild>
            <div className="apps-dialog-text">{p.description}</div>
          </Kit.Description>
          {isForm ? (
            <form className="apps-dialog-form" onSubmit={submit} noValidate>
              {p.children}
              {error}
              {actions}
            </form>
          ) : (
            <>
              {error}
              {actions}
            </>
          )}
        </Kit.Content>
      </Kit.Portal>
    </Kit.Root>
  );
}
