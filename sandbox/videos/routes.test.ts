import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectStreamValid, newCollection, startVideoSandbox, type VideoSandbox } from './testing/support.js';

const VIDEO = '/library/{libraryId}/videos/{videoId}';
const VIDEOS = '/library/{libraryId}/videos';

interface Video {
  guid: string;
  videoLibraryId: number;
  title: string;
  status: number;
  collectionId: string | null;
  [field: string]: unknown;
}

interface Page {
  totalItems: number;
  currentPage: number;
  itemsPerPage: number;
  items: Video[];
}

let s: VideoSandbox;
let clock = Date.parse('2026-03-01T10:00:00Z');

beforeEach(async () => {
  clock = Date.parse('2026-03-01T10:00:00Z');
  s = await startVideoSandbox({ now: () => clock });
});
afterEach(async () => {
  await s.sandbox.close();
});

async function create(title: string, extra: Record<string, unknown> = {}, lib = s.libA): Promise<Video> {
  const reply = await s.call('POST', `/library/${lib.id}/videos`, { key: lib.key, json: { title, ...extra } });
  expect(reply.status).toBe(200);
  return reply.json as Video;
}

describe('library keys', () => {
  it('refuses the account key, a missing key and another library key with 401', async () => {
    const list = `/library/${s.libA.id}/videos`;
    for (const key of [s.sandbox.accountKey, s.libB.key, s.libB.readOnlyKey, undefined, '']) {
      const get = await s.call('GET', list, { key });
      expect(get.status).toBe(401);
      expect(get.text).toBe('');
      expect((await s.call('POST', list, { key, json: { title: 'x' } })).status).toBe(401);
    }
    expect((await s.call('GET', `/library/${s.libB.id}/videos`, { key: s.libA.key })).status).toBe(401);
  });

  it('answers 401 for a library that does not exist, whatever the key', async () => {
    expect((await s.call('GET', '/library/42/videos', { key: s.libA.key })).status).toBe(401);
  });

  it('lets the read-only key read but not write', async () => {
    const video = await create('readable');
    const ro = s.libA.readOnlyKey;
    const list = await s.call('GET', `/library/${s.libA.id}/videos`, { key: ro });
    expect(list.status).toBe(200);
    expect((await s.call('GET', `/library/${s.libA.id}/videos/${video.guid}`, { key: ro })).status).toBe(200);
    expect((await s.call('POST', `/library/${s.libA.id}/videos`, { key: ro, json: { title: 'no' } })).status).toBe(401);
    expect((await s.call('DELETE', `/library/${s.libA.id}/videos/${video.guid}`, { key: ro })).status).toBe(401);
    expect((await s.call('PUT', `/library/${s.libA.id}/videos/${video.guid}`, { key: ro, body: 'abc' })).status).toBe(401);
  });
});

