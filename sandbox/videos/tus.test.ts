import { Upload } from 'tus-js-client';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_VIDEO_BYTES } from './files.js';
import { tusSignature } from './index.js';
import { bytes, send, sendThenCut, sha256, startVideoSandbox, waitFor, type VideoSandbox } from './testing/support.js';

const START = Date.parse('2026-03-01T10:00:00Z');
let clock = START;
let s: VideoSandbox;

afterEach(async () => {
  await s.sandbox.close();
});

async function setup() {
  clock = START;
  s = await startVideoSandbox({ now: () => clock });
}

async function create(title = 'tus video', lib = s.libA): Promise<string> {
  const reply = await s.call('POST', `/library/${lib.id}/videos`, { key: lib.key, json: { title } });
  return (reply.json as { guid: string }).guid;
}

/** bunny.net's TUS headers, signed with the library key, expiring an hour after the fake clock. */
function signed(videoId: string, options: { lib?: VideoSandbox['libA']; expire?: number; key?: string } = {}) {
  const lib = options.lib ?? s.libA;
  const expire = options.expire ?? Math.floor(clock / 1000) + 3600;
  return {
    'Tus-Resumable': '1.0.0',
    AuthorizationSignature: tusSignature(lib.id, options.key ?? lib.key, expire, videoId),
    AuthorizationExpire: String(expire),
    LibraryId: String(lib.id),
    VideoId: videoId,
  };
}

async function createUpload(videoId: string, length: number, headers = signed(videoId)) {
  const reply = await send(`${s.sandbox.videoUrl}/tusupload`, 'POST', { ...headers, 'Upload-Length': String(length) }, Buffer.alloc(0));
  return { status: reply.status, location: reply.headers.location ?? '' };
}

