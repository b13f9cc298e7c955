/** The video library's state and the operations every upload channel (PUT, fetch, TUS) shares. */
import { createHash } from 'node:crypto';
import { rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { SandboxContext } from '../context.js';
import { ensureDir, hashFile, removeFile, writeStream } from './files.js';
import { Processor } from './processing.js';
import { VideoStore, type StatusChange, type StoredFile, type VideoRecord } from './store.js';

/** What the sandbox recorded about a video's upload, for tests in this and other processes. */
export interface UploadInspection {
  readonly state: 'none' | 'receiving' | 'stored';
  /** Size and hash of the stored file; null until one arrived completely. */
  readonly size: number | null;
  readonly sha256: string | null;
  readonly path: string | null;
  /** Body bytes received over all attempts, including those of aborted or resumed ones. */
  readonly bytesReceived: number;
  /** Every change of status or encodeProgress with its time (ms), from creation (status 0) on. */
  readonly statusHistory: readonly StatusChange[];
}

/** How receiving a body into a video ended. */
export type ReceiveResult =
  | { readonly ok: true; readonly file: StoredFile }
  | { readonly ok: false; readonly reason: 'empty' | 'failed' | 'deleted'; readonly error?: Error };

/** Owns the store and processor, and moves files in and out of the data folder. */
export class VideoService {
  readonly store: VideoStore;
  readonly processor: Processor;
  private readonly root: string;

  constructor(ctx: SandboxContext) {
    this.store = new VideoStore(ctx.options.now);
    this.processor = new Processor(ctx.options.processingStepMs, ctx.options.now);
    this.root = join(ctx.dataDir, 'video');
  }

  /** The folder of a library's stored files. */
  libraryDir(libraryId: number): string {
    return join(this.root, String(libraryId));
  }

  /** The folder of unfinished TUS uploads. */
  tusDir(): string {
    return join(this.root, 'tus');
  }

  /**
   * Streams a whole body into a video and starts processing it. On failure the partial file is
   * removed and the video can be uploaded again.
   */
  async receive(video: VideoRecord, source: AsyncIterable<unknown>, via: 'put' | 'fetch', cancel: () => void): Promise<ReceiveResult> {
    video.upload = { kind: 'receiving', via, cancel };
    const dir = this.libraryDir(video.libraryId);
    await ensureDir(dir);
    const partial = join(dir, `${video.guid}.part`);
    const hash = createHash('sha256');
    const outcome = await writeStream(source, partial, {
      flags: 'w',
      onChunk: (chunk) => {
        hash.update(chunk);
        video.bytesReceived += chunk.length;
      },
    });
    if (outcome.error || outcome.written === 0 || video.deleted) {
      await removeFile(partial);
      if (!video.deleted) video.upload = { kind: 'none' };
      if (video.deleted) return { ok: false, reason: 'deleted' };
      return outcome.error ? { ok: false, reason: 'failed', error: outcome.error } : { ok: false, reason: 'empty' };
    }
    const file = await this.keep(video, partial, outcome.written, hash.digest('hex'));
    return file ? { ok: true, file } : { ok: false, reason: 'deleted' };
  }

  /** Adopts a finished TUS file: hashes it by streaming, moves it beside the library's files and starts processing. */
  async adopt(video: VideoRecord, path: string, size: number): Promise<StoredFile | undefined> {
    await ensureDir(this.libraryDir(video.libraryId));
    return this.keep(video, path, size, await hashFile(path));
  }

  /** Deletes a video: stops its upload and processing and removes its file. */
  async delete(video: VideoRecord): Promise<void> {
    const upload = video.upload;
    this.store.remove(video);
    this.processor.cancel(video.guid);
    if (upload.kind === 'receiving') upload.cancel();
    if (upload.kind === 'stored') await removeFile(upload.file.path);
  }

  /** What arrived for a video, or undefined when the library has no such video. */
  inspect(libraryId: number, videoId: string): UploadInspection | undefined {
    const video = this.store.get(libraryId, videoId);
    if (!video) return undefined;
    const stored = video.upload.kind === 'stored' ? video.upload.file : undefined;
    return {
      state: video.upload.kind,
      size: stored?.size ?? null,
      sha256: stored?.sha256 ?? null,
      path: stored?.path ?? null,
      bytesReceived: video.bytesReceived,
      statusHistory: [...video.statusHistory],
    };
  }

  /** Stops every upload and timer (sandbox shutdown). */
  close(): void {
    this.processor.close();
    for (const video of this.store.all()) {
      if (video.upload.kind === 'receiving') video.upload.cancel();
    }
  }

  private async keep(video: VideoRecord, from: string, size: number, sha256: string): Promise<StoredFile | undefined> {
    const path = join(this.libraryDir(video.libraryId), `${video.guid}.original`);
    await rename(from, path);
    if (video.deleted) {
      await removeFile(path);
      return undefined;
    }
    const file = { path, size, sha256 };
    this.processor.begin(video, file);
    return file;
  }
}
