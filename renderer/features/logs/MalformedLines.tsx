/** A file's lines that could not be read: counted, never fatal, and listable (line, why, the start of the line). */
import { useState } from 'react';
import type { MethodOutput } from '../../../shared/contract';
import { call } from '../../bridge/client';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { InfoDialog } from '../../ui/info-dialog';
import { formatCount } from './logs-format';

type Malformed = MethodOutput<'logs.malformed'>;

/** "N malformed lines" with a button that lists them in a dialog. */
export function MalformedLines({ sessionId, count }: { readonly sessionId: string; readonly count: number }) {
  const [list, setList] = useState<Malformed | null>(null);
  const [error, setError] = useState<unknown>(null);

  async function show() {
    try {
      setList(await call('logs.malformed', { sessionId }));
      setError(null);
    } catch (e) {
      setError(e);
    }
  }

  return (
    <div className="row malformed" data-testid="malformed">
      <span className="warning-text">{count === 1 ? '1 malformed line' : `${formatCount(count)} malformed lines`} skipped</span>
      <button type="button" onClick={() => void show()}>
        Show them…
      </button>
      {error !== null && <ErrorMessage error={error} />}
      <InfoDialog
        open={list !== null}
        onOpenChange={(o) => !o && setList(null)}
        title="Malformed lines"
        description={list && list.samples.length < list.total ? `The first ${list.samples.length} of ${formatCount(list.total)} lines that could not be read.` : 'Lines that could not be read, and why.'}
        testId="malformed-dialog"
        wide
      >
        <div className="malformed-scroll">
          <table className="checks">
            <thead>
              <tr>
                <th scope="col">Line</th>
                <th scope="col">Why</th>
                <th scope="col">Start of the line</th>
              </tr>
            </thead>
            <tbody>
              {list?.samples.map((s) => (
                <tr key={s.line}>
                  <td className="tabular">{s.line}</td>
                  <td>{s.reason}</td>
                  <td className="mono small malformed-text">{s.text}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </InfoDialog>
    </div>
  );
}
