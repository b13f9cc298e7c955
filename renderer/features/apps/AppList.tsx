/** The account's applications, a page at a time; each row opens its application with Enter or a click. */
import { Plus, RefreshCw } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { unreadableText } from '../../../shared/apps/platform-answers';
import type { AppSummary } from '../../../shared/contract/apps';
import { useAreaFocusTarget } from '../../app/area-focus';
import { useCall } from '../../bridge/queries';
import { ActiveProfileError, ErrorMessage } from '../../ui/ErrorMessage';
import { Skeleton } from '../../ui/skeleton';
import { overviewView, statusWords } from './app-detail-view';
import { useFollowedAction } from './app-follow';
import { HealthMark } from './health/HealthMark';
import { useAppsList } from './use-apps-list';

interface Props {
  readonly openId: string | null;
  readonly onOpen: (id: string) => void;
  readonly onNew: () => void;
  /** Changes when the list must be fetched again (after a create or a delete). */
  readonly refresh: number;
}

function NewAppButton({ onNew, focusRef, focusMark }: { readonly onNew: () => void; readonly focusRef?: (el: HTMLElement | null) => void; readonly focusMark?: string }) {
  return (
    <button type="button" className="primary" onClick={onNew} ref={focusRef} data-apps-focus={focusMark}>
      <Plus size={14} aria-hidden /> New app
    </button>
  );
}

/** Apps change outside Burrow too (the dashboard, `burrow apps`): the list is read again on request. */
function RefreshButton({ onRefresh, busy }: { readonly onRefresh: () => void; readonly busy: boolean }) {
  return (
    <button type="button" onClick={onRefresh} disabled={busy}>
      <RefreshCw size={14} aria-hidden /> {busy ? 'Refreshing…' : 'Refresh'}
    </button>
  );
}

interface RowProps {
  readonly app: AppSummary;
  readonly open: boolean;
  readonly onOpen: (id: string) => void;
  readonly focusRef: ((el: HTMLElement | null) => void) | undefined;
  /** When the list's Refresh was last pressed (0 before): the health mark is read again. */
  readonly refreshedAt: number;
}

function AppRow({ app, open, onOpen, focusRef, refreshedAt }: RowProps) {
  // The page's words for the status (a change asked from this window says what it is: Deploying…, Undeploying…).
  // An app whose page was read has its overview kept: the row then says, as the page does, whether instances run.
  // The read is never made here (a list would ask once per row); only what the page fetched is used.
  const overview = useCall('apps.overview', { id: app.id }, { enabled: false });
  const running = overview.data ? overviewView(overview.data).activeInstances : null;
  const words = statusWords(app.status, useFollowedAction(app.id), running);
  const address = app.displayEndpoint?.address;
  return (
    <li>
      <button type="button" className="apps-row" aria-current={open ? 'true' : undefined} onClick={() => onOpen(app.id)} ref={focusRef} data-testid="app-row" data-app-id={app.id}>
        <span className="apps-row-name">{app.name}</span>
        <HealthMark id={app.id} refreshedAt={refreshedAt} follow={!open} />
        <span className={`badge apps-status apps-status-${words.tone}`}>{words.text}</span>
        {address && <span className="apps-row-address small muted">{address}</span>}
      </button>
    </li>
  );
}

export function AppList({ openId, onOpen, onNew, refresh }: Props) {
  const focusTarget = useAreaFocusTarget();
  const list = useAppsList(refresh);
  const { first: q, apps, total } = list;
  const reread = () => void q.refetch();
  const [refreshedAt, setRefreshedAt] = useState(0);
  const headingId = useId();
  // The open app's row stays in view in the list's pane, even when it was opened from far down the list.
  const rows = useRef<HTMLUListElement>(null);
  const shown = apps.length > 0;
  useEffect(() => {
    if (openId !== null && shown) rows.current?.querySelector('[aria-current="true"]')?.scrollIntoView?.({ block: 'nearest' });
  }, [openId, shown]);
  // Apps the core could not read are said above the list, never silently missing from it.
  const skipped = unreadableText(list.unreadable, 'app');
  const skippedNote = skipped !== null && (
    <p className="muted small" role="note" data-testid="apps-unreadable">
      {skipped}
    </p>
  );

  let body: ReactNode;
  if (q.isPending) {
    body = <Skeleton label="Loading applications…" rows={4} />;
  } else if (!q.data) {
    // A failed first page has nothing to show but the error; a failed later page keeps the rows loaded so far.
    body = (
      <>
        <ActiveProfileError error={q.error} />
        <div className="row">
          <button type="button" onClick={reread} ref={focusTarget}>
            Try again
          </button>
        </div>
      </>
    );
  } else if (apps.length === 0) {
    body = (
      <>
        {skippedNote}
        <div className="empty-state" data-testid="apps-empty">
          <h3 className="apps-empty-title">No applications yet</h3>
          <p>An application runs one or more containers from your images in the regions you choose. Create one to see it here.</p>
          <NewAppButton onNew={onNew} focusRef={focusTarget} />
        </div>
      </>
    );
  } else {
    body = (
      <>
        {skippedNote}
        <ul ref={rows} className="plain apps-rows" aria-labelledby={headingId}>
          {apps.map((app, i) => (
            <AppRow key={app.id} app={app} open={app.id === openId} onOpen={onOpen} focusRef={i === 0 ? focusTarget : undefined} refreshedAt={refreshedAt} />
          ))}
        </ul>
        {q.isRefetchError && <ActiveProfileError error={q.error} />}
        {list.moreError !== null && <ErrorMessage error={list.moreError} />}
        {list.hasMore && (
          <button type="button" onClick={list.loadMore} disabled={list.loadingMore}>
            {list.loadingMore ? 'Loading…' : 'Load more'}
            {total !== null && <span className="muted"> ({apps.length} of {total} shown)</span>}
          </button>
        )}
      </>
    );
  }

  // The heading and its actions stay in place whatever the list shows, so focus can come back to them.
  return (
    <section className="apps-list" aria-labelledby={headingId}>
      <div className="row spread apps-list-head">
        <h2 id={headingId} className="apps-list-title" tabIndex={-1} data-apps-focus="list">
          Applications{total !== null && <span className="muted tabular"> ({total})</span>}
        </h2>
        <div className="row">
          <RefreshButton
            onRefresh={() => {
              reread();
              setRefreshedAt(Date.now());
            }}
            busy={q.isFetching}
          />
          <NewAppButton onNew={onNew} focusMark="new" />
        </div>
      </div>
      {body}
    </section>
  );
}
