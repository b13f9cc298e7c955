/**
 * A Stream video's status, one model for the upload queue, the fetch rows, the library browser and the CLI: the
 * nine numbers the video API answers (the webhook numbers differ and are never read here), their words, and what
 * each means for whoever follows the video (still working, playable, failed).
 */

/** VideoModel.status as the video API sends it. */
export const VIDEO_STATUS = {
  created: 0,
  uploaded: 1,
  processing: 2,
  transcoding: 3,
  finished: 4,
  error: 5,
  uploadFailed: 6,
  jitSegmenting: 7,
  jitPlaylistsCreated: 8,
} as const;

/**
 * What a status means to a follower: `created` has no file yet; `working` changes by itself (poll it again);
 * `ready` is playable (finished, or a just-in-time library's playlists made); `failed` ends it. A number the
 * platform adds later is taken as still working, so it is followed with backoff instead of being given up on.
 */
export type VideoPhase = 'created' | 'working' | 'ready' | 'failed';

export function videoPhase(status: number): VideoPhase {
  switch (status) {
    case VIDEO_STATUS.created:
      return 'created';
    case VIDEO_STATUS.finished:
    case VIDEO_STATUS.jitPlaylistsCreated:
      return 'ready';
    case VIDEO_STATUS.error:
    case VIDEO_STATUS.uploadFailed:
      return 'failed';
    default:
      return 'working';
  }
}

/** True for the nine numbers the video API documents. */
export function isKnownStatus(status: number): boolean {
  return Number.isInteger(status) && status >= 0 && status <= 8;
}

/** True while the platform encodes (as opposed to still receiving or fetching the file): the percent means something. */
export function isEncoding(status: number): boolean {
  return status === VIDEO_STATUS.processing || status === VIDEO_STATUS.transcoding || status === VIDEO_STATUS.jitSegmenting || !isKnownStatus(status);
}

/** A state in words and the tone it is drawn in (never colour alone: the words carry it). */
export interface VideoWords {
  readonly label: string;
  readonly tone: 'neutral' | 'progress' | 'success' | 'danger';
}

/** Whether the platform is still working on the video, so its row changes by itself. */
export function isWorking(video: { readonly status: number }): boolean {
  return videoPhase(video.status) === 'working';
}

/** Whether the video can be played. */
export function isPlayable(video: { readonly status: number }): boolean {
  return videoPhase(video.status) === 'ready';
}

/** The words of a status with no percent to show ("Processing (status 12)" for a number the platform added later). */
export function statusWords(status: number): string {
  return videoWords({ status, encodeProgress: 0 }).label;
}

/** True for a note that is a status's words (a row drops it once the video is ready). */
export function isStatusNote(note: string | null): boolean {
  return note !== null && (note === statusWords(VIDEO_STATUS.jitSegmenting) || /^Processing \(status -?\d+\)$/.test(note));
}

/** A processing row's words: a status's own (a just-in-time library's step, a number added later), else the percent. */
export function processingWords(row: { readonly note: string | null; readonly encodeProgress: number | null }): string {
  return row.note !== null && isStatusNote(row.note) ? row.note : `Processing ${Math.round(row.encodeProgress ?? 0)} %`;
}

/** The status in words; the encoding percent is part of them while it runs. */
export function videoWords(video: { readonly status: number; readonly encodeProgress: number }): VideoWords {
  const pct = Math.round(video.encodeProgress);
  switch (video.status) {
    case 0:
      return { label: 'Waiting for its file', tone: 'neutral' };
    case 1:
      return { label: 'Uploaded, waiting to encode', tone: 'progress' };
    case 2:
      return { label: 'Processing', tone: 'progress' };
    case 3:
      return { label: `Encoding ${pct} %`, tone: 'progress' };
    case 4:
      return { label: 'Ready', tone: 'success' };
    case 5:
      return { label: 'Encoding failed', tone: 'danger' };
    case 6:
      return { label: 'Upload failed', tone: 'danger' };
    case 7:
      return { label: 'Preparing for playback', tone: 'progress' };
    case 8:
      return { label: 'Ready (encoded on demand)', tone: 'success' };
    default:
      return { label: `Processing (status ${video.status})`, tone: 'progress' };
  }
}

/** Seconds as "0:42", "12:05" or "1:02:03"; a dash before the platform knows the length. */
export function formatLength(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds <= 0) return '—';
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}
