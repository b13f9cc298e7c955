/** The real core behind `burrow videos upload`: the app's persisted queue, its job runner and its folder walk. */
import { join } from 'node:path';
import type { VideosDeps } from './videos.js';

/** The core's queue, runner and walk, loaded when the command first needs them. */
export function coreDeps(): VideosDeps {
  return {
    async openQueue(dir, clientFor, settings) {
      const { openUploadQueue, createJobRunner, fileTusStore } = await import('../electron/core/videos/index.js');
      // Resumable uploads keep their URLs beside the queue's journal, so the next run continues them.
      const runner = createJobRunner({ tusStore: fileTusStore(join(dir, 'tus')) });
      const { tus, notice, ...rest } = settings;
      return openUploadQueue({ dir, runner, clientFor, ...rest, ...(tus !== undefined ? { tusAccessFor: async () => tus } : {}), ...(notice !== undefined ? { notice } : {}) });
    },
    async walk(paths) {
      const { walkDropped } = await import('../electron/core/videos/index.js');
      return walkDropped(paths);
    },
  };
}
