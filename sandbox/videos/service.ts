/** The video library's state and the operations every upload channel (PUT, fetch, TUS) shares. */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { SandboxContext } from '../context.js';
import { findLibrary } from './auth.js';
import { CollectionStore } from './collections.js';
import { addDemoVideos, playableOf } from './demo.js';
import { ensureDir, hashFile, removeFile, writeStream, type WriteOutcome } from './files.js';
import { UploadMeter } from './meter.js';
import { Processor } from './processing.js';
import { KEEP_BYTES_UP_TO, type SavedPart, type SavedState, type SavedVideo } from '../state.js';
import { VideoStatus, type VideoStatusCode } from './model.js';
import { VideoStore, type StatusChange, type StoredFile, type UploadState, type VideoRecord } from './store.js';

/** Statuses a video stays in without further processing. */
const SETTLED: ReadonlySet<number> = new Set([VideoStatus.created, VideoStatus.finished, VideoStatus.error, VideoStatus.uploadFailed, VideoStatus.jitPlaylistsCreated]);

/** What the sandbox recorded about a video's upload, for tests in this and other processes. */
export interface UploadInspection {
  readonly state: 'none' | 'receiving' | 'stored';
  /** Size and hash of the stored file; null until one arrived completely. */
  readonly size: number | null;
  readonly sha256: string | null;
  /** Where the file is on disk; null until it arrived, and always when the sandbox discards uploads. */
  readonly path: string | null;
  /** Body bytes received over all attempts, including those of aborted or resumed ones. */
  readonly bytesReceived: number;
  /** Every change of status or encodeProgress with its time (ms), from creation (status 0) on. */
  readonly statusHistory: readonly StatusChange[];
}

/** How receiving a body into a video ended. */
export type ReceiveResult =
  | { readonly ok: true; readonly file: StoredFile }
  | { readonly ok: false; readonly reason: 'empty' | 'failed' | 'deleted' | 'superseded'; readonly error?: Error };

/** Owns the store and processor, and moves files in and out of the data folder. */
export class VideoService {
  readonly store: VideoStore;
  readonly collections: CollectionStore;
  readonly processor: Processor;
  /** Counts PUT and TUS PATCH bodies while they arrive. */
  readonly meter = new UploadMeter();
  /** Upload bodies are counted and hashed but never written (benchmarks of clients). */
  readonly discardUploads: boolean;
  private readonly root: string;
  /** The account is saved between runs: only small uploads keep their bytes. */
  private readonly persist: boolean;
  /** The PUT body still arriving for each video, which a newer PUT of the same video ends. */
  private readonly arrivingPuts = new Map<VideoRecord, () => void>();

  constructor(ctx: SandboxContext) {
    this.store = new VideoStore(ctx.options.now);
    const cdnBase = (libraryId: number) => {
      const zoneId = findLibrary(ctx.seed, libraryId)?.pullZoneId;
      const host = ctx.seed.pullZones.find((z) => z.id === zoneId)?.hostname;
      return host === undefined ? undefined : `https://${host}`;
    };
    this.collections = new CollectionStore(this.store, ctx.options.now, cdnBase, ctx.seed.collections);
    // With realism on, the seeded just-in-time library encodes as such libraries do (7 → 8).
    this.processor = new Processor(
      ctx.options.processingStepMs,
      ctx.options.now,
      (libraryId) => ctx.options.realism && findLibrary(ctx.seed, libraryId)?.jitEncoding === true,
      () => ctx.changed?.(),
    );
    this.discardUploads = ctx.options.discardUploads;
    this.persist = ctx.options.persist === true;
    this.root = join(ctx.dataDir, 'video');
    if (ctx.saved) this.restore(ctx.saved);
    else addDemoVideos(this.store, ctx.seed, ctx.options.seed, ctx.options.now());
    // The logging area's library zones play what is ready.
    ctx.playable = (libraryId) => [...this.store.inLibrary(libraryId)].flatMap((v) => playableOf(v) ?? []);
  }

