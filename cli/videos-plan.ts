/** Which files a run adds to the queue, and which it takes up again from an earlier run's jobs. */
import { realpath, stat } from 'node:fs/promises';
import type { UploadQueue } from '../electron/core/videos/index.js';
import type { JobState } from '../shared/videos/model.js';

/** Ended states a run takes up again: the file never arrived whole, and the job may still hold its video. */
export const RESUMABLE_ENDINGS: ReadonlySet<JobState> = new Set(['failed', 'cancelled', 'source-changed', 'source-missing']);

/** What to do with the walked files. */
export interface UploadPlan {
  /** Files with no job to take up: added (the queue's own guard still finds those queued and not ended). */
  readonly add: readonly string[];
  /** Jobs of an earlier run for the very same file (path, size, mtime) and library that ended unfinished: retried on their video. */
  readonly retry: readonly string[];
}

/**
 * The queue's duplicate guard only looks at jobs that have not ended, so a file whose upload failed in an
 * earlier run would get a second video. The command line takes that job up again instead: one file, one video.
 */
export async function planUpload(queue: UploadQueue, files: readonly string[], libraryId: number): Promise<UploadPlan> {
  const ended = new Map<string, { id: string; size: number; mtimeMs: number; addedAt: number }[]>();
  for (const view of queue.list().jobs) {
    if (!RESUMABLE_ENDINGS.has(view.state) || view.libraryId !== libraryId) continue;
    const record = queue.record(view.id);
    if (record === undefined) continue;
    // One file named two ways (a link, `..`) is one file: compared by its real path.
    const real = await realpath(record.path).catch(() => record.path);
    const list = ended.get(real) ?? [];
    list.push({ id: record.id, size: record.size, mtimeMs: record.mtimeMs, addedAt: record.addedAt });
    ended.set(real, list);
  }
  const add: string[] = [];
  const retry: string[] = [];
  for (const file of files) {
    const candidates = ended.get(await realpath(file).catch(() => file));
    const info = candidates === undefined ? undefined : await stat(file).catch(() => undefined);
    // The queue keeps modification times to the whole millisecond (as its fingerprint does): compared the same way.
    const match = info === undefined ? undefined : candidates?.filter((c) => c.size === info.size && Math.floor(c.mtimeMs) === Math.floor(info.mtimeMs)).sort((a, b) => b.addedAt - a.addedAt)[0];
    if (match === undefined) add.push(file);
    else retry.push(match.id);
  }
  return { add, retry };
}
