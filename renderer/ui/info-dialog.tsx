/**
 * A dialog that shows something and closes: a title, a line saying what it holds, the content, and Close (or
 * Cancel, where the content is a choice) with any answers beside it. Escape, the overlay and Close all dismiss it;
 * focus returns to what opened it (radix-ui).
 */
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';

export interface InfoDialogProps {
  readonly open: boolean;
  onOpenChange(open: boolean): void;
  readonly title: string;
  readonly description: ReactNode;
  readonly testId?: string;
  /** The dismissing button's words (Cancel where the dialog offers a choice). */
  readonly closeLabel?: string;
  /** Wide for tables of text. */
  readonly wide?: boolean;
  readonly children?: ReactNode;
  /** The answers beside the dismissing button. */
  readonly actions?: ReactNode;
}

export function InfoDialog({ open, onOpenChange, title, description, testId, closeLabel = 'Close', wide = false, children, actions }: InfoDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className={wide ? 'dialog dialog-wide' : 'dialog'} data-testid={testId}>
          <Dialog.Title>{title}</Dialog.Title>
          <Dialog.Description>{description}</Dialog.Description>
          {children}
          <div className="row dialog-actions">
            <Dialog.Close asChild>
              <button type="button">{closeLabel}</button>
            </Dialog.Close>
            {actions}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
