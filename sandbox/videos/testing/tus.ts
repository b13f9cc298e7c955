/** Helpers for the TUS endpoint's tests: a new video and bunny.net's signed TUS headers for it. */
import { tusSignature } from '../auth.js';
import type { VideoSandbox } from './support.js';

/** bunny.net's four TUS headers for a video of library A, expiring an hour after `nowMs`. */
export function bunnyTusHeaders(s: VideoSandbox, videoId: string, nowMs = Date.now()): Record<string, string> {
  const expire = Math.floor(nowMs / 1000) + 3600;
  return {
    AuthorizationSignature: tusSignature(s.libA.id, s.libA.key, expire, videoId),
    AuthorizationExpire: String(expire),
    LibraryId: String(s.libA.id),
    VideoId: videoId,
  };
}

/** Creates a video in library A and returns its guid. */
export async function newVideo(s: VideoSandbox, title: string): Promise<string> {
  const reply = await s.call('POST', `/library/${s.libA.id}/videos`, { key: s.libA.key, json: { title } });
  if (reply.status !== 200) throw new Error(`creating video ${title} answered ${reply.status}`);
  return (reply.json as { guid: string }).guid;
}
