import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { videosContract } from '../../../../shared/contract/videos.js';
import { tusHandlers } from './handlers-tus.js';
import { openUploadQueue, queueSettled, type OpenedUploadQueue } from '../queue/queue.js';
import type { PlatformClient } from '../../platform/types.js';
import type { JobRunner, RunContext } from '../types.js';

/** A runner whose uploads run until stopped, remembering how each job was handed to it. */
function holdingRunner(seen: { resumable: boolean }[], onStart: () => void): JobRunner {
  return {
    upload: (ctx: RunContext) =>
      new Promise((resolve) => {
        seen.push({ resumable: ctx.job().resumable });
        onStart();
        ctx.signal.addEventListener('abort', () => resolve({ kind: 'stopped' }), { once: true });
      }),
    pollProcessing: async () => ({ kind: 'ready' }),
    updateTitle: async () => undefined,
    deleteVideo: async () => undefined,
    reachable: async () => true,
  };
}

let dir: string;
let queue: OpenedUploadQueue;
let seen: { resumable: boolean }[];
let starts: (() => void)[];
/** Resolves when the runner is handed a job for the nth time (1-based). */
const started = (n: number) => new Promise<void>((resolve) => (seen.length >= n ? resolve() : starts.push(() => seen.length >= n && resolve())));
const noPlatform: PlatformClient = {
  send: async () => { throw new Error('no platform here'); },
  json: async () => { throw new Error('no platform here'); },
  close: async () => undefined,
};
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'burrow-vh-tus-'));
  seen = [];
  starts = [];
  const runner = holdingRunner(seen, () => starts.forEach((f) => f()));
  queue = await openUploadQueue({ dir: join(dir, 'queue'), runner, clientFor: async () => noPlatform, throttleMs: 0 });
});
afterEach(async () => {
  await queue.close();
  await rm(dir, { recursive: true, force: true });
});

type Methods = typeof videosContract.methods;
/** Calls a handler with its input and output checked against the contract, as the router does. */
async function call<M extends 'videos.setResumable' | 'videos.resumableOver' | 'videos.setResumableOver'>(method: M, input: unknown) {
  const parsed = videosContract.methods[method].input.parse(input);
  const h = tusHandlers(queue) as unknown as Record<M, (i: unknown, c: object) => Promise<unknown>>;
  return (videosContract.methods as Methods)[method].output.parse(await h[method](parsed, {}));
}

describe('resumable upload handlers', () => {
  it('reads and sets the threshold; the contract refuses less than 1 MiB by name', async () => {
    expect(await call('videos.resumableOver', {})).toEqual({ bytes: 1024 ** 3 });
    expect(await call('videos.setResumableOver', { bytes: 5 * 1024 ** 2 })).toEqual({ bytes: 5 * 1024 ** 2 });
    expect(queue.resumableOver()).toBe(5 * 1024 ** 2);
    const refused = videosContract.methods['videos.setResumableOver'].input.safeParse({ bytes: 1000 });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({ path: ['bytes'], message: 'must be at least 1 MiB' });
  });

  it('switches a running row: its run stops and starts again resumable', async () => {
    const path = join(dir, 'clip.mp4');
    await writeFile(path, Buffer.alloc(2048, 1));
    const { added } = await queue.add([{ path, profileId: 'p', libraryId: 1, collectionId: null }]);
    const id = added[0]!.id;
    expect(added[0]!.resumable).toBe(false);
    await started(1);
    expect(await call('videos.setResumable', { ids: [id], resumable: true })).toEqual({ changed: 1 });
    await started(2);
    await queueSettled(queue);
    expect(queue.list().jobs[0]).toMatchObject({ id, resumable: true });
    expect(seen.map((s) => s.resumable)).toEqual([false, true]);
    // Already resumable, or unknown: nothing changes.
    expect(await call('videos.setResumable', { ids: [id, 'nope'], resumable: true })).toEqual({ changed: 0 });
  });
});
