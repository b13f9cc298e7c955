import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LibraryQuery } from '../../../../shared/contract/videos-library.js';
import { failureOf } from '../../platform/testing/support.js';
import type { PlatformClient } from '../../platform/types.js';
import { LIBRARY_KEY_HINT } from '../upload/classify.js';
import { libraryHandlers } from './library-handlers.js';
import { runnerSandbox, type RunnerSandbox } from '../testing/runner-harness.js';
import { createVideo } from '../upload/video-api.js';

let env: RunnerSandbox;
afterEach(() => env.close());

const ctx = {};

function handlersFor(client: PlatformClient) {
  return libraryHandlers({ client: async () => client });
}

function query(overrides: Partial<LibraryQuery> = {}): LibraryQuery {
  return { libraryId: env.libraryId, page: 1, itemsPerPage: 10, search: '', collectionId: null, orderBy: 'date', ...overrides };
}

/** The sandbox's own view of a video (its key, not the app's code). */
async function sandboxVideo(guid: string): Promise<{ http: number; title?: string; collectionId?: string | null }> {
  const lib = env.sandbox.libraries[0]!;
  const res = await fetch(`${env.sandbox.videoUrl}/library/${lib.id}/videos/${guid}`, { headers: { AccessKey: lib.key } });
  return { http: res.status, ...(res.status === 200 ? ((await res.json()) as { title: string; collectionId: string | null }) : {}) };
}

async function firstCollection(): Promise<string> {
  const lib = env.sandbox.libraries[0]!;
  const res = await fetch(`${env.sandbox.videoUrl}/library/${lib.id}/collections`, { headers: { AccessKey: lib.key } });
  return ((await res.json()) as { items: { guid: string }[] }).items[0]!.guid;
}

async function upload(guid: string, bytes: number): Promise<void> {
  const res = await env.client.send({ area: 'video', method: 'PUT', path: `/library/${env.libraryId}/videos/${guid}`, libraryId: env.libraryId, body: randomBytes(bytes), contentType: 'application/octet-stream' });
  expect(res.status).toBe(200);
}

describe('library browser: listing', () => {
  beforeEach(async () => {
    env = await runnerSandbox();
  });

  it('pages through the library newest first, sorts by title, searches and filters by collection', async () => {
    const collection = await firstCollection();
    const titles = Array.from({ length: 12 }, (_, i) => `Clip ${String(i + 1).padStart(2, '0')}`);
    const made = [];
    for (const title of titles) made.push(await createVideo(env.client, env.libraryId, { title, collectionId: title.endsWith('3') ? collection : null }));
    const h = handlersFor(env.client);

    const first = await h['videos.libraryList'](query(), ctx);
    expect(first).toMatchObject({ totalItems: 12, page: 1, itemsPerPage: 10 });
    // Newest first: the last made leads.
    expect(first.items.map((v) => v.title)).toEqual([...titles].reverse().slice(0, 10));
    const second = await h['videos.libraryList'](query({ page: 2 }), ctx);
    expect(second.items.map((v) => v.title)).toEqual(['Clip 02', 'Clip 01']);

    const byTitle = await h['videos.libraryList'](query({ orderBy: 'title' }), ctx);
    expect(byTitle.items.map((v) => v.title)).toEqual(titles.slice(0, 10));

    const searched = await h['videos.libraryList'](query({ search: '  clip 1 ' }), ctx);
    expect(searched.items.map((v) => v.title).sort()).toEqual(['Clip 10', 'Clip 11', 'Clip 12']);
    expect(searched.totalItems).toBe(3);

    const inCollection = await h['videos.libraryList'](query({ collectionId: collection, orderBy: 'title' }), ctx);
    expect(inCollection.items.map((v) => [v.title, v.collectionId])).toEqual([['Clip 03', collection]]);

    // A fresh video: nothing uploaded, nothing encoded, no thumbnail.
    expect(first.items[0]).toEqual({
      guid: made[11]!.guid,
      title: 'Clip 12',
      status: 0,
      encodeProgress: 0,
      length: 0,
      storageSize: 0,
      views: 0,
      dateUploaded: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      collectionId: null,
      hasThumbnail: false,
    });
  });

  it('a wrong key says each library has its own key; a 403 says the key may only read', async () => {
    const h = handlersFor(env.clientWithKey('not-the-library-key-0000'));
    const e = await failureOf(h['videos.libraryList'](query(), ctx));
    expect(e).toMatchObject({ kind: 'auth', status: 401, title: 'The library key was refused (401)', detail: LIBRARY_KEY_HINT });

    env.sandbox.faults.add({ method: 'GET', path: `/video/library/${env.libraryId}/videos`, action: { kind: 'status', status: 403, body: { success: false, message: 'Key scope', statusCode: 403 } } });
    const denied = await failureOf(handlersFor(env.client)['videos.libraryList'](query(), ctx));
    expect(denied).toMatchObject({ kind: 'auth', status: 403, title: 'This library key may not do this (403)' });
    expect(denied.detail).toContain('read-only key');
    expect(denied.detail).toContain('Key scope');
  });
});

