/**
 * The queue's journal: one JSON line per change, appended to an open file, so persisting a change costs the same
 * however many jobs the queue holds. At open it is read back, compacted to a snapshot (temp file, then rename) and
 * appended to again. A line cut short by a crash mid-write is dropped; anything else unreadable is set aside and
 * reported, never read as an empty queue.
 */
import { open, readFile, rename, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { JobError, JobState } from '../../../shared/videos/model.js';
import { writeFileAtomic } from '../fs/atomic.js';
import type { JobPatch, JobRecord } from './types.js';

/** The journal's name inside the queue folder. */
export const JOURNAL_FILE = 'queue.journal';

const fields = {
  profileId: z.string(),
  position: z.number(),
  libraryId: z.number().int(),
  collectionId: z.string().nullable(),
  title: z.string(),
  titleSynced: z.boolean(),
  path: z.string(),
  fileName: z.string(),
  size: z.number().nonnegative(),
  mtimeMs: z.number(),
  fingerprint: z.string(),
  state: JobState,
  paused: z.boolean(),
  videoId: z.string().nullable(),
  createPending: z.boolean(),
  uploaded: z.boolean(),
  attempts: z.number().int().nonnegative(),
  error: JobError.nullable(),
  note: z.string().nullable(),
  encodeProgress: z.number().nullable(),
  addedAt: z.number(),
  endedAt: z.number().nullable(),
};
// Journals written before resumable uploads existed have no `resumable`: such jobs are plain PUT uploads.
const Record_ = z.object({ id: z.string().min(1), ...fields, resumable: z.boolean().optional() });
const Patch = z.object({ ...fields, resumable: z.boolean() }).partial().omit({ profileId: true, path: true, fileName: true, size: true, mtimeMs: true, fingerprint: true, addedAt: true, position: true, libraryId: true });

const Line = z.discriminatedUnion('t', [
  z.object({ t: z.literal('job'), job: Record_ }),
  z.object({ t: z.literal('patch'), id: z.string(), patch: Patch }),
  z.object({ t: z.literal('remove'), id: z.string() }),
  z.object({ t: z.literal('set'), concurrency: z.number().int() }),
  z.object({ t: z.literal('cap'), bytesPerSecond: z.number().int().positive().nullable() }),
  z.object({ t: z.literal('set-resumable-over'), bytes: z.number().int().positive() }),
]);

/** One journal line. */
export type JournalLine =
  | { readonly t: 'job'; readonly job: JobRecord }
  | { readonly t: 'patch'; readonly id: string; readonly patch: JobPatch }
  | { readonly t: 'remove'; readonly id: string }
  | { readonly t: 'set'; readonly concurrency: number }
  /** The global upload cap in bytes per second; null when the user turned it off. */
  | { readonly t: 'cap'; readonly bytesPerSecond: number | null }
  | { readonly t: 'set-resumable-over'; readonly bytes: number };

/** What a journal holds once replayed. */
export interface JournalState {
  readonly jobs: Map<string, JobRecord>;
  concurrency: number | null;
  /** The upload cap last set; undefined when never set (no cap). */
  bandwidthCap?: number | null;
  /** The resumable threshold in bytes, when it was ever set. */
  resumableOver?: number | null;
}

/** Replays lines onto a state; a patch or removal of an unknown job is ignored (its job was compacted away). */
export function applyLine(state: JournalState, line: JournalLine): void {
  switch (line.t) {
    case 'job':
      state.jobs.set(line.job.id, { ...line.job, resumable: line.job.resumable ?? false });
      break;
    case 'patch': {
      const job = state.jobs.get(line.id);
      if (job) state.jobs.set(line.id, { ...job, ...line.patch });
      break;
    }
    case 'remove':
      state.jobs.delete(line.id);
      break;
    case 'set':
      state.concurrency = line.concurrency;
      break;
    case 'cap':
      state.bandwidthCap = line.bytesPerSecond;
      break;
    case 'set-resumable-over':
      state.resumableOver = line.bytes;
  }
}

/** Reads journal text; throws with the line number when a line other than a torn last one is unreadable. */
export function parseJournal(text: string): JournalState {
  const state: JournalState = { jobs: new Map(), concurrency: null };
  const lines = text.split('\n');
  // Every complete line ends with '\n': a last piece without it is a write a crash cut short.
  lines.pop();
  lines.forEach((raw, i) => {
    if (raw.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      throw new Error(`line ${i + 1} is not JSON`);
    }
    const parsed = Line.safeParse(value);
    if (!parsed.success) throw new Error(`line ${i + 1} is not a queue entry`);
    applyLine(state, parsed.data as JournalLine);
  });
  return state;
}

/** An open journal: appends in call order, each append resolving once its bytes are written to the file. */
export interface Journal {
  append(...lines: JournalLine[]): Promise<void>;
  close(): Promise<void>;
}

/** The result of opening: the replayed state, the journal to append to, and what was recovered, if anything. */
export interface OpenedJournal {
  readonly state: JournalState;
  readonly journal: Journal;
  readonly recovered?: string;
}

/**
 * Opens the journal in `dir`. `prepare` may change the replayed state (crash recovery) before it is compacted, so
 * the snapshot on disk is already the recovered queue.
 */
export async function openJournal(dir: string, options: { readonly now?: () => number; readonly prepare?: (state: JournalState) => void } = {}): Promise<OpenedJournal> {
  const path = join(dir, JOURNAL_FILE);
  let state: JournalState = { jobs: new Map(), concurrency: null };
  let recovered: string | undefined;
  const text = await readFile(path, 'utf8').catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return null;
    throw e;
  });
  if (text !== null) {
    try {
      state = parseJournal(text);
    } catch (e) {
      const aside = `${path}.unreadable-${(options.now ?? Date.now)()}`;
      await rename(path, aside);
      recovered = `The upload queue could not be read (${(e as Error).message}); it was kept as ${aside} and the queue starts empty.`;
    }
  }
  options.prepare?.(state);
  const snapshot: JournalLine[] = [...state.jobs.values()].map((job) => ({ t: 'job', job }));
  if (state.concurrency !== null) snapshot.push({ t: 'set', concurrency: state.concurrency });
  if (state.bandwidthCap !== undefined) snapshot.push({ t: 'cap', bytesPerSecond: state.bandwidthCap });
  if (state.resumableOver != null) snapshot.push({ t: 'set-resumable-over', bytes: state.resumableOver });
  await writeFileAtomic(path, snapshot.map((l) => `${JSON.stringify(l)}\n`).join(''));
  const handle = await open(path, 'a', 0o600);
  return { state, journal: appender(handle), ...(recovered !== undefined ? { recovered } : {}) };
}

function appender(handle: FileHandle): Journal {
  let tail: Promise<void> = Promise.resolve();
  let closed = false;
  return {
    append(...lines) {
      if (closed) return Promise.reject(new Error('The upload queue is closed'));
      const data = lines.map((l) => `${JSON.stringify(l)}\n`).join('');
      // One write per call, chained, so lines land whole and in the order the changes were made.
      const write = tail.then(async () => {
        await handle.write(data);
      });
      tail = write.catch(() => undefined);
      return write;
    },
    async close() {
      if (closed) return;
      closed = true;
      await tail;
      await handle.close();
    },
  };
}
