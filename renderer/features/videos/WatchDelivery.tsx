/**
 * "Watch delivery" for an upload that reached Ready: the Logs screen opens on the library's pull zone, filtered to
 * the video's guid, live, so the first plays are seen as they arrive. The zone is learnt from the video's delivery
 * (one filtered read, kept for the library browser's detail); a library without a readable zone says so in place.
 */
import { Activity } from 'lucide-react';
import { useState } from 'react';
import { errorOf } from '../../bridge/client';
import { useFetchCall } from '../../bridge/queries';
import { openLogsAt } from '../logs/open-logs';

interface Props {
  readonly libraryId: number;
  readonly videoId: string;
  readonly rowTitle: string;
}

export function WatchDelivery({ libraryId, videoId, rowTitle }: Props) {
  const fetchCall = useFetchCall();
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<string | null>(null);

  async function watch() {
    setBusy(true);
    setSaid(null);
    try {
      const d = await fetchCall('videos.delivery', { libraryId, guid: videoId, range: '24h' });
      if (d.zone === null) setSaid(d.unavailable?.message ?? 'This library has no pull zone whose logs Burrow can read.');
      else openLogsAt({ zoneId: d.zone.id, filter: `url:/${videoId}/`, live: true });
    } catch (e) {
      setSaid(`Could not find the library's pull zone: ${errorOf(e).title}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className="lib-link"
        aria-busy={busy || undefined}
        aria-label={`Watch delivery: ${rowTitle}`}
        title="Open Logs live on the library's pull zone, filtered to this video"
        onClick={(e) => {
          e.stopPropagation();
          void watch();
        }}
      >
        <Activity aria-hidden="true" size={12} /> Watch delivery
      </button>
      {said !== null && (
        <span role="status" className="job-error" data-testid="watch-delivery-failed">
          {said}
        </span>
      )}
    </>
  );
}
