/**
 * Controls for the whole queue: which library's rows it shows, pause, resume or cancel everything, retry the failed,
 * clear what has ended, how many upload at once, and the upload limit all of them share. While the queue shows one
 * library's rows, the buttons act on those rows only and say so: nothing happens to rows the user cannot see.
 */
import { useState } from 'react';
import { CONCURRENCY, type JobView, type QueueStatus } from '../../../shared/videos/model';
import { useCall } from '../../bridge/queries';
import { Field } from '../../ui/field';
import { InfoDialog } from '../../ui/info-dialog';
import { formatSpeed, isFinal } from './format';
import { librariesInQueue, type LibraryFilter } from './queue-view';
import { ResumableFrom } from './ResumableFrom';
import { libraryNameIn } from './row-profile';
import type { Controls } from './use-controls';

interface Props {
  /** Every row of the queue (the library filter offers their libraries and counts what it hides). */
  readonly jobs: readonly JobView[];
  /** The rows on show: the buttons act on these alone while a filter is on. */
  readonly shown: readonly JobView[];
  readonly status: QueueStatus;
  readonly controls: Controls;
  /** The library whose rows are shown; null for all. */
  readonly filter: LibraryFilter;
  readonly onFilter: (next: LibraryFilter) => void;
  /** Pauses every open row shown, asking first when that restarts a plain upload from zero. */
  readonly onPauseAll: () => void;
}

/** Upload limits offered, in bytes per second (decimal units, as the rows show speeds). */
const CAPS = [250_000, 500_000, 1_000_000, 2_000_000, 5_000_000, 10_000_000, 20_000_000, 50_000_000, 100_000_000] as const;

/** The limit's option label: "Off" or "1 MB/s". */
function capLabel(bytesPerSecond: number | null): string {
  return bytesPerSecond === null ? 'Off' : (formatSpeed(bytesPerSecond) ?? 'Off').replace('.0 ', ' ');
}

const LEVELS = Array.from({ length: CONCURRENCY.max - CONCURRENCY.min + 1 }, (_, i) => CONCURRENCY.min + i);

/** The dialog's question: how many uploads stop, and whether they are only the rows shown. */
function cancelQuestion(open: number, scoped: boolean): string {
  if (scoped) return open === 1 ? 'Cancel 1 shown upload?' : `Cancel all ${open} shown uploads?`;
  return open === 1 ? 'Cancel the upload?' : `Cancel all ${open} uploads?`;
}

/** Cancelling everything (or everything shown) asks once and says how many uploads stop. */
function CancelAll({ open, scoped, onCancel }: { readonly open: number; readonly scoped: boolean; readonly onCancel: () => void }) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button type="button" className="danger" disabled={open === 0} onClick={() => setAsking(true)}>
        {scoped ? 'Cancel shown' : 'Cancel all'}
      </button>
      <InfoDialog
        open={asking}
        onOpenChange={setAsking}
        title={cancelQuestion(open, scoped)}
        description={`Videos that have not received their whole file are deleted from the library; the files on disk are not touched.${scoped ? ' Rows of other libraries, hidden by the filter, keep uploading.' : ''}`}
        closeLabel="Keep uploading"
        actions={
          <button
            type="button"
            className="primary danger-fill"
            onClick={() => {
              setAsking(false);
              onCancel();
            }}
          >
            Cancel {open === 1 ? 'upload' : 'uploads'}
          </button>
        }
      />
    </>
  );
}

/**
 * Shows one library's rows or all of them. Offered are the libraries the queue holds rows for (and the one chosen,
 * even once its last row is cleared); the rows the filter hides are counted beside it.
 */