function patch(location: string, offset: number, chunk: Buffer, headers: Record<string, string>) {
  return send(location, 'PATCH', { ...headers, 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' }, chunk);
}

async function head(location: string, headers: Record<string, string>) {
  const reply = await send(location, 'HEAD', headers, Buffer.alloc(0));
  return { status: reply.status, offset: Number(reply.headers['upload-offset']), length: Number(reply.headers['upload-length']) };
}

async function arrived(videoId: string) {
  return (await s.call('GET', `/library/${s.libA.id}/videos/${videoId}/__upload`, { key: s.libA.key })).json as {
    state: string;
    size: number | null;
    sha256: string | null;
    bytesReceived: number;
  };
}

describe('tus 1.0 at /tusupload', () => {
  it('advertises the protocol on OPTIONS', async () => {
    await setup();
    const reply = await send(`${s.sandbox.videoUrl}/tusupload`, 'OPTIONS', {}, Buffer.alloc(0));
    expect(reply.status).toBe(204);
    expect(reply.headers['tus-version']).toBe('1.0.0');
    expect(reply.headers['tus-extension']).toContain('creation');
  });

  it('creates, takes a part, survives an interrupted PATCH, reports the offset and resumes to the exact file', async () => {
    await setup();
    const videoId = await create();
    const file = bytes(1_500_000, 11);
    const headers = signed(videoId);
    const created = await createUpload(videoId, file.length, headers);
    expect(created.status).toBe(201);
    expect(created.location.startsWith(`${s.sandbox.videoUrl}/tusupload/`)).toBe(true);

    const first = await patch(created.location, 0, file.subarray(0, 400_000), headers);
    expect(first.status).toBe(204);
    expect(first.headers['upload-offset']).toBe('400000');

    // The second PATCH announces the rest but the connection drops after 300 kB.
    await sendThenCut(
      created.location,
      'PATCH',
      { ...headers, 'Upload-Offset': '400000', 'Content-Type': 'application/offset+octet-stream' },
      file.subarray(400_000, 700_000),
      file.length - 400_000,
    );
    const state = await head(created.location, headers);
    expect(state.status).toBe(200);
    expect(state.length).toBe(file.length);
    expect(state.offset).toBeGreaterThanOrEqual(400_000);
    expect(state.offset).toBeLessThanOrEqual(700_000);

    const stale = await patch(created.location, 0, file.subarray(0, 10), headers);
    expect(stale.status).toBe(409);

    const last = await patch(created.location, state.offset, file.subarray(state.offset), headers);
    expect(last.status).toBe(204);
    expect(last.headers['upload-offset']).toBe(String(file.length));

    const seen = await arrived(videoId);
    expect(seen).toMatchObject({ state: 'stored', size: file.length, sha256: sha256(file) });
    expect(seen.bytesReceived).toBeGreaterThanOrEqual(file.length);
    const done = await waitFor(async () => {
      const v = (await s.call('GET', `/library/${s.libA.id}/videos/${videoId}`, { key: s.libA.key })).json as { status: number; storageSize: number; length: number };
      return v.status === 4 ? v : undefined;
    });
    // The size shown is the bytes that arrived (not inflated by renditions), and the length follows from it.
    expect(done.storageSize).toBe(file.length);
    expect(done.length).toBeGreaterThan(0);
    expect((await head(created.location, headers)).offset).toBe(file.length);
  });

  it('refuses a wrong signature, another key, missing headers and a past expiry with 401', async () => {
    await setup();
    const videoId = await create();
    const good = signed(videoId);
    const cases: Record<string, string>[] = [
      { ...good, AuthorizationSignature: '0'.repeat(64) },
      signed(videoId, { key: s.libA.readOnlyKey }),
      signed(videoId, { key: s.sandbox.accountKey }),
      { ...good, VideoId: await create('other') },
      { ...good, AuthorizationExpire: String(Number(good.AuthorizationExpire) + 1) },
      signed(videoId, { expire: Math.floor(clock / 1000) - 1 }),
      { 'Tus-Resumable': '1.0.0', LibraryId: good.LibraryId, VideoId: videoId },
    ];
    for (const headers of cases) expect((await createUpload(videoId, 100, headers as ReturnType<typeof signed>)).status).toBe(401);
    expect((await createUpload(videoId, 100, good)).status).toBe(201);
  });

  it('checks the expiry on every request, and a re-signed request resumes the same upload', async () => {
    await setup();
    const videoId = await create();
    const file = bytes(10_000, 5);
    const headers = signed(videoId);
    const { location } = await createUpload(videoId, file.length, headers);
    expect((await patch(location, 0, file.subarray(0, 4000), headers)).status).toBe(204);

    clock += 2 * 3600 * 1000;
    expect((await head(location, headers)).status).toBe(401);
    expect((await patch(location, 4000, file.subarray(4000), headers)).status).toBe(401);

    const fresh = signed(videoId);
    expect((await head(location, fresh)).offset).toBe(4000);
    expect((await patch(location, 4000, file.subarray(4000), fresh)).status).toBe(204);
    expect(await arrived(videoId)).toMatchObject({ size: file.length, sha256: sha256(file) });
  });

  it('refuses credentials of another video on an existing upload', async () => {
    await setup();
    const videoId = await create();
    const { location } = await createUpload(videoId, 100);
    expect((await head(location, signed(await create('other')))).status).toBe(401);
  });

  it('answers protocol errors: 412 without Tus-Resumable, 404 for an unknown video or upload, 415, 413, 400', async () => {
    await setup();
    const videoId = await create();
    const headers = signed(videoId);
    const { 'Tus-Resumable': _version, ...unversioned } = headers;
    expect((await send(`${s.sandbox.videoUrl}/tusupload`, 'POST', { ...unversioned, 'Upload-Length': '10' }, Buffer.alloc(0))).status).toBe(412);
    const ghost = '00000000-0000-4000-8000-000000000000';
    expect((await createUpload(ghost, 10, signed(ghost))).status).toBe(404);
    expect((await head(`${s.sandbox.videoUrl}/tusupload/${'a'.repeat(32)}`, headers)).status).toBe(404);
    expect((await send(`${s.sandbox.videoUrl}/tusupload`, 'POST', headers, Buffer.alloc(0))).status).toBe(400);

    const { location } = await createUpload(videoId, 10, headers);
    const wrongType = await send(location, 'PATCH', { ...headers, 'Upload-Offset': '0', 'Content-Type': 'text/plain' }, bytes(5));
    expect(wrongType.status).toBe(415);
    expect((await patch(location, 0, bytes(11), headers)).status).toBe(413);
    expect((await head(location, headers)).offset).toBe(0);
  });

  it('bounds Upload-Length to a whole number of bytes up to the largest video (413 above it, as tus asks), and answers lengths and offsets as integers', async () => {
    await setup();
    const videoId = await create();
    const headers = signed(videoId);
    const post = (length: string) => send(`${s.sandbox.videoUrl}/tusupload`, 'POST', { ...headers, 'Upload-Length': length }, Buffer.alloc(0));
    for (const length of ['99999999999999999999999', String(2 ** 53), String(MAX_VIDEO_BYTES + 1)]) {
      expect((await post(length)).status, JSON.stringify(length)).toBe(413);
    }
    for (const length of ['1e3', '0', '-1', '', '0x10', '1.5']) {
      expect((await post(length)).status, JSON.stringify(length)).toBe(400);
    }
    const created = await post(String(MAX_VIDEO_BYTES));
    expect(created.status).toBe(201);
    const state = await send(created.headers.location ?? '', 'HEAD', headers, Buffer.alloc(0));
    expect([state.headers['upload-length'], state.headers['upload-offset']]).toEqual([String(MAX_VIDEO_BYTES), '0']);
    expect(state.headers['upload-length']).toMatch(/^\d+$/);
    const parts = { ...headers, 'Content-Type': 'application/offset+octet-stream' };
    const huge = await send(created.headers.location ?? '', 'PATCH', { ...parts, 'Upload-Offset': '99999999999999999999999' }, bytes(10));
    expect(huge.status).toBe(400);
  });

  it('refuses an AuthorizationExpire that is not a safe integer of Unix seconds', async () => {
    await setup();
    const videoId = await create();
    for (const expire of [1e30, 2 ** 53]) {
      const text = expire.toLocaleString('en-US', { useGrouping: false });
      const headers = { ...signed(videoId), AuthorizationExpire: text, AuthorizationSignature: tusSignature(s.libA.id, s.libA.key, text, videoId) };
      expect((await createUpload(videoId, 100, headers)).status, text).toBe(401);
    }
    expect((await createUpload(videoId, 100)).status).toBe(201);
  });

  it('builds Location from its own address, whatever Host the client sends', async () => {
    await setup();
    const videoId = await create();
    const headers = signed(videoId);
    const reply = await send(`${s.sandbox.videoUrl}/tusupload`, 'POST', { ...headers, Host: 'evil.example:666', 'Upload-Length': '10' }, Buffer.alloc(0));
    expect(reply.status).toBe(201);
    expect(reply.headers.location).toMatch(new RegExp(`^${s.sandbox.videoUrl}/tusupload/[0-9a-f]{32}$`));
  });

  it('takes upload parts as they are: a Content-Encoding gets 415 and stores nothing', async () => {
    await setup();
    const videoId = await create();
    const headers = signed(videoId);
    const { location } = await createUpload(videoId, 10, headers);
    expect((await patch(location, 0, bytes(10), { ...headers, 'Content-Encoding': 'gzip' })).status).toBe(415);
    expect((await head(location, headers)).offset).toBe(0);
  });

  it('keeps one upload per video: PUT after TUS and TUS after PUT are refused; termination frees the video', async () => {
    await setup();
    const viaTus = await create();
    const file = bytes(2000);
    const headers = signed(viaTus);
    const { location } = await createUpload(viaTus, file.length, headers);
    const put = (id: string, body: Buffer) => send(`${s.sandbox.videoUrl}/library/${s.libA.id}/videos/${id}`, 'PUT', { AccessKey: s.libA.key }, body);
    expect((await put(viaTus, file)).status).toBe(400);

    expect((await send(location, 'DELETE', headers, Buffer.alloc(0))).status).toBe(204);
    expect((await head(location, headers)).status).toBe(404);
    expect((await arrived(viaTus)).state).toBe('none');
    expect((await put(viaTus, file)).status).toBe(200);
    expect((await createUpload(viaTus, file.length, headers)).status).toBe(400);
  });

  it('works with tus-js-client, applying the title from Upload-Metadata', async () => {
    await setup();
    const videoId = await create('placeholder');
    const file = bytes(300_000, 3);
    const { 'Tus-Resumable': _v, ...bunnyHeaders } = signed(videoId);
    await new Promise<void>((resolve, reject) => {
      const upload = new Upload(file, {
        endpoint: `${s.sandbox.videoUrl}/tusupload`,
        headers: bunnyHeaders,
        chunkSize: 64 * 1024,
        retryDelays: [],
        metadata: { filetype: 'video/mp4', title: 'Holiday 2026' },
        onSuccess: () => resolve(),
        onError: reject,
      });
      upload.start();
    });
    expect(await arrived(videoId)).toMatchObject({ state: 'stored', size: file.length, sha256: sha256(file) });
    const video = (await s.call('GET', `/library/${s.libA.id}/videos/${videoId}`, { key: s.libA.key })).json as { title: string };
    expect(video.title).toBe('Holiday 2026');
  });
});
