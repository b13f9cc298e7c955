/** A row's delivery over the range, from the library's one walk; a click details the video in the delivery pane. */
import type { LibraryVideo } from '../../../../shared/contract/videos-library';
import { formatBytes } from '../format';
import type { RowDelivery } from './delivery-format';
import { useDelivery } from './delivery-store';

function words(d: RowDelivery): { readonly text: string; readonly said: string } {
  switch (d.kind) {
    case 'loading':
      return { text: '…', said: 'being read' };
    case 'unavailable':
      return { text: '—', said: 'not available' };
    case 'unknown':
      return { text: 'partial', said: 'not known yet, the logs are partly read' };
    case 'figures': {
      const text = `${d.requests.toLocaleString()} · ${formatBytes(d.bytes)}`;
      return { text, said: `${d.requests.toLocaleString()} requests, ${formatBytes(d.bytes)}${d.partial ? ', partial' : ''}` };
    }
  }
}

export function DeliveryCell({ libraryId, video, delivery }: { readonly libraryId: number; readonly video: LibraryVideo; readonly delivery: RowDelivery }) {
  const setDetail = useDelivery((s) => s.setDetail);
  const name = video.title || video.guid;
  const { text, said } = words(delivery);
  return (
    <td className="tabular num lib-col-delivery" data-testid="lib-delivery" data-kind={delivery.kind}>
      <button type="button" className="lib-link" aria-label={`Delivery of ${name}: ${said}`} title="Show this video's delivery" onClick={() => setDetail({ libraryId, guid: video.guid, name })}>
        {text}
      </button>
      {delivery.kind === 'figures' && delivery.partial && <span className="muted small"> partial</span>}
    </td>
  );
}
