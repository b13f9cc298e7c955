/** The Stream REST routes under /library/{libraryId}/videos. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SandboxContext } from '../context.js';
import { BodyError, canAnswer, header, readJson, sendEmpty, sendJson } from '../http.js';
import { libraryAccess } from './auth.js';
import { MAX_VIDEO_BYTES } from './files.js';
import type { RemoteFetcher } from './fetch.js';
import { statusBody } from './model.js';
import type { VideoService } from './service.js';
import { toVideoModel, type ListQuery, type VideoRecord } from './store.js';
import { createListLimiter, realisticVideo } from './realism.js';
import { parseCreate, parseFetch, parseUpdate } from './validate.js';

/** The message of the 400 for a collectionId the library does not hold. */
export const UNKNOWN_COLLECTION = 'The requested collection was not found';

const VIDEOS = /^\/library\/([^/]+)\/videos(?:\/([^/]+)(\/__upload)?)?\/?$/;

/** Answers with a StatusModel body, the shape the Stream API uses for results and errors. */
export function sendStatus(res: ServerResponse, status: number, message: string, extraHeaders: Record<string, string> = {}): void {
  sendJson(res, status, statusBody(status, message), extraHeaders);
}

/** Builds the handler of the video routes; resolves false for paths it does not own. */
export function createVideoRoutes(ctx: SandboxContext, service: VideoService, fetcher: RemoteFetcher) {
  const listRefused = createListLimiter(ctx);
  return async function handleVideos(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams): Promise<boolean> {
    const match = VIDEOS.exec(path);
    if (!match) return false;
    const [, libraryText = '', videoId, inspectSuffix] = match;
    if (!/^\d+$/.test(libraryText)) return false;
    const libraryId = Number(libraryText);
    const method = req.method ?? 'GET';

    if (!admitted(ctx, req, res, libraryId, method)) return true;
    try {
      if (videoId === undefined) await collection(req, res, libraryId, method, query);
      else if (videoId === 'fetch' && method === 'POST' && !inspectSuffix) await fetchVideo(req, res, libraryId, query);
      else await single(req, res, libraryId, videoId, method, inspectSuffix !== undefined);
    } catch (e) {
      if (!(e instanceof BodyError)) throw e;
      if (canAnswer(res)) sendStatus(res, e.status, e.message);
    }
    return true;
  };

  async function collection(req: IncomingMessage, res: ServerResponse, libraryId: number, method: string, query: URLSearchParams) {
    if (method === 'GET') {
      // With realism on, now and then a list call is refused as the platform's rate limit does: 429, no Retry-After.
      if (listRefused(libraryId)) return sendStatus(res, 429, 'Too many requests');
      const list = service.store.list(libraryId, listQuery(query));
      return sendJson(res, 200, { ...list, items: list.items.map((v) => realisticVideo(ctx, v)) });
    }
    if (method !== 'POST') return refuse(req, res, 405);
    const body = parseCreate(await readJson(req));
    if (!body.ok) return sendStatus(res, 400, body.message);
    const collectionId = collectionOf(libraryId, body.value.collectionId);
    if (collectionId === false) return sendStatus(res, 400, UNKNOWN_COLLECTION);
    sendJson(res, 200, realisticVideo(ctx, toVideoModel(service.store.create(libraryId, { ...body.value, collectionId }))));
  }

  async function fetchVideo(req: IncomingMessage, res: ServerResponse, libraryId: number, query: URLSearchParams) {
    const body = parseFetch(await readJson(req));
    if (!body.ok) return sendStatus(res, 400, body.message);
    const thumbnail = query.get('thumbnailTime');
    if (thumbnail !== null && thumbnail !== '' && !/^\d+$/.test(thumbnail)) return sendStatus(res, 400, 'thumbnailTime must be an integer');
    if (fetcher.full()) return sendStatus(res, 429, 'Too many fetch jobs queued. Please try again later.');
    const collectionId = collectionOf(libraryId, query.get('collectionId') || null);
    if (collectionId === false) return sendStatus(res, 400, UNKNOWN_COLLECTION);
    const { url, headers, title } = body.value;
    const video = service.store.create(libraryId, {
      title: title || titleFromUrl(url),
      collectionId,
      thumbnailTime: thumbnail ? Number(thumbnail) : null,
    });
    fetcher.start(video, url, headers);
    // The real service also returns the new video's guid as `id`, beyond the documented StatusModel; clients must
    // cope with either answer, so the option gives the documented one.
    sendJson(res, 200, ctx.options.fetchReplyWithoutId ? statusBody(200, 'OK') : { ...statusBody(200, 'OK'), id: video.guid });
  }

  async function single(
    req: IncomingMessage,
    res: ServerResponse,
    libraryId: number,
    videoId: string,
    method: string,
    inspect: boolean,
  ) {
    const video = service.store.get(libraryId, videoId);
    if (!video) return refuse(req, res, 404);
    if (inspect) {
      if (method !== 'GET') return refuse(req, res, 405);
      const { path: _path, ...seen } = service.inspect(libraryId, video.guid) ?? {};
      return sendJson(res, 200, seen);
    }
    switch (method) {
      case 'GET':
        return sendJson(res, 200, realisticVideo(ctx, toVideoModel(video)));
      case 'POST':
        return update(req, res, video);
      case 'DELETE':
        await service.delete(video);
        return sendStatus(res, 200, 'OK');
      case 'PUT':
        return upload(req, res, video);
      default:
        return refuse(req, res, 405);
    }
  }

  async function update(req: IncomingMessage, res: ServerResponse, video: VideoRecord) {
    const body = parseUpdate(await readJson(req));
    if (!body.ok) return sendStatus(res, 400, body.message);
    const change = body.value;
    const collectionId = change.collectionId === undefined ? undefined : collectionOf(video.libraryId, change.collectionId);
    // Checked before any field changes, so a refused update changes nothing.
    if (collectionId === false) return sendStatus(res, 400, UNKNOWN_COLLECTION);
    if (change.title !== undefined) video.title = change.title;
    if (collectionId !== undefined) video.collectionId = collectionId;
    if (change.chapters !== undefined) video.chapters = change.chapters;
    if (change.moments !== undefined) video.moments = change.moments;
    if (change.metaTags !== undefined) video.metaTags = change.metaTags;
    sendStatus(res, 200, 'OK');
  }

  /**
   * The stored guid of the collection a request names: null for none (an empty id counts as none),
   * false when the library has no such collection.
   */
  function collectionOf(libraryId: number, id: string | null): string | null | false {
    if (id === null || id === '') return null;
    return service.collections.get(libraryId, id)?.guid ?? false;
  }

  async function upload(req: IncomingMessage, res: ServerResponse, video: VideoRecord) {
    // A PUT whose body is still arriving gives way to this one (below); anything further along is already uploaded.
    if (video.upload.kind !== 'none' && !service.putArriving(video)) return refuse(req, res, 400);
    // The stored file is the body's bytes exactly as sent; a coded body would have to be decoded without a size bound.
    const coding = (header(req, 'content-encoding') ?? '').trim().toLowerCase();
    if (coding !== '' && coding !== 'identity') {
      return refuse(req, res, 415, 'Content-Encoding is not supported on uploads; send the file bytes as they are');
    }
    const declared = header(req, 'content-length');
    if (declared !== undefined && Number(declared) > MAX_VIDEO_BYTES) {
      return refuse(req, res, 413, `A video may have at most ${MAX_VIDEO_BYTES} bytes`);
    }
    // Only now, so a request refused above leaves the earlier body alone.
    service.takeOver(video);
    const result = await service.receive(video, req, 'put', () => req.destroy());
    if (result.ok) return sendStatus(res, 200, 'OK');
    // An interrupted upload has nobody left to answer.
    if (!canAnswer(res)) return;
    const status = { empty: 400, deleted: 404, superseded: 409, failed: 500 } as const;
    refuse(req, res, status[result.reason]);
  }
}

