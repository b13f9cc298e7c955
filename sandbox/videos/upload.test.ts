import { access, readdir } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SandboxContext } from '../context.js';
import { createSeed } from '../seed.js';
import { createVideoArea } from './index.js';
import { bytes, expectStreamValid, send, sendThenCut, sha256, startVideoSandbox, waitFor, type VideoSandbox } from './testing/support.js';

const VIDEO = '/library/{libraryId}/videos/{videoId}';

interface Video {
  guid: string;
  status: number;
  encodeProgress: number;
  [field: string]: unknown;
}

let s: VideoSandbox;

beforeEach(async () => {
  s = await startVideoSandbox();
});
afterEach(async () => {
  await s.sandbox.close();
});

async function create(title: string): Promise<Video> {
  return (await s.call('POST', `/library/${s.libA.id}/videos`, { key: s.libA.key, json: { title } })).json as Video;
}

function put(video: Video, body: Buffer, key = s.libA.key) {
  return send(`${s.sandbox.videoUrl}/library/${s.libA.id}/videos/${video.guid}`, 'PUT', { AccessKey: key, accept: 'application/json' }, body);
}

interface StatusChange {
  status: number;
  encodeProgress: number;
  at: number;
}

async function arrived(video: Video) {
  const reply = await s.call('GET', `/library/${s.libA.id}/videos/${video.guid}/__upload`, { key: s.libA.readOnlyKey });
  expect(reply.status).toBe(200);
  return reply.json as { state: string; size: number | null; sha256: string | null; bytesReceived: number; statusHistory: StatusChange[] };
}

/** The statuses a history went through, each run of one status counted once. */
function statusRuns(history: readonly StatusChange[]): number[] {
  return history.map((c) => c.status).filter((st, i, all) => i === 0 || all[i - 1] !== st);
}

/** Asserts that the numbers never go down. */
function expectNonDecreasing(values: readonly number[]): void {
  expect(values).toEqual([...values].sort((a, b) => a - b));
}

async function get(video: Video): Promise<Video> {
  const reply = await s.call('GET', `/library/${s.libA.id}/videos/${video.guid}`, { key: s.libA.key });
  expectStreamValid('GET', VIDEO, reply);
  return reply.json as Video;
}

