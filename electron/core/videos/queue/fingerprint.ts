/** A cheap identity for a file's content: size, mtime, and a hash of its first and last bytes (never the whole file). */
import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';

/** How much of each end of the file is hashed. */
export const FINGERPRINT_EDGE = 64 * 1024;

/** What a file is, as the queue stores it. */
export interface FileIdentity {
  readonly size: number;
  readonly mtimeMs: number;
  readonly fingerprint: string;
}

/**
 * Reads at most twice 64 KiB of a regular file; throws when the path is not a readable regular file. Its one stat is
 * of the open file; opened without blocking, so a named pipe is refused rather than waited on.
 */
export async function fingerprintFile(path: string): Promise<FileIdentity> {
  const handle = await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw Object.assign(new Error(`${path} is not a file`), { code: 'EISDIR' });
    const size = info.size;
    const hash = createHash('sha256');
    const head = Buffer.alloc(Math.min(FINGERPRINT_EDGE, size));
    const { bytesRead: headRead } = await handle.read(head, 0, head.length, 0);
    hash.update(head.subarray(0, headRead));
    const tailStart = Math.max(headRead, size - FINGERPRINT_EDGE);
    if (tailStart < size) {
      const tail = Buffer.alloc(size - tailStart);
      const { bytesRead } = await handle.read(tail, 0, tail.length, tailStart);
      hash.update(tail.subarray(0, bytesRead));
    }
    const mtimeMs = Math.floor(info.mtimeMs);
    return { size, mtimeMs, fingerprint: `${size}-${mtimeMs}-${hash.digest('hex')}` };
  } finally {
    await handle.close();
  }
}
