import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSeed } from '../seed.js';
import { tusSignature } from './index.js';
import { bytes, expectStreamValid, send, startVideoSandbox, waitFor, type VideoSandbox } from './testing/support.js';

const COLLECTIONS = '/library/{libraryId}/collections';
const COLLECTION = '/library/{libraryId}/collections/{collectionId}';

interface Collection {
  videoLibraryId: number;
  guid: string;
  name: string;
  videoCount: number;
  totalSize: number;
  previewVideoIds: string | null;
  previewImageUrls: string[] | null;
}

interface Page {
  totalItems: number;
  currentPage: number;
  itemsPerPage: number;
  items: Collection[];
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

const base = (lib = s.libA) => `/library/${lib.id}/collections`;

async function list(query = '', key = s.libA.key): Promise<Page> {
  const reply = await s.call('GET', `${base()}${query}`, { key });
  expect(reply.status).toBe(200);
  expectStreamValid('GET', COLLECTIONS, reply);
  return reply.json as Page;
}

async function newCollection(name: string): Promise<Collection> {
  clock += 1000;
  const reply = await s.call('POST', base(), { key: s.libA.key, json: { name } });
  expect(reply.status).toBe(200);
  expectStreamValid('POST', COLLECTIONS, reply);
  return reply.json as Collection;
}

async function getCollection(guid: string, query = ''): Promise<Collection> {
  const reply = await s.call('GET', `${base()}/${guid}${query}`, { key: s.libA.key });
  expect(reply.status).toBe(200);
  expectStreamValid('GET', COLLECTION, reply);
  return reply.json as Collection;
}

async function newVideo(title: string, collectionId?: string): Promise<string> {
  const reply = await s.call('POST', `/library/${s.libA.id}/videos`, { key: s.libA.key, json: { title, collectionId } });
  expect(reply.status).toBe(200);
  return (reply.json as { guid: string }).guid;
}

describe('collections of a library', () => {
  it('seeds one empty collection in the demo library and none in the other', async () => {
    const seeded = createSeed(1).collections;
    expect(seeded).toHaveLength(1);
    const page = await list();
    expect(page).toEqual({
      totalItems: 1,
      currentPage: 1,
      itemsPerPage: 100,
      items: [
        { videoLibraryId: s.libA.id, guid: seeded[0]?.guid, name: 'Getting Started', videoCount: 0, totalSize: 0, previewVideoIds: null, previewImageUrls: null },
      ],
    });
    const other = await s.call('GET', base(s.libB), { key: s.libB.key });
    expect(other.json).toMatchObject({ totalItems: 0, items: [] });
  });

  it('creates a collection and finds it by guid in any case', async () => {
    const made = await newCollection('Trailers');
    expect(made).toMatchObject({ videoLibraryId: s.libA.id, name: 'Trailers', videoCount: 0, totalSize: 0, previewVideoIds: null });
    expect(made.guid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(await getCollection(made.guid.toUpperCase())).toEqual(made);
  });

  it('pages, searches and orders like the video list', async () => {
    for (const name of ['Delta', 'alpha', 'Charlie', 'bravo', 'Echo', 'Foxtrot', 'Golf', 'Hotel', 'India', 'Juliet', 'Kilo']) await newCollection(name);
    const first = await list('?itemsPerPage=5');
    // itemsPerPage is clamped to 10..1000, as the platform does.
    expect(first).toMatchObject({ totalItems: 12, currentPage: 1, itemsPerPage: 10 });
    expect(first.items.map((c) => c.name).slice(0, 3)).toEqual(['Kilo', 'Juliet', 'India']);
    const second = await list('?itemsPerPage=10&page=2');
    expect(second.items.map((c) => c.name)).toEqual(['Delta', 'Getting Started']);
    const byName = await list('?orderBy=name');
    expect(byName.items.map((c) => c.name).slice(0, 4)).toEqual(['alpha', 'bravo', 'Charlie', 'Delta']);
    const found = await list('?search=ALPHA');
    expect(found.items.map((c) => c.name)).toEqual(['alpha']);
    expect(found.totalItems).toBe(1);
  });

  it('renames with POST {name} and refuses a body without a name', async () => {
    const made = await newCollection('Old name');
    const renamed = await s.call('POST', `${base()}/${made.guid}`, { key: s.libA.key, json: { name: 'New name' } });
    expect(renamed.status).toBe(200);
    expectStreamValid('POST', COLLECTION, renamed);
    expect((await getCollection(made.guid)).name).toBe('New name');
    for (const json of [{}, { name: '' }, { name: '   ' }, { name: 3 }]) {
      const refused = await s.call('POST', base(), { key: s.libA.key, json });
      expect(refused.status).toBe(400);
      expect(refused.json).toMatchObject({ success: false, statusCode: 400 });
    }
    expect((await list()).totalItems).toBe(2);
  });

  it('deletes a collection, leaving its videos in the library outside any collection', async () => {
    const made = await newCollection('Short-lived');
    const video = await newVideo('kept', made.guid);
    const deleted = await s.call('DELETE', `${base()}/${made.guid}`, { key: s.libA.key });
    expect(deleted.status).toBe(200);
    expectStreamValid('DELETE', COLLECTION, deleted);
    const gone = await s.call('GET', `${base()}/${made.guid}`, { key: s.libA.key });
    expect(gone.status).toBe(404);
    expectStreamValid('GET', COLLECTION, gone);
    expect((await s.call('DELETE', `${base()}/${made.guid}`, { key: s.libA.key })).status).toBe(404);
    const after = await s.call('GET', `/library/${s.libA.id}/videos/${video}`, { key: s.libA.key });
    expect(after.json).toMatchObject({ guid: video, collectionId: null });
  });

  it('takes the library key for everything and the read-only key for reading only', async () => {
    const made = await newCollection('Guarded');
    const one = `${base()}/${made.guid}`;
    expect((await s.call('GET', one, { key: s.libA.readOnlyKey })).status).toBe(200);
    await list('', s.libA.readOnlyKey);
    for (const key of [s.libA.readOnlyKey, s.libB.key, s.sandbox.accountKey, undefined]) {
      expect((await s.call('POST', base(), { key, json: { name: 'x' } })).status).toBe(401);
      expect((await s.call('DELETE', one, { key })).status).toBe(401);
      expect((await s.call('POST', one, { key, json: { name: 'x' } })).status).toBe(401);
    }
    for (const key of [s.libB.key, s.libB.readOnlyKey, undefined]) {
      const refused = await s.call('GET', base(), { key });
      expect(refused.status).toBe(401);
      expectStreamValid('GET', COLLECTIONS, refused);
    }
    // A collection of another library is not found through this one.
    expect((await s.call('GET', `${base(s.libB)}/${made.guid}`, { key: s.libB.key })).status).toBe(404);
    expect((await getCollection(made.guid)).name).toBe('Guarded');
  });
});

describe('videos in collections', () => {
  it('keeps videoCount, totalSize and the previews up to date through create, upload, move and delete', async () => {
    const made = await newCollection('Counted');
    const first = await newVideo('first', made.guid);
    clock += 1000;
    const second = await newVideo('second', made.guid.toUpperCase());
    expect(await getCollection(made.guid)).toMatchObject({ videoCount: 2, totalSize: 0, previewVideoIds: `${second},${first}` });

    const upload = await send(`${s.sandbox.videoUrl}/library/${s.libA.id}/videos/${first}`, 'PUT', { AccessKey: s.libA.key }, bytes(200_000));
    expect(upload.status).toBe(200);
    const finished = await waitFor(async () => {
      const reply = await s.call('GET', `/library/${s.libA.id}/videos/${first}`, { key: s.libA.key });
      const video = reply.json as { status: number; storageSize: number };
      return video.status === 4 ? video : undefined;
    });
    const counted = await getCollection(made.guid, '?includeThumbnails=true');
    expect(counted).toMatchObject({ videoCount: 2, totalSize: finished.storageSize });
    expect(finished.storageSize).toBeGreaterThan(0);
    const zone = s.sandbox.pullZones.find((z) => z.name === 'vz-demo-library');
    expect(counted.previewImageUrls).toEqual([`https://${zone?.name}.b-cdn.net/${first}/thumbnail.jpg`]);

    const moved = await s.call('POST', `/library/${s.libA.id}/videos/${second}`, { key: s.libA.key, json: { collectionId: null } });
    expect(moved.status).toBe(200);
    expect(await getCollection(made.guid)).toMatchObject({ videoCount: 1, previewVideoIds: first });
    expect((await s.call('DELETE', `/library/${s.libA.id}/videos/${first}`, { key: s.libA.key })).status).toBe(200);
    expect(await getCollection(made.guid)).toMatchObject({ videoCount: 0, totalSize: 0, previewVideoIds: null });
  });

  it('stores the collection guid as the collection has it and lists the videos of a collection', async () => {
    const made = await newCollection('Listed');
    const video = await newVideo('in it', made.guid.toUpperCase());
    await newVideo('outside');
    const reply = await s.call('GET', `/library/${s.libA.id}/videos?collection=${made.guid}`, { key: s.libA.key });
    const page = reply.json as { items: { guid: string; collectionId: string }[] };
    expect(page.items).toEqual([expect.objectContaining({ guid: video, collectionId: made.guid })]);
  });

  it('refuses a collectionId the library does not hold on create, update, fetch and TUS, changing nothing', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const other = await s.call('POST', base(s.libB), { key: s.libB.key, json: { name: 'elsewhere' } });
    const foreign = (other.json as Collection).guid;
    for (const collectionId of [unknown, foreign]) {
      const created = await s.call('POST', `/library/${s.libA.id}/videos`, { key: s.libA.key, json: { title: 'x', collectionId } });
      expect(created.status).toBe(400);
      expectStreamValid('POST', '/library/{libraryId}/videos', created);
      expect(created.json).toMatchObject({ success: false, statusCode: 400 });
    }
    const video = await newVideo('untouched');
    const updated = await s.call('POST', `/library/${s.libA.id}/videos/${video}`, { key: s.libA.key, json: { title: 'changed', collectionId: unknown } });
    expect(updated.status).toBe(400);
    expect(updated.json).toMatchObject({ success: false, statusCode: 400 });
    const fetched = await s.call('POST', `/library/${s.libA.id}/videos/fetch?collectionId=${unknown}`, { key: s.libA.key, json: { url: 'http://127.0.0.1:9/x.mp4' } });
    expect(fetched.status).toBe(400);
    expectStreamValid('POST', '/library/{libraryId}/videos/fetch', fetched);

    const expire = Math.floor(clock / 1000) + 3600;
    const tus = await send(`${s.sandbox.videoUrl}/tusupload`, 'POST', {
      'Tus-Resumable': '1.0.0',
      AuthorizationSignature: tusSignature(s.libA.id, s.libA.key, expire, video),
      AuthorizationExpire: String(expire),
      LibraryId: String(s.libA.id),
      VideoId: video,
      'Upload-Length': '10',
      'Upload-Metadata': `title ${Buffer.from('renamed').toString('base64')},collection ${Buffer.from(unknown).toString('base64')}`,
    }, Buffer.alloc(0));
    expect(tus.status).toBe(400);

    const after = await s.call('GET', `/library/${s.libA.id}/videos/${video}`, { key: s.libA.key });
    expect(after.json).toMatchObject({ title: 'untouched', collectionId: null });
    const videos = await s.call('GET', `/library/${s.libA.id}/videos`, { key: s.libA.key });
    expect((videos.json as { totalItems: number }).totalItems).toBe(1);
  });
});
