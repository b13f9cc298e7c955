/**
 * The platform calls of a fetch row: ask the platform to fetch a URL, find the video it made (by id when the answer
 * carries one, else by the marker in its title), and read that video's state. Each call is sent once; the fetch queue decides retries.
 */
import type { PlatformClient } from '../../platform/types.js';
import { jobMarker } from '../upload/marker.js';
import { messagesOf, progressOf, readOne, StreamStatus, StreamVideo, type Read } from '../stream-read.js';
import { listVideos, readVideoBody, VIDEO_STATUS, videoSend } from '../upload/video-api.js';

/** What the platform said when it took a fetch: the new video's id when the answer names it. */
export interface FetchAccepted {
  readonly videoId: string | null;
}

/** Reads a fetch's answer: the documented bare status; the service also sends the new video's guid as `id`, but not always. */
export function readFetchAccepted(json: unknown): FetchAccepted {
  const answer = readOne(json, StreamStatus);
  return { videoId: answer.ok ? (answer.value.id ?? null) : null };
}

/** Asks the platform to fetch `url` into a new video; throws VideoCallFailure on any answer but 2xx. */
export async function requestFetch(
  client: PlatformClient,
  libraryId: number,
  body: { readonly url: string; readonly title: string; readonly collectionId: string | null; readonly headers: Readonly<Record<string, string>> },
  signal: AbortSignal,
): Promise<FetchAccepted> {
  const json = { url: body.url, title: body.title, ...(Object.keys(body.headers).length > 0 ? { headers: body.headers } : {}) };
  const response = await videoSend(client, {
    method: 'POST',
    path: `/library/${libraryId}/videos/fetch`,
    libraryId,
    // The collection goes in the query, not the body.
    ...(body.collectionId !== null ? { query: { collectionId: body.collectionId } } : {}),
    json,
    signal,
  });
  let parsed: unknown = null;
  try {
    parsed = response.json();
  } catch {
    // A 2xx without a readable body still means the fetch was taken: the video is then found by its marker.
  }
  return readFetchAccepted(parsed);
}

/** A fetched video's state, as the row needs it. */
export interface FetchedVideo {
  readonly status: number;
  readonly encodeProgress: number;
  /** The platform's last error message for a failed video. */
  readonly failure: string | null;
}

/** Reads a fetched video's VideoModel (liberally: see stream-read). */
export function readFetchedVideoBody(json: unknown): Read<FetchedVideo> {
  const r = readOne(json, StreamVideo);
  if (!r.ok) return r;
  const messages = messagesOf(r.value);
  return {
    ok: true,
    value: { status: r.value.status ?? VIDEO_STATUS.created, encodeProgress: progressOf(r.value.encodeProgress), failure: messages.length > 0 ? (messages[messages.length - 1] ?? null) : null },
  };
}

/** Reads the video a fetch made. */
export async function readFetchedVideo(client: PlatformClient, libraryId: number, videoId: string, signal: AbortSignal): Promise<FetchedVideo> {
  const response = await videoSend(client, { method: 'GET', path: `/library/${libraryId}/videos/${encodeURIComponent(videoId)}`, libraryId, signal });
  return readVideoBody(response, readFetchedVideoBody, 'a video');
}

/**
 * The marker a fetch request's video is titled with: the row and the moment of the request, so a video the platform
 * made for this request (and no other row's, in this process or another) is found by it even when the answer names
 * no video. A new request (a retry) has a new marker.
 */
export function fetchMarkerId(row: { readonly id: string; readonly requestedAt: number | null; readonly addedAt: number }): string {
  return `${row.id.replace(/[^A-Za-z0-9]/g, '').slice(0, 6)}${(row.requestedAt ?? row.addedAt).toString(36).slice(-6)}`;
}

/** The video made for a fetch request: the one whose title carries its marker; null when there is none yet. */
export async function findFetchedVideo(client: PlatformClient, libraryId: number, markerId: string, signal: AbortSignal): Promise<string | null> {
  const marker = jobMarker(markerId);
  // Searched without the brackets: some search back ends read them as a character class.
  const { items } = await listVideos(client, libraryId, { search: marker.slice(1, -1), itemsPerPage: 100 }, signal);
  const found = items.filter((v) => v.title.endsWith(marker));
  return found[0]?.guid ?? null;
}

/**
 * The title a fetch is given when the user names none: the file name in the URL without its extension (as an
 * uploaded file's is), else its host.
 */
export function titleFromUrl(url: string): string {
  const u = new URL(url);
  const last = u.pathname.split('/').filter(Boolean).pop() ?? '';
  let name = last;
  try {
    name = decodeURIComponent(last);
  } catch {
    // A malformed escape: the raw segment is still a fine title.
  }
  const bare = name.trim().replace(/\.[A-Za-z0-9]{1,8}$/, '').trim();
  return (bare || name.trim() || u.hostname).slice(0, 500);
}
