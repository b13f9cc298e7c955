/** The Logs viewer's keys, listed in a dialog that `?` opens and Escape closes. */
import { Dialog } from 'radix-ui';
import { LOGS_KEYS } from './use-logs-keys';

/** The keys dialog. */
export function KeysDialog({ open, onOpenChange }: { readonly open: boolean; onOpenChange(open: boolean): void }) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" data-testid="logs-keys-dialog">
          <Dialog.Title>Keyboard</Dialog.Title>
          <Dialog.Description>These keys work while the focus is not in a text field.</Dialog.Description>
          <table className="checks logs-keys">
            <thead>
              <tr>
                <th scope="col">Key</th>
                <th scope="col">Does</th>
              </tr>
            </thead>
            <tbody>
              {LOGS_KEYS.map(([key, what]) => (
                <tr key={key}>
                  <td>
                    <kbd>{key}</kbd>
                  </td>
                  <td>{what}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="row dialog-actions">
            <Dialog.Close asChild>
              <button type="button">Close</button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