describe('PUT upload', () => {
  it('stores the raw bytes with their size and SHA-256, then refuses a second upload', async () => {
    const video = await create('raw upload');
    const file = bytes(3 * 1024 * 1024 + 17);
    const reply = await put(video, file);
    expect(reply.status).toBe(200);
    const body = JSON.parse(reply.text) as unknown;
    expect(body).toEqual({ success: true, message: 'OK', statusCode: 200 });
    expectStreamValid('PUT', VIDEO, { status: 200, json: body });

    expect(await arrived(video)).toMatchObject({ state: 'stored', size: file.length, sha256: sha256(file), bytesReceived: file.length });
    expect(await get(video)).toMatchObject({ hasOriginal: true, originalHash: sha256(file) });
    await access(join(s.sandbox.dataDir, 'video', String(s.libA.id), `${video.guid}.original`));

    const again = await put(video, bytes(10));
    expect(again.status).toBe(400);
    expect((await arrived(video)).sha256).toBe(sha256(file));
  });

  it('moves through uploaded, processing and transcoding to finished with encoding fields filled in', async () => {
    const video = await create('processed');
    const file = bytes(2_000_000);
    expect((await put(video, file)).status).toBe(200);
    const polled: number[] = [];
    const done = await waitFor(async () => {
      const v = await get(video);
      polled.push(v.encodeProgress);
      return v.status === 4 ? v : undefined;
    });
    expect(done).toMatchObject({
      status: 4,
      encodeProgress: 100,
      length: 3,
      width: 1280,
      height: 720,
      availableResolutions: '240p,360p,720p',
      thumbnailFileName: 'thumbnail.jpg',
    });
    expect(done['storageSize']).toBe(file.length);
    expectNonDecreasing(polled);

    // Polling can miss steps; the recorded history cannot.
    const history = (await arrived(video)).statusHistory;
    expect(statusRuns(history)).toEqual([0, 1, 2, 3, 4]);
    expect(history[0]).toMatchObject({ status: 0, encodeProgress: 0 });
    expect(history.at(-1)).toMatchObject({ status: 4, encodeProgress: 100 });
    expectNonDecreasing(history.map((c) => c.encodeProgress));
    expectNonDecreasing(history.map((c) => c.at));
    // Transcoding reports progress in steps between processing and finished.
    expect(history.filter((c) => c.status === 3).length).toBeGreaterThan(1);
  });

  it('ends a video whose title carries [fail-encode] in status 5 with encodeProgress stuck below 100', async () => {
    const video = await create('broken clip [fail-encode]');
    expect((await put(video, bytes(1000))).status).toBe(200);
    const failed = await waitFor(async () => {
      const v = await get(video);
      return v.status === 5 ? v : undefined;
    });
    expect(failed.encodeProgress).toBeLessThan(100);
    const history = (await arrived(video)).statusHistory;
    expect(statusRuns(history)).toEqual([0, 1, 2, 3, 5]);
    expect(history.at(-1)?.encodeProgress).toBe(failed.encodeProgress);
    expectNonDecreasing(history.map((c) => c.encodeProgress));
    expect(failed['transcodingMessages']).toEqual([expect.objectContaining({ level: 3, issueCode: 7 })]);
    // The bytes did arrive; only the encode failed.
    expect((await arrived(video)).size).toBe(1000);
  });

  it('leaves the video uploadable again after an interrupted upload and removes the partial file', async () => {
    const video = await create('interrupted');
    const url = `${s.sandbox.videoUrl}/library/${s.libA.id}/videos/${video.guid}`;
    await sendThenCut(url, 'PUT', { AccessKey: s.libA.key }, bytes(256 * 1024), 10_000_000);
    const dir = join(s.sandbox.dataDir, 'video', String(s.libA.id));
    // The cut is seen by the sandbox a moment after the client ends it: the video goes back to "none" and the partial
    // file is removed, each in its own time, so the test waits for both rather than reading one right after the other.
    await waitFor(async () => {
      const seen = await arrived(video);
      if (seen.state !== 'none' || seen.bytesReceived === 0) return undefined;
      return (await readdir(dir)).some((f) => f.endsWith('.part')) ? undefined : seen;
    });
    expect((await get(video)).status).toBe(0);
    expect((await readdir(dir)).filter((f) => f.endsWith('.part'))).toEqual([]);

    const file = bytes(500_000, 99);
    expect((await put(video, file)).status).toBe(200);
    expect(await arrived(video)).toMatchObject({ state: 'stored', size: file.length, sha256: sha256(file) });
  });

  it('refuses an empty body and an unknown video', async () => {
    const video = await create('empty');
    expect((await put(video, Buffer.alloc(0))).status).toBe(400);
    expect((await arrived(video)).state).toBe('none');
    expect((await put({ guid: '00000000-0000-4000-8000-000000000000', status: 0, encodeProgress: 0 }, bytes(10))).status).toBe(404);
  });

  it('deletes the stored file with the video', async () => {
    const video = await create('to delete');
    expect((await put(video, bytes(1000))).status).toBe(200);
    const file = join(s.sandbox.dataDir, 'video', String(s.libA.id), `${video.guid}.original`);
    await access(file);
    expect((await s.call('DELETE', `/library/${s.libA.id}/videos/${video.guid}`, { key: s.libA.key })).status).toBe(200);
    await expect(access(file)).rejects.toThrow();
  });
});

describe('inspect()', () => {
  it('reports the stored file of a video to in-process tests', async () => {
    const { mkdtemp, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const dataDir = await mkdtemp(join(tmpdir(), 'video-inspect-'));
    const seed = createSeed(3);
    const lib = seed.libraries[0]!;
    const ctx: SandboxContext = {
      options: {
        seed: 3,
        appLimit: 100,
        fetchQueueLimit: 5,
        processingStepMs: 5,
        logRateLimit: { requests: 30, windowMs: 10_000 },
        liveTraffic: false,
        now: Date.now,
        discardUploads: false,
        realism: false,
      },
      seed,
      dataDir,
      origin: () => '',
      accountSuspended: false,
    };
    const area = createVideoArea(ctx);
    const server = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      void area.handle(req, res, url.pathname, url.searchParams).then((handled) => {
        if (!handled) res.writeHead(404).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const created = await send(`${base}/library/${lib.id}/videos`, 'POST', { AccessKey: lib.key, 'content-type': 'application/json' }, Buffer.from('{"title":"t"}'));
      const guid = (JSON.parse(created.text) as Video).guid;
      expect(area.inspect(lib.id, guid)).toMatchObject({ state: 'none', size: null, sha256: null });
      expect(area.inspect(lib.id, guid)?.statusHistory.map((c) => c.status)).toEqual([0]);
      const file = bytes(4096);
      expect((await send(`${base}/library/${lib.id}/videos/${guid}`, 'PUT', { AccessKey: lib.key }, file)).status).toBe(200);
      const seen = area.inspect(lib.id, guid);
      expect(seen).toMatchObject({ state: 'stored', size: 4096, sha256: sha256(file) });
      expect(seen?.statusHistory.map((c) => c.status).slice(0, 2)).toEqual([0, 1]);
      await access(seen?.path ?? '');
      expect(area.inspect(lib.id, '00000000-0000-4000-8000-000000000000')).toBeUndefined();
    } finally {
      await area.close?.();
      await new Promise((resolve) => server.close(resolve));
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
