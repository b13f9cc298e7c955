/**
 * The upload queue as the renderer knows it: filled once by `videos.list`, then kept current by `videos.jobs`
 * events, each carrying whole snapshots of the jobs that changed and the ids removed. Rows are kept by id and
 * listed by position, so a change to one job never rebuilds the others.
 */
import { create } from 'zustand';
import { call } from '../../bridge/client';
import { useLoadThenFollow } from '../../bridge/events';
import type { EventPayload, MethodOutput } from '../../../shared/contract/index';
import type { AppError } from '../../../shared/contract/result';
import type { JobView, QueueStatus } from '../../../shared/videos/model';

/** The queue's status before the core has answered: empty, default concurrency. */
export const EMPTY_STATUS: QueueStatus = {
  concurrency: 2,
  bandwidthCap: null,
  waitingForNetwork: false,
  counts: { queued: 0, done: 0, failed: 0, cancelled: 0, sourceChanged: 0, inFlight: 0, totalBytes: 0, sentBytes: 0 },
};

interface QueueState {
  readonly byId: ReadonlyMap<string, JobView>;
  /** The jobs in queue order (lowest position first). */
  readonly ordered: readonly JobView[];
  readonly status: QueueStatus;
  /** Whether the whole list has arrived once (or could not be had: then `loadError` says why). */
  readonly loaded: boolean;
  readonly loadError: AppError | null;
  /** Takes a whole list in place of what was known. */
  replace(list: MethodOutput<'videos.list'>): void;
  /** Applies one `videos.jobs` event. */
  merge(change: EventPayload<'videos.jobs'>): void;
  /** The list could not be had: the screen says so instead of waiting for ever. */
  failed(error: AppError): void;
}

function order(byId: ReadonlyMap<string, JobView>): JobView[] {
  // Ties on position keep a stable order by id, so rows never swap places between events.
  return [...byId.values()].sort((a, b) => a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Whether a change moves rows: a new or removed job, or a job whose position changed. */
function reorders(prev: ReadonlyMap<string, JobView>, change: EventPayload<'videos.jobs'>): boolean {
  if (change.removed.some((id) => prev.has(id))) return true;
  return change.jobs.some((j) => prev.get(j.id)?.position !== j.position);
}

export const useQueue = create<QueueState>((set) => ({
  byId: new Map(),
  ordered: [],
  status: EMPTY_STATUS,
  loaded: false,
  loadError: null,
  replace({ jobs, status }) {
    const byId = new Map(jobs.map((j) => [j.id, j]));
    set({ byId, ordered: order(byId), status, loaded: true, loadError: null });
  },
  failed(error) {
    set({ loaded: true, loadError: error });
  },
  merge(change) {
    set((s) => {
      const byId = new Map(s.byId);
      for (const id of change.removed) byId.delete(id);
      for (const job of change.jobs) byId.set(job.id, job);
      // Most events are progress of rows already in place: swap those snapshots in without sorting again.
      const ordered = reorders(s.byId, change) ? order(byId) : s.ordered.map((j) => byId.get(j.id) ?? j);
      return { byId, ordered, status: change.status };
    });
  },
}));

/** Keeps the queue current for the whole window (a reloaded window gets the same queue back); the root mounts it once. */
export function useQueueSync(): void {
  useLoadThenFollow('videos.jobs', () => call('videos.list', {}), useQueue.getState());
}
