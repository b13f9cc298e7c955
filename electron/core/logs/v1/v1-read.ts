/**
 * Reading a v1 log file's bytes into a stream parser: a plain file in two alternating buffers, or one part of it
 * (see lineRanges); a gzip file, recognised by name or content, through gunzip from the start. Aborting stops
 * between chunks with the signal's reason, or an AbortError.
 */
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import type { V1StreamParser } from './v1-parse.js';
import type { ByteRange } from './v1-ranges.js';

const CHUNK = 1024 * 1024;

/**
 * Gzip when the first two bytes are gzip's magic number (1f 8b), whatever the name says: a plain file named
 * `.log.gz` is read as plain text, and a gzip file named `.log` is inflated.
 */
export async function isGzip(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(2);
    const { bytesRead } = await handle.read(head, 0, 2, 0);
    return bytesRead === 2 && head[0] === 0x1f && head[1] === 0x8b;
  } finally {
    await handle.close();
  }
}

/** Whether the signal is there and has fired. */
export function isAborted(signal: AbortSignal | undefined): signal is AbortSignal {
  return signal?.aborted === true;
}

/** The error an aborted read rejects with: the signal's reason when it is an Error, else an AbortError. */
export function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error) return reason;
  const e = new Error('The file was not read: cancelled');
  e.name = 'AbortError';
  return e;
}

/** How streamV1File reads. */
export interface V1StreamOptions {
  readonly signal?: AbortSignal;
  /** Only these bytes of a plain file (see lineRanges); the whole file when absent. */
  readonly range?: ByteRange;
  /** Called after every chunk with the file's bytes read so far. */
  readonly onChunk?: (bytesRead: number) => void;
}

/**
 * Reads bytes [start, end) of a plain file into the parser. Two buffers take turns: the next read is under way
 * (on libuv's thread pool) while the parser reads the one before. Reusing them rather than taking a fresh buffer
 * per chunk, as a read stream does, saves the kernel mapping fresh pages for every megabyte and keeps the bytes
 * in cache; the parser copies whatever it keeps past a push, so nothing refers to a buffer once it is reused.
 */
async function readPlain(path: string, start: number, end: number, parser: V1StreamParser, signal: AbortSignal | undefined, onChunk: ((bytesRead: number) => void) | undefined): Promise<void> {
  const handle = await open(path, 'r');
  try {
    const buffers = [Buffer.allocUnsafeSlow(CHUNK), Buffer.allocUnsafeSlow(CHUNK)];
    const readAt = (i: number, at: number) => handle.read(buffers[i]!, 0, Math.min(CHUNK, end - at), at);
    let at = start;
    let turn = 0;
    let pending = at < end ? readAt(turn, at) : null;
    while (pending !== null) {
      const { bytesRead } = await pending;
      if (bytesRead === 0) break;
      const chunk = buffers[turn]!.subarray(0, bytesRead);
      at += bytesRead;
      turn ^= 1;
      pending = at < end ? readAt(turn, at) : null;
      parser.push(chunk);
      onChunk?.(at - start);
      if (isAborted(signal)) {
        // The read under way must finish before the file is closed.
        await pending?.catch(() => undefined);
        throw abortError(signal);
      }
    }
  } finally {
    await handle.close();
  }
}

/** How a read ended: whole, or with gzip data that stopped early or is damaged (the rows before it were read). */
export interface V1StreamEnd {
  /** Null when the whole file was read; else where and why it stopped, in words. */
  readonly endedEarly: string | null;
}

/**
 * Streams a file, or one part of a plain file, through a parser and ends it. Gzip is recognised by content. The
 * parser decides where the rows go; parseV1File gives it a column store. Gzip data that ends early (a download cut
 * short) or turns out damaged keeps the rows before that point: the half line at the cut is dropped, and the answer
 * says where it stopped.
 */
export async function streamV1File(path: string, parser: V1StreamParser, options: V1StreamOptions = {}): Promise<V1StreamEnd> {
  const { signal, range, onChunk } = options;
  if (isAborted(signal)) throw abortError(signal);
  const gz = await isGzip(path);
  if (gz && range !== undefined) throw new Error('A gzip file can only be read from its start');
  if (!gz) {
    await readPlain(path, range?.start ?? 0, range?.end ?? (await stat(path)).size, parser, signal, onChunk);
    parser.end();
    return { endedEarly: null };
  }
  const file = createReadStream(path, { highWaterMark: CHUNK });
  const sink = async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) {
      parser.push(chunk);
      onChunk?.(file.bytesRead);
      // Checked here too, so an abort during the last chunk's progress report still stops the read.
      if (isAborted(signal)) throw abortError(signal);
    }
  };
  try {
    await pipeline(file, createGunzip(), sink, { signal });
  } catch (err) {
    if (isAborted(signal)) throw abortError(signal);
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'Z_BUF_ERROR' && code !== 'Z_DATA_ERROR') throw err;
    const size = (await stat(path)).size;
    const why = code === 'Z_BUF_ERROR' ? 'the gzip data ends early (the file is cut short)' : `the gzip data is damaged (${(err as Error).message})`;
    return { endedEarly: `${why}: reading stopped after ${parser.lines} lines, at byte ${file.bytesRead} of ${size}` };
  }
  parser.end();
  return { endedEarly: null };
}
