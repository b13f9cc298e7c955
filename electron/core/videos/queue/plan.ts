/**
 * How the queue opens (its options and starting settings) and what a drop adds to it: one row per file (same
 * library, real path, size and time), whatever name it was given by; a file changed before the platform had all of
 * it goes on in its row; a file this machine already uploaded waits for the user; empty and unreadable files are named.
 */
import { randomUUID } from 'node:crypto';
import { realpath } from 'node:fs/promises';
import { basename } from 'node:path';
import { CONCURRENCY, RESUMABLE_OVER_DEFAULT } from '../../../../shared/videos/model.js';
import type { PlatformClient } from '../../platform/types.js';
import { BandwidthCap, validCap } from '../upload/bandwidth.js';
import { fingerprintFile, type FileIdentity } from './fingerprint.js';
import type { HistoryFile, UploadHistory } from './history.js';
import type { JournalState } from './journal.js';
import { isEnded, newJobRecord, RETRYABLE_STATES } from './machine.js';
import type { JobRecord, JobRunner, NewJob, TusAccess, UploadQueue } from '../types.js';

/** How the queue is opened. */
export interface UploadQueueOptions {
  /** The folder holding the journal, the lock and the upload history. */
  readonly dir: string;
  readonly runner: JobRunner;
  clientFor(profileId: string): Promise<PlatformClient>;
  /** What resumable uploads of a profile are signed with; without it, no job can be sent resumable. */
  tusAccessFor?(profileId: string): Promise<TusAccess | undefined>;
  readonly now?: () => number;
  /** Waits between polls and network probes; must return early when the signal is aborted. */
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  readonly random?: () => number;
  /** The change events' window: each job at most once per window (default 100 ms). */
  readonly throttleMs?: number;
  /** How long a row stays highlighted after its file was added again (default 3 s). */
  readonly highlightMs?: number;
  /** Told what the user should know that is not about one row (the upload history could not be written). */
  notice?(message: string): void;
  /** How the upload history opens its file (tests: one whose writes fail). */
  readonly openHistoryFile?: (path: string) => Promise<HistoryFile>;
}

/** An open queue; `recovered` explains a journal that could not be read and was set aside. */
export type OpenedUploadQueue = UploadQueue & { readonly recovered?: string };

/** The settings at open: the persisted ones, else the defaults. */
export function openingSettings(persisted: JournalState): { readonly concurrency: number; readonly bandwidth: BandwidthCap; readonly resumableOver: number } {
  const cap = persisted.bandwidthCap ?? null;
  const concurrency = persisted.concurrency ?? CONCURRENCY.default;
  return {
    concurrency: Number.isInteger(concurrency) ? Math.min(CONCURRENCY.max, Math.max(CONCURRENCY.min, concurrency)) : CONCURRENCY.default,
    // A persisted cap outside today's bounds (an older build's) is dropped rather than refused at open.
    bandwidth: new BandwidthCap(validCap(cap) ? cap : null),
    resumableOver: persisted.resumableOver ?? RESUMABLE_OVER_DEFAULT,
  };
}

/** The same file bound for the same library: uploading one file to two libraries is not a duplicate. */
function sameFile(libraryId: number, path: string, f: { readonly size: number; readonly mtimeMs: number }): string {
  return `${libraryId}\u0000${path}\u0000${f.size}\u0000${f.mtimeMs}`;
}

/** What a batch of new files comes to, before anything is written. */
export interface AddPlan {
  readonly records: readonly JobRecord[];
  /** Rows already in the list for one of the files. */
  readonly alreadyQueued: ReadonlySet<string>;
  /** Each file's row (new or already there), by the path given. */
  readonly rows: readonly { readonly path: string; readonly id: string }[];
  readonly previouslyUploaded: readonly { readonly path: string; readonly uploadedAt: number }[];
  readonly unreadable: readonly string[];
  /** Files with no bytes in them: the platform cannot make a video of nothing, so nothing is created. */
  readonly empty: readonly string[];
  /** Rows whose file changed before the platform had all of it: they take the file as it is now, on the same video. */
  readonly changed: readonly { readonly id: string; readonly identity: FileIdentity }[];
}

