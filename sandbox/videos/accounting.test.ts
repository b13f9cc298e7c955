import { readdir } from 'node:fs/promises';
import http from 'node:http';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tusSignature } from './index.js';
import { bytes, send, sendThenCut, sha256, startVideoSandbox, waitFor, type VideoSandbox } from './testing/support.js';

let s: VideoSandbox;

afterEach(async () => {
  await s.sandbox.close();
});

/** Calls an admin route with the account key, another key, or (null) none. */
async function admin(method: string, path: string, key: string | null = s.sandbox.accountKey) {
  const res = await fetch(`${s.sandbox.apiUrl}/__admin${path}`, { method, headers: key === null ? {} : { AccessKey: key } });
  const text = await res.text();
  return { status: res.status, json: text === '' ? undefined : (JSON.parse(text) as unknown) };
}

async function newVideo(title = 'metered'): Promise<string> {
  const reply = await s.call('POST', `/library/${s.libA.id}/videos`, { key: s.libA.key, json: { title } });
  return (reply.json as { guid: string }).guid;
}

const putUrl = (videoId: string) => `${s.sandbox.videoUrl}/library/${s.libA.id}/videos/${videoId}`;

/** A PUT whose body stays open after its first bytes until `finish` sends the rest. */
function openPut(videoId: string, file: Buffer, sent: number) {
  const req = http.request(putUrl(videoId), { method: 'PUT', headers: { AccessKey: s.libA.key, 'content-length': String(file.length) } });
  const answered = new Promise<number>((resolve, reject) => {
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
  });
  req.write(file.subarray(0, sent));
  return {
    finish: () => {
      req.end(file.subarray(sent));
      return answered;
    },
  };
}

/** Every file under a folder, recursively (none at all when it does not exist). */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(entries.map((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)])));
  return nested.flat();
}

function tusHeaders(videoId: string) {
  const expire = Math.floor(Date.now() / 1000) + 3600;
  return {
    'Tus-Resumable': '1.0.0',
    AuthorizationSignature: tusSignature(s.libA.id, s.libA.key, expire, videoId),
    AuthorizationExpire: String(expire),
    LibraryId: String(s.libA.id),
    VideoId: videoId,
  };
}

async function tusUpload(videoId: string, file: Buffer, parts: readonly number[]): Promise<void> {
  const headers = tusHeaders(videoId);
  const created = await send(`${s.sandbox.videoUrl}/tusupload`, 'POST', { ...headers, 'Upload-Length': String(file.length) }, Buffer.alloc(0));
  expect(created.status).toBe(201);
  let offset = 0;
  for (const end of [...parts, file.length]) {
    const part = file.subarray(offset, end);
    const reply = await send(created.headers.location ?? '', 'PATCH', {
      ...headers,
      'Upload-Offset': String(offset),
      'Content-Type': 'application/offset+octet-stream',
    }, part);
    expect(reply.status).toBe(204);
    offset = end;
  }
}

describe('upload bodies open at once', () => {
  it('counts open PUT bodies and keeps the peak until reset, in process and through /__admin/uploads', async () => {
    s = await startVideoSandbox();
    const file = bytes(300_000);
    const videos = [await newVideo('a'), await newVideo('b'), await newVideo('c')];
    const puts = videos.map((v) => openPut(v, file, 1000));
    // Each body has reached the sandbox once all of their first bytes are counted.
    await waitFor(() => (s.sandbox.uploads.stats().bytes === 3000 ? true : undefined));
    expect(s.sandbox.uploads.stats()).toEqual({ open: 3, peak: 3, bodies: 3, bytes: 3000 });
    expect(await admin('GET', '/uploads')).toEqual({ status: 200, json: { open: 3, peak: 3, bodies: 3, bytes: 3000 } });

    // A body is closed before its answer is sent, so a client that starts its next upload on the answer never overlaps.
    expect(await puts[0]?.finish()).toBe(200);
    expect(s.sandbox.uploads.stats()).toMatchObject({ open: 2, peak: 3 });
    // A reset restarts the peak from the bodies still open.
    expect((await admin('DELETE', '/uploads')).status).toBe(204);
    expect(s.sandbox.uploads.stats()).toEqual({ open: 2, peak: 2, bodies: 0, bytes: 0 });
    expect(await Promise.all(puts.slice(1).map((p) => p.finish()))).toEqual([200, 200]);
    expect(s.sandbox.uploads.stats()).toEqual({ open: 0, peak: 2, bodies: 0, bytes: 2 * (file.length - 1000) });
    s.sandbox.uploads.reset();
    expect(s.sandbox.uploads.stats()).toEqual({ open: 0, peak: 0, bodies: 0, bytes: 0 });
  });

  it('counts TUS PATCH bodies, and closes a body the client cut off', async () => {
    s = await startVideoSandbox();
    const file = bytes(100_000, 3);
    await tusUpload(await newVideo(), file, [40_000]);
    expect(s.sandbox.uploads.stats()).toEqual({ open: 0, peak: 1, bodies: 2, bytes: file.length });

    await sendThenCut(putUrl(await newVideo()), 'PUT', { AccessKey: s.libA.key }, file.subarray(0, 5000), file.length);
    await waitFor(() => (s.sandbox.uploads.stats().open === 0 && s.sandbox.uploads.stats().bodies === 3 ? true : undefined));
    expect(s.sandbox.uploads.stats().peak).toBe(1);
  });

  it('answers only the account key, and only GET and DELETE on /uploads', async () => {
    s = await startVideoSandbox();
    expect((await admin('GET', '/uploads', s.libA.key)).status).toBe(401);
    expect((await admin('GET', '/uploads', null)).status).toBe(401);
    expect((await admin('POST', '/uploads')).status).toBe(405);
    expect((await admin('DELETE', '/videos/1/2')).status).toBe(405);
  });
});

