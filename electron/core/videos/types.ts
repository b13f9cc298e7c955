/**
 * The upload queue inside the core: what a job keeps on disk, and the seams between the queue (order, slots,
 * persistence) and the job runner (the platform calls of one job).
 */
import type { JobError, JobState, JobView, QueueStatus } from '../../../shared/videos/model.js';
import type { PlatformClient } from '../platform/types.js';
import type { BandwidthGate } from './upload/bandwidth.js';

/** One job as persisted; the renderer sees a JobView built from it, never the path. */
export interface JobRecord {
  readonly id: string;
  /** Whose keys upload it: the profile that was active when it was added (the command line uses its own). */
  readonly profileId: string;
  /** Order in the queue; lower runs first ("move to top" gives a lower one). */
  readonly position: number;
  readonly libraryId: number;
  readonly collectionId: string | null;
  /** The title the user wants; what the platform has may lag behind until `titleSynced`. */
  readonly title: string;
  readonly titleSynced: boolean;
  readonly path: string;
  readonly fileName: string;
  /** Size and modification time when added: the upload is of exactly this file. */
  readonly size: number;
  readonly mtimeMs: number;
  /** Identifies the file's content cheaply (size, mtime, and a hash of its first and last bytes). */
  readonly fingerprint: string;
  readonly state: JobState;
  readonly paused: boolean;
  /** Stored before the first byte is sent; every retry and restart reuses it. */
  readonly videoId: string | null;
  /** A create call went out whose answer was not seen: look for the job's marker before creating again. */
  readonly createPending: boolean;
  /** A PUT of the whole file was answered 2xx: the video holds the file. */
  readonly uploaded: boolean;
  /** Sent by the resumable (tus) protocol: a cut or a restart continues from the platform's offset, not from zero. */
  readonly resumable: boolean;
  readonly attempts: number;
  readonly error: JobError | null;
  readonly note: string | null;
  readonly encodeProgress: number | null;
  readonly addedAt: number;
  readonly endedAt: number | null;
}

/** Fields a runner may change; the queue persists a patch before the runner's next step starts. */
export type JobPatch = Partial<Omit<JobRecord, 'id' | 'profileId' | 'path' | 'fileName' | 'size' | 'mtimeMs' | 'fingerprint' | 'addedAt' | 'position' | 'libraryId'>>;

/** What one job's runner is handed by the queue. */
export interface RunContext {
  /** The job as it is now (the queue updates it, e.g. a title edit). */
  job(): JobRecord;
  /** Persists a change; resolves once it is on disk. Never called after the runner has returned. */
  update(patch: JobPatch): Promise<void>;
  /** Bytes the socket has taken in this attempt (not persisted; the queue throttles what it emits). */
  progress(bytesSent: number): void;
  /** Aborted on pause, cancel and shutdown; the runner stops at once and returns `{ kind: 'stopped' }`. */
  readonly signal: AbortSignal;
  /** The platform client of the job's profile; it carries the library key by `libraryId`. */
  readonly client: PlatformClient;
  /** The global upload cap every body asks before it sends bytes (shared by all rows, PUT and TUS alike). */
  readonly bandwidth: BandwidthGate;
  /** What a resumable upload signs with (the profile's video URL and library keys); absent, the job cannot use tus. */
  readonly tus?: TusAccess | undefined;
}

/** What the core signs resumable uploads of one profile with; the key never leaves the core. */
export interface TusAccess {
  /** The video API's base URL; the tus endpoint is `{videoUrl}/tusupload`. */
  readonly videoUrl: string;
  libraryKey(libraryId: number): Promise<string | null>;
}

/** How a runner's turn ended. */
export type RunOutcome =
  /** Uploaded and verified: the queue moves the job to processing (or ready when the platform is done). */
  | { readonly kind: 'verified'; readonly encodeProgress: number | null; readonly ready: boolean; readonly note?: string | null }
  | { readonly kind: 'failed'; readonly error: JobError }
  | { readonly kind: 'source-changed' }
  | { readonly kind: 'source-missing' }
  /** The platform could not be reached after the retries: the queue waits for the network, then runs the job again. */
  | { readonly kind: 'offline'; readonly error: JobError }
  /** The signal was aborted. */
  | { readonly kind: 'stopped' };

/** Where processing stands after one poll. */
export type ProcessingPoll =
  /** `note`: the status in words when it is not plain encoding ("Preparing for playback", "Processing (status 12)"). */
  | { readonly kind: 'processing'; readonly encodeProgress: number; readonly note?: string | null }
  | { readonly kind: 'ready' }
  | { readonly kind: 'failed'; readonly error: JobError };

