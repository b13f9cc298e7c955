/**
 * Child of `upload-queue-1k`: opens a fresh queue, fills it with `jobs` jobs (adding the first 1,000 in one call
 * and timing that), then persists `changes` title edits of waiting jobs and prints
 * `{ addMs, perChangeUs }` as JSON. The runner never finishes a job, so nothing but the measured changes happens.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openUploadQueue, type JobRunner } from '../../electron/core/videos/index.js';
import type { PlatformClient } from '../../electron/core/platform/types.js';

const [filesDir, jobsText, changesText] = process.argv.slice(2);
const jobs = Number(jobsText);
const changes = Number(changesText);

/** Holds every upload until it is stopped: the queue's own bookkeeping is all that runs. */
const idleRunner: JobRunner = {
  upload: (ctx) => new Promise((resolve) => ctx.signal.addEventListener('abort', () => resolve({ kind: 'stopped' }), { once: true })),
  pollProcessing: async () => ({ kind: 'ready' }),
  updateTitle: async () => {},
  deleteVideo: async () => {},
  reachable: async () => true,
};

const dir = mkdtempSync(join(tmpdir(), 'burrow-bench-queue-'));
try {
  const queue = await openUploadQueue({ dir, runner: idleRunner, clientFor: async () => ({}) as PlatformClient });
  await queue.setConcurrency(1);
  const paths = Array.from({ length: jobs }, (_, i) => join(filesDir!, `clip-${i}.mp4`));
  const batch = (from: number, to: number) => paths.slice(from, to).map((path) => ({ path, profileId: 'bench', libraryId: 1, collectionId: null }));
  let started = performance.now();
  await queue.add(batch(0, Math.min(1000, jobs)));
  const addMs = performance.now() - started;
  for (let i = 1000; i < jobs; i += 1000) await queue.add(batch(i, i + 1000));
  const ids = queue.list().jobs.filter((j) => j.state === 'queued').map((j) => j.id);
  started = performance.now();
  for (let i = 0; i < changes; i++) await queue.setTitle(ids[i % ids.length]!, `title ${i}`);
  const perChangeUs = ((performance.now() - started) * 1000) / changes;
  await queue.close();
  process.stdout.write(`${JSON.stringify({ addMs, perChangeUs })}\n`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