/** A file's real path (links and `..` resolved), so one file named two ways is one row; the path itself when it is gone. */
function realPaths(): (path: string) => Promise<string> {
  const known = new Map<string, Promise<string>>();
  return (path) => {
    let real = known.get(path);
    if (real === undefined) {
      real = realpath(path).catch(() => path);
      known.set(path, real);
    }
    return real;
  };
}

/** The row a changed file goes on in: it has not ended with the file on the platform, and is not sending now. */
function takesChangedFile(job: JobRecord): boolean {
  return !job.uploaded && (job.state === 'queued' || RETRYABLE_STATES.has(job.state));
}

/** Plans the records for `files` after the jobs already in the queue; `again` lets ended rows and history go. */
export async function planAdd(
  files: readonly NewJob[],
  jobs: Iterable<JobRecord>,
  history: UploadHistory,
  options: { readonly again: boolean; readonly now: number; readonly resumableOver: number; readonly takeUp?: boolean },
): Promise<AddPlan> {
  const real = realPaths();
  const live = new Map<string, string>();
  /** By library and real path: the latest row of the file that the platform does not have all of yet. */
  const unfinished = new Map<string, JobRecord>();
  const all = [...jobs];
  const reals = await Promise.all(all.map((job) => real(job.path)));
  let position = 0;
  all.forEach((job, i) => {
    position = Math.max(position, job.position);
    // Every row still in the list counts, ended ones too (the user sees it and can retry it there), unless the
    // user asked to upload the file again; a run taking its rows up keeps those that never got the whole file.
    if (options.again && isEnded(job) && !(options.takeUp === true && RETRYABLE_STATES.has(job.state))) return;
    const path = reals[i] ?? job.path;
    live.set(sameFile(job.libraryId, path, job), job.id);
    const place = `${job.libraryId}\u0000${path}`;
    const before = unfinished.get(place);
    if (!job.uploaded && (before === undefined || before.addedAt <= job.addedAt)) unfinished.set(place, job);
  });
  const records: JobRecord[] = [];
  const alreadyQueued = new Set<string>();
  const rows: { path: string; id: string }[] = [];
  const previouslyUploaded: { path: string; uploadedAt: number }[] = [];
  const unreadable: string[] = [];
  const empty: string[] = [];
  const changed: { id: string; identity: FileIdentity }[] = [];
  for (const file of files) {
    let identity: FileIdentity;
    try {
      identity = await fingerprintFile(file.path);
    } catch {
      unreadable.push(file.path);
      continue;
    }
    if (identity.size === 0) {
      empty.push(file.path);
      continue;
    }
    const path = await real(file.path);
    const key = sameFile(file.libraryId, path, identity);
    const existing = live.get(key);
    if (existing !== undefined) {
      alreadyQueued.add(existing);
      rows.push({ path: file.path, id: existing });
      continue;
    }
    // The file changed since its row began: the row (and its video) takes the file as it is now, never a second video.
    const place = `${file.libraryId}\u0000${path}`;
    const earlier = unfinished.get(place);
    if (earlier !== undefined) {
      if (takesChangedFile(earlier)) changed.push({ id: earlier.id, identity });
      alreadyQueued.add(earlier.id);
      rows.push({ path: file.path, id: earlier.id });
      live.set(key, earlier.id);
      unfinished.delete(place);
      continue;
    }
    const before = history.find(file.libraryId, identity.fingerprint);
    if (before && !options.again) {
      previouslyUploaded.push({ path: file.path, uploadedAt: before.at });
      continue;
    }
    const record = newJobRecord({
      id: randomUUID(), profileId: file.profileId, position: ++position, libraryId: file.libraryId, collectionId: file.collectionId,
      ...(file.title !== undefined ? { title: file.title } : {}), path: file.path, fileName: basename(file.path), ...identity, addedAt: options.now,
      // Large files go resumable by themselves: a cut late in a big PUT would cost the whole file again.
      resumable: file.resumable === true || identity.size >= options.resumableOver,
    });
    live.set(key, record.id);
    records.push(record);
    rows.push({ path: file.path, id: record.id });
  }
  return { records, alreadyQueued, rows, previouslyUploaded, unreadable, empty, changed };
}
