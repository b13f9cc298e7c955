/**
 * The upload job's state machine, pure: an event either moves a job to a defined next record or is refused with a
 * reason and the job unchanged. Nothing here throws, so no sequence of events can leave a job in an undefined state.
 */
import { FINAL_STATES, SLOT_STATES, titleFromFileName, type JobError, type JobState, type QueueCounts } from '../../../../shared/videos/model.js';
import { isStatusNote } from '../../../../shared/videos/status.js';
import { toAppError } from '../../errors.js';
import type { JobPatch, JobRecord, NewJob, ProcessingPoll, RunOutcome } from '../types.js';

/** Something that happens to one job. */
export type MachineEvent =
  /** Takes an upload slot. */
  | { readonly type: 'start' }
  /** The runner reports a step (a new state inside the slot, the videoId, `uploaded`…). */
  | { readonly type: 'patch'; readonly patch: JobPatch }
  | { readonly type: 'outcome'; readonly outcome: RunOutcome; readonly at: number }
  | { readonly type: 'poll'; readonly poll: ProcessingPoll; readonly at: number }
  | { readonly type: 'pause' }
  | { readonly type: 'resume' }
  /** `deleted`: the created video was removed, so a retry must create a new one. */
  | { readonly type: 'cancel'; readonly at: number; readonly deleted: boolean; readonly note: string | null }
  | { readonly type: 'retry' }
  | { readonly type: 'title'; readonly title: string }
  | { readonly type: 'title-synced'; readonly title: string }
  | { readonly type: 'note'; readonly note: string | null }
  | { readonly type: 'move'; readonly position: number }
  /** The user switched the row to (or from) the resumable protocol. */
  | { readonly type: 'resumable'; readonly resumable: boolean }
  /** The file was found again (or changed on purpose): the job now means this file. */
  | { readonly type: 'relocate'; readonly path: string; readonly fileName: string; readonly size: number; readonly mtimeMs: number; readonly fingerprint: string }
  /** The queue opens after a stop it did not see: nothing is running any more. */
  | { readonly type: 'recover' };

/** The next record, or the same record and why the event does not apply. */
export type Step = { readonly ok: true; readonly job: JobRecord } | { readonly ok: false; readonly job: JobRecord; readonly reason: string };

/** States a job can be retried from. */
export const RETRYABLE_STATES: ReadonlySet<JobState> = new Set(['failed', 'cancelled', 'source-changed', 'source-missing']);

/** The note a job carries while the platform cannot be reached. */
export const WAITING_FOR_NETWORK = 'Waiting for network';

/** What a new job is made from: the file as added, and what the queue read and chose for it. */
export type NewRecord = NewJob & Pick<JobRecord, 'id' | 'position' | 'fileName' | 'size' | 'mtimeMs' | 'fingerprint' | 'addedAt'>;

/** A freshly added job: queued, no video yet. */
export function newJobRecord(n: NewRecord): JobRecord {
  const title = n.title?.trim() ? n.title.trim() : titleFromFileName(n.fileName);
  return {
    id: n.id, profileId: n.profileId, position: n.position, libraryId: n.libraryId, collectionId: n.collectionId,
    title, titleSynced: false, path: n.path, fileName: n.fileName, size: n.size, mtimeMs: n.mtimeMs, fingerprint: n.fingerprint,
    state: 'queued', paused: false, videoId: null, createPending: false, uploaded: false, resumable: n.resumable ?? false, attempts: 0, error: null, note: null,
    encodeProgress: null, addedAt: n.addedAt, endedAt: null,
  };
}

/** Whether a job has ended (nothing more happens to it unless retried). */
export function isEnded(job: JobRecord): boolean {
  return FINAL_STATES.has(job.state);
}

function refuse(job: JobRecord, reason: string): Step {
  return { ok: false, job, reason };
}

function to(job: JobRecord, change: Partial<JobRecord>): Step {
  return { ok: true, job: { ...job, ...change } };
}

