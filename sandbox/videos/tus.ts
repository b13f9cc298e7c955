/**
 * The TUS endpoint ({videoUrl}/tusupload): tus 1.0 core plus creation and termination, with
 * bunny.net's signed headers checked on every request. Hand-written rather than @tus/server so
 * the offset after an interrupted PATCH is exactly the bytes on disk and a request arriving
 * for an upload takes it over at once (no lock-drain wait).
 */
import { createHash, randomBytes, type Hash } from 'node:crypto';
import { open } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { SandboxContext } from '../context.js';
import { header, sendEmpty } from '../http.js';
import { checkTusCredentials } from './auth.js';
import { ensureDir, MAX_VIDEO_BYTES, removeFile, TooLargeError, writeStream, type WriteOutcome } from './files.js';
import type { VideoService } from './service.js';
import type { VideoRecord } from './store.js';

const TUS_VERSION = '1.0.0';
const BASE_HEADERS = { 'tus-resumable': TUS_VERSION, 'cache-control': 'no-store' };

interface TusUpload {
  readonly id: string;
  readonly video: VideoRecord;
  readonly length: number;
  readonly metadata: string | undefined;
  /** The part file; null when the sandbox discards uploads. */
  readonly path: string | null;
  /** The running hash of the bytes counted, kept only when they are not written anywhere. */
  readonly hash: Hash | undefined;
  offset: number;
  /** The PATCH currently streaming, destroyed when another request takes the upload over. */
  streaming: IncomingMessage | undefined;
  /** Serialises requests on one upload. */
  lock: Promise<void>;
  /** Finished uploads stay to answer HEAD, as clients resuming from a stored URL ask. */
  state: 'open' | 'finished' | 'discarded';
}

/** The tus server of the video area. */
export class TusEndpoint {
  private readonly uploads = new Map<string, TusUpload>();

  constructor(
    private readonly ctx: SandboxContext,
    private readonly service: VideoService,
  ) {}

  /** Handles `/tusupload` and `/tusupload/{id}`; `base` is the public URL of the area (for Location). */
  async handle(req: IncomingMessage, res: ServerResponse, path: string, base: string): Promise<boolean> {
    const match = /^\/tusupload(?:\/([0-9a-f]{32}))?\/?$/.exec(path);
    if (!match) return false;
    const id = match[1];
    // tus lets clients behind proxies that only pass GET and POST name the real method in this header.
    const method = header(req, 'x-http-method-override')?.trim().toUpperCase() || (req.method ?? 'GET');
    if (method === 'OPTIONS') {
      reply(req, res, 204, { 'tus-version': TUS_VERSION, 'tus-extension': 'creation,termination', 'tus-max-size': String(MAX_VIDEO_BYTES) });
      return true;
    }
    if (header(req, 'tus-resumable') !== TUS_VERSION) {
      reply(req, res, 412, { 'tus-version': TUS_VERSION }, 'Tus-Resumable 1.0.0 required');
      return true;
    }
    const auth = checkTusCredentials(
      this.ctx.seed,
      {
        signature: header(req, 'authorizationsignature'),
        expire: header(req, 'authorizationexpire'),
        libraryId: header(req, 'libraryid'),
        videoId: header(req, 'videoid'),
      },
      this.ctx.options.now(),
    );
    if (!auth.ok) {
      reply(req, res, 401, {}, `Unauthorized: ${auth.reason}`);
      return true;
    }
    if (id === undefined) {
      if (method !== 'POST') reply(req, res, 405, { allow: 'POST, OPTIONS' }, 'Method not allowed');
      else await this.create(req, res, auth.libraryId, auth.videoId, base);
      return true;
    }
    const upload = this.uploads.get(id);
    if (!upload) {
      reply(req, res, 404, {}, 'Upload not found');
      return true;
    }
    if (upload.video.libraryId !== auth.libraryId || upload.video.guid !== auth.videoId) {
      reply(req, res, 401, {}, 'Unauthorized: the signature is for another video');
      return true;
    }
    await this.exclusive(upload, async () => {
      if (upload.state === 'discarded') return reply(req, res, 404, {}, 'Upload not found');
      if (method === 'HEAD') return this.head(req, res, upload);
      if (method === 'PATCH') return this.patch(req, res, upload);
      if (method === 'DELETE') {
        if (upload.state === 'finished') this.uploads.delete(upload.id);
        else await this.discard(upload);
        return reply(req, res, 204);
      }
      reply(req, res, 405, { allow: 'HEAD, PATCH, DELETE, OPTIONS' }, 'Method not allowed');
    });
    return true;
  }

