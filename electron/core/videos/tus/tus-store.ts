/**
 * Where resumable uploads are remembered between runs: one small JSON file per upload in the data dir, written
 * atomically (a kill leaves the old entry or the new one, never half of one). An entry is removed only once the
 * platform has verified the video, so a crash between the last byte and the check still finds its upload.
 */
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { readJsonFile, writeFileAtomic } from '../../disk/atomic.js';

/** What is needed to continue an upload, and what the file was when it began. */
export interface TusResumeEntry {
  readonly uploadUrl: string;
  readonly videoId: string;
  readonly libraryId: number;
  readonly size: number;
  readonly mtimeMs: number;
  /** The file's content identity when the upload began (size, time and a hash of its ends, read from the file). */
  readonly fingerprint: string;
  readonly createdAt: number;
}

const entrySchema = z.object({
  uploadUrl: z.string().url(),
  videoId: z.string().min(1),
  libraryId: z.number().int(),
  size: z.number().int().nonnegative(),
  mtimeMs: z.number(),
  fingerprint: z.string(),
  createdAt: z.number(),
});

/** A durable map from an upload's key (the queue's job id) to its resume entry. */
export interface TusUrlStore {
  get(key: string): Promise<TusResumeEntry | undefined>;
  /** Resolves once the entry is on disk. */
  set(key: string, entry: TusResumeEntry): Promise<void>;
  remove(key: string): Promise<void>;
  keys(): Promise<readonly string[]>;
}

/** Keys become file names: only characters that are safe in one on every platform. */
const SAFE_KEY = /^[A-Za-z0-9._-]{1,128}$/;

function fileOf(dir: string, key: string): string {
  if (!SAFE_KEY.test(key) || key.startsWith('.')) throw new Error(`Not a usable upload key: ${JSON.stringify(key)}`);
  return join(dir, `${key}.json`);
}

/** The store in `dir` (created on the first write). */
export function fileTusStore(dir: string): TusUrlStore {
  return {
    async get(key) {
      let raw: unknown;
      try {
        raw = await readJsonFile(fileOf(dir, key));
      } catch {
        // An unreadable entry is no entry: the upload starts over rather than resuming onto something unknown.
        return undefined;
      }
      const parsed = entrySchema.safeParse(raw);
      return parsed.success ? parsed.data : undefined;
    },
    async set(key, entry) {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await writeFileAtomic(fileOf(dir, key), JSON.stringify(entry));
    },
    async remove(key) {
      await rm(fileOf(dir, key), { force: true });
    },
    async keys() {
      const names = await readdir(dir).catch(() => [] as string[]);
      return names.filter((n) => n.endsWith('.json') && !n.startsWith('.')).map((n) => n.slice(0, -'.json'.length));
    },
  };
}

/** A store that forgets on exit (benches and one-off uploads that are never resumed by another process). */
export function memoryTusStore(): TusUrlStore {
  const entries = new Map<string, TusResumeEntry>();
  return {
    get: async (key) => entries.get(key),
    set: async (key, entry) => void entries.set(key, entry),
    remove: async (key) => void entries.delete(key),
    keys: async () => [...entries.keys()],
  };
}
