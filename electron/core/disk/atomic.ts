/** Durable file writes: temp file, fsync, rename, fsync the folder; a crash leaves the old or the new file, never half of one. */
import { randomBytes } from 'node:crypto';
import { open, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** Writes `data` to `path` atomically, keeping the previous version as `path.bak`. */
export async function writeFileAtomic(path: string, data: string | Uint8Array, options: { mode?: number; backup?: boolean } = {}): Promise<void> {
  const dir = dirname(path);
  const tmp = join(dir, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(tmp, 'w', options.mode ?? 0o600);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    if (options.backup) {
      const previous = await readFile(path).catch(() => null);
      if (previous) await writeFileAtomic(`${path}.bak`, previous, { mode: options.mode ?? 0o600 });
    }
    await rename(tmp, path);
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  }
  await syncDir(dir);
}

async function syncDir(dir: string): Promise<void> {
  // Makes the rename itself durable; not supported on every platform (Windows), where it is skipped.
  const handle = await open(dir, 'r').catch(() => null);
  if (!handle) return;
  try {
    await handle.sync();
  } catch {
    // EISDIR/EPERM on some filesystems: the rename is still atomic, only its durability is weaker.
  } finally {
    await handle.close();
  }
}

/** Reads a JSON file; undefined when it does not exist. A file that exists but cannot be parsed throws. */
export async function readJsonFile(path: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
  return JSON.parse(text) as unknown;
}
