/** "N new — jump to live": over the top of a live table scrolled away from the newest rows; back to the top. */
import { formatCount } from '../logs-format';
import '../live-tail.css';

export function LiveJump({ fresh, onJump }: { readonly fresh: number; onJump(): void }) {
  return (
    <button type="button" className="primary live-jump" onClick={onJump} data-testid="live-jump">
      {formatCount(fresh)} new — jump to live
    </button>
  );
}
