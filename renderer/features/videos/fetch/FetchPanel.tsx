/**
 * Fetch from a URL, beside the upload queue: a button opens the form, and every fetch row follows its video until
 * the platform says Ready or Failed. Mounted once by the Videos screen.
 */
import { Link } from 'lucide-react';
import { useState } from 'react';
import { isFetchEnded, type FetchView } from '../../../../shared/contract/videos-fetch';
import { useScreenAction } from '../../../app/screen-actions';
import { useCallMutation } from '../../../bridge/queries';
import { notify } from '../../../ui/toast';
import { collectionFor, useTarget } from '../target-store';
import { FetchForm, type FetchDraft } from './FetchForm';
import { FetchRows } from './FetchRows';
import { useFetchRows, useFetchSync } from './fetch-store';
import './fetch.css';

export function FetchPanel() {
  useFetchSync();
  const rows = useFetchRows((s) => s.rows);
  const loadError = useFetchRows((s) => s.loadError);
  const libraryId = useTarget((s) => s.libraryId);
  const targetCollection = useTarget((s) => collectionFor(s, s.libraryId));
  const [draft, setDraft] = useState<FetchDraft | null>(null);
  const clear = useCallMutation('videos.fetchClear');

  const open = (from?: FetchView) =>
    setDraft(from ? { url: from.url, title: from.title, collectionId: from.collectionId, headerNames: from.headerNames } : { url: '', title: '', collectionId: targetCollection, headerNames: [] });

  useScreenAction('videos.fetchUrl', () => (libraryId === null ? notify.info('Choose a video library first: the fetched video goes into it.') : open()));

  return (
    <section className="fetch-panel" aria-labelledby="fetch-heading" data-testid="fetch-panel">
      <div className="row spread">
        <h2 id="fetch-heading" className="fetch-heading">
          Fetch from a URL
        </h2>
        <div className="row">
          {rows.some((r) => isFetchEnded(r.state)) && (
            <button type="button" disabled={clear.isPending} onClick={() => clear.mutate({})}>
              Clear finished fetches
            </button>
          )}
          {draft === null && (
            <button type="button" disabled={libraryId === null} onClick={() => open()}>
              <Link aria-hidden="true" size={16} /> Fetch from a URL…
            </button>
          )}
        </div>
      </div>
      {draft !== null && libraryId !== null && <FetchForm key={JSON.stringify(draft)} libraryId={libraryId} initial={draft} onDone={() => setDraft(null)} />}
      {loadError && <p className="muted small">The fetches could not be listed: {loadError.title}</p>}
      {rows.length > 0 && <FetchRows rows={rows} onEnterAgain={(r) => open(r)} />}
    </section>
  );
}
