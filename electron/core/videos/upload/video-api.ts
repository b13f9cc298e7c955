/**
 * The Stream calls of the upload queue, typed, over the platform client. None of them is retried by the client:
 * the runner retries whole steps itself (a create may have taken effect, a streamed body cannot be sent again),
 * so every failure comes back once, with what the runner needs to decide (status, Retry-After, low-level code).
 */
import { z } from 'zod';
import { appError } from '../../../../shared/contract/result.js';
import { AppFailure, toAppError } from '../../errors.js';
import { mapPlatformError } from '../../platform/errors.js';
import type { PlatformClient, PlatformRequest, PlatformResponse } from '../../platform/types.js';
import type { CallFailure } from './classify.js';
import { notePlatformDate } from './platform-clock.js';
import { platformInstant, progressOf, readList, readOne, StreamVideo, wholeOf, type ListRead, type Read } from '../stream-read.js';

import { VIDEO_STATUS } from '../../../../shared/videos/status.js';

export { VIDEO_STATUS };

/**
 * The platform's VideoModel as Burrow reads it, for the queue and the library alike (liberally: see stream-read):
 * a missing field gets the value of a fresh video; anything else the platform sends is ignored.
 */
export const videoSchema = StreamVideo.transform((v) => ({
  guid: v.guid,
  title: v.title ?? '',
  // Kept as sent, a number added later too: the status model says it in words.
  status: v.status ?? VIDEO_STATUS.created,
  encodeProgress: progressOf(v.encodeProgress),
  length: wholeOf(v.length),
  storageSize: wholeOf(v.storageSize),
  views: wholeOf(v.views),
  dateUploaded: platformInstant(v.dateUploaded),
  // An empty id is how some answers say "in no collection".
  collectionId: v.collectionId ? v.collectionId : null,
  thumbnailUrl: v.thumbnailUrl || null,
  thumbnailFileName: v.thumbnailFileName || null,
}));

/** A video as the platform sent it. */
export type VideoInfo = z.output<typeof videoSchema>;

/** Reads one VideoModel answer. */
export function readVideoInfo(json: unknown): Read<VideoInfo> {
  return readOne(json, videoSchema);
}

/** Reads a PaginationListOfVideoModel answer item by item. */
export function readVideoInfoList(json: unknown): Read<ListRead<VideoInfo>> {
  return readList(json, videoSchema);
}

/** A failed video call; `failure` is what classify reads. */
export class VideoCallFailure extends AppFailure {
  constructor(readonly failure: CallFailure) {
    super(failure.error);
  }
}

/** The low-level code in a transcript line such as "network: ECONNRESET after HTTP 200". */
function codeOfAttempt(error: string | undefined): string | undefined {
  if (error === undefined) return undefined;
  const m = /^(\w+): (\S+)/.exec(error);
  if (!m) return undefined;
  return m[1] === 'cancelled' ? 'ABORTED' : m[1] === 'timeout' ? 'TIMEOUT' : m[2];
}

/**
 * Sends one request of the video area and answers only a 2xx; anything else throws VideoCallFailure (the platform's
 * message mapped, its status, Retry-After and the code below HTTP). Never retried by the client unless `retry` says
 * so: the upload queue decides its own retries.
 */
export async function videoSend(client: PlatformClient, req: Omit<PlatformRequest, 'area'> & { readonly libraryId: number }): Promise<PlatformResponse> {
  let code: string | undefined;
  let response: PlatformResponse;
  try {
    response = await client.send({
      ...req,
      area: 'video',
      retry: req.retry ?? false,
      onAttempt: (a) => {
        code = codeOfAttempt(a.error);
        req.onAttempt?.(a);
      },
    });
  } catch (e) {
    const error = toAppError(e);
    throw new VideoCallFailure({ error, ...(code !== undefined ? { code } : error.kind === 'cancelled' ? { code: 'ABORTED' } : {}) });
  }
  // Any answer tells the platform's time: tus uploads are signed with it (see tus-runner).
  notePlatformDate(client, response.headers['date']);
  if (response.status >= 200 && response.status < 300) return response;
  const path = new URL(response.url).pathname;
  const error = mapPlatformError('video', response.status, response.headers, response.body, req.method, path);
  const retryAfter = response.headers['retry-after'];
  throw new VideoCallFailure({ error, status: response.status, ...(retryAfter !== undefined ? { retryAfter } : {}) });
}

