import { readdir, readFile } from 'node:fs/promises';
import http from 'node:http';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bytes, send, sha256, startVideoSandbox, waitFor, type VideoSandbox } from './testing/support.js';

let s: VideoSandbox;

afterEach(async () => {
  await s.sandbox.close();
});

async function newVideo(title = 'taken over'): Promise<string> {
  const reply = await s.call('POST', `/library/${s.libA.id}/videos`, { key: s.libA.key, json: { title } });
  return (reply.json as { guid: string }).guid;
}

const putUrl = (videoId: string) => `${s.sandbox.videoUrl}/library/${s.libA.id}/videos/${videoId}`;

/**
 * A PUT that announces all of `file` but sends only its first `sent` bytes and keeps the request open.
 * `outcome` settles with the status of an answer, or with the error that ended the request.
 */
function stalledPut(videoId: string, file: Buffer, sent: number) {
  const req = http.request(putUrl(videoId), { method: 'PUT', headers: { AccessKey: s.libA.key, 'content-length': String(file.length) } });
  const outcome = new Promise<number | Error>((resolve) => {
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', resolve);
  });
  req.write(file.subarray(0, sent));
  return { req, outcome, finish: () => req.end(file.subarray(sent)) };
}

function put(videoId: string, body: Buffer, headers: Record<string, string> = {}) {
  return send(putUrl(videoId), 'PUT', { AccessKey: s.libA.key, ...headers }, body);
}

/** The partial files left in library A's folder. */
async function partials(): Promise<string[]> {
  const dir = join(s.sandbox.dataDir, 'video', String(s.libA.id));
  return (await readdir(dir).catch(() => [])).filter((f) => f.endsWith('.part'));
}

describe('a PUT that takes over one still arriving', () => {
  it.each([
    { discardUploads: false, label: 'stored on disk' },
    { discardUploads: true, label: 'discarded' },
  ])('stores exactly the newer body and ends the earlier request ($label)', async ({ discardUploads }) => {
    s = await startVideoSandbox({ discardUploads });
    const video = await newVideo();
    // The earlier body has more bytes in than the whole newer one, so any mixing would show in size or hash.
    const first = bytes(1_000_000, 11);
    const sent = 200_000;
    const second = bytes(50_000, 12);
    const earlier = stalledPut(video, first, sent);
    await waitFor(() => (s.sandbox.uploads.stats().bytes === sent ? true : undefined));
    expect(s.sandbox.uploads.inspect(s.libA.id, video)?.state).toBe('receiving');

    const reply = await put(video, second);
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.text)).toEqual({ success: true, message: 'OK', statusCode: 200 });
    // The earlier request was cut off by the sandbox, never answered.
    expect(await earlier.outcome).toBeInstanceOf(Error);

    const seen = s.sandbox.uploads.inspect(s.libA.id, video);
    expect(seen).toMatchObject({ state: 'stored', size: second.length, sha256: sha256(second), bytesReceived: sent + second.length });
    if (discardUploads) expect(seen?.path).toBeNull();
    else expect(sha256(await readFile(seen?.path ?? ''))).toBe(sha256(second));
    // The earlier body stopped counting as open when it was taken over, before the newer one began.
    expect(s.sandbox.uploads.stats()).toEqual({ open: 0, peak: 1, bodies: 2, bytes: sent + second.length });
    await waitFor(async () => ((await partials()).length === 0 ? true : undefined));

    // The video is now uploaded: a further PUT is refused as before, and changes nothing.
    expect((await put(video, bytes(10))).status).toBe(400);
    expect(s.sandbox.uploads.inspect(s.libA.id, video)?.sha256).toBe(sha256(second));
  });

  it('leaves the earlier body alone when the newer PUT is refused before it starts', async () => {
    s = await startVideoSandbox();
    const video = await newVideo();
    const file = bytes(100_000, 21);
    const earlier = stalledPut(video, file, 10_000);
    await waitFor(() => (s.sandbox.uploads.stats().bytes === 10_000 ? true : undefined));

    expect((await put(video, bytes(100), { 'content-encoding': 'gzip' })).status).toBe(415);
    expect((await put(video, bytes(100), { AccessKey: s.libA.readOnlyKey })).status).toBe(401);
    earlier.finish();
    expect(await earlier.outcome).toBe(200);
    expect(s.sandbox.uploads.inspect(s.libA.id, video)).toMatchObject({ state: 'stored', size: file.length, sha256: sha256(file) });
    expect(s.sandbox.uploads.stats()).toMatchObject({ open: 0, peak: 1, bodies: 1 });
  });

  it('takes over a body whose client already reset the connection, before the sandbox noticed', async () => {
    s = await startVideoSandbox();
    const video = await newVideo();
    const file = bytes(300_000, 31);
    const earlier = stalledPut(video, file, 64 * 1024);
    await waitFor(() => (s.sandbox.uploads.stats().bytes === 64 * 1024 ? true : undefined));
    // The retry goes out in the same tick as the reset: whichever the sandbox sees first, the retry succeeds.
    earlier.req.destroy();
    expect((await put(video, file)).status).toBe(200);
    expect(s.sandbox.uploads.inspect(s.libA.id, video)).toMatchObject({ state: 'stored', size: file.length, sha256: sha256(file) });
    await waitFor(() => (s.sandbox.uploads.stats().open === 0 ? true : undefined));
    expect(s.sandbox.uploads.stats().peak).toBe(1);
  });
});
