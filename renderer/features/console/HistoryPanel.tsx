/** The searchable history of this profile's commands; choosing one puts it on the command line. */
import { useId, useState } from 'react';
import { useCall } from '../../bridge/queries';
import { useConsoleDraft } from './console-store';

export function HistoryPanel() {
  const [query, setQuery] = useState('');
  const setLine = useConsoleDraft((s) => s.setLine);
  const history = useCall('console.history', query ? { query } : {});
  const id = useId();
  const entries = [...(history.data?.entries ?? [])].reverse();
  return (
    <section className="history" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>History</h2>
      <label htmlFor={id} className="visually-hidden">
        Search history
      </label>
      <input id={id} type="search" placeholder="Search history" value={query} onChange={(e) => setQuery(e.target.value)} />
      {entries.length === 0 ? (
        <p className="muted small">{query ? 'Nothing matches.' : 'Commands you send appear here.'}</p>
      ) : (
        <ul className="plain history-list">
          {entries.slice(0, 100).map((e) => (
            <li key={e}>
              <button type="button" className="list-item mono" onClick={() => setLine(e)} title={e}>
                {e}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
