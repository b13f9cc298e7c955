/**
 * The sandbox's account kept on disk: with `persist` on, what users made (apps, videos with their size and hash,
 * collections, pull-zone edits, DNS zones) is written to one JSON file in the data folder after each change and read
 * back on start, so the sandbox behaves like an account that is still there tomorrow. Libraries, pull zones and the
 * log traffic come from the seed and need no saving.
 */
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';

/** The state file's name inside the data folder. */
export const STATE_FILE = 'sandbox-state.json';

/** Uploaded bytes up to this size are kept beside the state; larger uploads keep only their size and SHA-256. */
export const KEEP_BYTES_UP_TO = 1024 * 1024;

/** How long after a change the state is written, so a burst of changes makes one write. */
export const SAVE_DELAY_MS = 200;

const STATE_VERSION = 1;

const int = z.number().int();
/** A VideoModel.status number (0 created … 8 playlists made). */
const statusCode = int.min(0).max(8);

const savedVideo = z.object({
  libraryId: int,
  guid: z.string().min(1),
  createdAt: z.number(),
  title: z.string(),
  collectionId: z.string().nullable(),
  thumbnailTime: z.number().nullable(),
  status: statusCode,
  encodeProgress: z.number(),
  statusHistory: z.array(z.object({ status: statusCode, encodeProgress: z.number(), at: z.number() })),
  encoded: z.object({
    length: z.number(),
    width: z.number(),
    height: z.number(),
    framerate: z.number(),
    availableResolutions: z.string().nullable(),
    thumbnailCount: z.number(),
    thumbnailFileName: z.string().nullable(),
    storageSize: z.number(),
  }),
  chapters: z.array(z.object({ title: z.string(), start: z.number(), end: z.number() })),
  moments: z.array(z.object({ label: z.string(), timestamp: z.number() })),
  metaTags: z.array(z.object({ property: z.string().nullable(), value: z.string().nullable() })),
  transcodingMessages: z.array(
    z.object({ timeStamp: z.string(), level: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]), issueCode: int, message: z.string().nullable(), value: z.string().nullable() }),
  ),
  /** The file that arrived: its size and hash always, its path only when its bytes were kept. */
  file: z.object({ path: z.string().nullable(), size: z.number(), sha256: z.string() }).nullable(),
  bytesReceived: z.number(),
});

const stateSchema = z.object({
  version: z.literal(STATE_VERSION),
  seed: int,
  apps: z.array(z.looseObject({ id: z.string().min(1), name: z.string() })),
  videos: z.array(savedVideo),
  collections: z.array(z.object({ libraryId: int, guid: z.string().min(1), name: z.string(), createdAt: z.number() })),
  pullZoneEdits: z.array(z.tuple([int, z.record(z.string(), z.unknown())])),
  dnsZones: z.array(z.object({ id: int, domain: z.string(), dateCreated: z.string() })),
});

/** The whole saved account. */
export type SavedState = z.infer<typeof stateSchema>;

/** One saved video. */
export type SavedVideo = z.infer<typeof savedVideo>;

/** The part of the saved account one area owns. */
export type SavedPart<K extends keyof SavedState> = Pick<SavedState, K>;

/** Where the state of a data folder is kept. */
export function stateFile(dataDir: string): string {
  return join(dataDir, STATE_FILE);
}

/** A saved state's text read with the schema; text that is not JSON fails it as any other damage does. */
function parseState(text: string) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return stateSchema.safeParse(parsed);
}

/** Renames a state file out of the way; false when it could not be moved. */
const setAside = (file: string, aside: string): Promise<boolean> => rename(file, aside).then(() => true).catch(() => false);

/**
 * Reads the saved state of a data folder. Nothing saved yet gives undefined; a file that cannot be read, is not
 * the sandbox's JSON, or was saved for another seed also gives undefined after saying so through `log`; a damaged
 * file and another seed's state are moved aside (never overwritten unseen) so the sandbox starts fresh.
 */
