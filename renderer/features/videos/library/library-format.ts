/** How the library browser says a video's state, length and age, and how often it asks again while videos encode. */
import type { LibraryVideo } from '../../../../shared/contract/videos-library';
import { isWorking } from '../../../../shared/videos/status';

export { formatLength, isPlayable, isWorking, videoWords, type VideoWords } from '../../../../shared/videos/status';

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
