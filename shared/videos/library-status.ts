/** A library video's platform status in words, the same in the app's library browser and in `burrow videos list`. */

/** A state in words and the tone it is drawn in (never colour alone: the words carry it). */
export interface VideoWords {
  readonly label: string;
  readonly tone: 'neutral' | 'progress' | 'success' | 'danger';
}

/** The platform's status numbers while it is still working on a video (uploaded, processing, transcoding, JIT segmenting). */
const WORKING = new Set([1, 2, 3, 7]);

/** Whether the platform is still working on the video, so its row changes by itself. */
export function isWorking(video: { readonly status: number }): boolean {
  return WORKING.has(video.status);
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
      return { label: `Status ${video.status}`, tone: 'neutral' };
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
