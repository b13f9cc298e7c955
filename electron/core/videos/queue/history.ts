/**
 * What this machine has uploaded, by file fingerprint and library, so a file sent before can be asked about
 * instead of silently uploaded twice. Append-only; it only advises, so an unreadable line is skipped.
 */
import { open, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The history's name inside the queue folder. */
export const HISTORY_FILE = 'history.jsonl';

/** One upload that reached the platform whole. */
export interface HistoryEntry {
  readonly libraryId: number;
  readonly fingerprint: string;
  readonly videoId: string;
  readonly at: number;
}

/** The upload history of one queue folder. */
export interface UploadHistory {
  /** Where it is kept (named when it cannot be written). */
  readonly path: string;
  find(libraryId: number, fingerprint: string): HistoryEntry | undefined;
  /** Resolves once the entry is written; rejects when it could not be (disk full): the caller says so. */
  record(entry: HistoryEntry): Promise<void>;
  close(): Promise<void>;
}

/** Histories whose last write failed: the user was told once, and is told again only after one succeeds. */
const failingHistories = new WeakSet<UploadHistory>();

/** Records a verified upload; the upload is done whatever happens here, and a history that cannot be written is said. */
export async function recordUpload(history: UploadHistory, job: { readonly libraryId: number; readonly fingerprint: string; readonly fileName: string }, videoId: string, at: number, notice: (message: string) => void): Promise<void> {
  await history.record({ libraryId: job.libraryId, fingerprint: job.fingerprint, videoId, at }).then(
    () => void failingHistories.delete(history),
    (e: unknown) => {
      if (failingHistories.has(history)) return;
      failingHistories.add(history);
      notice(`The upload history could not be written (${e instanceof Error ? e.message : String(e)}): ${job.fileName} was uploaded and counts as done, but a later upload of the same file will not be recognised as sent before. Check that ${history.path} can be written (is the disk full?); this is not said again for the next uploads until a write succeeds.`);
    },
  );
}

const keyOf = (libraryId: number, fingerprint: string): string => `${libraryId}:${fingerprint}`;

function parseEntry(raw: string): HistoryEntry | null {
  try {
    const v = JSON.parse(raw) as Partial<HistoryEntry>;
    if (typeof v.libraryId === 'number' && typeof v.fingerprint === 'string' && typeof v.videoId === 'string' && typeof v.at === 'number') {
      return { libraryId: v.libraryId, fingerprint: v.fingerprint, videoId: v.videoId, at: v.at };
    }
  } catch {
    // A line cut short by a crash, or damaged: the history only advises, so it is skipped.
  }
  return null;
}

/** The file the history appends to (a FileHandle opened for appending, by default). */
export interface HistoryFile {
  write(data: string): Promise<unknown>;
  close(): Promise<void>;
}

/** How the history reaches its file; tests hand in one whose writes fail. */
export interface HistoryOptions {
  readonly openFile?: (path: string) => Promise<HistoryFile>;
}

/** Opens (or starts) the history in `dir`. */
export async function openHistory(dir: string, options: HistoryOptions = {}): Promise<UploadHistory> {
  const path = join(dir, HISTORY_FILE);
  const entries = new Map<string, HistoryEntry>();
  const text = await readFile(path, 'utf8').catch(() => '');
  for (const raw of text.split('\n')) {
    const e = parseEntry(raw);
    if (e) entries.set(keyOf(e.libraryId, e.fingerprint), e);
  }
  let handle: HistoryFile | null = await (options.openFile ?? ((p: string) => open(p, 'a', 0o600)))(path);
  // A torn last line would glue itself to the next entry: start on a fresh line.
  if (text !== '' && !text.endsWith('\n')) await handle.write('\n');
  let tail: Promise<void> = Promise.resolve();
  return {
    path,
    find: (libraryId, fingerprint) => entries.get(keyOf(libraryId, fingerprint)),
    record(entry) {
      entries.set(keyOf(entry.libraryId, entry.fingerprint), entry);
      const line = `${JSON.stringify(entry)}\n`;
      const write = tail.then(async () => {
        if (handle) await handle.write(line);
      });
      tail = write.catch(() => undefined);
      return write;
    },
    async close() {
      await tail;
      const h = handle;
      handle = null;
      await h?.close();
    },
  };
}
