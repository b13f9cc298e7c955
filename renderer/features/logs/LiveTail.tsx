/**
 * Live mode's controls: the "Live" switch, Pause / Resume and the state line (live or paused, rows held, trims, the
 * error being retried). The rows themselves are the screen's one table, mounted on the tail (see use-live-mode.ts):
 * newest first, following new rows at the top, "N new — jump to live" when scrolled away.
 */
import type { TailStatus } from '../../../shared/contract/logs-tail';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { formatCount, formatCountOf } from './logs-format';
import type { LiveMode } from './use-live-mode';
import './live-tail.css';

/** The words beside the switch: live or paused, rows held, trims, the last error being retried. */
function TailState({ status }: { readonly status: TailStatus }) {
  const every = Math.round(status.intervalMs / 1000);
  return (
    <div className="live-state small" data-testid="live-state" data-polls={status.polls} data-phase={status.phase}>
      <span className="tabular">
        {status.phase === 'live' ? `Live — asking every ${every} s` : status.phase === 'paused' ? 'Paused — nothing is asked' : status.phase === 'failed' ? 'Stopped' : 'Ended'}
        {` · ${formatCountOf(status.matchingRows, 'row')}`}
        {status.behind && ' · busier than the tail can follow: some rows were skipped'}
      </span>
      {status.trimmed > 0 && (
        <span role="status" className="warning-text" data-testid="live-trimmed">
          Dropped the {formatCount(status.trimmed)} oldest rows to keep at most {formatCount(status.cap)}
        </span>
      )}
      {status.error && (
        <span role="status" className={status.phase === 'failed' ? 'live-failed' : 'warning-text'} data-testid="live-error">
          {status.error.title}
          {status.phase === 'live' ? ' — trying again' : ''}
        </span>
      )}
    </div>
  );
}

/** The switch, Pause / Resume and the state line of live mode. */
export function LiveControls({ live }: { readonly live: LiveMode }) {
  const s = live.status;
  return (
    <section className="live-tail" aria-label="Live tail" data-testid="live-tail">
      <div className="row live-bar">
        <button type="button" aria-pressed={live.on} onClick={live.toggle} data-testid="live-toggle">
          {live.on ? 'Stop live' : 'Live'}
        </button>
        {live.on && s && (s.phase === 'live' ? (
          <button type="button" onClick={live.pause} data-testid="live-pause">
            Pause
          </button>
        ) : s.phase === 'paused' || s.phase === 'failed' ? (
          <button type="button" onClick={live.resume} data-testid="live-resume">
            Resume
          </button>
        ) : null)}
        {live.on && s && <TailState status={s} />}
      </div>
      {live.on && <ErrorMessage error={live.error} />}
    </section>
  );
}
