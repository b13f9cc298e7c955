/**
 * The platform calls of a fetch row: ask the platform to fetch a URL, find the video it made (by id when the answer
 * carries one, else by title), and read that video's state. Each call is sent once; the fetch queue decides retries.
 */
import { z } from 'zod';
import type { PlatformClient } from '../platform/types.js';
import { listVideos, VIDEO_STATUS, videoSend } from './video-api.js';

/** What the platform said when it took a fetch: the new video's id when the answer names it. */
export interface FetchAccepted {
  readonly videoId: string | null;
}

/** The documented answer is a bare status; the service also sends the new video's guid as `id`, but not always. */
const acceptedSchema = z.object({ id: z.string().min(1).nullish(), success: z.boolean().nullish() }).loose();

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
    // A 2xx without a readable body still means the fetch was taken: the video is then found by title.
  }
  const answer = acceptedSchema.safeParse(parsed);
  return { videoId: answer.success ? (answer.data.id ?? null) : null };
}

/** A fetched video's state, as the row needs it. */
export interface FetchedVideo {
  readonly status: number;
  readonly encodeProgress: number;
  /** The platform's last error message for a failed video. */
  readonly failure: string | null;
}

const fetchedSchema = z
  .object({
    status: z.number().int().nullish(),
    encodeProgress: z.number().nullish(),
    transcodingMessages: z.array(z.object({ message: z.string().nullish(), level: z.number().nullish() }).loose()).nullish(),
  })
  .loose();

/** Reads the video a fetch made. */
export async function readFetchedVideo(client: PlatformClient, libraryId: number, videoId: string, signal: AbortSignal): Promise<FetchedVideo> {
  const response = await videoSend(client, { method: 'GET', path: `/library/${libraryId}/videos/${encodeURIComponent(videoId)}`, libraryId, signal });
  const v = fetchedSchema.parse(response.json());
  const messages = (v.transcodingMessages ?? []).map((m) => m.message ?? '').filter((m) => m !== '');
  return {
    status: v.status ?? VIDEO_STATUS.created,
    encodeProgress: Math.min(100, Math.max(0, v.encodeProgress ?? 0)),
    failure: messages.length > 0 ? (messages[messages.length - 1] ?? null) : null,
  };
}

/** Videos dated this long before the request still count (the platform's clock and ours may differ). */
const CLOCK_SLACK_MS = 5 * 60_000;

/**
 * The newest video titled exactly `title` that was made no earlier than `since` and is not `taken` by another row;
 * null when there is none yet. The platform's search matches loosely, so the title is compared here.
 */
export async function findFetchedVideo(
  client: PlatformClient,
  libraryId: number,
  title: string,
  since: number,
  taken: ReadonlySet<string>,
  signal: AbortSignal,
): Promise<string | null> {
  const { items } = await listVideos(client, libraryId, { search: title, itemsPerPage: 100 }, signal);
  const candidates = items
    .filter((v) => v.title === title && !taken.has(v.guid))
    .map((v) => ({ guid: v.guid, at: v.dateUploaded === null ? Number.NaN : Date.parse(v.dateUploaded) }))
    .filter((v) => Number.isNaN(v.at) || v.at >= since - CLOCK_SLACK_MS)
    .sort((a, b) => (Number.isNaN(b.at) ? 0 : b.at) - (Number.isNaN(a.at) ? 0 : a.at));
  return candidates[0]?.guid ?? null;
}

/** The title a fetch is given when the user names none: the file name in the URL, else its host. */
export function titleFromUrl(url: string): string {
  const u = new URL(url);
  const last = u.pathname.split('/').filter(Boolean).pop() ?? '';
  let name = last;
  try {
    name = decodeURIComponent(last);
  } catch {
    // A malformed escape: the raw segment is still a fine title.
  }
  return (name.trim() || u.hostname).slice(0, 500);
}
