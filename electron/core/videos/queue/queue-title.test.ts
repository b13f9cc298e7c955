/**
 * A new video's title: the runner sends it once, right after creating the video, and the queue sends it again only
 * when that failed, after the run (the queue and the real runner against the sandbox, every request counted).
 */
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PlatformClient, PlatformRequest } from '../../platform/types.js';
import { getVideo } from '../upload/video-api.js';
import { createJobRunner } from '../upload/runner.js';
import { randomFile, tempDir } from '../testing/runner-harness.js';
import { tusSandbox, type TusSandbox } from '../testing/tus-harness.js';
import { openUploadQueue, type OpenedUploadQueue } from './queue.js';

let env: TusSandbox;
let dir: { dir: string; remove(): Promise<void> };
let q: OpenedUploadQueue | undefined;
beforeEach(async () => {
  env = await tusSandbox();
  dir = await tempDir();
});
afterEach(async () => {
  await q?.close();
  q = undefined;
  await env.close();
  await dir.remove();
});

/** The sandbox's client, with every request it sends kept. */
function counting(client: PlatformClient): { readonly client: PlatformClient; readonly sent: PlatformRequest[] } {
  const sent: PlatformRequest[] = [];
  return {
    sent,
    client: {
      send: (r) => (sent.push(r), client.send(r)),
      json: (r) => (sent.push(r), client.json(r)),
      close: () => client.close(),
    },
  };
}

/** Adds one small file and resolves once its job has a video and a title the platform holds. */
async function uploadOne(client: PlatformClient): Promise<{ readonly videoId: string; readonly title: string }> {
  const file = await randomFile(dir.dir, 256 * 1024, 'holiday.mp4');
  q = await openUploadQueue({ dir: join(dir.dir, 'queue'), runner: createJobRunner({ statIntervalMs: 0 }), clientFor: async () => client, throttleMs: 0 });
  const opened = q;
  const { added } = await opened.add([{ path: file.path, profileId: 'p', libraryId: env.libraryId, collectionId: null }]);
  const id = added[0]!.id;
  const synced = () => {
    const r = opened.record(id);
    return r?.state === 'processing' && r.titleSynced ? r : undefined;
  };
  const job =
    synced() ??
    (await new Promise<NonNullable<ReturnType<typeof synced>>>((resolve) => {
      const stop = opened.onChange(() => {
        const r = synced();
        if (r) {
          stop();
          resolve(r);
        }
      });
    }));
  return { videoId: job.videoId!, title: job.title };
}

const titleUpdates = (sent: readonly PlatformRequest[], videoId: string) => sent.filter((r) => r.method === 'POST' && r.path === `/library/${env.libraryId}/videos/${videoId}`);

describe('the title of a new video', () => {
  it('goes to the platform once, before the file', async () => {
    const c = counting(env.client);
    const { videoId, title } = await uploadOne(c.client);
    expect(title).toBe('holiday');
    expect(titleUpdates(c.sent, videoId)).toHaveLength(1);
    const put = c.sent.findIndex((r) => r.method === 'PUT');
    expect(c.sent.indexOf(titleUpdates(c.sent, videoId)[0]!)).toBeLessThan(put);
    expect((await getVideo(env.client, env.libraryId, videoId)).title).toBe('holiday');
  });

  it('that the platform refused during the run is sent again by the queue after it, and then holds', async () => {
    // The first title update after creation is refused; creating the video (no guid in the path) is not touched.
    env.sandbox.faults.add({ method: 'POST', path: `/video/library/${env.libraryId}/videos/*`, action: { kind: 'status', status: 400, body: { Message: 'refused for the test' } } });
    const c = counting(env.client);
    const { videoId } = await uploadOne(c.client);
    expect(env.sandbox.faults.list()).toEqual([]);
    expect(titleUpdates(c.sent, videoId)).toHaveLength(2);
    expect((await getVideo(env.client, env.libraryId, videoId)).title).toBe('holiday');
  });
});
