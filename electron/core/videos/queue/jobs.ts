/**
 * What the queue shows: a job's row (its bytes, live speed and time left), the queue's status and counts, the
 * order of the rows, which rows a selection means, and whether anything is left to do. Pure reads of what the
 * queue hands in.
 */
import type { JobView, QueueStatus } from '../../../../shared/videos/model.js';
import { countJobs, isEnded } from './machine.js';
import type { Run } from './queue-run.js';
import type { JobRecord, Selection } from '../types.js';

/** The bytes the row counts as sent: the whole file once uploaded, else what this run or the platform has. */
export function bytesOf(job: JobRecord, run: Run | undefined, kept: ReadonlyMap<string, number>): number {
  if (job.uploaded || job.state === 'processing' || job.state === 'ready') return job.size;
  if (run) return run.bytes;
  // A resumable job keeps what the platform has; any other starts again from zero.
  return job.resumable ? (kept.get(job.id) ?? 0) : 0;
}

/** The row of one job; speed and time left only while it is sending. */
export function jobView(job: JobRecord, run: Run | undefined, kept: ReadonlyMap<string, number>, now: () => number, highlight: boolean): JobView {
  const bytesSent = Math.floor(Math.min(job.size, bytesOf(job, run, kept)));
  const live = run && job.state === 'uploading' && !job.paused ? run.meter.view(job.size, now()) : { speed: null, eta: null };
  return {
    id: job.id, profileId: job.profileId, position: job.position, libraryId: job.libraryId, collectionId: job.collectionId, title: job.title, fileName: job.fileName,
    size: job.size, state: job.state, paused: job.paused, videoId: job.videoId, bytesSent, speed: live.speed, eta: live.eta,
    encodeProgress: job.encodeProgress === null ? null : Math.min(100, Math.max(0, job.encodeProgress)), error: job.error, note: job.note,
    highlight, resumable: job.resumable,
  };
}

/** The queue's status: its settings, whether it waits for the network, and the counts over every job. */
export function queueStatus(
  settings: { readonly concurrency: number; readonly bandwidthCap: number | null; readonly waitingForNetwork: boolean },
  jobs: Iterable<JobRecord>,
  bytes: (job: JobRecord) => number,
): QueueStatus {
  return { concurrency: settings.concurrency, bandwidthCap: settings.bandwidthCap, waitingForNetwork: settings.waitingForNetwork, counts: countJobs(jobs, bytes) };
}

/** The jobs in queue order: by position, then by when they were added. */
export function orderedJobs(jobs: Iterable<JobRecord>): JobRecord[] {
  return [...jobs].sort((a, b) => a.position - b.position || a.addedAt - b.addedAt);
}

/** The jobs a selection names, in queue order for "all"; ids no longer in the queue are skipped. */
export function selectJobs(jobs: ReadonlyMap<string, JobRecord>, selection: Selection): JobRecord[] {
  if ('all' in selection) return orderedJobs(jobs.values());
  return selection.ids.flatMap((id) => {
    const job = jobs.get(id);
    return job ? [job] : [];
  });
}

/** True when no job runs, waits or is processed: every job has ended or is paused. */
export function nothingToDo(jobs: Iterable<JobRecord>, running: number): boolean {
  if (running > 0) return false;
  for (const job of jobs) if (!isEnded(job) && !job.paused) return false;
  return true;
}
