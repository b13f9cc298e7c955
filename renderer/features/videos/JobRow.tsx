/** One file of the queue: title, the library (and collection) it goes to, size, a progress bar with its numbers, the state in words, and its controls. */
import { ArrowUpToLine, FolderSearch, Pause, Play, RotateCcw, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { jobStateWords, type JobView } from '../../../shared/videos/model';
import { isStatusNote } from '../../../shared/videos/status';
import { errorOf } from '../../bridge/client';
import { useCall, useCallMutation } from '../../bridge/queries';
import { notify } from '../../ui/toast';
import { errorLine, isFinal, jobPercent, progressLine } from './format';
import { libraryNameIn, profilePhrase, useRowProfile } from './row-profile';
import { ShowInLibrary } from './ShowInLibrary';
import { TitleEditor } from './TitleEditor';
import { WatchDelivery } from './WatchDelivery';
import type { Controls } from './use-controls';

/** States a retry can run again. */
const RETRYABLE = new Set(['failed', 'cancelled', 'source-changed', 'source-missing']);
/** Once the platform has the whole file there is nothing left to pause: it verifies and encodes on its own. */
const PAUSABLE = new Set(['queued', 'creating', 'created', 'uploading']);

/**
 * Where the row's video goes: "to Demo Library › Getting Started", and for a row of another profile than the active
 * one "to Demo Library in profile Sandbox" (named from that profile's list: the active one's may hold another library).
 */
function Destination({ job }: { readonly job: JobView }) {
  const row = useRowProfile(job.profileId);
  // One cached answer for the profile's libraries and one per library's collections, shared by every row.
  const libraries = useCall('videos.libraries', {}, { enabled: !row.foreign });
  const names = useCall('videos.collections', { libraryId: job.libraryId }, { enabled: job.collectionId !== null && !row.foreign });
  const library = (row.foreign ? null : libraries.data?.libraries.find((l) => l.id === job.libraryId)?.name) ?? libraryNameIn(row.profile, job.libraryId) ?? `library ${job.libraryId}`;
  const collection = job.collectionId === null ? null : ((row.foreign ? null : names.data?.collections.find((c) => c.guid === job.collectionId)?.name) ?? 'a collection');
  const where = collection === null ? `to ${library}` : `to ${library} › ${collection}`;
  const text = row.foreign ? `${where} ${profilePhrase(row)}` : where;
  return (
    <span className="muted small job-destination" data-testid="job-destination" title={text}>
      {text}
    </span>
  );
}

/** What pausing does to the bytes already sent: a resumable row keeps them, a plain upload starts over. */
function pauseHint(job: JobView): string {
  return job.resumable ? 'Pausing keeps what was sent: it continues from there' : 'Pausing a plain upload restarts it from zero';
}

/** Switches a row that still has bytes to send to the resumable protocol. */
function MakeResumable({ job }: { readonly job: JobView }) {
  const m = useCallMutation('videos.setResumable');
  return (
    <button
      type="button"
      className="slot-wide"
      aria-label={`Make resumable: ${job.title}`}
      title="Send it in parts the platform keeps: a cut or a pause continues where it stopped"
      onClick={(e) => {
        e.stopPropagation();
        m.mutate({ ids: [job.id], resumable: true }, { onError: (err) => notify.error(errorOf(err).title) });
      }}
    >
      Make resumable
    </button>
  );
}

function Action({ label, hint, slot, onClick, children }: { readonly label: string; readonly hint?: string; readonly slot: string; readonly onClick: () => void; readonly children: ReactNode }) {
  return (
    <button
      type="button"
      className={`icon-button ${slot}`}
      aria-label={label}
      title={hint ? `${label}. ${hint}` : label}
      onClick={(e) => {
        e.stopPropagation();
        onClick();
      }}
    >
      {children}
    </button>
  );
}

interface Props {
  readonly job: JobView;
  readonly selected: boolean;
  readonly controls: Controls;
  /** Whether "Move to top" changes anything for this row (it is not the queue's first waiting row). */
  readonly movable: boolean;
  /** Pauses the row; the list asks first when a plain upload would restart from zero. */
  readonly onPause: () => void;
  /** The checkbox toggles the row in the selection, as Ctrl/Cmd+click does. */
  readonly onToggle: () => void;
}

/** The row's content; the list around it places it and handles selection by click and keys. */
export function JobRow({ job, selected, controls, movable, onPause, onToggle }: Props) {
  const words = jobStateWords(job);
  const percent = jobPercent(job);
  const failure = errorLine(job);
  const ids = { ids: [job.id] };
  const ended = isFinal(job);
  // Another profile's row: its library's zone is in that account, which the Logs screen does not show.
  const foreign = useRowProfile(job.profileId).foreign;
  return (
    <>
      <input type="checkbox" className="job-select" aria-label={`Select ${job.title}`} checked={selected} onChange={onToggle} onClick={(e) => e.stopPropagation()} />
      <div className="job-main">
        <div className="job-line">
          <TitleEditor job={job} />
          <Destination job={job} />
          {job.highlight && <span className="badge badge-highlight">Already in the queue</span>}
          {job.resumable && (
            <span className="badge" title="Sent in parts the platform keeps: a cut, a pause or a restart continues where it stopped">
              Resumable
            </span>
          )}
        </div>
        <div className="job-line">
          <div
            className="bar"
            role="progressbar"
            aria-label={`Upload of ${job.title}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={`${percent} %`}
          >
            <div className={`bar-fill tone-${words.tone}`} style={{ width: `${percent}%` }} />
          </div>
          <span className="tabular job-percent">{percent} %</span>
          <span className="muted small tabular" data-testid="job-numbers">
            {progressLine(job)}
          </span>
        </div>
        <div className="job-line small">
          <strong className={`job-state tone-${words.tone}`} data-testid="job-state">
            {words.label}
          </strong>
          {failure && <span className="job-error">{failure}</span>}
          {job.error?.hint && <span className="job-hint">{job.error.hint}</span>}
          {job.note && !isStatusNote(job.note) && <span className="muted job-note">{job.note}</span>}
          {(job.state === 'ready' || job.state === 'processing') && job.videoId !== null && <ShowInLibrary profileId={job.profileId} libraryId={job.libraryId} videoId={job.videoId} />}
          {job.state === 'ready' && job.videoId !== null && !foreign && <WatchDelivery libraryId={job.libraryId} videoId={job.videoId} rowTitle={job.title} />}
          {job.paused && PAUSABLE.has(job.state) && (
            <span className="muted job-note" data-testid="job-pause-note">
              {job.resumable ? 'Continues where it stopped when resumed' : 'Restarts from zero when resumed'}
            </span>
          )}
        </div>
      </div>
      {/* A fixed grid: each kind of control has its column, so the same button sits at the same x on every row. */}
      <div className="job-actions" data-testid="job-actions">
        {!job.resumable && PAUSABLE.has(job.state) && <MakeResumable job={job} />}
        {job.state === 'source-missing' && (
          <button type="button" className="slot-wide" onClick={(e) => (e.stopPropagation(), controls.locate(job.id))}>
            <FolderSearch aria-hidden="true" size={14} /> Locate file…
          </button>
        )}
        {PAUSABLE.has(job.state) && !job.paused && (
          <Action label={`Pause ${job.title}`} hint={pauseHint(job)} slot="slot-run" onClick={onPause}>
            <Pause aria-hidden="true" size={14} />
          </Action>
        )}
        {PAUSABLE.has(job.state) && job.paused && (
          <Action label={`Resume ${job.title}`} slot="slot-run" onClick={() => controls.resume(ids)}>
            <Play aria-hidden="true" size={14} />
          </Action>
        )}
        {RETRYABLE.has(job.state) && (
          <Action label={`Retry ${job.title}`} slot="slot-run" onClick={() => controls.retry(ids)}>
            <RotateCcw aria-hidden="true" size={14} />
          </Action>
        )}
        {job.state === 'queued' && movable && (
          <Action label={`Move ${job.title} to the top`} slot="slot-top" onClick={() => controls.moveToTop(ids)}>
            <ArrowUpToLine aria-hidden="true" size={14} />
          </Action>
        )}
        {!ended && (
          <Action label={`Cancel ${job.title}`} slot="slot-cancel" onClick={() => controls.cancel(ids)}>
            <X aria-hidden="true" size={14} />
          </Action>
        )}
      </div>
    </>
  );
}
