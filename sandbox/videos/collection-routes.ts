/** The Stream REST routes under /library/{libraryId}/collections. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SandboxContext } from '../context.js';
import { BodyError, canAnswer, readJson, sendJson } from '../http.js';
import type { CollectionQuery } from './collections.js';
import { admitted, listQuery, refuse, sendStatus } from './routes.js';
import type { VideoService } from './service.js';
import { parseCollection } from './validate.js';

const COLLECTIONS = /^\/library\/(\d+)\/collections(?:\/([^/]+))?\/?$/;

/** Builds the handler of the collection routes; resolves false for paths it does not own. */
export function createCollectionRoutes(ctx: SandboxContext, service: VideoService) {
  const collections = service.collections;

  return async function handleCollections(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams): Promise<boolean> {
    const match = COLLECTIONS.exec(path);
    if (!match) return false;
    const libraryId = Number(match[1]);
    const collectionId = match[2];
    const method = req.method ?? 'GET';
    // The same keys as the video routes.
    if (!admitted(ctx, req, res, libraryId, method)) return true;
    try {
      if (collectionId === undefined) await all(req, res, libraryId, method, query);
      else await one(req, res, libraryId, collectionId, method, query);
    } catch (e) {
      if (!(e instanceof BodyError)) throw e;
      if (canAnswer(res)) sendStatus(res, e.status, e.message);
    }
    return true;
  };

  async function all(req: IncomingMessage, res: ServerResponse, libraryId: number, method: string, query: URLSearchParams) {
    if (method === 'GET') return sendJson(res, 200, collections.list(libraryId, collectionQuery(query)));
    if (method !== 'POST') return refuse(req, res, 405);
    const body = parseCollection(await readJson(req));
    if (!body.ok) return sendStatus(res, 400, body.message);
    sendJson(res, 200, collections.toModel(collections.create(libraryId, body.value.name), false));
  }

  async function one(req: IncomingMessage, res: ServerResponse, libraryId: number, collectionId: string, method: string, query: URLSearchParams) {
    const collection = collections.get(libraryId, collectionId);
    if (!collection) return refuse(req, res, 404);
    switch (method) {
      case 'GET':
        return sendJson(res, 200, collections.toModel(collection, flag(query, 'includeThumbnails')));
      case 'POST': {
        const body = parseCollection(await readJson(req));
        if (!body.ok) return sendStatus(res, 400, body.message);
        collection.name = body.value.name;
        return sendStatus(res, 200, 'OK');
      }
      case 'DELETE':
        collections.remove(collection);
        return sendStatus(res, 200, 'OK');
      default:
        return refuse(req, res, 405);
    }
  }
}

/** Parses the list query: paging as for videos (page from 1, itemsPerPage clamped to 10..1000). */
function collectionQuery(query: URLSearchParams): CollectionQuery {
  const { page, itemsPerPage, search, orderBy } = listQuery(query);
  return { page, itemsPerPage, search, orderBy, includeThumbnails: flag(query, 'includeThumbnails') };
}

/** A boolean query flag: true only for `true` (any case). */
function flag(query: URLSearchParams, name: string): boolean {
  return query.get(name)?.toLowerCase() === 'true';
}