  /** Drops every unfinished upload's stream (shutdown). */
  close(): void {
    for (const upload of this.uploads.values()) upload.streaming?.destroy();
  }

  private async create(req: IncomingMessage, res: ServerResponse, libraryId: number, videoId: string, base: string) {
    const video = this.service.store.get(libraryId, videoId);
    if (!video) return reply(req, res, 404, {}, 'The video does not exist in this library');
    if (header(req, 'upload-defer-length') !== undefined) return reply(req, res, 400, {}, 'Upload-Defer-Length is not supported');
    const declaredLength = header(req, 'upload-length') ?? '';
    // A well-formed length over the advertised Tus-Max-Size is "too large" in tus, not malformed.
    if (/^\d+$/.test(declaredLength) && !(Number(declaredLength) <= MAX_VIDEO_BYTES)) {
      return reply(req, res, 413, {}, `Upload-Length exceeds the largest video, ${MAX_VIDEO_BYTES} bytes`);
    }
    const length = parseCount(declaredLength);
    if (length === undefined || length === 0) {
      return reply(req, res, 400, {}, `Upload-Length must be a whole number of bytes from 1 to ${MAX_VIDEO_BYTES}`);
    }
    const previous = [...this.uploads.values()].find((u) => u.video === video && u.state === 'open');
    if (video.upload.kind === 'stored' || (video.upload.kind === 'receiving' && !previous)) {
      return reply(req, res, 400, {}, 'The video was already uploaded');
    }
    // A new creation for the same video replaces an unfinished one (a client that lost its URL).
    if (previous) await this.exclusive(previous, () => this.discard(previous));

    const metadata = header(req, 'upload-metadata');
    const meta = parseMetadata(metadata);
    const collection = meta.get('collection');
    if (collection && !this.service.collections.get(libraryId, collection)) {
      return reply(req, res, 400, {}, 'The collection does not exist in this library');
    }
    applyMetadata(video, meta, collection ? this.service.collections.get(libraryId, collection)?.guid : undefined);
    const id = randomBytes(16).toString('hex');
    const discard = this.service.discardUploads;
    const upload: TusUpload = {
      id,
      video,
      length,
      metadata,
      path: discard ? null : join(this.service.tusDir(), id),
      hash: discard ? createHash('sha256') : undefined,
      offset: 0,
      streaming: undefined,
      lock: Promise.resolve(),
      state: 'open',
    };
    if (upload.path !== null) {
      await ensureDir(this.service.tusDir());
      await (await open(upload.path, 'w')).close();
    }
    this.uploads.set(id, upload);
    video.upload = { kind: 'receiving', via: 'tus', cancel: () => void this.exclusive(upload, () => this.discard(upload)).catch(() => undefined) };
    reply(req, res, 201, { location: `${base}/tusupload/${id}`, 'upload-offset': '0' });
  }

  private head(req: IncomingMessage, res: ServerResponse, upload: TusUpload): void {
    reply(req, res, 200, {
      'upload-offset': String(upload.offset),
      'upload-length': String(upload.length),
      ...(upload.metadata !== undefined && { 'upload-metadata': upload.metadata }),
    });
  }

  private async patch(req: IncomingMessage, res: ServerResponse, upload: TusUpload): Promise<void> {
    // Media types compare without case; parameters do not change what the body is.
    const type = (header(req, 'content-type') ?? '').split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/offset+octet-stream') {
      return reply(req, res, 415, {}, 'Content-Type must be application/offset+octet-stream');
    }
    const coding = (header(req, 'content-encoding') ?? '').trim().toLowerCase();
    if (coding !== '' && coding !== 'identity') {
      // Offsets count the bytes of the file; a coded part would make them ambiguous.
      return reply(req, res, 415, {}, 'Content-Encoding is not supported on upload parts; send the bytes as they are');
    }
    const offset = parseCount(header(req, 'upload-offset'));
    if (offset === undefined) return reply(req, res, 400, {}, 'Upload-Offset must be a non-negative integer');
    if (offset !== upload.offset) {
      return reply(req, res, 409, { 'upload-offset': String(upload.offset) }, `Upload-Offset mismatch: the upload is at ${upload.offset}`);
    }
    const remaining = upload.length - upload.offset;
    if (upload.state === 'finished') return reply(req, res, 204, { 'upload-offset': String(upload.offset) });
    const declared = header(req, 'content-length');
    if (declared !== undefined && Number(declared) > remaining) return reply(req, res, 413, {}, 'Body exceeds Upload-Length');

