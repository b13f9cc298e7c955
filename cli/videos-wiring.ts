/** The real core behind `burrow videos upload`: the app's persisted queue, its job runner and its folder walk. */
import type { VideosDeps } from './videos.js';

/** The core's queue, runner and walk, loaded when the command first needs them. */
export function coreDeps(): VideosDeps {
  return {
    async openQueue(dir, clientFor, settings) {
      const [{ openUploadQueue }, { createJobRunner }] = await Promise.all([import('../electron/core/videos/queue.js'), import('../electron/core/videos/runner.js')]);
      return openUploadQueue({ dir, runner: createJobRunner(), clientFor, ...settings });
    },
    async walk(paths) {
      const { walkDropped } = await import('../electron/core/videos/walk.js');
      return walkDropped(paths);
    },
  };
}