describe('create and get', () => {
  it('returns a full VideoModel in status 0 with empty encoding fields', async () => {
    const collectionId = await newCollection(s, 'Launches');
    const reply = await s.call('POST', `/library/${s.libA.id}/videos`, {
      key: s.libA.key,
      json: { title: 'Launch film', collectionId, thumbnailTime: 1500 },
    });
    expect(reply.status).toBe(200);
    expectStreamValid('POST', VIDEOS, reply);
    const video = reply.json as Video;
    expect(video.guid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(video).toMatchObject({
      videoLibraryId: s.libA.id,
      title: 'Launch film',
      collectionId,
      dateUploaded: '2026-03-01T10:00:00.0000000Z',
      status: 0,
      encodeProgress: 0,
      length: 0,
      width: 0,
      height: 0,
      framerate: 0,
      availableResolutions: null,
      storageSize: 0,
      views: 0,
      captions: [],
      hasMP4Fallback: false,
    });

    const got = await s.call('GET', `/library/${s.libA.id}/videos/${video.guid}`, { key: s.libA.key });
    expect(got.status).toBe(200);
    expectStreamValid('GET', VIDEO, got);
    expect(got.json).toEqual(video);
  });

  it('requires a title and valid field types', async () => {
    const path = `/library/${s.libA.id}/videos`;
    for (const json of [{}, { title: '' }, { title: 5 }, { title: 'ok', thumbnailTime: 1.5 }, { title: 'ok', collectionId: 3 }]) {
      const reply = await s.call('POST', path, { key: s.libA.key, json });
      expect(reply.status).toBe(400);
      expectStreamValid('POST', VIDEOS, reply);
      expect(reply.json).toMatchObject({ success: false, statusCode: 400 });
    }
    const broken = await s.call('POST', path, { key: s.libA.key, body: '{"title":', headers: { 'content-type': 'application/json' } });
    expect(broken.status).toBe(400);
    expectStreamValid('POST', VIDEOS, broken);
  });

  it('answers 404 for a video of another library or an unknown guid', async () => {
    const video = await create('mine');
    expect((await s.call('GET', `/library/${s.libB.id}/videos/${video.guid}`, { key: s.libB.key })).status).toBe(404);
    const unknown = await s.call('GET', `/library/${s.libA.id}/videos/00000000-0000-4000-8000-000000000000`, { key: s.libA.key });
    expect(unknown.status).toBe(404);
    expectStreamValid('GET', VIDEO, { status: 404, json: undefined });
  });

  it('updates the title and collection', async () => {
    const video = await create('draft');
    const path = `/library/${s.libA.id}/videos/${video.guid}`;
    const collectionId = await newCollection(s, 'Finals');
    const reply = await s.call('POST', path, { key: s.libA.key, json: { title: 'final', collectionId, chapters: [{ title: 'Intro', start: 0, end: 5 }] } });
    expect(reply.status).toBe(200);
    expectStreamValid('POST', VIDEO, reply);
    const got = (await s.call('GET', path, { key: s.libA.key })).json as Video;
    expect(got).toMatchObject({ title: 'final', collectionId, chapters: [{ title: 'Intro', start: 0, end: 5 }] });
  });
});

describe('list', () => {
  it('pages from 1, newest first by default', async () => {
    const titles: string[] = [];
    for (let i = 0; i < 25; i++) {
      clock += 1000;
      titles.push((await create(`clip ${String(i).padStart(2, '0')}`)).title);
    }
    const path = `/library/${s.libA.id}/videos`;
    const first = await s.call('GET', `${path}?page=1&itemsPerPage=10`, { key: s.libA.key });
    expectStreamValid('GET', VIDEOS, first);
    const page1 = first.json as Page;
    expect(page1).toMatchObject({ totalItems: 25, currentPage: 1, itemsPerPage: 10 });
    expect(page1.items.map((v) => v.title)).toEqual(titles.slice(15).reverse());
    const page3 = (await s.call('GET', `${path}?page=3&itemsPerPage=10`, { key: s.libA.key })).json as Page;
    expect(page3.items.map((v) => v.title)).toEqual(titles.slice(0, 5).reverse());
    const beyond = (await s.call('GET', `${path}?page=4&itemsPerPage=10`, { key: s.libA.key })).json as Page;
    expect(beyond.items).toEqual([]);
    const defaults = (await s.call('GET', path, { key: s.libA.key })).json as Page;
    expect(defaults).toMatchObject({ currentPage: 1, itemsPerPage: 100, totalItems: 25 });
    expect(defaults.items).toHaveLength(25);
  });

  it('clamps itemsPerPage to 10..1000 as the real service does', async () => {
    const path = `/library/${s.libA.id}/videos`;
    expect(((await s.call('GET', `${path}?itemsPerPage=2`, { key: s.libA.key })).json as Page).itemsPerPage).toBe(10);
    expect(((await s.call('GET', `${path}?itemsPerPage=5000`, { key: s.libA.key })).json as Page).itemsPerPage).toBe(1000);
  });

  it('searches titles, filters by collection and orders by title', async () => {
    const summer = await newCollection(s, 'Summer');
    const winter = await newCollection(s, 'Winter');
    await create('Beach day', { collectionId: summer });
    await create('beach night', { collectionId: summer });
    await create('Alps hike', { collectionId: winter });
    await create('City walk');
    await create('Other library beach', {}, s.libB);
    const path = `/library/${s.libA.id}/videos`;
    const search = (await s.call('GET', `${path}?search=BEACH&orderBy=title`, { key: s.libA.key })).json as Page;
    expect(search.items.map((v) => v.title)).toEqual(['Beach day', 'beach night']);
    expect(search.totalItems).toBe(2);
    const inWinter = (await s.call('GET', `${path}?collection=${winter}`, { key: s.libA.key })).json as Page;
    expect(inWinter.items.map((v) => v.title)).toEqual(['Alps hike']);
    const byTitle = (await s.call('GET', `${path}?orderBy=title`, { key: s.libA.key })).json as Page;
    expect(byTitle.items.map((v) => v.title)).toEqual(['Alps hike', 'Beach day', 'beach night', 'City walk']);
  });
});

describe('delete', () => {
  it('removes the video', async () => {
    const video = await create('short-lived');
    const path = `/library/${s.libA.id}/videos/${video.guid}`;
    const reply = await s.call('DELETE', path, { key: s.libA.key });
    expect(reply.status).toBe(200);
    expectStreamValid('DELETE', VIDEO, reply);
    expect(reply.json).toEqual({ success: true, message: 'OK', statusCode: 200 });
    expect((await s.call('GET', path, { key: s.libA.key })).status).toBe(404);
    expect((await s.call('DELETE', path, { key: s.libA.key })).status).toBe(404);
    const list = (await s.call('GET', `/library/${s.libA.id}/videos`, { key: s.libA.key })).json as Page;
    expect(list.totalItems).toBe(0);
  });
});