export async function readState(dataDir: string, seed: number, log: (line: string) => void): Promise<SavedState | undefined> {
  const file = stateFile(dataDir);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    log(`sandbox: could not read its saved state ${file} (${e instanceof Error ? e.message : String(e)}); starting with a fresh account\n`);
    return undefined;
  }
  const read = parseState(text);
  if (!read.success) {
    const aside = `${file}.damaged-${Date.now()}`;
    const moved = await setAside(file, aside);
    log(`sandbox: its saved state ${file} is damaged; starting with a fresh account${moved ? ` (the old file is kept as ${aside})` : ''}\n`);
    return undefined;
  }
  if (read.data.seed !== seed) {
    // Another seed's account is set aside, not overwritten by this one's first change; its kept files stay too.
    const aside = join(dirname(file), `${OTHER_SEED_PREFIX}${read.data.seed}-${Date.now()}`);
    const moved = await setAside(file, aside);
    log(
      `sandbox: the saved state in ${file} belongs to seed ${read.data.seed}, not ${seed}; starting with a fresh account` +
        `${moved ? ` (that account is kept as ${aside}: rename it back to ${STATE_FILE} and start with --seed ${read.data.seed} to have it again)` : ''}\n`,
    );
    return undefined;
  }
  return read.data;
}

/** How a state of another seed, set aside, is named in the data folder (the seed and the time follow). */
const OTHER_SEED_PREFIX = `${STATE_FILE}.seed-`;

/**
 * The kept upload files that states of other seeds, set aside in the data folder, still name: a start with this
 * seed must not sweep them, so that account can come back whole.
 */
export async function filesOfOtherSeeds(dataDir: string): Promise<ReadonlySet<string>> {
  const names = await readdir(dataDir).catch(() => [] as string[]);
  const paths = new Set<string>();
  for (const name of names.filter((n) => n.startsWith(OTHER_SEED_PREFIX))) {
    const read = parseState(await readFile(join(dataDir, name), 'utf8').catch(() => ''));
    if (!read.success) continue;
    for (const v of read.data.videos) if (v.file?.path) paths.add(v.file.path);
  }
  return paths;
}

/** Writes the state after changes: debounced, one write at a time, each one whole (a temp file renamed over the old). */
export interface StateWriter {
  /** Something changed: write soon. */
  changed(): void;
  /** Writes now if anything changed, and waits for every write to end. */
  flush(): Promise<void>;
}

/** A writer of `snapshot()` to the data folder's state file; failures are reported through `log`, never thrown. */
export function createStateWriter(dataDir: string, seed: number, snapshot: () => Omit<SavedState, 'version' | 'seed'>, log: (line: string) => void): StateWriter {
  const file = stateFile(dataDir);
  let timer: NodeJS.Timeout | undefined;
  let dirty = false;
  let writing: Promise<void> = Promise.resolve();
  let failedBefore = false;
  const write = async () => {
    dirty = false;
    const state: SavedState = { version: STATE_VERSION, seed, ...snapshot() };
    const temp = `${file}.${process.pid}.tmp`;
    try {
      await mkdir(dirname(file), { recursive: true });
      // Apps' environment values are in it, and a user may type a real secret into a sandbox app: only the owner reads it.
      await writeFile(temp, `${JSON.stringify(state)}\n`, { mode: 0o600 });
      await rename(temp, file);
      failedBefore = false;
    } catch (e) {
      await rm(temp, { force: true }).catch(() => undefined);
      // Said once per run of failures, not on every change.
      if (!failedBefore) log(`sandbox: could not save its state to ${file}: ${e instanceof Error ? e.message : String(e)}\n`);
      failedBefore = true;
    }
  };
  const enqueue = () => {
    timer = undefined;
    writing = writing.then(write);
    return writing;
  };
  return {
    changed() {
      dirty = true;
      if (timer === undefined) {
        timer = setTimeout(() => void enqueue(), SAVE_DELAY_MS);
        timer.unref();
      }
    },
    async flush() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      if (dirty) await enqueue();
      else await writing;
    },
  };
}
