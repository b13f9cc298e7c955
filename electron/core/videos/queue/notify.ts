/**
 * The queue as the OS shows it: taskbar progress while uploads run, one notification when a batch finishes, and one
 * per failure, grouped when many fail together.
 */
import type { JobState, JobView, QueueStatus } from '../../../../shared/videos/model.js';
import { FINAL_STATES } from '../../../../shared/videos/model.js';
import type { Notifier } from '../../ports.js';
import type { QueueChange } from '../types.js';

/** Above this many failures in one change, they are told as one notification. */
export const GROUP_FAILURES_ABOVE = 3;

/** What the notifier watches: the queue's rows and its changes. */
export interface WatchedQueue {
  list(): { readonly jobs: readonly JobView[]; readonly status: QueueStatus };
  onChange(listener: (change: QueueChange) => void): () => void;
}

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** Drives the Notifier from the queue; returns a function that stops it (and clears the taskbar). */
export function notifyQueue(queue: WatchedQueue, notifier: Notifier): () => void {
  const states = new Map<string, { state: JobState; paused: boolean }>();
  for (const job of queue.list().jobs) states.set(job.id, { state: job.state, paused: job.paused });
  let batchDone = 0;
  let shown: number | null | undefined;

  const active = (): boolean => {
    for (const s of states.values()) if (!FINAL_STATES.has(s.state) && !s.paused) return true;
    return false;
  };
  const progress = (value: number | null): void => {
    if (value === shown) return;
    shown = value;
    notifier.progress(value);
  };

  const stop = queue.onChange((change) => {
    const failed: JobView[] = [];
    for (const job of change.jobs) {
      const before = states.get(job.id)?.state;
      if (job.state !== before && job.state === 'ready') batchDone++;
      if (job.state !== before && job.state === 'failed') failed.push(job);
      states.set(job.id, { state: job.state, paused: job.paused });
    }
    for (const id of change.removed) states.delete(id);

    if (failed.length > GROUP_FAILURES_ABOVE) {
      notifier.notify(`${failed.length} uploads failed`, 'Open Videos to see why and retry them.');
    } else {
      for (const job of failed) notifier.notify(`Upload failed: ${job.title}`, job.error ? job.error.title : 'Open Videos to see why.');
    }

    if (active()) {
      const { totalBytes, sentBytes } = change.status.counts;
      progress(totalBytes > 0 ? Math.min(1, Math.max(0, sentBytes / totalBytes)) : 0);
      return;
    }
    progress(null);
    if (batchDone > 0) {
      notifier.notify(`${plural(batchDone, 'video', 'videos')} uploaded`, 'Every upload in the queue has finished.');
      batchDone = 0;
    }
  });
  return () => {
    stop();
    if (shown !== undefined && shown !== null) notifier.progress(null);
  };
}
