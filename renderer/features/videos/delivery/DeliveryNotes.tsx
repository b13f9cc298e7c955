/** What a delivery answer says besides its figures: why there are none (with the setting to change), or that it is partial. */
import type { DeliveryCompleteness, DeliveryUnavailable } from '../../../../shared/contract/delivery';

export function Unavailable({ unavailable }: { readonly unavailable: DeliveryUnavailable }) {
  return (
    <div className="delivery-note" data-testid="delivery-unavailable" data-kind={unavailable.kind}>
      <p>{unavailable.message}</p>
      {unavailable.setting !== null && (
        <p>
          Setting to change: <strong>{unavailable.setting}</strong>
        </p>
      )}
    </div>
  );
}

/** "Partial" with why, and "Read on", which goes on with the walk where it stopped (within the zone's budget). */
export function Partial({ completeness, onReadOn, busy }: { readonly completeness: DeliveryCompleteness; onReadOn(): void; readonly busy: boolean }) {
  if (!completeness.partial) return null;
  const skipped = completeness.rowsSkipped;
  return (
    <div className="delivery-note" data-testid="delivery-partial">
      <p role="status" className="warning-text small">
        Partial: {completeness.reason ?? 'not every page of the range was read'}
        {skipped > 0 ? ` (${skipped.toLocaleString()} unreadable row${skipped === 1 ? '' : 's'} skipped)` : ''}.
      </p>
      <button type="button" className="delivery-read-on" onClick={onReadOn} disabled={busy}>
        Read on
      </button>
    </div>
  );
}