function clampProgress(p: number | null): number | null {
  if (p === null || !Number.isFinite(p)) return null;
  return Math.min(100, Math.max(0, p));
}

/** Applies one event to one job. */
export function transition(job: JobRecord, event: MachineEvent): Step {
  const inSlot = SLOT_STATES.has(job.state);
  switch (event.type) {
    case 'start':
      if (job.state !== 'queued') return refuse(job, `a ${job.state} job cannot start`);
      if (job.paused) return refuse(job, 'a paused job cannot start');
      // With a video already made, the job goes straight to sending bytes to it.
      return to(job, { state: job.videoId ? 'created' : 'creating', attempts: job.attempts + 1, error: null, note: null });
    case 'patch': {
      if (!inSlot) return refuse(job, `a ${job.state} job is not running`);
      const next = event.patch.state;
      if (next !== undefined && !SLOT_STATES.has(next)) return refuse(job, `a runner cannot move a job to ${next}`);
      if (event.patch.paused !== undefined && event.patch.paused !== job.paused) return refuse(job, 'a runner cannot pause a job');
      return to(job, event.patch);
    }
    case 'outcome':
      return outcome(job, event.outcome, event.at);
    case 'poll':
      if (job.state !== 'processing') return refuse(job, `a ${job.state} job is not processing`);
      if (event.poll.kind === 'processing') {
        // A status's words stay only while the platform still answers that status.
        const note = event.poll.note ?? (isStatusNote(job.note) ? null : job.note);
        return to(job, { encodeProgress: clampProgress(event.poll.encodeProgress), note });
      }
      if (event.poll.kind === 'ready') return to(job, { state: 'ready', encodeProgress: 100, endedAt: event.at, error: null, ...(isStatusNote(job.note) ? { note: null } : {}) });
      return to(job, { state: 'failed', error: event.poll.error, endedAt: event.at });
    case 'pause':
      if (job.paused) return refuse(job, 'already paused');
      // Once the file is on the platform there is nothing of ours left to pause.
      if (isEnded(job) || job.state === 'processing') return refuse(job, `a ${job.state} job cannot be paused`);
      return to(job, { paused: true });
    case 'resume':
      if (!job.paused) return refuse(job, 'not paused');
      return to(job, { paused: false });
    case 'cancel':
      if (isEnded(job)) return refuse(job, `a ${job.state} job cannot be cancelled`);
      return to(job, {
        state: 'cancelled', paused: false, endedAt: event.at, note: event.note, createPending: event.deleted ? false : job.createPending,
        ...(event.deleted ? { videoId: null, uploaded: false, titleSynced: false } : {}),
      });
    case 'retry':
      if (!RETRYABLE_STATES.has(job.state)) return refuse(job, `a ${job.state} job cannot be retried`);
      // The video (when there is one) is reused: one file, one video. The bytes go again. A video the platform said
      // is not there (deleted from the library meanwhile) cannot be reused: the retry makes a new one.
      if (job.videoId !== null && job.state === 'failed' && job.error?.status === 404) {
        return to(job, { state: 'queued', paused: false, error: null, note: null, endedAt: null, uploaded: false, encodeProgress: null, videoId: null, createPending: false, titleSynced: false });
      }
      return to(job, { state: 'queued', paused: false, error: null, note: null, endedAt: null, uploaded: false, encodeProgress: null });
    case 'title':
      return to(job, { title: event.title, titleSynced: false });
    case 'title-synced':
      // A newer edit arrived while the old one was on its way: that one still has to go.
      if (job.title !== event.title || job.videoId === null) return refuse(job, 'the title changed again');
      return to(job, { titleSynced: true, note: null });
    case 'note':
      return to(job, { note: event.note });
    case 'move':
      return to(job, { position: event.position });
    case 'resumable':
      if (job.resumable === event.resumable) return refuse(job, event.resumable ? 'already resumable' : 'not resumable');
      // Once the platform has the whole file there is nothing left to send either way.
      if (job.uploaded || job.state === 'processing' || job.state === 'ready') return refuse(job, `a ${job.state} job has no bytes left to send`);
      // A video that may hold part of a resumable upload refuses a whole file sent by PUT: such a row stays resumable.
      if (!event.resumable && job.videoId !== null) return refuse(job, 'its video may already hold part of a resumable upload');
      return to(job, { resumable: event.resumable });
    case 'relocate': {
      if (!RETRYABLE_STATES.has(job.state) && job.state !== 'queued') return refuse(job, `a ${job.state} job cannot be pointed at another file`);
      const { path, fileName, size, mtimeMs, fingerprint } = event;
      return to(job, { path, fileName, size, mtimeMs, fingerprint, state: 'queued', paused: false, error: null, note: null, endedAt: null, uploaded: false, encodeProgress: null });
    }
    case 'recover':
      if (!inSlot) return refuse(job, 'nothing was running');
      // A create whose answer was never seen may have made the video: the runner looks for its marker first.
      return to(job, { state: 'queued', createPending: job.createPending || (job.state === 'creating' && job.videoId === null) });
  }
}

