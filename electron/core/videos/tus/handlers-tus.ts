/** The handlers of the resumable-upload methods, thin over the queue. */
import type { videosTusMethods } from '../../../../shared/contract/videos-tus.js';
import type { AreaHandlers } from '../../router.js';
import type { UploadQueue } from '../types.js';

/** Builds them over the queue. */
export function tusHandlers(queue: UploadQueue): AreaHandlers<{ readonly methods: typeof videosTusMethods; readonly events: Record<string, never> }> {
  return {
    'videos.setResumable': async ({ ids, resumable }) => ({ changed: await queue.setResumable({ ids }, resumable) }),
    'videos.resumableOver': async () => ({ bytes: queue.resumableOver() }),
    'videos.setResumableOver': async ({ bytes }) => ({ bytes: await queue.setResumableOver(bytes) }),
  };
}
