/**
 * A library's most delivered videos over the range, by requests or bytes, from the same walk the rows read (a
 * second walk only when ranking by bytes and the walk held as many videos as it may). Each links to its row.
 */
import { RotateCcw } from 'lucide-react';
import { useId } from 'react';
import type { TopVideo } from '../../../../shared/contract/delivery';
import { ActiveProfileError, ErrorMessage } from '../../../ui/ErrorMessage';
import { formatBytes } from '../format';
import { rangeWords } from './delivery-format';
import { Partial, Unavailable } from './DeliveryNotes';
import { useDelivery } from './delivery-store';
import { TOP_LIMIT, useTopVideos } from './use-delivery-calls';

/** How many videos the list shows. */
const SHOWN = 10;

interface Props {
  readonly libraryId: number;
  /** The library's walk, as the rows read it. */
  readonly walk: ReturnType<typeof useTopVideos>;
  /** Brings the video's row into view and marks it. */
  onShow(video: TopVideo): void;
}

export function TopVideosList({ libraryId, walk, onShow }: Props) {
  const range = useDelivery((s) => s.range);
  const by = useDelivery((s) => s.by);
  const setBy = useDelivery((s) => s.setBy);
  const byId = useId();
  const full = walk.query.data !== undefined && walk.query.data.videos.length >= TOP_LIMIT;
  const own = useTopVideos(by === 'bytes' && full ? libraryId : null, range, 'bytes', SHOWN);
  const shown = by === 'bytes' && full ? own : walk;
  const top = shown.query.data;
  const videos = top ? [...top.videos].sort((a, b) => (by === 'bytes' ? b.bytes - a.bytes : b.requests - a.requests)).slice(0, SHOWN) : [];
  return (
    <section className="delivery-view" aria-labelledby="top-videos-heading" data-testid="top-videos" aria-busy={shown.query.isPending || shown.refreshing || undefined}>
      <div className="row spread">
        <h3 id="top-videos-heading">Top videos</h3>
        <span className="row delivery-by">
          <label htmlFor={byId} className="small">
            by
          </label>
          <select id={byId} value={by} onChange={(e) => setBy(e.target.value === 'bytes' ? 'bytes' : 'requests')}>
            <option value="requests">requests</option>
            <option value="bytes">data sent</option>
          </select>
        </span>
      </div>
      <p className="muted small">
        {rangeWords(range)}
        {top?.zone ? ` · pull zone ${top.zone.name}` : ''}
      </p>
      {shown.query.isPending && (
        <p className="muted" role="status">
          Reading the library zone's logs…
        </p>
      )}
      {shown.query.isError && <ActiveProfileError error={shown.query.error} />}
      {top && top.unavailable !== null && <Unavailable unavailable={top.unavailable} />}
      {top && top.unavailable === null && videos.length === 0 && <p className="muted">No video of this library was requested over the {rangeWords(range)}.</p>}
      {videos.length > 0 && (
        <ol className="top-videos">
          {videos.map((v) => (
            <li key={v.guid}>
              <button type="button" className="lib-link top-video-link" title={v.title ?? v.guid} onClick={() => onShow(v)}>
                {v.title ?? v.guid}
              </button>
              <span className="muted small tabular">
                {by === 'bytes' ? `${formatBytes(v.bytes)} · ${v.requests.toLocaleString()} req` : `${v.requests.toLocaleString()} req · ${formatBytes(v.bytes)}`}
              </span>
            </li>
          ))}
        </ol>
      )}
      {top && <Partial completeness={top.completeness} onReadOn={shown.readOn} busy={shown.refreshing} />}
      {shown.refreshError && <ErrorMessage error={shown.refreshError} />}
      <div className="row delivery-actions">
        <button type="button" onClick={shown.refresh} disabled={shown.refreshing || shown.query.isPending}>
          <RotateCcw aria-hidden="true" size={14} /> {shown.refreshing ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
    </section>
  );
}