describe('per-video accounting', () => {
  it('counts re-sent bytes and hashes the stored file, through /__admin/videos and in process', async () => {
    s = await startVideoSandbox();
    const file = bytes(250_000, 5);
    const videoId = await newVideo();
    await sendThenCut(putUrl(videoId), 'PUT', { AccessKey: s.libA.key }, file.subarray(0, 60_000), file.length);
    // The cut body has been taken in and let go once some of it counted and the video takes uploads again.
    await waitFor(() => {
      const seen = s.sandbox.uploads.inspect(s.libA.id, videoId);
      return seen && seen.bytesReceived > 0 && seen.state === 'none' ? true : undefined;
    });
    expect((await send(putUrl(videoId), 'PUT', { AccessKey: s.libA.key }, file)).status).toBe(200);

    const local = s.sandbox.uploads.inspect(s.libA.id, videoId);
    expect(local).toMatchObject({ state: 'stored', size: file.length, sha256: sha256(file) });
    const received = local?.bytesReceived ?? 0;
    expect(received).toBeGreaterThan(file.length);
    expect(received).toBeLessThanOrEqual(file.length + 60_000);
    expect(local?.path).toBe(join(s.sandbox.dataDir, 'video', String(s.libA.id), `${videoId}.original`));

    const remote = await admin('GET', `/videos/${s.libA.id}/${videoId.toUpperCase()}`);
    expect(remote.status).toBe(200);
    expect(remote.json).toMatchObject({ state: 'stored', size: file.length, sha256: sha256(file), bytesReceived: received });
    expect(remote.json).not.toHaveProperty('path');
    expect((await admin('GET', `/videos/${s.libB.id}/${videoId}`)).status).toBe(404);
    expect(s.sandbox.uploads.inspect(s.libB.id, videoId)).toBeUndefined();
  });
});

describe('discardUploads', () => {
  it('counts and hashes PUT and TUS bodies without writing a byte, and still processes the videos', async () => {
    s = await startVideoSandbox({ discardUploads: true });
    const file = bytes(3 * 1024 * 1024, 9);
    const put = await newVideo('by put');
    expect((await send(putUrl(put), 'PUT', { AccessKey: s.libA.key }, file)).status).toBe(200);
    const tus = await newVideo('by tus');
    await tusUpload(tus, file, [1024 * 1024, 2 * 1024 * 1024]);

    for (const videoId of [put, tus]) {
      expect(s.sandbox.uploads.inspect(s.libA.id, videoId)).toMatchObject({
        state: 'stored',
        size: file.length,
        sha256: sha256(file),
        bytesReceived: file.length,
        path: null,
      });
      const video = await waitFor(async () => {
        const reply = await s.call('GET', `/library/${s.libA.id}/videos/${videoId}`, { key: s.libA.key });
        const model = reply.json as { status: number; originalHash: string };
        return model.status === 4 ? model : undefined;
      });
      expect(video.originalHash).toBe(sha256(file));
    }
    expect(s.sandbox.uploads.stats()).toEqual({ open: 0, peak: 1, bodies: 4, bytes: 2 * file.length });
    expect(await filesUnder(s.sandbox.dataDir)).toEqual([]);
    // A discarded video is deleted like any other.
    expect((await s.call('DELETE', `/library/${s.libA.id}/videos/${put}`, { key: s.libA.key })).status).toBe(200);
  });

  it('resumes a cut TUS upload from the bytes counted, hashing exactly the file', async () => {
    s = await startVideoSandbox({ discardUploads: true });
    const file = bytes(500_000, 13);
    const videoId = await newVideo();
    const headers = tusHeaders(videoId);
    const created = await send(`${s.sandbox.videoUrl}/tusupload`, 'POST', { ...headers, 'Upload-Length': String(file.length) }, Buffer.alloc(0));
    const location = created.headers.location ?? '';
    const patchHeaders = { ...headers, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' };
    await sendThenCut(location, 'PATCH', patchHeaders, file.subarray(0, 200_000), file.length);
    // The cut PATCH is the only body of this sandbox: wait until it began and ended.
    await waitFor(() => {
      const stats = s.sandbox.uploads.stats();
      return stats.bodies === 1 && stats.open === 0 ? true : undefined;
    });
    const head = await send(location, 'HEAD', headers, Buffer.alloc(0));
    const offset = Number(head.headers['upload-offset']);
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(200_000);
    const rest = await send(location, 'PATCH', { ...patchHeaders, 'Upload-Offset': String(offset) }, file.subarray(offset));
    expect(rest.status).toBe(204);
    expect(s.sandbox.uploads.inspect(s.libA.id, videoId)).toMatchObject({ state: 'stored', size: file.length, sha256: sha256(file), path: null });
    expect(await filesUnder(s.sandbox.dataDir)).toEqual([]);
  });
});
