/** "Test connection": one row per area with its state and the platform's own message. */
import { CheckCircle2, CircleAlert, CircleX } from 'lucide-react';
import type { AreaCheck } from '../../../shared/settings/profiles';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { useCallMutation } from '../../bridge/queries';
import { AREA_LABEL } from './connection-words';

const STATE_LABEL: Record<AreaCheck['state'], string> = {
  ok: 'OK',
  'wrong-key': 'Wrong key',
  'no-key': 'No key',
  unreachable: 'Unreachable',
  'logging-disabled': 'Logging disabled',
  error: 'Error',
};

function Icon({ state }: { readonly state: AreaCheck['state'] }) {
  if (state === 'ok') return <CheckCircle2 aria-hidden="true" size={16} className="ok" />;
  if (state === 'no-key' || state === 'logging-disabled') return <CircleAlert aria-hidden="true" size={16} className="warn" />;
  return <CircleX aria-hidden="true" size={16} className="bad" />;
}

export function ConnectionTest({ profileId }: { readonly profileId: string }) {
  const test = useCallMutation('settings.testProfile');
  return (
    <section className="card" aria-labelledby="conn-test">
      <div className="row spread">
        <h2 id="conn-test">Connection</h2>
        <button type="button" onClick={() => test.mutate({ id: profileId })} disabled={test.isPending}>
          {test.isPending ? 'Testing…' : 'Test connection'}
        </button>
      </div>
      <ErrorMessage error={test.error} />
      {test.data && (
        <table className="checks" data-testid="connection-checks">
          <tbody>
            {test.data.checks.map((c) => (
              <tr key={c.area} data-area={c.area} data-state={c.state}>
                <th scope="row">{AREA_LABEL[c.area]}</th>
                <td>
                  <Icon state={c.state} /> {STATE_LABEL[c.state]}
                </td>
                <td>
                  {c.summary}
                  {c.platformMessage && <div className="muted small">{c.platformMessage}</div>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
