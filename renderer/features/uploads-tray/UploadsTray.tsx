/**
 * The upload queue at a glance, in the sidebar of every area: overall progress and the queue's accounting.
 * It also keeps drops outside Videos from opening the file.
 * Quiet (not shown) while the queue is empty.
 */
import { Upload } from 'lucide-react';
import { useNav } from '../../app/nav-store';
import { formatBytes, percentOf } from '../videos/format';
import { useQueue } from '../videos/queue-store';
import { useDropGuard } from './use-drop-guard';
import './uploads-tray.css';

export function UploadsTray() {
  useDropGuard();
  const status = useQueue((s) => s.status);
  const go = useNav((s) => s.go);
  const { counts } = status;
  if (counts.queued === 0) return null;
  const percent = percentOf(counts.sentBytes, counts.totalBytes);
  const ended = counts.done + counts.failed + counts.cancelled + counts.sourceChanged;
  const summary = counts.inFlight > 0 ? `${counts.done} of ${counts.queued} uploaded` : `${ended} of ${counts.queued} finished`;
  return (
    // The button is named by what it shows, so speech and sight agree; the summary leads for screen readers.
    <button type="button" className="uploads-tray" data-testid="uploads-tray" title="Open Videos" onClick={() => go('videos')}>
      <span className="tray-head">
        <Upload aria-hidden="true" size={14} />
        <span>
          Uploads<span className="visually-hidden">: {summary}.</span>
        </span>
      </span>
      {status.waitingForNetwork && <span className="tray-warning">Waiting for network</span>}
      <span className="tray-bar" aria-hidden="true">
        <span className="tray-bar-fill" style={{ width: `${counts.inFlight > 0 ? percent : 100}%` }} />
      </span>
      <span className="tray-counts tabular" data-testid="tray-counts">
        <span>{counts.done} done</span>
        {counts.inFlight > 0 && <span>{counts.inFlight} in progress</span>}
        {counts.failed > 0 && <span className="tray-failed">{counts.failed} failed</span>}
        {counts.cancelled + counts.sourceChanged > 0 && <span>{counts.cancelled + counts.sourceChanged} stopped</span>}
      </span>
      {counts.inFlight > 0 && counts.totalBytes > 0 && (
        <span className="tray-bytes muted tabular">
          {formatBytes(counts.sentBytes)} of {formatBytes(counts.totalBytes)} · {percent} %
        </span>
      )}
      <span className="visually-hidden"> Open Videos</span>
    </button>
  );
}
