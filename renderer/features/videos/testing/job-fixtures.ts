/** Queue rows and statuses for tests: a plausible job with only what a test cares about changed. */
import type { JobView, QueueCounts, QueueStatus } from '../../../../shared/videos/model';
import { EMPTY_STATUS } from '../queue-store';

/** A waiting 100 MB job named after its id. */
export function aJob(id: string, over: Partial<JobView> = {}): JobView {
  return {
    id,
    profileId: 'p1',
    position: 0,
    libraryId: 1,
    collectionId: null,
    title: `clip ${id}`,
    fileName: `clip ${id}.mp4`,
    size: 100_000_000,
    state: 'queued',
    paused: false,
    videoId: null,
    bytesSent: 0,
    speed: null,
    eta: null,
    encodeProgress: null,
    error: null,
    note: null,
    highlight: false,
    resumable: false,
    ...over,
  };
}

/** A status with these counts (the rest zero). */
export function aStatus(counts: Partial<QueueCounts> = {}, over: Partial<QueueStatus> = {}): QueueStatus {
  return { ...EMPTY_STATUS, ...over, counts: { ...EMPTY_STATUS.counts, ...counts } };
}
