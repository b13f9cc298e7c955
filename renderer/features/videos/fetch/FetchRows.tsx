/** The fetch rows: title, address, the state in words with a bar while encoding, the reason of a failure, controls. */
import { RotateCcw, X } from 'lucide-react';
import { fetchWords, isFetchEnded, type FetchView } from '../../../../shared/contract/videos-fetch';
import { useCallMutation } from '../../../bridge/queries';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { profilePhrase, useRowProfile } from '../row-profile';
import { ShowInLibrary } from '../ShowInLibrary';
import { fetchPercent } from './fetch-words';

interface Props {
  readonly rows: readonly FetchView[];
  /** A row whose header values were not kept: the form opens with its address and header names to enter them again. */
  readonly onEnterAgain: (row: FetchView) => void;
}

/** A fetch added under another profile than the active one says whose account it goes to. */
function OtherProfile({ profileId }: { readonly profileId: string }) {
  const row = useRowProfile(profileId);
  if (!row.foreign) return null;
  return (
    <span className="muted small" data-testid="fetch-profile">
      {profilePhrase(row)}
    </span>
  );
}

function FetchRow({ row, onEnterAgain }: { readonly row: FetchView; readonly onEnterAgain: (row: FetchView) => void }) {
  const cancel = useCallMutation('videos.fetchCancel');
  const retry = useCallMutation('videos.fetchRetry');
  const words = fetchWords(row);
  const percent = fetchPercent(row);
  const canRetry = row.state === 'failed' || row.state === 'cancelled';
  return (
    <li className="fetch-row" data-testid="fetch-row" data-state={row.state} data-video-id={row.videoId ?? undefined} aria-label={`${row.title}: ${words.label}`}>
      <div className="fetch-main">
        <div className="job-line">
          <strong className="fetch-title">{row.title}</strong>
          {row.headerNames.length > 0 && <span className="muted small">with {row.headerNames.join(', ')}</span>}
          <OtherProfile profileId={row.profileId} />
        </div>
        <div className="muted small fetch-url" title={row.url}>
          {row.url}
        </div>
        <div className="job-line">
          <div className="bar" role="progressbar" aria-label={`Fetch of ${row.title}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-valuetext={words.label}>
            <div className={`bar-fill tone-${words.tone}`} style={{ width: `${percent}%` }} />
          </div>
          <span className={`fetch-state tone-text-${words.tone}`} data-testid="fetch-state">
            {words.label}
          </span>
        </div>
        {row.state === 'failed' && row.error?.detail && <p className="small fetch-reason">{row.error.detail}</p>}
        {row.note && row.state !== 'ready' && <p className="muted small fetch-note">{row.note}</p>}
        {/* A video the platform holds is shown by its title in the library, never by its id. */}
        {(row.state === 'ready' || row.state === 'processing') && row.videoId && (
          <p className="small">
            <ShowInLibrary profileId={row.profileId} libraryId={row.libraryId} videoId={row.videoId} rowTitle={row.title} />
          </p>
        )}
        <ErrorMessage error={cancel.error ?? retry.error} />
      </div>
      <div className="fetch-actions">
        {!isFetchEnded(row.state) && (
          <button type="button" className="icon-button" aria-label={`Cancel fetching ${row.title}`} title="Cancel" disabled={cancel.isPending} onClick={() => cancel.mutate({ id: row.id })}>
            <X aria-hidden="true" size={16} />
          </button>
        )}
        {canRetry && (
          <button
            type="button"
            className="icon-button"
            aria-label={row.needsHeaders ? `Enter the header values again for ${row.title}` : `Retry fetching ${row.title}`}
            title={row.needsHeaders ? 'Enter the header values again' : 'Retry'}
            disabled={retry.isPending}
            onClick={() => (row.needsHeaders ? onEnterAgain(row) : retry.mutate({ id: row.id }))}
          >
            <RotateCcw aria-hidden="true" size={16} />
          </button>
        )}
      </div>
    </li>
  );
}

export function FetchRows({ rows, onEnterAgain }: Props) {
  return (
    <ul className="fetch-rows" aria-label="Fetches">
      {rows.map((r) => (
        <FetchRow key={r.id} row={r} onEnterAgain={onEnterAgain} />
      ))}
    </ul>
  );
}
