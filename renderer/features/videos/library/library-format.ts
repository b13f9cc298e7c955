/** How the library browser says a video's state, length and age, and how often it asks again while videos encode. */
import type { LibraryVideo } from '../../../../shared/contract/videos-library';

/** A state in words and the tone it is drawn in (never colour alone: the words carry it). */
export interface VideoWords {
  readonly label: string;
  readonly tone: 'neutral' | 'progress' | 'success' | 'danger';
}

/** The platform's status numbers while it is still working on a video (uploaded, processing, transcoding, JIT segmenting). */
const WORKING = new Set([1, 2, 3, 7]);

/** Whether the platform is still working on the video, so its row changes by itself. */
export function isWorking(video: Pick<LibraryVideo, 'status'>): boolean {
  return WORKING.has(video.status);
}

/** The status in words; the encoding percent is part of them while it runs. */
export function videoWords(video: Pick<LibraryVideo, 'status' | 'encodeProgress'>): VideoWords {
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

/** The upload date in the user's locale, or a dash. */
export function formatDate(iso: string | null): string {
  if (iso === null) return '—';
  const t = Date.parse(iso);
  return Number.isFinite(t) ? new Date(t).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '—';
}

/** The first wait between two reads of a list that is encoding, and the longest. */
export const POLL = { firstMs: 1000, maxMs: 15_000, factor: 1.6 } as const;

/** The wait before read number `unchanged + 1` of a list that has not changed `unchanged` times in a row. */
export function pollDelay(unchanged: number): number {
  return Math.min(POLL.maxMs, Math.round(POLL.firstMs * POLL.factor ** Math.max(0, unchanged)));
}

/** What of a page changes while videos encode: a change resets the backoff. */
export function progressSignature(items: readonly LibraryVideo[]): string {
  return items.map((v) => `${v.guid}:${v.status}:${v.encodeProgress}`).join('|');
}

/** What the poller remembers between two reads: how many reads in a row changed nothing, what the last showed, and when it came. */
export interface PollMemory {
  readonly unchanged: number;
  /** Null before the first read, so the first read always counts as a change. */
  readonly seen: string | null;
  readonly readAt: number;
}

/** Nothing read yet. */
export const NO_POLL: PollMemory = { unchanged: 0, seen: null, readAt: -1 };

/**
 * The wait before the next read of a page read at `readAt` (false: none), and what to remember. Asked again for
 * the same read (the query asks whenever its options change), it answers the same.
 */
export function nextPoll(items: readonly LibraryVideo[], uploading: boolean, readAt: number, memory: PollMemory): { readonly delay: number | false; readonly memory: PollMemory } {
  if (!uploading && !items.some(isWorking)) return { delay: false, memory: { ...NO_POLL, readAt } };
  if (readAt === memory.readAt) return { delay: pollDelay(memory.unchanged), memory };
  const seen = progressSignature(items);
  const unchanged = seen === memory.seen ? memory.unchanged + 1 : 0;
  return { delay: pollDelay(unchanged), memory: { unchanged, seen, readAt } };
}
