/**
 * One PUT of a whole file from disk to a video, with an explicit Content-Length, an idle timeout, the job's signal,
 * and the source checked while it goes. Progress counts a chunk once the transport pulls the next one (the socket
 * has taken it); the last counts on the 2xx, so 100 % means the platform has the file.
 */
import { readSync } from 'node:fs';
import { open, stat, type FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { appError } from '../../../../shared/contract/result.js';
import type { PlatformClient } from '../../platform/types.js';
import type { BandwidthGate } from './bandwidth.js';
import type { CallFailure } from './classify.js';
import { VideoCallFailure, videoSend } from './video-api.js';

/**
 * Bytes read from disk at a time for a PUT: few enough trips through the event loop per gigabyte, small enough that
 * the two buffers mostly stay in the CPU's cache between the file's copy in and the socket's copy out (measured
 * against 256 KiB and 4 MiB: bench/README.md, upload-put-cpu).
 */
export const READ_SIZE = 1024 * 1024;
/** How often the source is looked at again while it uploads. */
export const STAT_INTERVAL_MS = 500;
/**
 * A read that takes longer than this moves the rest of the attempt to the thread pool (see FileBody): the file is
 * not coming from memory, and reading it on the event loop would hold up everything else the process does.
 */
export const SLOW_READ_MS = 8;

/** What one PUT needs. */
export interface PutFileOptions {
  readonly client: PlatformClient;
  readonly libraryId: number;
  readonly videoId: string;
  readonly path: string;
  /** Size and modification time the job recorded: exactly this file is uploaded. */
  readonly size: number;
  readonly mtimeMs: number;
  readonly signal: AbortSignal;
  /** The attempt fails after this long without a byte going either way. */
  readonly idleTimeoutMs: number;
  /** Totals of bytes the socket has taken, per the progress rule above. */
  onProgress(bytesSent: number): void;
  readonly statIntervalMs?: number;
  /** The clock of the source checks and of the read timing. */
  readonly now?: () => number;
  /** Default SLOW_READ_MS. */
  readonly slowReadMs?: number;
  /** The global upload cap: each chunk waits for it before the transport gets it (default none). */
  readonly bandwidth?: BandwidthGate;
  /** The caller has just looked at the source (the runner, starting its turn): no second look before sending. */
  readonly sourceChecked?: boolean;
}

/** How a PUT ended. A failure carries what classify reads; a cancel is a failure with code ABORTED. */
export type PutFileResult =
  | { readonly kind: 'done' }
  | { readonly kind: 'source-changed'; readonly detail: string }
  | { readonly kind: 'source-missing' }
  | { readonly kind: 'failed'; readonly failure: CallFailure };

type SourceProblem = Extract<PutFileResult, { kind: 'source-changed' | 'source-missing' }>;

function codeOf(e: unknown): string | undefined {
  const code = typeof e === 'object' && e !== null ? (e as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

/** Looks at the file: undefined when it is still the job's file (size equal, modification time within a millisecond). */
export async function checkSource(path: string, size: number, mtimeMs: number): Promise<SourceProblem | undefined> {
  try {
    const s = await stat(path);
    if (!s.isFile()) return { kind: 'source-missing' };
    if (s.size !== size) return { kind: 'source-changed', detail: `Its size changed from ${size} to ${s.size} bytes` };
    // Under a millisecond apart is the same time: some stores keep it rounded.
    if (Math.abs(s.mtimeMs - mtimeMs) >= 1) return { kind: 'source-changed', detail: 'It was modified' };
    return undefined;
  } catch (e) {
    const code = codeOf(e);
    if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'source-missing' };
    throw e;
  }
}

/** Read buffers a body cycles through: a buffer is filled again only after the socket has taken what it held. */
const RING = 2;

/** What a file body reads: the job's file, checked as it goes, from `start` (default 0) to `end` (default its size). */
export type FileBodyOptions = Pick<PutFileOptions, 'path' | 'size' | 'mtimeMs' | 'signal' | 'onProgress' | 'statIntervalMs' | 'slowReadMs' | 'bandwidth'> & {
  readonly start?: number;
  readonly end?: number;
  /** Bytes per read, default READ_SIZE (why they differ: bench/README.md, upload-tus). */
  readonly readSize?: number;
};

/**
 * The file (or a range of it: a tus PATCH) as a body the transport pulls one chunk at a time (no read-ahead: a pull
 * means the chunk before has gone); progress counts this body's bytes. Reads run on the event loop until one takes
 * longer than slowReadMs, then on the thread pool for the rest of the attempt (why: bench/README.md, upload-put).
 */
export class FileBody extends Readable {
  private handle: Promise<FileHandle> | undefined;
  private readonly ring: Buffer[] = [];
  private slot = 0;
  private pending = 0;
  private sent = 0;
  private bytesRead = 0;
  private lastStat: number;
  private readOnLoop = true;
  private readonly start: number;
  private readonly length: number;

  constructor(
    private readonly o: FileBodyOptions,
    private readonly now: () => number,
    private readonly problem: (p: SourceProblem) => void,
  ) {
    super({ highWaterMark: 0 });
    this.lastStat = now();
    this.start = o.start ?? 0;
    this.length = (o.end ?? o.size) - this.start;
  }

  override _read(): void {
    void this.pull();
  }

  private async pull(): Promise<void> {
    try {
      const interval = this.o.statIntervalMs ?? STAT_INTERVAL_MS;
      if (this.now() - this.lastStat >= interval) {
        this.lastStat = this.now();
        const problem = await checkSource(this.o.path, this.o.size, this.o.mtimeMs);
        if (problem) return this.problem(problem);
      }
      // Under a cap, a chunk is one grain: the socket never gets more than a moment's worth at once.
      const readSize = this.o.readSize ?? READ_SIZE;
      const want = Math.min(readSize, this.o.bandwidth?.grain() ?? readSize, this.length - this.bytesRead);
      let chunk: Buffer | undefined;
      if (want > 0) {
        this.handle ??= open(this.o.path, 'r');
        const file = await this.handle;
        const buffer = (this.ring[this.slot] ??= Buffer.allocUnsafeSlow(readSize));
        this.slot = (this.slot + 1) % RING;
        const bytesRead = await this.readInto(file, buffer, want);
        if (bytesRead > 0) chunk = bytesRead === buffer.length ? buffer : buffer.subarray(0, bytesRead);
      }
      if (chunk !== undefined && this.o.bandwidth) await this.o.bandwidth.take(chunk.length, this.o.signal);
      if (this.destroyed) return;
      if (chunk === undefined) {
        // A file cut shorter while read: the promised Content-Length can never be met.
        if (this.bytesRead !== this.length) return this.problem({ kind: 'source-changed', detail: `Only ${this.start + this.bytesRead} of ${this.o.size} bytes could be read` });
        this.push(null);
        return;
      }
      // Asked for more with more to come: the chunk before has gone. The last one waits for the 2xx.
      if (this.pending > 0) {
        this.sent += this.pending;
        this.o.onProgress(this.sent);
      }
      this.bytesRead += chunk.length;
      this.pending = chunk.length;
      this.push(chunk);
    } catch (e) {
      if (codeOf(e) === 'ENOENT') return this.problem({ kind: 'source-missing' });
      this.destroy(e instanceof Error ? e : new Error(String(e)));
    }
  }

  private async readInto(file: FileHandle, buffer: Buffer, want: number): Promise<number> {
    const at = this.start + this.bytesRead;
    if (!this.readOnLoop) return (await file.read(buffer, 0, want, at)).bytesRead;
    const started = this.now();
    const n = readSync(file.fd, buffer, 0, want, at);
    if (this.now() - started > (this.o.slowReadMs ?? SLOW_READ_MS)) this.readOnLoop = false;
    return n;
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    const handle = this.handle;
    this.handle = undefined;
    if (!handle) return callback(error);
    handle.then((f) => f.close()).then(
      () => callback(error),
      () => callback(error),
    );
  }
}

/** Streams the file to the video by PUT; 2xx only counts as done, and only while the file is still the job's. */
export async function putFile(o: PutFileOptions): Promise<PutFileResult> {
  const now = o.now ?? Date.now;
  const cancelled: PutFileResult = { kind: 'failed', failure: { error: appError('cancelled', 'Cancelled'), code: 'ABORTED' } };
  if (o.signal.aborted) return cancelled;
  const before = o.sourceChecked === true ? undefined : await checkSource(o.path, o.size, o.mtimeMs);
  if (before) return before;

  // The source check stops the request the way a cancel does, and says why.
  const stop = new AbortController();
  let problem: SourceProblem | undefined;
  const body = new FileBody(o, now, (p) => {
    problem ??= p;
    stop.abort();
  });
  o.onProgress(0);
  try {
    await videoSend(o.client, {
      method: 'PUT',
      path: `/library/${o.libraryId}/videos/${encodeURIComponent(o.videoId)}`,
      libraryId: o.libraryId,
      body,
      contentType: 'application/octet-stream',
      headers: { 'content-length': String(o.size) },
      idleTimeoutMs: o.idleTimeoutMs,
      signal: AbortSignal.any([o.signal, stop.signal]),
    });
  } catch (e) {
    if (problem) return problem;
    if (o.signal.aborted) return cancelled;
    if (e instanceof VideoCallFailure) return { kind: 'failed', failure: e.failure };
    throw e;
  } finally {
    body.destroy();
  }
  const after = await checkSource(o.path, o.size, o.mtimeMs);
  if (after) return after.kind === 'source-missing' ? after : { kind: 'source-changed', detail: `${after.detail} while it was uploading` };
  o.onProgress(o.size);
  return { kind: 'done' };
}
