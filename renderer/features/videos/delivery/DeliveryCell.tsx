/** A row's delivery over the range, from the library's one walk; a click details the video in the delivery pane. */
import type { LibraryVideo } from '../../../../shared/contract/videos-library';
import { formatBytes } from '../format';
import type { RowDelivery } from './delivery-format';
import { useDelivery } from './delivery-store';

/** The cell's text, and what its tooltip says of it. */
function words(d: RowDelivery): { readonly text: string; readonly hint: string } {
  switch (d.kind) {
    case 'loading':
      return { text: '…', hint: 'Being read from the library zone’s logs' };
    case 'unavailable':
      return { text: '—', hint: 'The library zone’s logs cannot be read: see the delivery pane' };
    case 'unknown':
      return { text: 'partial', hint: 'Not met yet: the library zone’s logs are partly read' };
    case 'figures':
      return { text: `${d.requests.toLocaleString()} · ${formatBytes(d.bytes)}`, hint: `Requests · data sent${d.partial ? ', so far (partial)' : ''}` };
  }
}

export function DeliveryCell({ libraryId, video, delivery }: { readonly libraryId: number; readonly video: LibraryVideo; readonly delivery: RowDelivery }) {
  const setDetail = useDelivery((s) => s.setDetail);
  const name = video.title || video.guid;
  const { text, hint } = words(delivery);
  return (
    <td className="tabular num lib-col-delivery" data-testid="lib-delivery" data-kind={delivery.kind}>
      <button type="button" className="lib-link" aria-label={`${text}, delivery of ${name}`} title={`${hint}. Show this video’s delivery`} onClick={() => setDetail({ libraryId, guid: video.guid, name })}>
        {text}
      </button>
      {delivery.kind === 'figures' && delivery.partial && <span className="muted small"> partial</span>}
    </td>
  );
}
