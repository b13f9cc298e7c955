/** One video of the library: thumbnail, title and collection (both editable in place), status, length, size, views, delivery, date, actions. */
import { Copy, Link, Trash2 } from 'lucide-react';
import { forwardRef, type ReactNode } from 'react';
import type { Collection } from '../../../../shared/contract/videos';
import type { LibraryVideo } from '../../../../shared/contract/videos-library';
import { errorOf } from '../../../bridge/client';
import { useFetchCall } from '../../../bridge/queries';
import { notify } from '../../../ui/toast';
import { formatBytes } from '../format';
import { formatDate, formatLength, isPlayable, isWorking, videoWords } from './library-format';
import { LibraryTitle } from './LibraryTitle';
import { Thumbnail } from './Thumbnail';
import type { useLibraryEdits } from './use-library-edits';

interface Props {
  readonly libraryId: number;
  readonly video: LibraryVideo;
  readonly collections: readonly Collection[] | undefined;
  readonly edits: ReturnType<typeof useLibraryEdits>;
  /** The row a finished upload asked to be shown. */
  readonly spotlit: boolean;
  readonly onDelete: (video: LibraryVideo) => void;
  /** The delivery cell (figures over the range, from the library's one walk). */
  readonly delivery: ReactNode;
}

function copy(text: string, what: string) {
  navigator.clipboard.writeText(text).then(
    () => notify.success(`${what} copied`),
    () => notify.error(`The clipboard refused the ${what.toLowerCase()}`),
  );
}

function CollectionCell({ libraryId, video, collections, edits }: Pick<Props, 'libraryId' | 'video' | 'collections' | 'edits'>) {
  const name = video.title || video.guid;
  const pending = edits.update.isPending && edits.update.variables?.videoId === video.guid && edits.update.variables.collectionId !== undefined;
  const known = collections ?? [];
  // A collection the list of collections does not (yet) hold still shows as chosen.
  const unknown = video.collectionId !== null && !known.some((c) => c.guid === video.collectionId);
  return (
    <select
      aria-label={`Collection of ${name}`}
      value={video.collectionId ?? ''}
      disabled={pending || collections === undefined}
      onChange={(e) =>
        edits.update.mutate(
          { libraryId, videoId: video.guid, collectionId: e.target.value === '' ? null : e.target.value },
          { onError: (err) => notify.error(`${name}: ${errorOf(err).title}`) },
        )
      }
    >
      <option value="">No collection</option>
      {unknown && <option value={video.collectionId ?? ''}>A collection</option>}
      {known.map((c) => (
        <option key={c.guid} value={c.guid}>
          {c.name}
        </option>
      ))}
    </select>
  );
}

export const LibraryRow = forwardRef<HTMLTableRowElement, Props>(function LibraryRow({ libraryId, video, collections, edits, spotlit, onDelete, delivery }, ref) {
  const fetchCall = useFetchCall();
  const copyPlayUrl = () =>
    fetchCall('videos.libraryLinks', { libraryId, videoId: video.guid }).then(
      (links) => copy(links.playUrl, 'Play URL'),
      (e: unknown) => notify.error(errorOf(e).title),
    );
  const words = videoWords(video);
  const name = video.title || video.guid;
  const working = isWorking(video);
  const percent = Math.round(isPlayable(video) ? 100 : video.encodeProgress);
  return (
    <tr ref={ref} data-testid="lib-row" data-video-id={video.guid} data-spotlight={spotlit ? 'true' : undefined} tabIndex={spotlit ? -1 : undefined} aria-current={spotlit ? 'true' : undefined}>
      <td>
        <Thumbnail libraryId={libraryId} video={video} />
      </td>
      <td className="lib-title-cell">
        <LibraryTitle libraryId={libraryId} video={video} update={edits.update} />
      </td>
      <td>
        <CollectionCell libraryId={libraryId} video={video} collections={collections} edits={edits} />
      </td>
      <td className="lib-wrap">
        <div className="lib-status">
          <strong className={`lib-state tone-${words.tone}`} data-testid="lib-state">
            {words.label}
          </strong>
          {working && (
            <div className="bar lib-bar" role="progressbar" aria-label={`Encoding of ${name}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-valuetext={`${percent} %`}>
              <div className="bar-fill" style={{ width: `${percent}%` }} />
            </div>
          )}
        </div>
      </td>
      <td className="tabular num lib-col-length">{formatLength(video.length)}</td>
      <td className="tabular num lib-col-size">{formatBytes(video.storageSize)}</td>
      <td className="tabular num lib-col-views">{video.views.toLocaleString()}</td>
      {delivery}
      <td className="small lib-wrap lib-date lib-col-date">{formatDate(video.dateUploaded)}</td>
      <td>
        <div className="job-actions">
          <button type="button" className="icon-button" aria-label={`Copy the video id of ${name}`} title="Copy the video id" onClick={() => copy(video.guid, 'Video id')}>
            <Copy aria-hidden="true" size={14} />
          </button>
          <button type="button" className="icon-button" aria-label={`Copy the play URL of ${name}`} title="Copy the play URL" onClick={() => void copyPlayUrl()}>
            <Link aria-hidden="true" size={14} />
          </button>
          <button type="button" className="icon-button" aria-label={`Delete ${name}`} title="Delete" onClick={() => onDelete(video)}>
            <Trash2 aria-hidden="true" size={14} />
          </button>
        </div>
      </td>
    </tr>
  );
});
