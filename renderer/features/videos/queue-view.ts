/** What the queue shows and offers, worked out from its rows: the library filter, "Move to top", the pause warning. */
import type { JobView } from '../../../shared/videos/model';
import { isFinal } from './format';

/** The queue's library filter: null shows every library. */
export type LibraryFilter = number | null;

/** The rows the filter lets through, in queue order. */
export function filterByLibrary(jobs: readonly JobView[], library: LibraryFilter): readonly JobView[] {
  return library === null ? jobs : jobs.filter((j) => j.libraryId === library);
}

/** The libraries the queue's rows go to, in order of first appearance. */
export function librariesInQueue(jobs: readonly JobView[]): number[] {
  return [...new Set(jobs.map((j) => j.libraryId))];
}

/**
 * The waiting rows "Move to top" can change something for: a row waits behind another waiting row. The queue's
 * first waiting row (its top, whatever runs now) already goes next, so it is not offered the move.
 */
export function movableToTop(jobs: readonly JobView[]): ReadonlySet<string> {
  const ids = new Set<string>();
  let waitingAhead = false;
  for (const j of jobs) {
    if (j.state !== 'queued') continue;
    if (waitingAhead) ids.add(j.id);
    waitingAhead = true;
  }
  return ids;
}

/**
 * The rows pausing would set back to zero: a plain (not resumable) upload sending now. Such a pause is said before
 * it happens; a row still waiting or only creating its video has sent nothing to lose.
 */
export function losesBytesOnPause(jobs: readonly JobView[]): JobView[] {
  return jobs.filter((j) => !isFinal(j) && !j.paused && !j.resumable && j.state === 'uploading');
}