describe('library browser: one video', () => {
  beforeEach(async () => {
    env = await runnerSandbox({ processingStepMs: 20 });
  });

  it('follows an uploaded video through encoding to Ready with its length, size and a thumbnail', async () => {
    const h = handlersFor(env.client);
    const video = await createVideo(env.client, env.libraryId, { title: 'Encoded', collectionId: null });
    await upload(video.guid, 1_250_000);
    const seen = new Set<number>();
    await vi.waitFor(
      async () => {
        const now = await h['videos.libraryGet']({ libraryId: env.libraryId, videoId: video.guid }, ctx);
        seen.add(now.status);
        expect(now.status).toBe(4);
      },
      { timeout: 10_000, interval: 5 },
    );
    const ready = await h['videos.libraryGet']({ libraryId: env.libraryId, videoId: video.guid }, ctx);
    expect(ready).toMatchObject({ status: 4, encodeProgress: 100, length: 2, hasThumbnail: true });
    expect(ready.storageSize).toBe(1_250_000);
  });

  it('renames, moves into and out of a collection, and the sandbox holds each change', async () => {
    const h = handlersFor(env.client);
    const collection = await firstCollection();
    const video = await createVideo(env.client, env.libraryId, { title: 'Before', collectionId: null });
    const id = { libraryId: env.libraryId, videoId: video.guid };

    const renamed = await h['videos.libraryUpdate']({ ...id, title: 'After' }, ctx);
    expect(renamed).toMatchObject({ guid: video.guid, title: 'After', collectionId: null });
    expect(await sandboxVideo(video.guid)).toMatchObject({ http: 200, title: 'After', collectionId: null });

    const moved = await h['videos.libraryUpdate']({ ...id, collectionId: collection }, ctx);
    expect(moved).toMatchObject({ title: 'After', collectionId: collection });
    expect(await sandboxVideo(video.guid)).toMatchObject({ title: 'After', collectionId: collection });

    await h['videos.libraryUpdate']({ ...id, collectionId: null }, ctx);
    expect(await sandboxVideo(video.guid)).toMatchObject({ title: 'After', collectionId: null });

    // A collection the library does not hold: refused with the platform's words, and nothing changed.
    const e = await failureOf(h['videos.libraryUpdate']({ ...id, title: 'Never', collectionId: 'no-such-collection' }, ctx));
    expect(e).toMatchObject({ status: 400 });
    expect(e.detail).toContain('collection was not found');
    expect(await sandboxVideo(video.guid)).toMatchObject({ title: 'After' });
  });

  it('deletes a video for good; a second delete says it is gone; a read-only key may not delete', async () => {
    const h = handlersFor(env.client);
    const video = await createVideo(env.client, env.libraryId, { title: 'Doomed', collectionId: null });
    const id = { libraryId: env.libraryId, videoId: video.guid };

    const readOnly = env.clientWithKey(env.sandbox.libraries[0]!.readOnlyKey);
    const refused = await failureOf(handlersFor(readOnly)['videos.libraryDelete'](id, ctx));
    expect(refused).toMatchObject({ status: 401, title: 'The library key was refused (401)' });
    expect((await sandboxVideo(video.guid)).http).toBe(200);

    expect(await h['videos.libraryDelete'](id, ctx)).toEqual({ deleted: true });
    expect((await sandboxVideo(video.guid)).http).toBe(404);
    const again = await failureOf(h['videos.libraryDelete'](id, ctx));
    expect(again).toMatchObject({ kind: 'not_found', status: 404, title: 'This video is no longer in the library' });
  });

  it('links: the play page under the Stream URL the profile uses, and the HLS playlist on the library’s CDN host', async () => {
    const h = handlersFor(env.client);
    const video = await createVideo(env.client, env.libraryId, { title: 'Linked', collectionId: null });
    const links = await h['videos.libraryLinks']({ libraryId: env.libraryId, videoId: video.guid }, ctx);
    expect(links).toEqual({
      playUrl: `${env.sandbox.videoUrl}/play/${env.libraryId}/${video.guid}`,
      // The sandbox's libraries are served by pull zones whose system hostname is the sandbox itself (plain http on this machine).
      playlistUrl: `${env.sandbox.apiUrl}/${video.guid}/playlist.m3u8`,
    });
  });
});
