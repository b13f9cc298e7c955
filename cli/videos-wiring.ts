/** The real core behind `burrow videos upload`: the app's persisted queue, its job runner and its folder walk. */
import type { PlatformClient } from '../electron/core/platform/types.js';
import type { JobRunner, UploadQueue } from '../electron/core/videos/types.js';
import type { VideosDeps, WalkResult } from './videos.js';

/*
 * MERGE TODO (lead): the queue, the runner and the walk were written in other branches at the same time as this
 * file. Until they are merged the three modules are loaded by a computed specifier, which tsc does not resolve
 * (so this branch compiles) and esbuild does not bundle (so the bundled `burrow` cannot find them). After the
 * merge, replace `load<…>(QUEUE)` etc. by literal imports and delete `load` and the three constants:
 *   const { openUploadQueue } = await import('../electron/core/videos/queue.js');
 *   const { createJobRunner } = await import('../electron/core/videos/runner.js');
 *   const { walkDropped } = await import('../electron/core/videos/walk.js');
 * The shapes below are those of the merged modules (UploadQueueOptions, createJobRunner(options?), walkDropped).
 */
const QUEUE = '../electron/core/videos/queue.js';
const RUNNER = '../electron/core/videos/runner.js';
const WALK = '../electron/core/videos/walk.js';

function load<T>(specifier: string): Promise<T> {
  return import(specifier) as Promise<T>;
}

interface QueueModule {
  openUploadQueue(options: { readonly dir: string; readonly runner: JobRunner; clientFor(profileId: string): Promise<PlatformClient>; readonly concurrency?: number }): Promise<UploadQueue>;
}
interface RunnerModule {
  createJobRunner(): JobRunner;
}
interface WalkModule {
  walkDropped(paths: readonly string[]): Promise<WalkResult>;
}

/** The core's queue, runner and walk, loaded when the command first needs them. */
export function coreDeps(): VideosDeps {
  return {
    async openQueue(dir, clientFor, concurrency) {
      const [{ openUploadQueue }, { createJobRunner }] = await Promise.all([load<QueueModule>(QUEUE), load<RunnerModule>(RUNNER)]);
      return openUploadQueue({ dir, runner: createJobRunner(), clientFor, concurrency });
    },
    async walk(paths) {
      const { walkDropped } = await load<WalkModule>(WALK);
      return walkDropped(paths);
    },
  };
}
