/**
 * One file → one video. A job's video is created with a title carrying the job's marker, `"<title> [burrow:<id>]"`
 * where `<id>` is the first 12 characters of the job id. The video id is stored before any byte is sent, then the
 * title is renamed to the clean one. When a create went out and its answer was never seen (the connection dropped
 * after sending, or the process died), the library is searched for the marker first, and a video found is adopted
 * instead of creating a second one.
 */
import type { RunContext } from '../types.js';
import { createVideo, deleteVideo, listVideos, updateVideoTitle, VIDEO_STATUS, type VideoInfo } from './video-api.js';

/** Runs one step of a job with the runner's retries; throws when the step gives up. */
export type Attempt = <T>(step: () => Promise<T>) => Promise<T>;

const MARKER_ID_LENGTH = 12;
const MAX_TITLE = 500;
/** Pages of search results looked through for the marker; a marker matches one video, rarely more. */
const MAX_PAGES = 5;

/** The marker of a job: `[burrow:<first 12 characters of the job id>]`. */
export function jobMarker(jobId: string): string {
  return `[burrow:${jobId.slice(0, MARKER_ID_LENGTH)}]`;
}

/** The title a job's video is created with: the clean title, shortened if need be, then the marker. */
export function markedTitle(title: string, jobId: string): string {
  const marker = jobMarker(jobId);
  const room = MAX_TITLE - marker.length - 1;
  const clean = title.trim() === '' ? 'Untitled' : title.trim();
  return `${clean.length > room ? clean.slice(0, room).trimEnd() : clean} ${marker}`;
}

/**
 * The job's video, if a create of it reached the platform: the oldest whose title carries the marker. Others
 * carrying it (a second create whose answer was lost too) are deleted while they hold no file.
 */
export async function findMarkedVideo(ctx: Pick<RunContext, 'client' | 'signal'>, libraryId: number, jobId: string): Promise<VideoInfo | undefined> {
  const marker = jobMarker(jobId);
  // Searched without the brackets: some search back ends read them as a character class.
  const search = marker.slice(1, -1);
  const found: VideoInfo[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const list = await listVideos(ctx.client, libraryId, { search, page }, ctx.signal);
    found.push(...list.items.filter((v) => v.title.includes(marker)));
    if (list.items.length === 0 || page * 100 >= list.totalItems) break;
  }
  if (found.length === 0) return undefined;
  const sorted = [...found].sort((a, b) => (a.dateUploaded ?? '').localeCompare(b.dateUploaded ?? ''));
  const [kept, ...extra] = sorted;
  for (const v of extra) {
    if (v.status !== VIDEO_STATUS.created) continue;
    // Best effort: an extra empty video is clutter, not harm; the upload goes on either way.
    await deleteVideo(ctx.client, libraryId, v.guid, ctx.signal).catch(() => undefined);
  }
  return kept;
}

/**
 * The job's video id: the stored one, a video found by marker, or a new video. `createPending` is on disk before
 * the create goes out and the id is on disk before this returns, so no byte is ever sent to an unrecorded video.
 */
export async function ensureVideo(ctx: RunContext, attempt: Attempt): Promise<string> {
  const job = ctx.job();
  if (job.videoId !== null) return job.videoId;
  let pending = job.createPending;
  return attempt(async () => {
    if (pending) {
      const found = await findMarkedVideo(ctx, job.libraryId, job.id);
      if (found) {
        await ctx.update({ videoId: found.guid, createPending: false, titleSynced: false, state: 'created' });
        return found.guid;
      }
    } else {
      await ctx.update({ createPending: true, state: 'creating' });
      // From here on, any failure may have created the video: every later attempt looks first.
      pending = true;
    }
    const video = await createVideo(ctx.client, job.libraryId, { title: markedTitle(ctx.job().title, job.id), collectionId: job.collectionId }, ctx.signal);
    await ctx.update({ videoId: video.guid, createPending: false, titleSynced: false, state: 'created' });
    return video.guid;
  });
}

/** Gives the video the job's clean title; titleSynced is set only when the title sent is still the job's. */
export async function syncTitle(ctx: RunContext, videoId: string, attempt: Attempt): Promise<void> {
  const title = ctx.job().title;
  await attempt(() => updateVideoTitle(ctx.client, ctx.job().libraryId, videoId, title, ctx.signal));
  if (ctx.job().title === title) await ctx.update({ titleSynced: true });
}
