/** Streaming file helpers: request bodies go to disk chunk by chunk, never whole in memory. */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';

/**
 * The largest video the sandbox takes in one upload: 128 GiB. A TUS Upload-Length or a PUT's
 * Content-Length above it is refused before any byte is stored.
 */
export const MAX_VIDEO_BYTES = 128 * 1024 ** 3;

/** The body went past the size the upload announced. */
export class TooLargeError extends Error {
  constructor(limit: number) {
    super(`Body exceeds the announced length of ${limit} bytes`);
  }
}

/** What a streamed write achieved: bytes now on disk, and the failure that stopped it, if any. */
export interface WriteOutcome {
  readonly written: number;
  readonly error: Error | undefined;
}

/**
 * Writes a byte stream to a file ('w' replaces it, 'a' appends), honouring backpressure.
 * When the source fails half-way, every byte already received is still flushed, so a
 * resumable upload can continue from exactly `written`. A null path reads and counts the
 * bytes without writing them anywhere.
 */
export async function writeStream(
  source: AsyncIterable<unknown>,
  path: string | null,
  options: { readonly flags: 'w' | 'a'; readonly limit?: number; readonly onChunk?: (chunk: Buffer) => void },
): Promise<WriteOutcome> {
  const out = path === null ? undefined : createWriteStream(path, { flags: options.flags, highWaterMark: 1024 * 1024 });
  let written = 0;
  let error: Error | undefined;
  try {
    for await (const piece of source) {
      let chunk = piece as Buffer;
      if (options.limit !== undefined && written + chunk.length > options.limit) {
        chunk = chunk.subarray(0, options.limit - written);
        error = new TooLargeError(options.limit);
      }
      if (chunk.length > 0) {
        options.onChunk?.(chunk);
        written += chunk.length;
        if (out && !out.write(chunk)) await once(out, 'drain');
      }
      if (error) break;
    }
  } catch (e) {
    error = e instanceof Error ? e : new Error(String(e));
  }
  if (!out) return { written, error };
  out.end();
  try {
    await finished(out);
  } catch (e) {
    // A disk failure makes the count unreliable, so report it over a source failure.
    return { written: out.bytesWritten, error: e instanceof Error ? e : new Error(String(e)) };
  }
  return { written, error };
}

/** SHA-256 (lower-case hex) of a file, read as a stream. */
export async function hashFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024 })) {
    hash.update(chunk as Buffer);
  }
  return hash.digest('hex');
}

/** Creates a folder and its parents. */
export async function ensureDir(path: string): Promise<void> {
  await mkdir(path, { recursive: true });
}

/** Deletes a file, ignoring one that is already gone. */
export async function removeFile(path: string): Promise<void> {
  await rm(path, { force: true });
}
