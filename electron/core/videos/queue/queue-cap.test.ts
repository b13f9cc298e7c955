import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PlatformClient } from '../../platform/types.js';
import { openUploadQueue, queueSettled, type OpenedUploadQueue } from './queue.js';
import type { JobRunner, RunContext, RunOutcome } from '../types.js';

/** A runner whose uploads keep their context and end only when stopped. */
class HoldingRunner implements JobRunner {
  readonly contexts: RunContext[] = [];
  upload(ctx: RunContext): Promise<RunOutcome> {
    this.contexts.push(ctx);
    return new Promise((resolve) => ctx.signal.addEventListener('abort', () => resolve({ kind: 'stopped' }), { once: true }));
  }
  pollProcessing = () => new Promise<never>(() => undefined);
  updateTitle = async () => undefined;
  deleteVideo = async () => undefined;
  reachable = async () => true;
}

let dir: string;
let files: string;
const opened: OpenedUploadQueue[] = [];
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'burrow-queue-cap-'));
  files = await mkdtemp(join(tmpdir(), 'burrow-files-'));
});
afterEach(async () => {
  for (const q of opened.splice(0)) await q.close();
  await rm(dir, { recursive: true, force: true });
  await rm(files, { recursive: true, force: true });
});

async function openQueue(runner: JobRunner): Promise<OpenedUploadQueue> {
  const q = await openUploadQueue({ dir, runner, clientFor: async () => ({}) as PlatformClient, throttleMs: 0 });
  opened.push(q);
  return q;
}

async function close(q: OpenedUploadQueue): Promise<void> {
  opened.splice(opened.indexOf(q), 1);
  await q.close();
}

describe('the queue’s upload cap', () => {
  it('hands every running upload the same cap, which follows a change at once', async () => {
    const runner = new HoldingRunner();
    const q = await openQueue(runner);
    expect(q.list().status.bandwidthCap).toBeNull();
    const paths = await Promise.all(['a.mp4', 'b.mp4'].map(async (name) => {
      const path = join(files, name);
      await writeFile(path, randomBytes(1000));
      return path;
    }));
    await q.add(paths.map((path) => ({ path, profileId: 'p', libraryId: 1, collectionId: null })));
    await queueSettled(q);
    expect(runner.contexts).toHaveLength(2);
    const [a, b] = runner.contexts;
    expect(a!.bandwidth).toBe(b!.bandwidth);
    expect(a!.bandwidth.grain()).toBe(Infinity);
    expect((await q.setBandwidthCap(1_000_000)).bandwidthCap).toBe(1_000_000);
    expect(a!.bandwidth.grain()).toBe(100_000);
    expect(q.list().status.bandwidthCap).toBe(1_000_000);
  });

  it('keeps the cap across a restart', async () => {
    const runner = new HoldingRunner();
    let q = await openQueue(runner);
    await q.setBandwidthCap(2_500_000);
    await close(q);
    q = await openQueue(runner);
    expect(q.list().status.bandwidthCap).toBe(2_500_000);
    await q.setBandwidthCap(null);
    await close(q);
    q = await openQueue(runner);
    expect(q.list().status.bandwidthCap).toBeNull();
  });
});
