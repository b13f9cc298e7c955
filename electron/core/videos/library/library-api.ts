/**
 * The library browser's platform calls: a page of a library's videos, one video, a change of title or collection,
 * a delete. Failures come back as AppFailure in the user's words (which key, which video, what to do).
 */
import type { z } from 'zod';
import type { LibraryPage, LibraryQuery, LibraryVideo } from '../../../../shared/contract/videos-library.js';
import type { AppError } from '../../../../shared/contract/result.js';
import { AppFailure } from '../../errors.js';
import type { PlatformClient, PlatformRequest, PlatformResponse } from '../../platform/types.js';
import { LIBRARY_KEY_HINT } from '../upload/classify.js';
import { readList, type ListRead, type Read } from '../stream-read.js';
import { parsedVideoBody, readVideoBody, VideoCallFailure, videoPath, videoSchema as platformVideo, videoSend, videosPath } from '../upload/video-api.js';

/** A video as the browser lists it, and where its thumbnail is. */
const videoSchema = platformVideo.transform((v) => ({
  video: {
    guid: v.guid, title: v.title, status: v.status, encodeProgress: v.encodeProgress, length: v.length, storageSize: v.storageSize,
    views: v.views, dateUploaded: v.dateUploaded, collectionId: v.collectionId, hasThumbnail: Boolean(v.thumbnailUrl || v.thumbnailFileName),
  } satisfies LibraryVideo,
  thumbnail: { url: v.thumbnailUrl, fileName: v.thumbnailFileName },
}));

/** A video and where its thumbnail is, as far as the platform said. */
export type PlatformVideo = z.output<typeof videoSchema>;

/** Reads a page of the library item by item: a video that cannot be read is skipped and counted, never the page. */
export function readLibraryList(json: unknown): Read<ListRead<PlatformVideo>> {
  return readList(json, videoSchema);
}

/** What a failed call of the browser says, by status: the key to set, the video that is gone, or the platform's words. */
export function libraryFailure(error: AppError, status: number | undefined, videoTitle?: string): AppFailure {
  const which = videoTitle !== undefined ? `“${videoTitle}”` : 'This video';
  // What the platform said (and the call) stays after the advice, for a support question.
  const also = error.detail !== undefined ? ` (${error.detail})` : '';
  if (status === 401) return new AppFailure({ ...error, title: 'The library key was refused (401)', detail: LIBRARY_KEY_HINT });
  if (status === 403) return new AppFailure({ ...error, title: 'This library key may not do this (403)', detail: `The key set for this library may only read (a read-only key): set the library’s full API key in Settings.${also}` });
  if (status === 404) return new AppFailure({ ...error, title: `${which} is no longer in the library`, detail: `It was deleted, or the library changed; the list is read again.${also}` });
  return new AppFailure(error);
}

/**
 * Sends one request of the video area through the queue's videoSend, with the client's own retries (a browser's
 * calls are the user's, not a queue's), and says a failure in the browser's words.
 */
async function send(client: PlatformClient, req: Omit<PlatformRequest, 'area'> & { readonly libraryId: number }, videoTitle?: string): Promise<PlatformResponse> {
  try {
    return await videoSend(client, { retry: true, ...req });
  } catch (e) {
    if (!(e instanceof VideoCallFailure)) throw e;
    throw libraryFailure(e.failure.error, e.failure.status ?? e.failure.error.status, videoTitle);
  }
}

const withSignal = (signal: AbortSignal | undefined) => (signal ? { signal } : {});

/** One page of a library's videos, searched, filtered by collection and ordered as asked. */
export async function listLibrary(client: PlatformClient, q: Omit<LibraryQuery, 'libraryId'> & { readonly libraryId: number }, signal?: AbortSignal): Promise<{ readonly page: LibraryPage; readonly videos: readonly PlatformVideo[] }> {
  const query = {
    page: q.page,
    itemsPerPage: q.itemsPerPage,
    search: q.search.trim(),
    collection: q.collectionId ?? '',
    orderBy: q.orderBy,
  };
  const response = await send(client, { method: 'GET', path: videosPath(q.libraryId), query, libraryId: q.libraryId, ...withSignal(signal) });
  const list = readVideoBody(response, readLibraryList, 'a video list');
  const videos = list.items;
  const first = list.skipped[0];
  return {
    videos,
    page: {
      items: videos.map((v) => v.video),
      totalItems: Math.max(videos.length + list.skipped.length, list.totalItems ?? videos.length),
      page: list.currentPage ?? q.page,
      itemsPerPage: list.itemsPerPage ?? q.itemsPerPage,
      ...(first !== undefined ? { unreadable: { count: list.skipped.length, firstReason: first.reason } } : {}),
    },
  };
}

/** One video, with where its thumbnail is; also answers the Stream base URL the platform was reached at. */
export async function readVideo(client: PlatformClient, libraryId: number, videoId: string, signal?: AbortSignal): Promise<PlatformVideo & { readonly videoBase: string }> {
  const response = await send(client, { method: 'GET', path: videoPath(libraryId, videoId), libraryId, ...withSignal(signal) });
  const video = parsedVideoBody(response, videoSchema, 'a video');
  const url = new URL(response.url);
  // The answer's URL ends in the path asked for: what comes before it is the base the profile points at.
  const at = url.pathname.lastIndexOf(videosPath(libraryId));
  const videoBase = `${url.origin}${at > 0 ? url.pathname.slice(0, at) : ''}`;
  return { ...video, videoBase };
}

/** Changes the title and/or collection (null: out of its collection). The platform answers a status, not the video. */
export async function updateVideo(
  client: PlatformClient,
  libraryId: number,
  videoId: string,
  change: { readonly title?: string; readonly collectionId?: string | null },
  signal?: AbortSignal,
): Promise<void> {
  const json = { ...(change.title !== undefined ? { title: change.title } : {}), ...(change.collectionId !== undefined ? { collectionId: change.collectionId ?? '' } : {}) };
  // Sending the same change twice has the effect of sending it once, so a lost answer may be asked again.
  await send(client, { method: 'POST', path: videoPath(libraryId, videoId), libraryId, json, idempotent: true, ...withSignal(signal) });
}

/** Deletes a video. Not repeated by the client: a second delete after a lost answer would say the video is gone. */
export async function removeVideo(client: PlatformClient, libraryId: number, videoId: string, videoTitle?: string, signal?: AbortSignal): Promise<void> {
  await send(client, { method: 'DELETE', path: videoPath(libraryId, videoId), libraryId, retry: false, ...withSignal(signal) }, videoTitle);
}
