/**
 * Paging a zone honestly: while the platform has more pages the screen says the numbers are partial, and offers
 * the next page or every page — "load all" first says what the rate limit makes it cost, then shows rows and
 * requests as they arrive and can be cancelled. The zone's request budget is shown beside it, with the wait when
 * the platform asked for one.
 */
import { Dialog } from 'radix-ui';
import { useEffect, useState } from 'react';
import type { MethodOutput } from '../../../shared/contract/index';
import type { LogsStatus } from '../../../shared/contract/logs';
import { useCallMutation } from '../../bridge/queries';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { estimateText, formatCount, formatCountOf } from './logs-format';

type Estimate = MethodOutput<'logs.estimate'>;

interface Props {
  readonly status: LogsStatus;
  loadMore(): void;
  loadAll(): void;
  cancel(): void;
}

/** "Waiting N s as the platform asked", counting down each second; mounted afresh for each wait. */
function Countdown({ until }: { readonly until: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const waitS = Math.max(0, Math.ceil((until - now) / 1000));
  if (waitS === 0) return null;
  return (
    <span className="small warning-text" role="status">
      Waiting {waitS} s as the platform asked
    </span>
  );
}

/** What is left of the zone's shared request budget, and the wait the platform asked for. */
export function BudgetMeter({ budget }: { readonly budget: NonNullable<LogsStatus['budget']> }) {
  const windowS = Math.round(budget.windowMs / 1000);
  return (
    <div className="budget" data-testid="budget">
      <meter min={0} max={budget.limit} low={Math.ceil(budget.limit / 5)} optimum={budget.limit} value={budget.remaining} aria-label="Requests left in this zone's budget" />
      <span className="small tabular">
        {budget.remaining} of {budget.limit} requests left per {windowS} s
      </span>
      {budget.pausedUntil !== null && <Countdown key={budget.pausedUntil} until={budget.pausedUntil} />}
    </div>
  );
}

function LoadAllDialog({ estimate, onConfirm, onClose }: { readonly estimate: Estimate | null; onConfirm(): void; onClose(): void }) {
  return (
    <Dialog.Root open={estimate !== null} onOpenChange={(o) => !o && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" data-testid="load-all-dialog">
          <Dialog.Title>Load every remaining page?</Dialog.Title>
          <Dialog.Description>{estimate && estimateText(estimate)}</Dialog.Description>
          <p className="muted small">Rows and requests are counted as they arrive, and you can cancel at any time; what has loaded stays.</p>
          <div className="row dialog-actions">
            <button type="button" onClick={onClose}>
              Not now
            </button>
            <button type="button" className="primary" onClick={onConfirm}>
              Load all
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The footer under the table for a zone: partial note, paging buttons, progress and the budget. */
export function LoadBar({ status, loadMore, loadAll, cancel }: Props) {
  // What loading every page costs is asked when "Load all…" is pressed; the answer opens the dialog.
  const estimate = useCallMutation('logs.estimate');
  const busy = status.phase === 'loading' || status.phase === 'loading-all';

  return (
    <div className="load-bar" data-testid="load-bar">
      <div className="row">
        {status.hasMore && (
          <p className="partial" data-testid="partial-note">
            From {formatCount(status.loadedRows)} loaded rows — partial
          </p>
        )}
        {status.phase === 'loading-all' ? (
          <>
            <p role="status" className="tabular" data-testid="load-all-progress">
              Loading all: {formatCountOf(status.loadedRows, 'row')} in {formatCountOf(status.requests, 'request')}…
            </p>
            <button type="button" onClick={cancel}>
              Cancel
            </button>
          </>
        ) : (
          status.hasMore && (
            <>
              <button type="button" onClick={loadMore} disabled={busy}>
                Load more
              </button>
              <button type="button" onClick={() => estimate.mutate({ sessionId: status.sessionId })} disabled={busy || estimate.isPending}>
                Load all…
              </button>
            </>
          )
        )}
        {status.phase === 'loading' && (
          <p role="status" className="muted">
            Loading a page…
          </p>
        )}
        {status.phase === 'cancelled' && (
          <p role="status" className="muted">
            Loading stopped; {formatCountOf(status.loadedRows, 'row')} {status.loadedRows === 1 ? 'is' : 'are'} loaded.
          </p>
        )}
        {status.budget && <BudgetMeter budget={status.budget} />}
      </div>
      {estimate.isError && <ErrorMessage error={estimate.error} />}
      <LoadAllDialog
        estimate={estimate.data ?? null}
        onClose={() => estimate.reset()}
        onConfirm={() => {
          estimate.reset();
          loadAll();
        }}
      />
    </div>
  );
}
