/**
 * "Export…": exactly the matching rows, in the table's sort, as CSV, NDJSON or v1 lines, to a file chosen in the
 * native save dialog. A zone with more pages loads them first (within its rate budget); progress and Cancel show
 * while it runs, then the path it was saved to, or what went wrong in words.
 */
import { Dialog } from 'radix-ui';
import { useEffect, useId, useRef, useState } from 'react';
import type { LogsExportStatus } from '../../../shared/contract/logs-export';
import type { LogSort, LogsStatus } from '../../../shared/contract/logs';
import type { ExportFormat } from '../../../shared/logs/export-format';
import { useBridgeEvent } from '../../bridge/events';
import { useCallMutation } from '../../bridge/queries';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { notify } from '../../ui/toast';
import { useLatestCallback } from '../../ui/use-latest-callback';
import { formatCount, formatCountOf, timeZoneName } from './logs-format';
import type { TimeZoneMode } from './view-types';

interface Props {
  readonly status: LogsStatus;
  /** The table's sort: the file has its rows in the same order. */
  readonly sort: LogSort;
  /** The viewer's times: UTC, or this machine's zone (its offset goes into every time written). */
  readonly timeZone: TimeZoneMode;
  /** Counts the asks to open the dialog from outside (the command palette); each new count opens it once. */
  readonly openAsks?: number;
}

const FORMATS: readonly { readonly value: ExportFormat; readonly label: string; readonly hint: string }[] = [
  { value: 'csv', label: 'CSV', hint: 'a header row, one row per request; opens in a spreadsheet' },
  { value: 'ndjson', label: 'NDJSON', hint: 'one JSON object per line, the v2 field names' },
  { value: 'v1', label: 'v1 log lines', hint: 'the platform’s pipe-delimited format; opens again in Burrow' },
];

type Ended = { readonly kind: 'saved'; readonly path: string; readonly rows: number } | { readonly kind: 'cancelled' } | null;

function ProgressLine({ progress, hasMore }: { readonly progress: LogsExportStatus | null; readonly hasMore: boolean }) {
  if (progress === null || (progress.phase === 'paging' && progress.loadedRows === 0)) {
    return <span className="tabular">{hasMore ? 'Loading the remaining pages…' : 'Exporting…'}</span>;
  }
  if (progress.phase === 'paging') {
    return (
      <span className="tabular">
        Loading the remaining pages: {formatCountOf(progress.loadedRows, 'row')} in {formatCountOf(progress.requests, 'request')}…
      </span>
    );
  }
  return (
    <>
      <progress max={Math.max(progress.total, 1)} value={progress.written} aria-label="Rows written" />
      <span className="tabular">
        Writing {formatCount(progress.written)} of {formatCountOf(progress.total, 'row')}…
      </span>
    </>
  );
}

