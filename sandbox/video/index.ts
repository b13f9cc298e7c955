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
 */
import type { Area, SandboxContext } from '../context.js';
import { RemoteFetcher } from './fetch.js';
import { createVideoRoutes } from './routes.js';
import { VideoService, type UploadInspection } from './service.js';
import { TusEndpoint } from './tus.js';

export { tusSignature } from './auth.js';
export { FAIL_ENCODE_MARKER } from './processing.js';
export type { UploadInspection } from './service.js';

/** The video area plus a look at what arrived, for tests that run the sandbox in-process. */
export interface VideoArea extends Area {
  /** Size, SHA-256 and path of a video's stored file (nulls until complete) and its status history; undefined for an unknown video. */
  inspect(libraryId: number, videoId: string): UploadInspection | undefined;
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
  return {
    async handle(req, res, path, query) {
      // Location URLs come from the server's own address, never from the client's Host header.
      if (path === '/tusupload' || path.startsWith('/tusupload/')) return tus.handle(req, res, path, `${ctx.origin()}${mountPath}`);
      return routes(req, res, path, query);
    },
    inspect: (libraryId, videoId) => service.inspect(libraryId, videoId),
    close() {
      tus.close();
      service.close();
    },
  };
}

