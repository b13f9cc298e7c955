/**
 * Deciding what a drop adds to the queue: each file is fingerprinted; a file whose row is still in the list (same
 * library, path, size and modification time) points to that row instead; a file this machine already uploaded to
 * the library is held back for the user to confirm; anything unreadable is named.
 */
import { randomUUID } from 'node:crypto';
import { basename } from 'node:path';
import { fingerprintFile, type FileIdentity } from './fingerprint.js';
import type { UploadHistory } from './history.js';
import { isEnded, newJobRecord } from './machine.js';
import { sameFile } from './queue-support.js';
import type { JobRecord, NewJob } from './types.js';

/** What a batch of new files comes to, before anything is written. */
export interface AddPlan {
  readonly records: readonly JobRecord[];
  /** Rows already in the list for one of the files. */
  readonly alreadyQueued: ReadonlySet<string>;
  readonly previouslyUploaded: readonly { readonly path: string; readonly uploadedAt: number }[];
  readonly unreadable: readonly string[];
}

/** Plans the records for `files` after the jobs already in the queue; `again` lets ended rows and history go. */
export async function planAdd(
  files: readonly NewJob[],
  jobs: Iterable<JobRecord>,
  history: UploadHistory,
  options: { readonly again: boolean; readonly now: number; readonly resumableOver: number },
): Promise<AddPlan> {
  const live = new Map<string, string>();
  let position = 0;
  for (const job of jobs) {
    position = Math.max(position, job.position);
    // Every row still in the list counts, ended ones too (the user sees it and can retry it there), unless the
    // user asked to upload the file again.
    if (!options.again || !isEnded(job)) live.set(sameFile(job.libraryId, job.path, job), job.id);
  }
  const records: JobRecord[] = [];
  const alreadyQueued = new Set<string>();
  const previouslyUploaded: { path: string; uploadedAt: number }[] = [];
  const unreadable: string[] = [];
  for (const file of files) {
    let identity: FileIdentity;
    try {
      identity = await fingerprintFile(file.path);
    } catch {
      unreadable.push(file.path);
      continue;
    }
    const key = sameFile(file.libraryId, file.path, identity);
    const existing = live.get(key);
    if (existing !== undefined) {
      alreadyQueued.add(existing);
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
  }
  return { records, alreadyQueued, previouslyUploaded, unreadable };
}