function LibraryFilterField({ jobs, filter, onFilter }: Pick<Props, 'jobs' | 'filter' | 'onFilter'>) {
  const libraries = useCall('videos.libraries', {});
  const profiles = useCall('settings.profiles', {});
  // A library only rows of another profile go to is named from that profile's list, and says whose it is.
  const nameOf = (id: number) => {
    const own = libraries.data?.libraries.find((l) => l.id === id)?.name;
    const activeId = profiles.data?.activeId;
    if (own !== undefined && jobs.some((j) => j.libraryId === id && j.profileId === activeId)) return own;
    const other = profiles.data?.profiles.find((p) => p.id !== activeId && jobs.some((j) => j.libraryId === id && j.profileId === p.id));
    if (other === undefined) return own ?? `Library ${id}`;
    return `${libraryNameIn(other, id) ?? `Library ${id}`} (profile ${other.name})`;
  };
  const ids = librariesInQueue(jobs);
  if (filter !== null && !ids.includes(filter)) ids.push(filter);
  const hidden = filter === null ? 0 : jobs.filter((j) => j.libraryId !== filter).length;
  return (
    <div className="queue-filter">
      <Field label="Show rows of">
        {(p) => (
          <select {...p} value={filter ?? 'all'} onChange={(e) => onFilter(e.target.value === 'all' ? null : Number(e.target.value))} data-testid="queue-library-filter">
            <option value="all">All libraries</option>
            {ids
              .map((id) => ({ id, name: nameOf(id) }))
              .sort((a, b) => a.name.localeCompare(b.name))
              .map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
          </select>
        )}
      </Field>
      {hidden > 0 && (
        <span className="muted small" role="status" data-testid="queue-hidden">
          {hidden} {hidden === 1 ? 'row' : 'rows'} of other libraries hidden
        </span>
      )}
    </div>
  );
}

export function QueueToolbar({ jobs, shown, status, controls, filter, onFilter, onPauseAll }: Props) {
  // With a filter on, every button below acts on the rows shown, by their ids; without one, on the whole queue.
  const scoped = filter !== null;
  const rows = scoped ? shown : jobs;
  const open = rows.filter((j) => !isFinal(j));
  const paused = open.filter((j) => j.paused);
  const failed = rows.filter((j) => j.state === 'failed');
  const ended = rows.filter((j) => isFinal(j));
  const idsOf = (list: readonly JobView[]) => ({ ids: list.map((j) => j.id) });
  const scopeHint = scoped ? 'Only the rows shown: rows of other libraries are left alone' : undefined;
  return (
    <div className="row queue-toolbar" role="group" aria-label={scoped ? 'Rows shown' : 'Whole queue'}>
      <LibraryFilterField jobs={jobs} filter={filter} onFilter={onFilter} />
      <button type="button" disabled={!open.some((j) => !j.paused)} onClick={onPauseAll} title={scopeHint}>
        {scoped ? 'Pause shown' : 'Pause all'}
      </button>
      <button type="button" disabled={paused.length === 0} onClick={() => controls.resume(scoped ? idsOf(paused) : { all: true })} title={scopeHint}>
        {scoped ? 'Resume shown' : 'Resume all'}
      </button>
      <CancelAll open={open.length} scoped={scoped} onCancel={() => controls.cancel(scoped ? idsOf(open) : { all: true })} />
      <button type="button" disabled={failed.length === 0} onClick={() => controls.retry(idsOf(failed))} title={scopeHint}>
        {scoped ? 'Retry shown failed' : 'Retry failed'}
        {failed.length > 0 ? ` (${failed.length})` : ''}
      </button>
      <button type="button" disabled={ended.length === 0} onClick={() => controls.clearCompleted(scoped ? ended.map((j) => j.id) : undefined)} title={scopeHint}>
        {scoped ? 'Clear shown completed' : 'Clear completed'}
      </button>
      <div className="toolbar-end">
        <Field label="Upload limit">
          {(p) => (
            <select
              {...p}
              value={status.bandwidthCap ?? 'off'}
              onChange={(e) => controls.setBandwidthCap(e.target.value === 'off' ? null : Number(e.target.value))}
              data-testid="bandwidth-cap"
            >
              <option value="off">Off</option>
              {/* A limit set elsewhere (an older choice) stays visible even when it is not one of the offered ones. */}
              {[...new Set<number>([...CAPS, ...(status.bandwidthCap === null ? [] : [status.bandwidthCap])])]
                .sort((a, b) => a - b)
                .map((n) => (
                  <option key={n} value={n}>
                    {capLabel(n)}
                  </option>
                ))}
            </select>
          )}
        </Field>
        <ResumableFrom />
        <Field label="At once">
          {(p) => (
            <select {...p} value={status.concurrency} onChange={(e) => controls.setConcurrency(Number(e.target.value))} data-testid="concurrency">
              {LEVELS.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
    </div>
  );
}