export function ExportButton({ status, sort, timeZone, openAsks = 0 }: Props) {
  const [open, setOpen] = useState(false);
  const [format, setFormat] = useState<ExportFormat>('csv');
  // Visitors' Authorization headers are other people's credentials: off unless asked for, each time the dialog opens.
  const [withAuth, setWithAuth] = useState(false);
  const authWarnId = useId();
  const [progress, setProgress] = useState<LogsExportStatus | null>(null);
  const [ended, setEnded] = useState<Ended>(null);
  const run = useCallMutation('logs.export', {
    onSuccess: (r) => {
      if (r.outcome === 'saved' && r.path !== null) setEnded({ kind: 'saved', path: r.path, rows: r.rows });
      else if (r.outcome === 'cancelled') setEnded({ kind: 'cancelled' });
    },
  });
  const stop = useCallMutation('logs.exportCancel');
  const running = run.isPending;
  const error = run.error ?? stop.error;
  const hintId = useId();
  const sessionId = status.sessionId;

  useBridgeEvent('logs.exportStatus', (s) => {
    if (s.sessionId === sessionId) setProgress(s);
  });

  // A file or a whole day is exported once it is all in.
  const fileLoading = (status.source.kind === 'file' || status.source.kind === 'day') && status.phase === 'loading';
  const nothing = status.matchingRows === 0 && !status.hasMore;

  const openDialog = () => {
    setWithAuth(false);
    setOpen(true);
  };
  const asked = useLatestCallback(() => {
    if (running || fileLoading || nothing) notify.info(running ? 'An export is already running.' : fileLoading ? 'Export once the file is read.' : 'No rows match: there is nothing to export.');
    else openDialog();
  });
  // The count this button was drawn with is not an ask: only a later one opens the dialog.
  const seenAsks = useRef(openAsks);
  useEffect(() => {
    if (openAsks === seenAsks.current) return;
    seenAsks.current = openAsks;
    asked();
  }, [openAsks, asked]);

  function start() {
    setOpen(false);
    setProgress(null);
    setEnded(null);
    stop.reset();
    const zone = timeZoneName(timeZone);
    run.mutate({ sessionId, format, sort, ...(zone !== 'UTC' ? { timeZone: zone } : {}), ...(withAuth ? { includeAuthorization: true } : {}) });
  }

  return (
    <div className="logs-export" data-testid="logs-export">
      <div className="row">
        <button type="button" onClick={openDialog} disabled={running || fileLoading || nothing} title={fileLoading ? 'Export once the file is read' : undefined}>
          Export…
        </button>
        {running && (
          <div className="row" data-testid="export-progress">
            <span role="status" className="row">
              <ProgressLine progress={progress} hasMore={status.hasMore} />
            </span>
            <button type="button" onClick={() => stop.mutate({ sessionId })}>
              Cancel export
            </button>
          </div>
        )}
        {!running && ended?.kind === 'saved' && (
          <p role="status" data-testid="export-done">
            Saved {formatCount(ended.rows)} {ended.rows === 1 ? 'row' : 'rows'} to <code>{ended.path}</code>
          </p>
        )}
        {!running && ended?.kind === 'cancelled' && (
          <p role="status" className="muted" data-testid="export-done">
            Export cancelled; no file was written.
          </p>
        )}
      </div>
      {error !== null && <ErrorMessage error={error} />}
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="dialog-overlay" />
          <Dialog.Content className="dialog" data-testid="export-dialog">
            <Dialog.Title>Export the matching rows</Dialog.Title>
            <Dialog.Description>
              {formatCount(status.matchingRows)} matching {status.matchingRows === 1 ? 'row' : 'rows'}
              {status.hasMore ? ' so far; the remaining pages load first, within the zone’s request budget' : ''}, in the table’s order, times in{' '}
              {timeZone === 'local' ? 'your time zone' : 'UTC'}.
            </Dialog.Description>
            <fieldset className="export-formats" aria-describedby={hintId}>
              <legend>Format</legend>
              {FORMATS.map((f) => (
                <label key={f.value} className="inline">
                  <input type="radio" name="export-format" value={f.value} checked={format === f.value} onChange={() => setFormat(f.value)} /> {f.label}
                  <span className="muted small"> — {f.hint}</span>
                </label>
              ))}
            </fieldset>
            <label className="inline">
              <input type="checkbox" checked={withAuth} onChange={(e) => setWithAuth(e.target.checked)} aria-describedby={withAuth ? authWarnId : undefined} /> Include
              Authorization headers
            </label>
            {withAuth && (
              <p id={authWarnId} role="alert" className="warning-text small" data-testid="export-auth-warning">
                The file will hold your visitors’ credentials (their Authorization headers) in clear. Keep it as you would a
                password.
              </p>
            )}
            <p id={hintId} className="muted small">
              Next, choose where to save the file.
            </p>
            <div className="row dialog-actions">
              <Dialog.Close asChild>
                <button type="button">Cancel</button>
              </Dialog.Close>
              <button type="button" className="primary" onClick={start}>
                Choose file…
              </button>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </div>
  );
}
