/**
 * The upload queue as both processes see it: a job's state, the snapshot of a job the renderer draws, and the
 * accounting of the whole queue. The core persists more (paths, fingerprints); the renderer never gets those.
 */
import { z } from 'zod';
import { FINAL_STATES, JOB_STATES } from './job-states.js';
import { processingWords } from './status.js';

export { FINAL_STATES, JOB_STATES, SLOT_STATES } from './job-states.js';
export const JobState = z.enum(JOB_STATES);
export type JobState = z.infer<typeof JobState>;

/** A failure as the row shows it: the platform's status and message, and what the user can do. */
export const JobError = z.object({
  title: z.string(),
  detail: z.string().optional(),
  status: z.number().int().optional(),
  /** What to do next, in words ("Set this library's key in Settings"). */
  hint: z.string().optional(),
  /** Whether retrying can help (a 400 cannot; a reset can). */
  retryable: z.boolean(),
});
export type JobError = z.infer<typeof JobError>;

/** One row of the queue as the renderer draws it; every field is a whole snapshot, never a delta. */
export const JobView = z.object({
  id: z.string(),
  /**
   * The profile the job was added under: its keys upload it, and its account holds the video, whichever profile is
   * active now. The renderer names it on rows of another profile and never looks the video up in the active one.
   */
  profileId: z.string(),
  /** Order in the queue: lower runs first. */
  position: z.number(),
  libraryId: z.number().int(),
  collectionId: z.string().nullable(),
  title: z.string(),
  fileName: z.string(),
  size: z.number().int().nonnegative(),
  state: JobState,
  paused: z.boolean(),
  videoId: z.string().nullable(),
  /** Bytes the socket has taken in the current attempt; 0 before the first byte. */
  bytesSent: z.number().int().nonnegative(),
  /** Smoothed bytes per second; null until there is enough to say. */
  speed: z.number().nonnegative().nullable(),
  /** Seconds left; null when unknown (early, paused, not uploading). */
  eta: z.number().nonnegative().nullable(),
  /** The platform's encoding progress while processing, 0..100. */
  encodeProgress: z.number().min(0).max(100).nullable(),
  error: JobError.nullable(),
  /** A short explanation beside the state ("Waiting for network", "Kept the video: it had received the whole file"). */
  note: z.string().nullable(),
  /** Set for a moment when the user added this file again. */
  highlight: z.boolean(),
  /** Sent by the resumable protocol: pausing or a cut keeps what the platform has; otherwise the file goes again from zero. */
  resumable: z.boolean(),
});
export type JobView = z.infer<typeof JobView>;

/**
 * A job's state as its row says it, with the tone it is drawn in (the words always carry the meaning too). A paused
 * job that has not ended says "Paused", whatever step it waits at.
 */
export function jobStateWords(job: Pick<JobView, 'paused' | 'state' | 'note' | 'encodeProgress'>): { readonly label: string; readonly tone: 'neutral' | 'active' | 'success' | 'warning' | 'danger' } {
  if (job.paused && !FINAL_STATES.has(job.state)) return { label: 'Paused', tone: 'neutral' };
  switch (job.state) {
    case 'queued':
      return { label: 'Waiting', tone: 'neutral' };
    case 'creating':
      return { label: 'Creating', tone: 'active' };
    case 'created':
    case 'uploading':
      return { label: 'Uploading', tone: 'active' };
    case 'verifying':
      return { label: 'Verifying', tone: 'active' };
    case 'processing':
      return { label: processingWords(job), tone: 'active' };
    case 'ready':
      return { label: 'Ready', tone: 'success' };
    case 'failed':
      return { label: 'Failed', tone: 'danger' };
    case 'cancelled':
      return { label: 'Cancelled', tone: 'neutral' };
    case 'source-changed':
      return { label: 'File changed on disk', tone: 'warning' };
    case 'source-missing':
      return { label: 'File missing', tone: 'warning' };
  }
}

/** Counts over the whole queue; queued = done + failed + cancelled + sourceChanged + inFlight, always. */
export const QueueCounts = z.object({
  queued: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  cancelled: z.number().int(),
  sourceChanged: z.number().int(),
  inFlight: z.number().int(),
  /** Bytes of every job not ended, and how many of them are sent (for the tray and the taskbar). */
  totalBytes: z.number(),
  sentBytes: z.number(),
});
export type QueueCounts = z.infer<typeof QueueCounts>;

/** The queue's settings and health, beside its rows. */
export const QueueStatus = z.object({
  concurrency: z.number().int().min(1).max(6),
  /** The global upload cap in bytes per second, shared by every upload; null when off. */
  bandwidthCap: z.number().int().positive().nullable(),
  /** The platform cannot be reached: uploads wait and resume by themselves. */
  waitingForNetwork: z.boolean(),
  counts: QueueCounts,
});
export type QueueStatus = z.infer<typeof QueueStatus>;

/**
 * The slowest and fastest upload cap accepted, in bytes per second: below the floor a request's own headers
 * would be most of what goes; above the ceiling no link this app sees is held back.
 */
export const BANDWIDTH_CAP = { min: 8_000, max: 10_000_000_000 } as const;
/** Files at least this large are sent by the resumable protocol unless the setting says otherwise (1 GiB). */
export const RESUMABLE_OVER_DEFAULT = 1024 * 1024 * 1024;

/** The least and most uploads at once, and the default. */
export const CONCURRENCY = { min: 1, max: 6, default: 2 } as const;

/** Extensions taken as video files when folders are walked and when the file dialog filters. */
export const VIDEO_EXTENSIONS = [
  'mp4', 'm4v', 'mov', 'mkv', 'webm', 'avi', 'wmv', 'flv', 'mpg', 'mpeg', 'm2ts', 'mts', 'ts', '3gp', '3g2', 'ogv', 'mxf', 'vob', 'f4v', 'divx', 'asf', 'y4m',
] as const;

/** Whether a file name looks like a video by its extension. */
export function isVideoFileName(name: string): boolean {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return false;
  return (VIDEO_EXTENSIONS as readonly string[]).includes(name.slice(dot + 1).toLowerCase());
}

/** The default title: the file name without its extension. */
export function titleFromFileName(name: string): string {
  const dot = name.lastIndexOf('.');
  const base = dot > 0 ? name.slice(0, dot) : name;
  return base.trim() === '' ? name : base;
}

/** A title as the platform takes it: not blank, at most this long. */
export const Title = z.string().trim().min(1, 'must not be empty').max(500, 'must be at most 500 characters');