    upload.streaming = req;
    const metered = this.service.meter.begin();
    let outcome: WriteOutcome;
    try {
      // Not destroyed when the part overruns Upload-Length, so the 413 still reaches the client.
      outcome = await writeStream(req.iterator({ destroyOnReturn: false }), upload.path, {
        flags: 'a',
        limit: remaining,
        onChunk: (chunk) => {
          upload.video.bytesReceived += chunk.length;
          upload.hash?.update(chunk);
          metered.count(chunk.length);
        },
      });
    } finally {
      // Before the answer, so a client that sends its next part on this answer never overlaps it.
      metered.end();
    }
    upload.streaming = undefined;
    upload.offset += outcome.written;
    if (outcome.error instanceof TooLargeError) return reply(req, res, 413, {}, outcome.error.message);
    // An interrupted PATCH has nobody to answer; the bytes it brought stay for the resume.
    if (outcome.error) return reply(req, res, 500, {}, outcome.error.message);
    if (upload.offset === upload.length) await this.finish(upload);
    reply(req, res, 204, { 'upload-offset': String(upload.offset) });
  }

  private async finish(upload: TusUpload): Promise<void> {
    upload.state = 'finished';
    if (upload.video.deleted) {
      if (upload.path !== null) await removeFile(upload.path);
      return;
    }
    const { path, length: size } = upload;
    await this.service.adopt(upload.video, path === null ? { path, size, sha256: upload.hash?.digest('hex') ?? '' } : { path, size });
  }

  private async discard(upload: TusUpload): Promise<void> {
    upload.state = 'discarded';
    this.uploads.delete(upload.id);
    if (upload.path !== null) await removeFile(upload.path);
    if (upload.video.upload.kind === 'receiving' && upload.video.upload.via === 'tus' && !upload.video.deleted) {
      upload.video.upload = { kind: 'none' };
    }
  }

  /** Runs `work` alone on the upload, first cutting off a PATCH that is still streaming (a client that gave up on it). */
  private async exclusive(upload: TusUpload, work: () => Promise<void> | void): Promise<void> {
    upload.streaming?.destroy();
    const previous = upload.lock;
    let release = () => {};
    upload.lock = new Promise((resolve) => (release = resolve));
    await previous;
    try {
      await work();
    } finally {
      release();
    }
  }
}

/** Sends a tus answer with the protocol headers; an answer to a request whose socket is gone is dropped. */
function reply(req: IncomingMessage, res: ServerResponse, status: number, headers: Record<string, string> = {}, text?: string): void {
  if (res.destroyed || res.headersSent) return;
  const unread = !req.complete && !req.readableEnded;
  const all = { ...BASE_HEADERS, ...headers, ...(unread && { connection: 'close' }) };
  if (text === undefined) sendEmpty(res, status, all);
  else {
    res.writeHead(status, { ...all, 'content-type': 'text/plain; charset=utf-8', 'content-length': String(Buffer.byteLength(text)) });
    res.end(text);
  }
  if (unread) req.resume();
}

/** A non-negative safe integer written in decimal digits only, or undefined. */
function parseCount(text: string | undefined): number | undefined {
  if (text === undefined || !/^\d{1,16}$/.test(text)) return undefined;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : undefined;
}

/** Decodes tus Upload-Metadata: comma-separated `key base64value` pairs. */
export function parseMetadata(text: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const pair of (text ?? '').split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (key) out.set(key, value ? Buffer.from(value, 'base64').toString('utf8') : '');
  }
  return out;
}

/** bunny.net reads `title`, `collection` (`collectionId`: the collection it names, already checked) and `thumbnailTime` from the metadata. */
function applyMetadata(video: VideoRecord, meta: ReadonlyMap<string, string>, collectionId: string | undefined): void {
  const title = meta.get('title');
  if (title) video.title = title;
  if (collectionId) video.collectionId = collectionId;
  const thumbnail = meta.get('thumbnailTime');
  if (thumbnail && /^\d+$/.test(thumbnail)) video.thumbnailTime = Number(thumbnail);
}
