/** Random-bytes files for the upload cases (named .mp4: the queue takes only video files), made once and kept in `.bench-data/` (never committed). */
import { randomFillSync } from 'node:crypto';
import { closeSync, openSync, statSync, writeSync, renameSync } from 'node:fs';
import { join } from 'node:path';

const CHUNK = 8 * 1024 * 1024;

/** The path of a file of exactly `bytes` random bytes, written on first use. Random, so no layer can compress it. */
export async function randomFile(dir: string, bytes: number): Promise<string> {
  const path = join(dir, `random-${bytes}.mp4`);
  try {
    if (statSync(path).size === bytes) return path;
  } catch {
    // Not made yet.
  }
  const partial = `${path}.partial`;
  const fd = openSync(partial, 'w');
  try {
    const buf = Buffer.allocUnsafe(CHUNK);
    for (let left = bytes; left > 0; ) {
      const n = Math.min(CHUNK, left);
      randomFillSync(buf, 0, n);
      writeSync(fd, buf, 0, n);
      left -= n;
    }
  } finally {
    closeSync(fd);
  }
  renameSync(partial, path);
  return path;
}