  /** The videos and collections, for the saved account: each file's size and hash, its path only when its bytes were kept. */
  save(): SavedPart<'videos' | 'collections'> {
    const videos = this.store.all().sort((a, b) => a.seq - b.seq).map((v): SavedVideo => ({
      libraryId: v.libraryId,
      guid: v.guid,
      createdAt: v.createdAt,
      title: v.title,
      collectionId: v.collectionId,
      thumbnailTime: v.thumbnailTime,
      status: v.status,
      encodeProgress: v.encodeProgress,
      statusHistory: [...v.statusHistory],
      encoded: { ...v.encoded },
      chapters: [...v.chapters],
      moments: [...v.moments],
      metaTags: [...v.metaTags],
      transcodingMessages: [...v.transcodingMessages],
      // A body still arriving is not kept: after a restart its video waits for an upload again.
      file: v.upload.kind === 'stored' ? { ...v.upload.file } : null,
      bytesReceived: v.bytesReceived,
    }));
    const collections = this.collections.all().map(({ libraryId, guid, name, createdAt }) => ({ libraryId, guid, name, createdAt }));
    return { videos, collections };
  }

  /**
   * Removes files of the data folder no saved video names: parts of uploads a restart cut off, and the bytes of
   * videos that are gone or too large to keep (an earlier run, or an earlier version, may have left them). Files in
   * `spare` stay (another seed's account set aside names them).
   */
  async sweep(spare: ReadonlySet<string> = new Set()): Promise<void> {
    const kept = new Set(this.store.all().flatMap((v) => (v.upload.kind === 'stored' && v.upload.file.path !== null ? [v.upload.file.path] : [])));
    const entries = await readdir(this.root, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (!entry.isDirectory()) continue;
      const dir = join(this.root, entry.name);
      // Unfinished TUS uploads are never resumed across a restart: their parts are dropped whole.
      if (dir === this.tusDir()) {
        await rm(dir, { recursive: true, force: true });
        continue;
      }
      for (const name of await readdir(dir).catch(() => [])) {
        const file = join(dir, name);
        if (!kept.has(file) && !spare.has(file)) await removeFile(file);
      }
    }
  }

  /** Puts back the saved account; a video that was still being processed is processed again from its file. */
  private restore(saved: SavedState): void {
    this.collections.restore(saved.collections);
    for (const v of saved.videos) {
      // Bytes that were kept but are gone from the folder leave the size and hash, as for a large upload.
      const file = v.file && v.file.path !== null && !existsSync(v.file.path) ? { ...v.file, path: null } : v.file;
      // Statuses were checked to be 0..8 when the file was read.
      const record = this.store.restore({ ...v, status: v.status as VideoStatusCode, statusHistory: v.statusHistory as StatusChange[], file });
      if (file && !SETTLED.has(record.status)) this.processor.begin(record, file);
    }
  }

  /** The folder of a library's stored files. */
  libraryDir(libraryId: number): string {
    return join(this.root, String(libraryId));
  }

  /** The folder of unfinished TUS uploads. */
  tusDir(): string {
    return join(this.root, 'tus');
  }

  /** Whether a PUT body is still arriving for the video (so a newer PUT may take it over). */
  putArriving(video: VideoRecord): boolean {
    return this.arrivingPuts.has(video);
  }

  /**
   * Ends the PUT body still arriving for a video so a newer PUT can take its place: a client that retried
   * before the sandbox saw the earlier connection close. The earlier request's socket is destroyed, its
   * body stops counting as open at once, and its partial file is removed; it never touches the video again.
   */
  takeOver(video: VideoRecord): void {
    this.arrivingPuts.get(video)?.();
  }

