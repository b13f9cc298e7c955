/**
 * The queue's journal: one JSON line per change, appended to an open file, so persisting a change costs the same
 * however many jobs the queue holds. At open it is read back, compacted to a snapshot (temp file, then rename) and
 * appended to again. A line cut short by a crash mid-write is dropped; any other line that cannot be read is
 * skipped and reported, the file as it was is set aside, and every line that can be read is kept.
 */
import { open, readFile, rename, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { JobError, JobState } from '../../../../shared/videos/model.js';
import { writeFileAtomic } from '../../disk/atomic.js';
import type { JobPatch, JobRecord } from '../types.js';

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

/** A line of the journal that could not be read, and what it seems to have held. */
export interface DamagedLine {
  /** 1-based. */
  readonly line: number;
  readonly reason: 'not JSON' | 'not a queue entry';
  /** The file named by a damaged job record, when that much could still be read. */
  readonly fileName?: string;
}

/** What reading a journal gave: every line that could be read, replayed, and the lines that could not. */
export interface ParsedJournal {
  readonly state: JournalState;
  readonly damaged: readonly DamagedLine[];
  /** Changes recorded for jobs whose own record was on a damaged line (their ids and any video id they named). */
  readonly orphans: readonly { readonly id: string; readonly videoId: string | null }[];
}

function damageOf(raw: string, line: number, value: unknown): DamagedLine {
  const job = (value as { job?: { fileName?: unknown } } | null)?.job;
  const found = typeof job?.fileName === 'string' ? job.fileName : /"fileName":"((?:[^"\\]|\\.)*)"/.exec(raw)?.[1];
  // Damaged text goes into a message on a terminal and on screen: no control characters.
  const named = found?.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
  return { line, reason: value === undefined ? 'not JSON' : 'not a queue entry', ...(named !== undefined ? { fileName: named } : {}) };
}

/**
 * Reads journal text, line by line: every line that reads is replayed, one that does not is noted and skipped, so
 * one damaged line never costs the other jobs. A last piece without its newline is a write a crash cut short, dropped.
 */
export function parseJournal(text: string): ParsedJournal {
  const state: JournalState = { jobs: new Map(), concurrency: null };
  const damaged: DamagedLine[] = [];
  const orphans = new Map<string, string | null>();
  const lines = text.split('\n');
  lines.pop();
  lines.forEach((raw, i) => {
    if (raw.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      damaged.push(damageOf(raw, i + 1, undefined));
      return;
    }
    const parsed = Line.safeParse(value);
    if (!parsed.success) {
      damaged.push(damageOf(raw, i + 1, value ?? null));
      return;
    }
    const line = parsed.data as JournalLine;
    if (damaged.length > 0 && line.t === 'patch' && !state.jobs.has(line.id)) {
      orphans.set(line.id, line.patch.videoId ?? orphans.get(line.id) ?? null);
    }
    // A row the user removed later was not lost.
    if (line.t === 'remove') orphans.delete(line.id);
    applyLine(state, line);
  });
  // A job whose record came again on a later line (every step writes it whole) was not lost after all.
  const lost = [...orphans].filter(([id]) => !state.jobs.has(id));
  return { state, damaged, orphans: lost.map(([id, videoId]) => ({ id, videoId })) };
}

/** The words for what a damaged journal lost. */
function lossReport(parsed: ParsedJournal, aside: string): string {
  const { damaged, orphans } = parsed;
  const which = damaged.slice(0, 5).map((d) => `line ${d.line}${d.fileName !== undefined ? ` (${d.fileName})` : ''} is ${d.reason}`).join(', ');
  const more = damaged.length > 5 ? ` and ${damaged.length - 5} more` : '';
  const count = damaged.length === 1 ? '1 line' : `${damaged.length} lines`;
  const named = damaged.flatMap((d) => (d.fileName !== undefined ? [d.fileName] : []));
  const lost = named.length > 0 ? ` The upload${named.length === 1 ? '' : 's'} of ${named.join(', ')} may be missing from the queue: add ${named.length === 1 ? 'it' : 'them'} again if so.` : ' A change recorded there (an upload added, or a step of one) may be missing.';
  const videos = orphans.flatMap((o) => (o.videoId !== null ? [o.videoId] : []));
  const orphaned = videos.length > 0 ? ` Video${videos.length === 1 ? '' : 's'} ${videos.join(', ')} belonged to an upload whose record was lost: check ${videos.length === 1 ? 'it' : 'them'} in the library.` : '';
  return `${count} of the upload queue could not be read (${which}${more}); every other line was kept, and the damaged file was set aside as ${aside}.${lost}${orphaned}`;
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
    const parsed = parseJournal(text);
    state = parsed.state;
    if (parsed.damaged.length > 0) {
      // The damaged file stays as it was, beside the queue, for whoever wants to look at what was lost.
      const aside = `${path}.damaged-${(options.now ?? Date.now)()}`;
      await rename(path, aside);
      recovered = lossReport(parsed, aside);
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
