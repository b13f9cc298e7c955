import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runnerSandbox, type RunnerSandbox } from '../testing/runner-harness.js';
import { createVideo, getVideo, listVideos, updateVideoTitle, VideoCallFailure } from './video-api.js';

let env: RunnerSandbox;
beforeEach(async () => {
  env = await runnerSandbox();
});
afterEach(() => env.close());

async function failureOf(p: Promise<unknown>): Promise<VideoCallFailure> {
  try {
    await p;
  } catch (e) {
    if (e instanceof VideoCallFailure) return e;
    throw e;
  }
  throw new Error('expected a VideoCallFailure');
}

describe('video api', () => {
  it('creates a video in a collection, reads, renames and searches it', async () => {
    const collections = await env.client.json<{ items: { guid: string }[] }>({ area: 'video', method: 'GET', path: `/library/${env.libraryId}/collections`, libraryId: env.libraryId });
    const collectionId = collections.items[0]!.guid;
    const made = await createVideo(env.client, env.libraryId, { title: 'First cut', collectionId });
    expect(made).toMatchObject({ title: 'First cut', status: 0, encodeProgress: 0, storageSize: 0 });
    await updateVideoTitle(env.client, env.libraryId, made.guid, 'Final cut');
    expect(await getVideo(env.client, env.libraryId, made.guid)).toMatchObject({ guid: made.guid, title: 'Final cut' });
    const found = await listVideos(env.client, env.libraryId, { search: 'final CUT' });
    expect(found.items.map((v) => v.guid)).toEqual([made.guid]);
  });

  it('a create is sent once even when its answer is lost, and the failure carries the code below HTTP', async () => {
    env.sandbox.faults.add({ method: 'POST', path: `/video/library/${env.libraryId}/videos`, action: { kind: 'commit-then-reset' } });
    const before = (await listVideos(env.client, env.libraryId, { search: '' })).totalItems;
    const e = await failureOf(createVideo(env.client, env.libraryId, { title: 'Lost answer', collectionId: null }));
    expect(e.failure.status).toBeUndefined();
    expect(e.failure.code).toMatch(/ECONNRESET|UND_ERR_SOCKET|EPIPE/);
    // The platform made it once; the client did not try again.
    expect((await listVideos(env.client, env.libraryId, { search: '' })).totalItems).toBe(before + 1);
  });

  it('an error answer keeps its status, the platform message and Retry-After', async () => {
    env.sandbox.faults.add({ method: 'GET', path: `/video/library/${env.libraryId}/videos/abc`, action: { kind: 'status', status: 429, retryAfter: '4', body: { success: false, message: 'Slow down', statusCode: 429 } } });
    const e = await failureOf(getVideo(env.client, env.libraryId, 'abc'));
    expect(e.failure).toMatchObject({ status: 429, retryAfter: '4' });
    expect(e.failure.error.detail).toContain('Slow down');
  });

  it('an answer without a guid is reported as unreadable', async () => {
    env.sandbox.faults.add({ method: 'GET', path: `/video/library/${env.libraryId}/videos/abc`, action: { kind: 'status', status: 200, body: { title: 'no id' } } });
    const e = await failureOf(getVideo(env.client, env.libraryId, 'abc'));
    expect(e.failure).toMatchObject({ status: 200, error: { title: 'The platform sent a video Burrow could not read' } });
  });
});