/** The platform calls of jobs; the queue decides when, the runner decides how. */
export interface JobRunner {
  /** Creates the video if needed (or finds it by marker), streams the file by PUT, and verifies it. */
  upload(ctx: RunContext): Promise<RunOutcome>;
  /** One look at the video's processing state (the queue polls with backoff, outside the upload slots). */
  pollProcessing(job: JobRecord, client: PlatformClient, signal: AbortSignal): Promise<ProcessingPoll>;
  /** Renames the video on the platform. */
  updateTitle(job: JobRecord, client: PlatformClient, signal: AbortSignal): Promise<void>;
  /** Deletes a created video (cancel before a whole file arrived). */
  deleteVideo(job: JobRecord, client: PlatformClient, signal: AbortSignal): Promise<void>;
  /** Whether the platform answers at all (used while waiting for the network). */
  reachable(libraryId: number, client: PlatformClient, signal: AbortSignal): Promise<boolean>;
  /** Drops what a job kept to resume its upload (the job was cancelled or removed). */
  forget?(jobId: string): Promise<void>;
}

/** A file to queue, already resolved to a path by the core (folders walked, non-videos left out). */
export interface NewJob {
  readonly path: string;
  readonly profileId: string;
  readonly libraryId: number;
  readonly collectionId: string | null;
  /** Defaults to the file name without its extension. */
  readonly title?: string;
  /** Send it by the resumable protocol whatever its size (larger files use it anyway, per the queue's threshold). */
  readonly resumable?: boolean;
}

/** What adding did, per file. */
export interface AddOutcome {
  readonly added: readonly JobView[];
  /** Each file's row, added now or already there, by the path given. */
  readonly rows: readonly { readonly path: string; readonly id: string }[];
  /** Jobs already queued for the same file (path, size, mtime); they are highlighted. */
  readonly alreadyQueued: readonly string[];
  /** Files this machine has uploaded to the same library before (by fingerprint); not added unless `again`. */
  readonly previouslyUploaded: readonly { readonly path: string; readonly uploadedAt: number }[];
  /** Paths that could not be read (gone, not a file). */
  readonly unreadable: readonly string[];
  /** Paths of files with nothing in them: refused before anything was created on the platform. */
  readonly empty: readonly string[];
}

/** Which jobs a control applies to. */
export type Selection = { readonly ids: readonly string[] } | { readonly all: true };

/** A queue change as the renderer's event carries it. */
export interface QueueChange {
  readonly jobs: readonly JobView[];
  readonly removed: readonly string[];
  readonly status: QueueStatus;
}

/** The persisted upload queue of one owner (the app, or one command line run). */
export interface UploadQueue {
  /**
   * Adds files; `again` lets ended rows and the upload history go. `takeUp` (a command run again): each file's row goes
   * on, on its video — resumed, retried when it ended without the whole file (even with `again`), resumable if asked.
   */
  add(files: readonly NewJob[], options?: { readonly again?: boolean; readonly takeUp?: boolean }): Promise<AddOutcome>;
  list(): { readonly jobs: readonly JobView[]; readonly status: QueueStatus };
  /** The persisted record (the handlers and tests read paths and video ids here). */
  record(id: string): JobRecord | undefined;
  pause(selection: Selection): Promise<number>;
  resume(selection: Selection): Promise<number>;
  cancel(selection: Selection): Promise<number>;
  retry(selection: Selection): Promise<number>;
  moveToTop(selection: Selection): Promise<number>;
  /** Removes ended rows: every one, or only those among `ids`. */
  clearCompleted(ids?: readonly string[]): Promise<number>;
  setTitle(id: string, title: string): Promise<JobView>;
  setConcurrency(value: number): Promise<QueueStatus>;
  /** Sets the global upload cap in bytes per second (null: no cap); uploads already running follow it at once. */
  setBandwidthCap(bytesPerSecond: number | null): Promise<QueueStatus>;
  /** Files of at least this many bytes are added as resumable (persisted like the concurrency). */
  resumableOver(): number;
  setResumableOver(bytes: number): Promise<number>;
  /** Switches rows to (or from) the resumable protocol; a row sending now starts again in the new way. */
  setResumable(selection: Selection, resumable: boolean): Promise<number>;
  /** Points a job at a file found again ("Locate file…") and queues it anew; null when the file is not usable. */
  relocate(id: string, path: string): Promise<JobView | null>;
  /** Listens to changes (throttled: at most ten per second per job, each job a whole snapshot). */
  onChange(listener: (change: QueueChange) => void): () => void;
  /** Resolves when no job is running, waiting or processing (every job has ended or is paused). */
  idle(): Promise<void>;
  /** Stops every runner without changing what is persisted (jobs continue next open) and releases the lock. */
  close(): Promise<void>;
}
