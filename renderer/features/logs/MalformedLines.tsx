/** A file's lines that could not be read: counted, never fatal, and listable (line, why, the start of the line). */
import { useState } from 'react';
import { useCall } from '../../bridge/queries';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { InfoDialog } from '../../ui/info-dialog';
import { formatCount } from './logs-format';

/**
 * "N malformed lines skipped" for a file, or "N rows could not be read" with the first reason for a zone's pages,
 * with a button that lists them in a dialog.
 */
export function MalformedLines({ sessionId, count, rows = false, firstReason = null }: { readonly sessionId: string; readonly count: number; readonly rows?: boolean; readonly firstReason?: string | null }) {
  // The list is read when asked for, afresh each time (a zone's later pages may add to it); the dialog opens with it.
  const [asked, setAsked] = useState(false);
  const malformed = useCall('logs.malformed', { sessionId }, { enabled: asked, staleTime: 0, gcTime: 0 });
  const list = asked && !malformed.isFetching ? (malformed.data ?? null) : null;

  return (
    <div className="row malformed" data-testid="malformed">
      <span className="warning-text">
        {rows
          ? `${count === 1 ? '1 row' : `${formatCount(count)} rows`} could not be read and ${count === 1 ? 'was' : 'were'} skipped${firstReason ? ` (first: ${firstReason})` : ''}`
          : `${count === 1 ? '1 malformed line' : `${formatCount(count)} malformed lines`} skipped`}
      </span>
      <button type="button" onClick={() => (asked ? void malformed.refetch() : setAsked(true))}>
        Show them…
      </button>
      {asked && malformed.isError && <ErrorMessage error={malformed.error} />}
      <InfoDialog
        open={list !== null}
        onOpenChange={(o) => !o && setAsked(false)}
        title={rows ? 'Rows that could not be read' : 'Malformed lines'}
        description={list && list.samples.length < list.total ? `The first ${list.samples.length} of ${formatCount(list.total)} ${rows ? 'rows' : 'lines'} that could not be read.` : `${rows ? 'Rows' : 'Lines'} that could not be read, and why.`}
        testId="malformed-dialog"
        wide
      >
        <div className="malformed-scroll">
          <table className="checks">
            <thead>
              <tr>
                <th scope="col">{rows ? 'Row' : 'Line'}</th>
                <th scope="col">Why</th>
                <th scope="col">{rows ? 'Start of the row' : 'Start of the line'}</th>
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
