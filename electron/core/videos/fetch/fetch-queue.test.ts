import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FetchView } from '../../../../shared/contract/videos-fetch.js';
import { FakeCipher } from '../../testing/fake-cipher.js';
import { openFetchQueue, type FetchQueue, type FetchQueueOptions } from './fetch-queue.js';
import { WAITING_NOTE } from './fetch-run.js';
import { ended, fetchSandbox, rowWhere, startOrigin, turnSleep, type FetchSandbox, type Origin } from '../testing/fetch-harness.js';
import { createVideo, getVideo } from '../upload/video-api.js';

const SECRET = 'Bearer s3cr3t-fetch-token-9f2c';
const KEY = 'k3y-value-7a1d0e';

let env: FetchSandbox;
let origin: Origin;
let dir: string;
const queues: FetchQueue[] = [];

afterEach(async () => {
  for (const q of queues.splice(0)) await q.close();
  await origin?.close();
  await env?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function setup(options: { withoutId?: boolean; processingStepMs?: number } = {}) {
  env = await fetchSandbox(options);
  origin = await startOrigin();
  dir = await mkdtemp(join(tmpdir(), 'burrow-fetch-'));
}

async function open(extra: Partial<FetchQueueOptions> = {}) {
  const lines: string[] = [];
  const { sleep, delays } = turnSleep(3_600_000);
  const queue = await openFetchQueue({ dir, clientFor: async () => env.client, sleep, random: () => 0.5, log: (l) => lines.push(l), ...extra });
  queues.push(queue);
  return { queue, lines, delays };
}

const headers = [
  { name: 'Authorization', value: SECRET },
  { name: 'X-Api-Key', value: KEY },
];

/** Every file the queue wrote, as text. */
async function onDisk(): Promise<string> {
  const names = await readdir(dir);
  return (await Promise.all(names.map((n) => readFile(join(dir, n), 'utf8')))).join('\n');
}

function expectNoSecret(text: string) {
  expect(text).not.toContain(SECRET);
  expect(text).not.toContain('s3cr3t-fetch-token');
  expect(text).not.toContain(KEY);
}

/** The stored file of the video is the origin's file. */
function expectStoredFromOrigin(videoId: string | null) {
  expect(videoId).not.toBeNull();
  expect(env.sandbox.uploads.inspect(env.libraryId, videoId!)).toMatchObject({ state: 'stored', sha256: origin.sha256 });
}

describe('fetch rows against the sandbox', () => {
  it('follows the id in the answer to Ready; the origin got the headers, and no value reached a view, a log line or the disk', async () => {
    // Encoding in steps slow enough that the row is seen processing on its way, however loaded the machine.
    await setup({ processingStepMs: 100 });
    const { queue, lines } = await open({ cipher: new FakeCipher() });
    const seen: FetchView[] = [];
    const views: FetchView[] = [];
    queue.onChange((c) => views.push(...c.fetches));
    const added = await queue.add({ profileId: 'p', libraryId: env.libraryId, collectionId: null, url: origin.url('/clips/holiday.mp4'), headers });
    expect(added).toMatchObject({ state: 'queued', title: 'holiday', headerNames: ['Authorization', 'X-Api-Key'], needsHeaders: false });
    const done = await rowWhere(queue, added.id, ended, seen);

    expect(done).toMatchObject({ state: 'ready', encodeProgress: 100, error: null });
    expectStoredFromOrigin(done.videoId);
    expect(seen.map((v) => v.state)).toContain('processing');
    expect(origin.requests[0]?.headers).toMatchObject({ authorization: SECRET, 'x-api-key': KEY });
    expect(lines.length).toBeGreaterThan(2);
    expectNoSecret(JSON.stringify([views, queue.list(), lines]));
    expectNoSecret(await onDisk());
  });

  it('a fetch into a just-in-time library goes 7 → 8 and its row ends Ready, saying "Preparing for playback" on the way', async () => {
    await setup({ processingStepMs: 100 });
    const { queue } = await open();
    const jit = env.sandbox.libraries.find((l) => l.jitEncoding)!;
    const seen: FetchView[] = [];
    const added = await queue.add({ profileId: 'p', libraryId: jit.id, collectionId: null, url: origin.url('/jit.mp4'), headers: [] });
    const done = await rowWhere(queue, added.id, ended, seen);
    expect(done).toMatchObject({ state: 'ready', encodeProgress: 100, error: null, note: null });
    const history = env.sandbox.uploads.inspect(jit.id, done.videoId!)!.statusHistory.map((c) => c.status);
    expect(history).toEqual(expect.arrayContaining([7, 8]));
    expect(history).not.toContain(4);
    expect(seen.some((v) => v.state === 'processing' && v.note === 'Preparing for playback')).toBe(true);
  });

  it('finds the new video by its marker when the answer carries no id, past an older video of the same title and another process fetching the same title, and gives it back its clean title', async () => {
    await setup({ withoutId: true });
    const { queue, lines } = await open();
    // Another process's queue (the command line beside the app): its own folder, the same title at the same time.
    const other = await openFetchQueue({ dir: await mkdtemp(join(dir, 'other-')), clientFor: async () => env.client, sleep: turnSleep(3_600_000).sleep, random: () => 0.5 });
    queues.push(other);
    const decoy = await createVideo(env.client, env.libraryId, { title: 'Launch talk', collectionId: null });
    const input = { profileId: 'p', libraryId: env.libraryId, collectionId: null, url: origin.url('/talk.mp4'), title: 'Launch talk', headers: [] };
    const [added, theirs] = await Promise.all([queue.add(input), other.add(input)]);
    const [done, theirsDone] = await Promise.all([rowWhere(queue, added.id, ended), rowWhere(other, theirs.id, ended)]);

    expect(done.state).toBe('ready');
    expect(theirsDone.state).toBe('ready');
    expect(new Set([done.videoId, theirsDone.videoId, decoy.guid]).size).toBe(3);
    expectStoredFromOrigin(done.videoId);
    expectStoredFromOrigin(theirsDone.videoId);
    for (const id of [done.videoId!, theirsDone.videoId!]) expect((await getVideo(env.client, env.libraryId, id)).title).toBe('Launch talk');
    expect(lines.some((l) => l.includes('by its marker'))).toBe(true);
  });

  it('shows a full fetch queue (429) as waiting, waits as Retry-After says, and then succeeds by itself', async () => {
    await setup();
    const { queue, delays } = await open();
    env.sandbox.faults.add({ method: 'POST', path: `/video/library/${env.libraryId}/videos/fetch`, times: 2, action: { kind: 'status', status: 429, retryAfter: '7' } });
    const seen: FetchView[] = [];
    const added = await queue.add({ profileId: 'p', libraryId: env.libraryId, collectionId: null, url: origin.url('/later.mp4'), headers: [] });
    const done = await rowWhere(queue, added.id, ended, seen);

    expect(done.state).toBe('ready');
    expectStoredFromOrigin(done.videoId);
    const waiting = seen.filter((v) => v.state === 'waiting');
    expect(waiting.length).toBeGreaterThanOrEqual(2);
    expect(waiting[0]?.note).toContain(WAITING_NOTE);
    expect(delays.filter((d) => d === 7000)).toHaveLength(2);
  });

  it('a 429 while following a fetch the platform took is its rate, waited out as Retry-After says, not an outage', async () => {
    await setup();
    const { queue, delays } = await open();
    env.sandbox.faults.add({ method: 'GET', path: `/video/library/${env.libraryId}/videos/*`, times: 1, action: { kind: 'status', status: 429, retryAfter: '9' } });
    const seen: FetchView[] = [];
    const added = await queue.add({ profileId: 'p', libraryId: env.libraryId, collectionId: null, url: origin.url('/slow.mp4'), headers: [] });
    const done = await rowWhere(queue, added.id, ended, seen);
    expect(done.state).toBe('ready');
    expect(delays).toContain(9000);
    expect(seen.some((v) => v.note?.startsWith('The platform asked to slow down'))).toBe(true);
    expect(seen.some((v) => v.note?.startsWith('The platform could not be reached'))).toBe(false);
  });

  it('without Retry-After, a 429 is asked again after a growing backoff', async () => {
    await setup();
    const { queue, delays } = await open();
    env.sandbox.faults.add({ method: 'POST', path: `/video/library/${env.libraryId}/videos/fetch`, times: 3, action: { kind: 'status', status: 429 } });
    const added = await queue.add({ profileId: 'p', libraryId: env.libraryId, collectionId: null, url: origin.url('/b.mp4'), headers: [] });
    expect((await rowWhere(queue, added.id, ended)).state).toBe('ready');
    expect(delays.slice(0, 3)).toEqual([5000, 10000, 20000]);
  });

  it('an origin the platform cannot download from ends the row failed, with the platform’s reason', async () => {
    await setup();
    const { queue } = await open();
    const gone = origin.url('/gone.mp4');
    await origin.close();
    const added = await queue.add({ profileId: 'p', libraryId: env.libraryId, collectionId: null, url: gone, headers: [] });
    const done = await rowWhere(queue, added.id, ended);
    expect(done).toMatchObject({ state: 'failed', error: { title: 'The platform could not fetch or encode the video', detail: expect.stringContaining('Fetching the source failed') } });
  });

  it('a refused fetch fails with the platform’s reason, scrubbed of header values', async () => {
    await setup();
    const { queue } = await open();
    const echo = `Origin refused the header ${SECRET}`;
    env.sandbox.faults.add({ method: 'POST', path: `/video/library/${env.libraryId}/videos/fetch`, action: { kind: 'status', status: 400, body: { success: false, message: echo, statusCode: 400 } } });
    const added = await queue.add({ profileId: 'p', libraryId: env.libraryId, collectionId: null, url: origin.url('/x.mp4'), headers });
    const done = await rowWhere(queue, added.id, ended);
    expect(done.state).toBe('failed');
    expect(JSON.stringify(done.error)).toContain('Origin refused the header');
    expectNoSecret(JSON.stringify(done));
  });

  it.each([
    ['refused (400)', 400],
    ['a fault of the platform (500), then refused', 500],
  ])('an answer that echoes only the credential part of a header is scrubbed from the rows, the disk and the log: %s', async (_what, status) => {
    await setup();
    const { queue, lines } = await open();
    const views: FetchView[] = [];
    queue.onChange((c) => views.push(...c.fetches));
    const path = `/video/library/${env.libraryId}/videos/fetch`;
    const echo = (message: string, code: number) => ({ kind: 'status' as const, status: code, body: { success: false, message, statusCode: code } });
    // The token alone, the password a Basic credential decodes to, and one value of a static key header's list.
    if (status === 500) env.sandbox.faults.add({ method: 'POST', path, times: 1, action: echo('token SECRETTOKEN999 refused; user:hunter2026', 500) });
    env.sandbox.faults.add({ method: 'POST', path, times: 1, action: echo('token SECRETTOKEN999 refused; password hunter2026; key secondkey-77', 400) });
    const added = await queue.add({
      profileId: 'p',
      libraryId: env.libraryId,
      collectionId: null,
      url: origin.url('/x.mp4'),
      headers: [
        { name: 'Authorization', value: 'Bearer SECRETTOKEN999' },
        { name: 'Proxy-Authorization', value: 'Basic dXNlcjpodW50ZXIyMDI2' },
        { name: 'X-Api-Key', value: 'firstkey-66, secondkey-77' },
      ],
    });
    const done = await rowWhere(queue, added.id, ended);
    expect(done.state).toBe('failed');
    expect(JSON.stringify(done.error)).toContain('refused');
    // What the renderer gets: the rows of videos.fetchRows (every change) and of videos.fetches (the list).
    const sent = JSON.stringify([views, queue.list()]);
    const written = await onDisk();
    for (const text of [sent, written, lines.join('\n')]) {
      for (const part of ['SECRETTOKEN999', 'hunter2026', 'dXNlcjpodW50ZXIyMDI2', 'secondkey-77', 'firstkey-66']) expect(text).not.toContain(part);
    }
    expect(written).toContain('refused');
  });

  it.each([
    ['a JSON body with the token in lower case', { success: false, message: 'token secrettoken999 refused', statusCode: 400 }, undefined],
    ['a text body with the Basic password JSON-escaped', 'password pa\\u002Bss\\/word\\u003E1 refused', 'text/plain; charset=utf-8'],
  ])('a credential the platform echoes in another case or escaped is scrubbed from the rows, the disk and the log: %s', async (_what, body, contentType) => {
    await setup();
    const { queue, lines } = await open();
    const views: FetchView[] = [];
    queue.onChange((c) => views.push(...c.fetches));
    env.sandbox.faults.add({
      method: 'POST',
      path: `/video/library/${env.libraryId}/videos/fetch`,
      action: { kind: 'status', status: 400, body, ...(contentType !== undefined ? { contentType } : {}) },
    });
    const added = await queue.add({
      profileId: 'p',
      libraryId: env.libraryId,
      collectionId: null,
      url: origin.url('/x.mp4'),
      headers: [
        { name: 'Authorization', value: 'Bearer SECRETTOKEN999' },
        // user:pa+ss/word>1
        { name: 'Proxy-Authorization', value: `Basic ${Buffer.from('user:pa+ss/word>1').toString('base64')}` },
      ],
    });
    const done = await rowWhere(queue, added.id, ended);
    expect(done.state).toBe('failed');
    const sent = JSON.stringify([views, queue.list()]);
    const written = await onDisk();
    expect(sent).toContain('refused');
    for (const text of [sent, written, lines.join('\n')]) {
      // Backslashes dropped, so the check holds however often the text was JSON-encoded on its way.
      const flat = text.replace(/\\/g, '').toLowerCase();
      for (const part of ['secrettoken999', 'pau002bss', 'wordu003e1', 'pa+ss/word>1']) expect(flat).not.toContain(part);
    }
  });
});

describe('fetch rows across a restart', () => {
  async function waitingRow(cipher?: FakeCipher) {
    env.sandbox.faults.add({ method: 'POST', path: `/video/library/${env.libraryId}/videos/fetch`, action: { kind: 'status', status: 429, retryAfter: '3600' } });
    const { queue } = await open(cipher ? { cipher } : {});
    const added = await queue.add({ profileId: 'p', libraryId: env.libraryId, collectionId: null, url: origin.url('/r.mp4'), headers });
    await rowWhere(queue, added.id, (v) => v.state === 'waiting');
    await queue.close();
    return added.id;
  }

  it('with the cipher, the values are on disk only sealed, and the row continues after the restart with them', async () => {
    await setup();
    const cipher = new FakeCipher();
    const id = await waitingRow(cipher);
    const file = await onDisk();
    expectNoSecret(file);
    expect(file).toContain('"sealed":{"');

    const { queue } = await open({ cipher });
    const done = await rowWhere(queue, id, ended);
    expect(done.state).toBe('ready');
    expect(origin.requests.at(-1)?.headers).toMatchObject({ authorization: SECRET, 'x-api-key': KEY });
    // Taken by the platform: nothing of the values is kept on disk any longer.
    expect(await onDisk()).toContain('"sealed":{}');
  });

  it.each([
    ['without a cipher', undefined],
    ['with a cipher anyone can undo (a fixed-key backend)', 'basic_text'],
  ])('%s, the values are never written; after the restart the row says so and a retry takes them again', async (_name, backend) => {
    await setup();
    const cipher = backend === undefined ? undefined : new FakeCipher(backend);
    const id = await waitingRow(cipher);
    expectNoSecret(await onDisk());

    const { queue } = await open(cipher ? { cipher } : {});
    const row = queue.list().find((v) => v.id === id);
    expect(row).toMatchObject({ state: 'failed', needsHeaders: true, error: { title: 'The header values were not kept' } });
    await expect(queue.retry(id)).rejects.toThrow('The header values were not kept');
    expect(await queue.retry(id, headers)).toBe(1);
    const done = await rowWhere(queue, id, ended);
    expect(done.state).toBe('ready');
    expect(origin.requests.at(-1)?.headers).toMatchObject({ authorization: SECRET });
    expectNoSecret(await onDisk());
  });

  it('cancel deletes an unfinished video, and clear removes ended rows', async () => {
    await setup({ processingStepMs: 600_000 });
    const { queue } = await open();
    const added = await queue.add({ profileId: 'p', libraryId: env.libraryId, collectionId: null, url: origin.url('/c.mp4'), headers: [] });
    const followed = await rowWhere(queue, added.id, (v) => v.videoId !== null);
    expect(await queue.cancel(added.id)).toBe(1);
    expect(queue.list().find((v) => v.id === added.id)).toMatchObject({ state: 'cancelled', note: 'Cancelled; the unfinished video was deleted.' });
    await expect(getVideo(env.client, env.libraryId, followed.videoId!)).rejects.toMatchObject({ failure: { status: 404 } });
    expect(await queue.cancel(added.id)).toBe(0);
    expect(await queue.clear()).toBe(1);
    expect(queue.list()).toEqual([]);
  });
});