/**
 * Answers an error the spec declares without a body (401, 404, the PUT's 400, 500), or, given a
 * message, with a StatusModel body. When the request body was not read (an upload refused up front),
 * the connection is closed after the answer rather than draining a possibly huge body.
 */
export function refuse(req: IncomingMessage, res: ServerResponse, status: number, message?: string): void {
  const unread = !req.complete && !req.readableEnded;
  const headers: Record<string, string> = unread ? { connection: 'close' } : {};
  if (message === undefined) sendEmpty(res, status, headers);
  else sendStatus(res, status, message, headers);
  if (unread) req.resume();
}

/**
 * Whether the request's key may make this call on the library: its key for everything, its read-only key for
 * reading. Refuses with 401 (and answers false) otherwise.
 */
export function admitted(ctx: SandboxContext, req: IncomingMessage, res: ServerResponse, libraryId: number, method: string): boolean {
  const access = libraryAccess(ctx.seed, libraryId, header(req, 'accesskey'));
  if (access && (access === 'full' || method === 'GET')) return true;
  refuse(req, res, 401);
  return false;
}

/** Parses the list query: page from 1, itemsPerPage clamped to 10..1000 as the real service does. */
export function listQuery(query: URLSearchParams): ListQuery {
  const int = (name: string, fallback: number) => {
    const text = query.get(name);
    return text !== null && /^-?\d+$/.test(text) ? Number(text) : fallback;
  };
  return {
    page: Math.max(1, int('page', 1)),
    itemsPerPage: Math.min(1000, Math.max(10, int('itemsPerPage', 100))),
    search: query.get('search') ?? '',
    collection: query.get('collection') ?? '',
    orderBy: query.get('orderBy') || 'date',
  };
}

function titleFromUrl(url: URL): string {
  const last = url.pathname.split('/').filter(Boolean).pop() ?? '';
  try {
    return decodeURIComponent(last) || url.hostname;
  } catch {
    return last || url.hostname;
  }
}