/** The answer's body read by `read`; a body that is not JSON, or that `read` refuses, throws saying what was expected. */
export function readVideoBody<T>(response: PlatformResponse, read: (json: unknown) => Read<T>, what: string): T {
  const unreadable = (detail: string) =>
    new VideoCallFailure({ error: appError('http', `The platform sent ${what} Burrow could not read`, { status: response.status, detail }), status: response.status });
  let json: unknown;
  try {
    json = response.json();
  } catch (e) {
    throw unreadable(toAppError(e).detail ?? 'not JSON');
  }
  const result = read(json);
  if (result.ok) return result.value;
  throw unreadable(result.reason);
}

/** The answer's body read by `schema` (see readVideoBody). */
export function parsedVideoBody<T>(response: PlatformResponse, schema: z.ZodType<T>, what: string): T {
  return readVideoBody(response, (json) => readOne(json, schema), what);
}

/** A library's videos, and one of them, as paths of the video area. */
export const videosPath = (libraryId: number) => `/library/${libraryId}/videos`;
export const videoPath = (libraryId: number, videoId: string) => `${videosPath(libraryId)}/${encodeURIComponent(videoId)}`;

/** Creates a video object. Never repeated on its own: a create whose answer was lost may still have made the video. */
export async function createVideo(client: PlatformClient, libraryId: number, body: { readonly title: string; readonly collectionId: string | null }, signal?: AbortSignal): Promise<VideoInfo> {
  const json = body.collectionId !== null ? { title: body.title, collectionId: body.collectionId } : { title: body.title };
  const response = await videoSend(client, { method: 'POST', path: videosPath(libraryId), libraryId, json, ...(signal ? { signal } : {}) });
  return parsedVideoBody(response, videoSchema, 'a created video');
}

/** Reads one video. */
export async function getVideo(client: PlatformClient, libraryId: number, videoId: string, signal?: AbortSignal): Promise<VideoInfo> {
  const response = await videoSend(client, { method: 'GET', path: videoPath(libraryId, videoId), libraryId, ...(signal ? { signal } : {}) });
  return parsedVideoBody(response, videoSchema, 'a video');
}

/** Renames a video (the update call; sending it twice has the effect of sending it once). */
export async function updateVideoTitle(client: PlatformClient, libraryId: number, videoId: string, title: string, signal?: AbortSignal): Promise<void> {
  await videoSend(client, { method: 'POST', path: videoPath(libraryId, videoId), libraryId, json: { title }, ...(signal ? { signal } : {}) });
}

/** Deletes a video. */
export async function deleteVideo(client: PlatformClient, libraryId: number, videoId: string, signal?: AbortSignal): Promise<void> {
  await videoSend(client, { method: 'DELETE', path: videoPath(libraryId, videoId), libraryId, ...(signal ? { signal } : {}) });
}

/** One page of a library's videos whose title contains `search` (the platform matches loosely: callers check). */
export async function listVideos(
  client: PlatformClient,
  libraryId: number,
  options: { readonly search: string; readonly page?: number; readonly itemsPerPage?: number },
  signal?: AbortSignal,
): Promise<{ readonly totalItems: number; readonly items: readonly VideoInfo[] }> {
  const query = { search: options.search, page: options.page ?? 1, itemsPerPage: options.itemsPerPage ?? 100 };
  const response = await videoSend(client, { method: 'GET', path: videosPath(libraryId), query, libraryId, ...(signal ? { signal } : {}) });
  // A video that cannot be read is left out of a search; the rest of the page still counts.
  const list = readVideoBody(response, readVideoInfoList, 'a video list');
  return { totalItems: Math.max(list.items.length, list.totalItems ?? list.items.length), items: list.items };
}