  /**
   * Streams a whole body into a video and starts processing it. On failure the partial file is
   * removed and the video can be uploaded again. A PUT body is metered, and not written at all
   * when the sandbox discards uploads; a remote fetch is always stored. Each call writes its own
   * partial file, so a body that was taken over never mixes with the one that replaced it.
   */
  async receive(video: VideoRecord, source: AsyncIterable<unknown>, via: 'put' | 'fetch', cancel: () => void): Promise<ReceiveResult> {
    const mine: UploadState = { kind: 'receiving', via, cancel };
    video.upload = mine;
    const metered = via === 'put' ? this.meter.begin() : undefined;
    let superseded = false;
    const supersede = () => {
      superseded = true;
      this.arrivingPuts.delete(video);
      // Closed now rather than when the destroyed socket is noticed, so the newer body is never counted beside it.
      metered?.end();
      cancel();
    };
    if (via === 'put') this.arrivingPuts.set(video, supersede);
    const dir = this.libraryDir(video.libraryId);
    const partial = via === 'put' && this.discardUploads ? null : join(dir, `${video.guid}.${randomBytes(8).toString('hex')}.part`);
    const hash = createHash('sha256');
    let outcome: WriteOutcome;
    try {
      if (partial !== null) await ensureDir(dir);
      outcome = await writeStream(source, partial, {
        flags: 'w',
        onChunk: (chunk) => {
          hash.update(chunk);
          video.bytesReceived += chunk.length;
          metered?.count(chunk.length);
        },
      });
    } finally {
      // Before the answer, so a client that starts its next upload on this answer never overlaps it.
      metered?.end();
      // Once the whole body is in, the video counts as uploaded: a later PUT is refused, not a take-over.
      if (this.arrivingPuts.get(video) === supersede) this.arrivingPuts.delete(video);
    }
    if (superseded) {
      if (partial !== null) await removeFile(partial);
      return { ok: false, reason: 'superseded' };
    }
    if (outcome.error || outcome.written === 0 || video.deleted) {
      // Free the video in the same step as the body ended, so a retry arriving meanwhile is never refused.
      if (!video.deleted && video.upload === mine) video.upload = { kind: 'none' };
      if (partial !== null) await removeFile(partial);
      if (video.deleted) return { ok: false, reason: 'deleted' };
      return outcome.error ? { ok: false, reason: 'failed', error: outcome.error } : { ok: false, reason: 'empty' };
    }
    const file = await this.keep(video, partial, outcome.written, hash.digest('hex'));
    return file ? { ok: true, file } : { ok: false, reason: 'deleted' };
  }

  /**
   * Adopts a finished TUS upload and starts processing it. A file on disk is hashed by streaming
   * and moved beside the library's files; a discarded upload brings the hash of the bytes it counted.
   */
  async adopt(video: VideoRecord, received: { readonly path: string; readonly size: number } | { readonly path: null; readonly size: number; readonly sha256: string }): Promise<StoredFile | undefined> {
    if (received.path === null) return this.keep(video, null, received.size, received.sha256);
    await ensureDir(this.libraryDir(video.libraryId));
    return this.keep(video, received.path, received.size, await hashFile(received.path));
  }

  /** Deletes a video: stops its upload and processing and removes its file. */
  async delete(video: VideoRecord): Promise<void> {
    const upload = video.upload;
    this.store.remove(video);
    this.processor.cancel(video.guid);
    if (upload.kind === 'receiving') upload.cancel();
    if (upload.kind === 'stored' && upload.file.path !== null) await removeFile(upload.file.path);
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

  private async keep(video: VideoRecord, from: string | null, size: number, sha256: string): Promise<StoredFile | undefined> {
    if (video.deleted) {
      if (from !== null) await removeFile(from);
      return undefined;
    }
    let path: string | null = null;
    if (from !== null && this.persist && size > KEEP_BYTES_UP_TO) {
      // A saved account keeps a large upload's size and hash, never its bytes: they would fill the user's disk.
      await removeFile(from);
    } else if (from !== null) {
      path = join(this.libraryDir(video.libraryId), `${video.guid}.original`);
      await rename(from, path);
      if (video.deleted) {
        await removeFile(path);
        return undefined;
      }
    }
    const file = { path, size, sha256 };
    this.processor.begin(video, file);
    return file;
  }
}
