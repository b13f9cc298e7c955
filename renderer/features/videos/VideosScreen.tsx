/**
 * The Videos area: choose a library (and a collection), drop files or folders anywhere on the window or choose
 * them, and follow each upload in the queue until the platform says Ready; or browse the library's videos.
 * The screen fills the window and never scrolls it: the queue (or the library table) is the one pane that scrolls.
 */
import { FilePlus2, WifiOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useAreaFocusTarget } from '../../app/area-focus';
import type { JobView } from '../../../shared/videos/model';
import { useScreenAction } from '../../app/screen-actions';
import { BridgeError, errorOf } from '../../bridge/client';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { notify } from '../../ui/toast';
import { isFinal } from './format';
import { DuplicateDialog } from './DuplicateDialog';
import { FetchPanel } from './fetch/FetchPanel';
import { LibraryView } from './library/LibraryView';
import { ViewSwitch } from './library/ViewSwitch';
import { QueueAnnouncer } from './QueueAnnouncer';
import { PauseDialog, pauseOrAsk, type PauseAsk } from './PauseDialog';
import { QueueList } from './QueueList';
import { useQueue } from './queue-store';
import { filterByLibrary, movableToTop, type LibraryFilter } from './queue-view';
import { QueueToolbar } from './QueueToolbar';
import { keepExisting, NO_SELECTION, type Selection } from './selection';
import { collectionFor, useTarget } from './target-store';
import { TargetPicker } from './TargetPicker';
import { useAddFiles } from './use-add-files';
import { useControls } from './use-controls';
import { useFileDrop } from './use-file-drop';
import './videos.css';

const MOD = /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl+';

function EmptyQueue({ onChoose }: { readonly onChoose: () => void }) {
  return (
    <section className="empty-state drop-target" data-testid="queue-empty" aria-labelledby="queue-empty-heading">
      <h2 id="queue-empty-heading">No uploads yet</h2>
      <p>Drop video files or folders anywhere on this window, or choose files. Each file becomes a video in the library above; folders are searched for videos.</p>
      <button type="button" className="primary" onClick={onChoose}>
        <FilePlus2 aria-hidden="true" size={16} /> Choose files…
      </button>
    </section>
  );
}

export function VideosScreen() {
  const focusTarget = useAreaFocusTarget();
  const jobs = useQueue((s) => s.ordered);
  const status = useQueue((s) => s.status);
  const loaded = useQueue((s) => s.loaded);
  const loadError = useQueue((s) => s.loadError);
  const libraryId = useTarget((s) => s.libraryId);
  const collectionId = useTarget((s) => collectionFor(s, s.libraryId));
  const controls = useControls();
  const files = useAddFiles({ libraryId, collectionId });
  const { dragging } = useFileDrop(files.addDropped);
  const [filter, setFilter] = useState<LibraryFilter>(null);
  const shown = filterByLibrary(jobs, filter);
  // A pause that restarts a plain upload from zero is asked first, from a row, a key or "Pause all" alike.
  const [pauseAsk, setPauseAsk] = useState<PauseAsk | null>(null);
  const pauseRows = (rows: readonly JobView[]) => setPauseAsk(pauseOrAsk(rows, { ids: rows.map((j) => j.id) }, controls.pause));
  // "Pause all" pauses the whole queue; with a library filter on it is "Pause shown", by the shown rows' ids.
  const pauseAll = () => {
    const open = shown.filter((j) => !isFinal(j) && !j.paused);
    setPauseAsk(pauseOrAsk(open, filter === null ? { all: true } : { ids: open.map((j) => j.id) }, controls.pause));
  };
  const [rawSelection, setSelection] = useState<Selection>(NO_SELECTION);
  // Rows removed (cleared, or by another window) or hidden by the filter leave the selection with them.
  const shownIds = new Set(shown.map((j) => j.id));
  const selection = keepExisting(rawSelection, (id) => shownIds.has(id));

  const choose = files.chooseFiles;
  useScreenAction('videos.chooseFiles', choose);
  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'o') {
        e.preventDefault();
        choose();
      }
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [choose]);

  return (
    <div className="videos fills-area" data-dragging={dragging ? 'true' : undefined}>
      <div className="row spread videos-top">
        <TargetPicker />
        <button ref={jobs.length === 0 ? focusTarget : undefined} type="button" className="primary" onClick={choose} disabled={files.adding} title={`Choose files (${MOD}O)`}>
          <FilePlus2 aria-hidden="true" size={16} /> Choose files…
        </button>
      </div>
      {status.waitingForNetwork && (
        <div className="banner banner-warning" role="status" data-testid="waiting-for-network">
          <WifiOff aria-hidden="true" size={16} /> Waiting for network: uploads continue by themselves when the platform can be reached again.
        </div>
      )}
      {loadError && <ErrorMessage error={new BridgeError(loadError)} />}
      {dragging && (
        <div className="drop-hint" aria-hidden="true">
          Drop to upload
        </div>
      )}
      <ViewSwitch
        library={<LibraryView />}
        queue={
          !loaded ? (
            <p className="muted" role="status">
              Loading the queue…
            </p>
          ) : (
            <>
              {/* Always there, so "at once" can be set before the first drop; its buttons wait for rows. */}
              <QueueToolbar jobs={jobs} shown={shown} status={status} controls={controls} filter={filter} onFilter={setFilter} onPauseAll={pauseAll} />
              {jobs.length === 0 ? (
                <EmptyQueue onChoose={choose} />
              ) : shown.length === 0 ? (
                <p className="muted queue-filtered-empty">
                  No row of the queue goes to this library.{' '}
                  <button type="button" className="lib-link" onClick={() => setFilter(null)}>
                    Show all libraries
                  </button>
                </p>
              ) : (
                <QueueList jobs={shown} selection={selection} onSelection={setSelection} controls={controls} movable={movableToTop(jobs)} onPause={pauseRows} focusRef={focusTarget} />
              )}
              {/* Rows added another way, below the uploads: fetches from a URL, each followed to Ready. */}
              <FetchPanel />
            </>
          )
        }
      />
      <QueueAnnouncer counts={status.counts} waitingForNetwork={status.waitingForNetwork} />
      <PauseDialog ask={pauseAsk} controls={controls} onClose={() => setPauseAsk(null)} onError={(err) => notify.error(errorOf(err).title)} />
      <DuplicateDialog files={files.previous} onDone={files.answerPrevious} />
    </div>
  );
}
