/** The Logs viewer's keys, listed in a dialog that `?` opens and Escape closes. */
import { InfoDialog } from '../../ui/info-dialog';
import { LOGS_KEYS } from './use-logs-keys';

/** The keys dialog. */
export function KeysDialog({ open, onOpenChange }: { readonly open: boolean; onOpenChange(open: boolean): void }) {
  return (
    <InfoDialog open={open} onOpenChange={onOpenChange} title="Keyboard" description="These keys work while the focus is not in a text field." testId="logs-keys-dialog">
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
    </InfoDialog>
  );
}
