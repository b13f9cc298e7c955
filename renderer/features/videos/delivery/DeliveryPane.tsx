/**
 * The library browser's delivery pane, beside the table: the range (which the rows' figures follow too), then the
 * library's top videos or one video's delivery. It scrolls on its own; closing it keeps the rows' figures.
 */
import { X } from 'lucide-react';
import { useId } from 'react';
import type { TopVideo } from '../../../../shared/contract/delivery';
import { useDelivery } from './delivery-store';
import { TopVideosList } from './TopVideosList';
import type { useTopVideos } from './use-delivery-calls';
import { VideoDeliveryView } from './VideoDeliveryView';
import './delivery.css';

interface Props {
  readonly libraryId: number;
  readonly walk: ReturnType<typeof useTopVideos>;
  onShow(video: TopVideo): void;
}

export function DeliveryPane({ libraryId, walk, onShow }: Props) {
  const range = useDelivery((s) => s.range);
  const setRange = useDelivery((s) => s.setRange);
  const detail = useDelivery((s) => s.detail);
  const setPaneOpen = useDelivery((s) => s.setPaneOpen);
  const rangeId = useId();
  const shown = detail !== null && detail.libraryId === libraryId ? detail : null;
  return (
    <aside className="lib-pane" aria-label="Delivery" data-testid="delivery-pane">
      <div className="row lib-pane-head">
        <h2 className="lib-pane-title">Delivery</h2>
        <label htmlFor={rangeId} className="visually-hidden">
          Delivery range
        </label>
        <select id={rangeId} value={range} onChange={(e) => setRange(e.target.value === '3d' ? '3d' : '24h')}>
          <option value="24h">Last 24 h</option>
          <option value="3d">Last 3 days</option>
        </select>
        <button type="button" className="icon-button" aria-label="Hide delivery" title="Hide delivery" onClick={() => setPaneOpen(false)}>
          <X aria-hidden="true" size={14} />
        </button>
      </div>
      <div className="lib-pane-body">{shown ? <VideoDeliveryView key={shown.guid} detail={shown} /> : <TopVideosList libraryId={libraryId} walk={walk} onShow={onShow} />}</div>
    </aside>
  );
}
