import { randomBytes } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { createPlatformClient } from '../../platform/client.js';
import { endpointsOf, fixedCredentials, perTestCleanup } from '../../platform/testing/support.js';
import { CdnCache, fetchThumbnail, findCdnHost, MAX_THUMBNAIL_BYTES } from './library-cdn.js';
import { libraryHandlers } from './library-handlers.js';
import { runnerSandbox, type RunnerSandbox } from '../testing/runner-harness.js';
import { createVideo } from '../upload/video-api.js';

const { server, cleanups } = perTestCleanup();
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(600)]);

/** A CDN stand-in: /thumb.png is an image, /page is HTML, /huge is too big, anything else 404. */
async function cdn() {
  return server((req, res) => {
    if (req.url === '/thumb.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    if (req.url === '/page') return res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
    if (req.url === '/huge') return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(Buffer.alloc(MAX_THUMBNAIL_BYTES + 1));
    res.writeHead(404).end();
  });
}

describe('thumbnail fetch', () => {
  it('answers an image as a data: URL of its bytes, and nothing for a page, a 404, an oversized image or a non-http URL', async () => {
    const s = await cdn();
    expect(await fetchThumbnail(`${s.url}/thumb.png`)).toBe(`data:image/png;base64,${PNG.toString('base64')}`);
    expect(await fetchThumbnail(`${s.url}/page`)).toBeNull();
    expect(await fetchThumbnail(`${s.url}/missing.jpg`)).toBeNull();
    expect(await fetchThumbnail(`${s.url}/huge`)).toBeNull();
    expect(await fetchThumbnail('file:///etc/passwd')).toBeNull();
    expect(await fetchThumbnail('not a url')).toBeNull();
  });
});

describe('thumbnails and CDN host through the sandbox', () => {
  let env: RunnerSandbox;
  beforeEach(async () => {
    env = await runnerSandbox();
    cleanups.push(() => env.close());
  });

  it('finds the library’s CDN host from its pull zone with the account key; without one there is none', async () => {
    // The sandbox is its libraries' CDN: their zones' system hostname is its own address.
    expect(await findCdnHost(env.client, env.libraryId)).toBe(new URL(env.sandbox.apiUrl).host);
    const noAccount = createPlatformClient({ endpoints: () => endpointsOf(env.sandbox), credentials: fixedCredentials({ libraries: { [env.libraryId]: env.sandbox.libraries[0]!.key } }), userAgent: 'Burrow/0.0.0-test', env: {} });
    cleanups.push(() => noAccount.close());
    expect(await new CdnCache().host(noAccount, env.libraryId)).toBeNull();
  });

  it('fetches the thumbnail the platform names once, and answers null for a video without one', async () => {
    const s = await cdn();
    const h = libraryHandlers({ client: async () => env.client });
    const plain = await createVideo(env.client, env.libraryId, { title: 'No picture', collectionId: null });
    expect(await h['videos.libraryThumbnail']({ libraryId: env.libraryId, videoId: plain.guid }, {})).toEqual({ dataUrl: null });

    // The real platform may name the thumbnail's URL itself; the sandbox is made to, for this video.
    const pictured = await createVideo(env.client, env.libraryId, { title: 'Pictured', collectionId: null });
    const body = { guid: pictured.guid, title: 'Pictured', status: 4, thumbnailUrl: `${s.url}/thumb.png` };
    env.sandbox.faults.add({ method: 'GET', path: `/video/library/${env.libraryId}/videos/${pictured.guid}`, times: 2, action: { kind: 'status', status: 200, body } });
    const id = { libraryId: env.libraryId, videoId: pictured.guid };
    const expected = { dataUrl: `data:image/png;base64,${PNG.toString('base64')}` };
    expect(await h['videos.libraryThumbnail'](id, {})).toEqual(expected);
    expect(await h['videos.libraryThumbnail'](id, {})).toEqual(expected);
    expect(s.seen.filter((r) => r.url === '/thumb.png')).toHaveLength(1);
  });

  it('shows each encoded sandbox video its own picture, with its title, through the library’s CDN host', async () => {
    const fast = await runnerSandbox({ processingStepMs: 20 });
    cleanups.push(() => fast.close());
    const h = libraryHandlers({ client: async () => fast.client });
    const titles = ['Harbour at dawn', 'Mountain pass'];
    const pictures: string[] = [];
    for (const title of titles) {
      const video = await createVideo(fast.client, fast.libraryId, { title, collectionId: null });
      const put = await fast.client.send({ area: 'video', method: 'PUT', path: `/library/${fast.libraryId}/videos/${video.guid}`, libraryId: fast.libraryId, body: randomBytes(2000), contentType: 'application/octet-stream' });
      expect(put.status).toBe(200);
      await expect.poll(async () => (await h['videos.libraryGet']({ libraryId: fast.libraryId, videoId: video.guid }, {})).status, { timeout: 10_000, interval: 10 }).toBe(4);
      const { dataUrl } = await h['videos.libraryThumbnail']({ libraryId: fast.libraryId, videoId: video.guid }, {});
      expect(dataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
      const bytes = Buffer.from(dataUrl!.slice(dataUrl!.indexOf(',') + 1), 'base64').toString('utf8');
      expect(bytes).toContain(title);
      pictures.push(bytes);
    }
    expect(pictures[0]).not.toBe(pictures[1]);
  });
});