function outcome(job: JobRecord, o: RunOutcome, at: number): Step {
  if (!SLOT_STATES.has(job.state)) return refuse(job, `a ${job.state} job is not running`);
  switch (o.kind) {
    case 'verified':
      if (!job.videoId) return refuse(job, 'verified without a video');
      return o.ready
        ? to(job, { state: 'ready', paused: false, uploaded: true, encodeProgress: 100, endedAt: at, error: null, note: null })
        : to(job, { state: 'processing', paused: false, uploaded: true, encodeProgress: clampProgress(o.encodeProgress) ?? 0, error: null, note: o.note ?? null });
    case 'failed':
      return to(job, { state: 'failed', paused: false, error: o.error, endedAt: at });
    case 'source-changed':
      return to(job, { state: 'source-changed', paused: false, endedAt: at });
    case 'source-missing':
      return to(job, { state: 'source-missing', paused: false, endedAt: at });
    case 'offline':
      return to(job, { state: 'queued', note: WAITING_FOR_NETWORK, error: offlineError(o.error) });
    case 'stopped':
      return to(job, { state: 'queued' });
  }
}

function offlineError(e: JobError): JobError | null {
  // The row says "Waiting for network"; the error stays only as the detail of why.
  return { ...e, retryable: true };
}

/** Counts over a queue: queued = done + failed + cancelled + sourceChanged + inFlight by construction. */
export function countJobs(jobs: Iterable<JobRecord>, bytesSentOf: (job: JobRecord) => number): QueueCounts {
  let queued = 0, done = 0, failed = 0, cancelled = 0, sourceChanged = 0, inFlight = 0, totalBytes = 0, sentBytes = 0;
  for (const job of jobs) {
    queued++;
    switch (job.state) {
      case 'ready': done++; break;
      case 'failed': failed++; break;
      case 'cancelled': cancelled++; break;
      case 'source-changed':
      case 'source-missing': sourceChanged++; break;
      default:
        inFlight++;
        totalBytes += job.size;
        sentBytes += Math.min(job.size, bytesSentOf(job));
    }
  }
  return { queued, done, failed, cancelled, sourceChanged, inFlight, totalBytes, sentBytes };
}

/** A job error from anything a runner or client threw. */
export function thrownJobError(e: unknown): JobError {
  const a = toAppError(e);
  const retryable = a.kind === 'network' || a.kind === 'timeout' || (a.status !== undefined && (a.status >= 500 || a.status === 429));
  return { title: a.title, ...(a.detail !== undefined ? { detail: a.detail } : {}), ...(a.status !== undefined ? { status: a.status } : {}), retryable };
}
