import http, { type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { bytes, expectStreamValid, newCollection, sha256, startVideoSandbox, waitFor, type VideoSandbox } from './testing/support.js';

const FETCH = '/library/{libraryId}/videos/fetch';

/** A loopback origin serving one file; it can hold its answers until released. */
async function startSource(file: Buffer, options: { hold?: boolean } = {}) {
  const requests: { url: string; headers: IncomingHttpHeaders }[] = [];
  const held: ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    requests.push({ url: req.url ?? '', headers: req.headers });
    if (req.url === '/missing.mp4') return void res.writeHead(404).end('not here');
    if (req.url === '/moved.mp4') return void res.writeHead(302, { location: '/clip.mp4' }).end();
    if (options.hold) return void held.push(res);
    res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': file.length }).end(file);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    requests,
    held,
    release() {
      for (const res of held.splice(0)) res.writeHead(200, { 'content-length': file.length }).end(file);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A loopback origin that answers the paths in `redirects` with a 302 to the URL given, and any other path with `file`. */
async function startRedirector(file: Buffer, redirects: Record<string, () => string>) {
  const requests: { url: string; headers: IncomingHttpHeaders }[] = [];
  const server = http.createServer((req, res) => {
    requests.push({ url: req.url ?? '', headers: req.headers });
    const to = redirects[req.url ?? ''];
    if (to) return void res.writeHead(302, { location: to() }).end();
    res.writeHead(200, { 'content-length': file.length }).end(file);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

let s: VideoSandbox;
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function setup(options: { fetchQueueLimit?: number; fetchReplyWithoutId?: boolean } = {}) {
  s = await startVideoSandbox(options);
  cleanups.push(() => s.sandbox.close());
}

async function fetchVideo(body: unknown, query = '') {
  return s.call('POST', `/library/${s.libA.id}/videos/fetch${query}`, { key: s.libA.key, json: body });
}

async function video(id: string) {
  return (await s.call('GET', `/library/${s.libA.id}/videos/${id}`, { key: s.libA.key })).json as Record<string, unknown>;
}

/** The fetch answer is a StatusModel plus the real service's undocumented `id`. */
function expectFetchReply(reply: { status: number; json: unknown }): string {
  const { id, ...documented } = reply.json as { id: string };
  expectStreamValid('POST', FETCH, { status: reply.status, json: documented });
  expect(documented).toEqual({ success: true, message: 'OK', statusCode: 200 });
  return id;
}

describe('POST …/videos/fetch', () => {
  it('fetches the URL with the custom headers, adds the video and processes it', async () => {
    await setup();
    const file = bytes(700_000);
    const source = await startSource(file);
    cleanups.push(source.close);
    const collectionId = await newCollection(s, 'Fetched');
    const reply = await fetchVideo(
      { url: `${source.origin}/clip.mp4`, headers: { 'X-Origin-Token': 'static-secret', Authorization: 'Basic dTpw' }, title: 'Fetched clip' },
      `?collectionId=${collectionId}&thumbnailTime=2000`,
    );
    expect(reply.status).toBe(200);
    const id = expectFetchReply(reply);

    const done = await waitFor(async () => {
      const v = await video(id);
      return v['status'] === 4 ? v : undefined;
    });
    expect(done).toMatchObject({ title: 'Fetched clip', collectionId, encodeProgress: 100, originalHash: sha256(file) });
    expect(source.requests[0]?.headers['x-origin-token']).toBe('static-secret');
    expect(source.requests[0]?.headers['authorization']).toBe('Basic dTpw');
    const seen = await s.call('GET', `/library/${s.libA.id}/videos/${id}/__upload`, { key: s.libA.key });
    expect(seen.json).toMatchObject({ size: file.length, sha256: sha256(file) });
  });

  it('with fetchReplyWithoutId, answers the documented status only; the video is still made and found by its title', async () => {
    await setup({ fetchReplyWithoutId: true });
    const source = await startSource(bytes(1000));
    cleanups.push(source.close);
    const reply = await fetchVideo({ url: `${source.origin}/clip.mp4`, title: 'No id given' });
    expect(reply.status).toBe(200);
    expectStreamValid('POST', FETCH, { status: reply.status, json: reply.json });
    expect(reply.json).toEqual({ success: true, message: 'OK', statusCode: 200 });
    const list = await s.call('GET', `/library/${s.libA.id}/videos?search=No%20id%20given`, { key: s.libA.key });
    expect((list.json as { items: { title: string }[] }).items.map((v) => v.title)).toEqual(['No id given']);
  });

  it('follows a redirect and names the video after the file when no title is given', async () => {
    await setup();
    const source = await startSource(bytes(1000));
    cleanups.push(source.close);
    const id = expectFetchReply(await fetchVideo({ url: `${source.origin}/moved.mp4` }));
    const done = await waitFor(async () => {
      const v = await video(id);
      return v['status'] === 4 ? v : undefined;
    });
    expect(done['title']).toBe('moved.mp4');
    expect(source.requests.map((r) => r.url)).toEqual(['/moved.mp4', '/clip.mp4']);
  });

  it('sends the custom headers only to the origin the user named: a redirect to another origin drops all of them', async () => {
    await setup();
    const file = bytes(2000);
    const custom = { AccessKey: 'library-key', 'X-Api-Key': 'api-key', Cookie: 'session=abc', Authorization: 'Bearer t', 'X-Origin-Token': 'static' };
    const names = Object.keys(custom).map((n) => n.toLowerCase());
    const sent = (r: { url: string; headers: IncomingHttpHeaders }) => [r.url, names.filter((n) => r.headers[n] !== undefined)];
    // Two loopback servers on different ports, so different origins; `named` is the one the user asks for.
    const named = await startRedirector(file, {
      '/same.mp4': () => `${named.origin}/start.mp4`,
      '/start.mp4': () => `${other.origin}/hop.mp4`,
    });
    cleanups.push(named.close);
    const other = await startRedirector(file, { '/hop.mp4': () => `${named.origin}/back.mp4` });
    cleanups.push(other.close);

    // named /same.mp4 → named /start.mp4 → other /hop.mp4 → named /back.mp4 (the file).
    const id = expectFetchReply(await fetchVideo({ url: `${named.origin}/same.mp4`, headers: custom }));
    const done = await waitFor(async () => {
      const v = await video(id);
      return v['status'] === 4 ? v : undefined;
    });
    expect(done['originalHash']).toBe(sha256(file));
    // A same-origin redirect keeps them; once the chain left the origin, coming back does not restore them.
    expect(named.requests.map(sent)).toEqual([
      ['/same.mp4', names],
      ['/start.mp4', names],
      ['/back.mp4', []],
    ]);
    expect(other.requests.map(sent)).toEqual([['/hop.mp4', []]]);
  });

  it('marks the video failed, and keeps serving, when the source redirects to an invalid or non-http URL', async () => {
    await setup();
    const source = await startRedirector(bytes(10), { '/bad.mp4': () => 'http://[bad', '/ftp.mp4': () => 'ftp://127.0.0.1/a.mp4' });
    cleanups.push(source.close);
    for (const path of ['/bad.mp4', '/ftp.mp4']) {
      const id = expectFetchReply(await fetchVideo({ url: `${source.origin}${path}` }));
      const failed = await waitFor(async () => {
        const v = await video(id);
        return v['status'] === 5 ? v : undefined;
      });
      expect(failed['hasOriginal']).toBe(false);
    }
    expect((await s.call('GET', `/library/${s.libA.id}/videos`, { key: s.libA.key })).status).toBe(200);
  });

  it('marks the video failed (status 5) when the source answers 404 or refuses the connection', async () => {
    await setup();
    const source = await startSource(bytes(10));
    cleanups.push(source.close);
    const missing = expectFetchReply(await fetchVideo({ url: `${source.origin}/missing.mp4` }));

    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const refused = expectFetchReply(await fetchVideo({ url: `http://127.0.0.1:${deadPort}/clip.mp4` }));

    for (const id of [missing, refused]) {
      const failed = await waitFor(async () => {
        const v = await video(id);
        return v['status'] === 5 ? v : undefined;
      });
      expect(failed['encodeProgress']).toBe(0);
      expect(failed['hasOriginal']).toBe(false);
    }
  });

  it('answers 429 past the queue limit until running fetches finish', async () => {
    await setup({ fetchQueueLimit: 2 });
    const file = bytes(5000);
    const source = await startSource(file, { hold: true });
    cleanups.push(source.close);
    const url = `${source.origin}/slow.mp4`;
    const first = expectFetchReply(await fetchVideo({ url }));
    expectFetchReply(await fetchVideo({ url }));
    await waitFor(() => (source.held.length === 2 ? true : undefined));

    const refused = await fetchVideo({ url });
    expect(refused.status).toBe(429);
    expectStreamValid('POST', FETCH, refused);
    expect(refused.json).toMatchObject({ success: false, statusCode: 429 });
    const list = (await s.call('GET', `/library/${s.libA.id}/videos`, { key: s.libA.key })).json as { totalItems: number };
    expect(list.totalItems).toBe(2);

    source.release();
    await waitFor(async () => ((await video(first))['status'] === 4 ? true : undefined));
    await waitFor(async () => {
      const again = await fetchVideo({ url: `${source.origin}/missing.mp4` });
      return again.status === 200 ? again : undefined;
    });
  });

  it('refuses a body without a valid http(s) url with 400', async () => {
    await setup();
    for (const body of [{}, { url: '' }, { url: 'not a url' }, { url: 'ftp://example.com/a.mp4' }, { url: 'http://x/a', headers: { a: 1 } }]) {
      const reply = await fetchVideo(body);
      expect(reply.status).toBe(400);
      expectStreamValid('POST', FETCH, reply);
    }
  });

  it('requires the library key', async () => {
    await setup();
    const reply = await s.call('POST', `/library/${s.libA.id}/videos/fetch`, { key: s.sandbox.accountKey, json: { url: 'http://127.0.0.1:1/a' } });
    expect(reply.status).toBe(401);
  });
});
