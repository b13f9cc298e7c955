/**
 * The video library (Bunny Stream) area of the sandbox, mounted under /video.
 *
 * Sandbox-only behaviour, for tests of clients:
 * - `GET /library/{id}/videos/{videoId}/__upload` (library key or read-only key) answers
 *   `{ state, size, sha256, bytesReceived, statusHistory }`: what arrived, whichever channel
 *   brought it, and every `{ status, encodeProgress, at }` step the video went through.
 * - A title containing `[fail-encode]` accepts the bytes, then ends in status 5 (Error) with
 *   encodeProgress stuck below 100.
 * - Processing steps take `processingStepMs` each; fetches past `fetchQueueLimit` get 429.
 * - An unknown library id answers 401 like a wrong key (no key can belong to it).
 * - Every PUT and TUS PATCH body is metered (open now, peak, bodies, bytes); with `discardUploads`
 *   the bodies are counted and hashed but never written.
 * - A collectionId (create, update, fetch, TUS `collection` metadata) must name a collection of the
 *   library; otherwise 400. Deleting a collection leaves its videos in the library, outside any collection.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Area, SandboxContext } from '../context.js';
import type { SavedPart } from '../state.js';
import { createCollectionRoutes } from './collection-routes.js';
import { RemoteFetcher } from './fetch.js';
import type { UploadStats } from './meter.js';
import { createVideoRoutes } from './routes.js';
import { VideoService, type UploadInspection } from './service.js';
import { serveCdnFile } from './thumbnail.js';
import { TusEndpoint } from './tus.js';

export { tusSignature } from './auth.js';
export type { UploadStats } from './meter.js';
export { FAIL_ENCODE_MARKER } from './processing.js';
export type { UploadInspection } from './service.js';

/** The video area plus a look at what arrived, for tests that run the sandbox in-process. */
export interface VideoArea extends Area {
  /** Size, SHA-256 and path of a video's stored file (nulls until complete) and its status history; undefined for an unknown video. */
  inspect(libraryId: number, videoId: string): UploadInspection | undefined;
  /** Upload bodies (PUT and TUS PATCH) open now, the most open at once, and the bodies and bytes since the last reset. */
  uploadStats(): UploadStats;
  /** Restarts the peak from the bodies open now and the totals from zero. */
  resetUploadStats(): void;
  /** The videos and collections, for the saved account. */
  save(): SavedPart<'videos' | 'collections'>;
  /** Removes files in the data folder that no video names, but those in `spare` (for a sandbox that keeps its account, on start). */
  sweep(spare?: ReadonlySet<string>): Promise<void>;
  /** Answers a request for a library's CDN file (`/{videoId}/{thumbnailFileName}`); false for any other path. */
  serveCdn(req: IncomingMessage, res: ServerResponse, path: string): boolean;
}

/**
 * Builds the video area: Stream REST routes, remote fetch and the TUS endpoint. `mountPath` is the
 * prefix the dispatcher serves it under; with the server's own origin it makes the TUS Location URLs.
 */
export function createVideoArea(ctx: SandboxContext, mountPath = '/video'): VideoArea {
  const service = new VideoService(ctx);
  const fetcher = new RemoteFetcher(service, ctx.options.fetchQueueLimit);
  const tus = new TusEndpoint(ctx, service);
  const routes = createVideoRoutes(ctx, service, fetcher);
  const collections = createCollectionRoutes(ctx, service);
  return {
    async handle(req, res, path, query) {
      // Location URLs come from the server's own address, never from the client's Host header.
      if (path === '/tusupload' || path.startsWith('/tusupload/')) return tus.handle(req, res, path, `${ctx.origin()}${mountPath}`);
      return (await collections(req, res, path, query)) || routes(req, res, path, query);
    },
    inspect: (libraryId, videoId) => service.inspect(libraryId, videoId),
    uploadStats: () => service.meter.stats(),
    resetUploadStats: () => service.meter.reset(),
    save: () => service.save(),
    sweep: (spare) => service.sweep(spare),
    serveCdn: (req, res, path) => serveCdnFile(service.store, req, res, path),
    close() {
      tus.close();
      service.close();
    },
  };
}

