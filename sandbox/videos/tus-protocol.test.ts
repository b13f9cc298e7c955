/**
 * The TUS endpoint against the tus 1.0 core protocol and its creation and termination
 * extensions, as any client may rely on them: discovery, offsets, conflicts, caching, the
 * protocol headers on every answer, and the method override for clients behind restrictive proxies.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_VIDEO_BYTES } from './files.js';
import { bytes, send, sha256, startVideoSandbox, type VideoSandbox } from './testing/support.js';
import { bunnyTusHeaders, newVideo } from './testing/tus.js';

let s: VideoSandbox;

afterEach(async () => {
  await s.sandbox.close();
});

/** A new video's headers (bunny.net's and Tus-Resumable) and an upload of `length` bytes created for it. */
async function started(length: number, metadata?: string) {
  s = await startVideoSandbox();
  const videoId = await newVideo(s, 'protocol');
  const headers = { 'Tus-Resumable': '1.0.0', ...bunnyTusHeaders(s, videoId) };
  const created = await send(
    `${s.sandbox.videoUrl}/tusupload`,
    'POST',
    { ...headers, 'Upload-Length': String(length), ...(metadata !== undefined && { 'Upload-Metadata': metadata }) },
    Buffer.alloc(0),
  );
  expect(created.status).toBe(201);
  return { videoId, headers, location: created.headers.location ?? '' };
}

const part = (offset: number) => ({ 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' });

describe('tus 1.0 conformance of /tusupload', () => {
  it('answers OPTIONS without credentials or Tus-Resumable, with the version, extensions and maximum size', async () => {
    const { location } = await started(10);
    for (const url of [`${s.sandbox.videoUrl}/tusupload`, location]) {
      const reply = await send(url, 'OPTIONS', {}, Buffer.alloc(0));
      expect(reply.status).toBe(204);
      expect(String(reply.headers['tus-version']).split(',')).toContain('1.0.0');
      expect(String(reply.headers['tus-extension']).split(',').sort()).toEqual(['creation', 'termination']);
      expect(reply.headers['tus-max-size']).toBe(String(MAX_VIDEO_BYTES));
    }
  });

  it('refuses another protocol version with 412 and the versions it speaks', async () => {
    const { headers, location } = await started(10);
    const reply = await send(location, 'HEAD', { ...headers, 'Tus-Resumable': '0.2.2' }, Buffer.alloc(0));
    expect(reply.status).toBe(412);
    expect(reply.headers['tus-version']).toBe('1.0.0');
  });

  it('HEAD: always an Upload-Offset (0 included), the length, the metadata as created, and never cached', async () => {
    const metadata = 'filetype dmlkZW8vbXA0,title SG9saWRheQ==';
    const { headers, location } = await started(10, metadata);
    const reply = await send(location, 'HEAD', headers, Buffer.alloc(0));
    expect([200, 204]).toContain(reply.status);
    expect(reply.headers).toMatchObject({
      'upload-offset': '0',
      'upload-length': '10',
      'upload-metadata': metadata,
      'tus-resumable': '1.0.0',
      'cache-control': 'no-store',
    });
  });

  it('a PATCH at the wrong offset gets 409 and changes nothing; a right one gets 204 and the new offset', async () => {
    const file = bytes(1000, 21);
    const { headers, location, videoId } = await started(file.length);
    expect((await send(location, 'PATCH', { ...headers, ...part(0) }, file.subarray(0, 400))).status).toBe(204);
    for (const wrong of [0, 399, 401, 999]) {
      const reply = await send(location, 'PATCH', { ...headers, ...part(wrong) }, file.subarray(wrong, wrong + 1));
      expect(reply.status, String(wrong)).toBe(409);
      expect(reply.headers['tus-resumable']).toBe('1.0.0');
    }
    expect((await send(location, 'HEAD', headers, Buffer.alloc(0))).headers['upload-offset']).toBe('400');
    const rest = await send(location, 'PATCH', { ...headers, ...part(400) }, file.subarray(400));
    expect(rest.status).toBe(204);
    expect(rest.headers).toMatchObject({ 'upload-offset': '1000', 'tus-resumable': '1.0.0' });
    // The refused parts' bodies were never taken in.
    expect(s.sandbox.uploads.inspect(s.libA.id, videoId)).toMatchObject({ size: file.length, sha256: sha256(file), bytesReceived: file.length });
  });

  it('takes the Content-Type without regard to case or parameters', async () => {
    const { headers, location } = await started(4);
    const reply = await send(location, 'PATCH', { ...headers, ...part(0), 'Content-Type': 'Application/Offset+Octet-Stream; x=1' }, bytes(4));
    expect(reply.status).toBe(204);
  });

  it('answers 404 without an Upload-Offset for an upload that does not exist, and for one terminated', async () => {
    const { headers, location } = await started(10);
    const ghost = `${s.sandbox.videoUrl}/tusupload/${'b'.repeat(32)}`;
    for (const [url, method] of [[ghost, 'HEAD'], [ghost, 'PATCH']] as const) {
      const reply = await send(url, method, { ...headers, ...part(0) }, Buffer.alloc(0));
      expect(reply.status, method).toBe(404);
      expect(reply.headers['upload-offset']).toBeUndefined();
      expect(reply.headers['tus-resumable']).toBe('1.0.0');
    }
    const deleted = await send(location, 'DELETE', headers, Buffer.alloc(0));
    expect(deleted.status).toBe(204);
    expect(deleted.headers['tus-resumable']).toBe('1.0.0');
    const gone = await send(location, 'HEAD', headers, Buffer.alloc(0));
    expect([404, 410]).toContain(gone.status);
    expect(gone.headers['upload-offset']).toBeUndefined();
  });

  it('interprets X-HTTP-Method-Override as the method: POST standing for PATCH, HEAD and DELETE', async () => {
    const file = bytes(600, 4);
    const { headers, location, videoId } = await started(file.length);
    const viaPost = (method: string, extra: Record<string, string>, body: Buffer) =>
      send(location, 'POST', { ...headers, ...extra, 'X-HTTP-Method-Override': method }, body);
    expect((await viaPost('PATCH', part(0), file.subarray(0, 200))).headers['upload-offset']).toBe('200');
    expect((await viaPost('HEAD', {}, Buffer.alloc(0))).headers['upload-offset']).toBe('200');
    const rest = await viaPost('PATCH', part(200), file.subarray(200));
    expect(rest.status).toBe(204);
    expect(s.sandbox.uploads.inspect(s.libA.id, videoId)).toMatchObject({ state: 'stored', sha256: sha256(file) });

    const other = await started(10);
    expect((await send(other.location, 'POST', { ...other.headers, 'X-HTTP-Method-Override': 'DELETE' }, Buffer.alloc(0))).status).toBe(204);
    expect((await send(other.location, 'HEAD', other.headers, Buffer.alloc(0))).status).toBe(404);
  });
});
