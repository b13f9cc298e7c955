/**
 * Says how the queue is doing to screen readers, calmly: the words change when a file starts, ends or fails,
 * never with each byte, so a polite live region reads each change once.
 */
import type { QueueCounts } from '../../../shared/videos/model';
import { queueSummary } from './format';

export function QueueAnnouncer({ counts, waitingForNetwork }: { readonly counts: QueueCounts; readonly waitingForNetwork: boolean }) {
  const text = waitingForNetwork ? `Waiting for network. ${queueSummary(counts)}` : queueSummary(counts);
  return (
    <p className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="queue-announcer">
      {text}
    </p>
  );
}
