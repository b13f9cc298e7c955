import { utimesSync } from 'node:fs';
import { open, stat, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { randomFile, tempDir } from '../testing/runner-harness.js';
import { tusOptions, tusSandbox, type TusSandbox } from '../testing/tus-harness.js';
import { fingerprintFile } from '../queue/fingerprint.js';
import { fileTusStore } from './tus-store.js';
import { uploadTus } from './tus-upload.js';

const MiB = 1024 * 1024;
const PATCHES = '/video/tusupload/*';

let env: TusSandbox;
let dir: { dir: string; remove(): Promise<void> };
beforeEach(async () => {
  env = await tusSandbox();
  dir = await tempDir();
});
afterEach(async () => {
  await env.close();
  await dir.remove();
});

/** Resolves once `test` holds, looking again on each turn of the event loop. */
async function until(test: () => boolean): Promise<void> {
  while (!test()) await new Promise((r) => setImmediate(r));
}

function arrived(videoId: string) {
  const seen = env.sandbox.uploads.inspect(env.libraryId, videoId);
  if (!seen) throw new Error(`the sandbox does not know ${videoId}`);
  return seen;
}

/** A 10 MiB file whose upload (2 MiB chunks, stored under `storeKey`) was stopped once 4 MiB had gone. */
async function uploadStoppedPartway(storeKey: string) {
  const chunkSize = 2 * MiB;
  const file = await randomFile(dir.dir, 10 * MiB);
  const videoId = await env.newVideo();
  const store = fileTusStore(join(dir.dir, 'tus'));
  const first = new AbortController();
  await uploadTus(
    tusOptions(env, file, videoId, first.signal, {
      chunkSize,
      store,
      storeKey,
      onProgress: (b) => {
        if (b >= 4 * MiB) first.abort();
      },
    }),
  );
  return { chunkSize, file, videoId, store };
}

describe('uploadTus', () => {
  it('sends a file in chunks, and the sandbox stores exactly its bytes once', async () => {
    const file = await randomFile(dir.dir, 5 * MiB + 123);
    const videoId = await env.newVideo();
    const progress: number[] = [];
    const taken: number[] = [];
    const bandwidth = { take: async (bytes: number) => void taken.push(bytes), grain: () => Infinity };
    const r = await uploadTus(tusOptions(env, file, videoId, new AbortController().signal, { chunkSize: 2 * MiB, onProgress: (b) => progress.push(b), bandwidth }));

    expect(r).toMatchObject({ kind: 'done', resumedFrom: null });
    expect(arrived(videoId)).toMatchObject({ state: 'stored', size: file.size, sha256: file.sha256, bytesReceived: file.size });
    // Every body byte went through the cap, and progress ends at the whole file.
    expect(taken.reduce((a, b) => a + b, 0)).toBe(file.size);
    expect(progress.at(-1)).toBe(file.size);
    for (let i = 1; i < progress.length; i++) expect(progress[i]).toBeGreaterThanOrEqual(progress[i - 1]!);
  });

  it('a 100 MB upload cut by a reset mid-PATCH resumes from the server offset, re-sending at most one chunk', async () => {
    const chunkSize = 16 * MiB;
    const file = await randomFile(dir.dir, 100 * 1000 * 1000);
    const videoId = await env.newVideo();
    let armed = false;
    const resumes: number[] = [];
    const r = await uploadTus(
      tusOptions(env, file, videoId, new AbortController().signal, {
        chunkSize,
        onResume: (offset) => resumes.push(offset),
        onProgress: (bytes) => {
          // Past 40 MB, the next PATCH is cut 3 MiB into its body.
          if (!armed && bytes > 40_000_000) {
            armed = true;
            env.sandbox.faults.add({ method: 'PATCH', path: PATCHES, action: { kind: 'reset-after-body-bytes', bytes: 3 * MiB } });
          }
        },
      }),
    );

    expect(r.kind).toBe('done');
    expect(armed).toBe(true);
    expect(env.sandbox.faults.list()).toEqual([]);
    const seen = arrived(videoId);
    expect(seen).toMatchObject({ state: 'stored', size: file.size, sha256: file.sha256 });
    expect(seen.bytesReceived).toBeGreaterThan(file.size - 1);
    expect(seen.bytesReceived - file.size).toBeLessThanOrEqual(chunkSize);
    expect(await env.videoIds()).toContain(videoId);
  });

  it('a run stopped mid-upload continues in a new run from the stored URL (HEAD), on the same video', async () => {
    const chunkSize = 4 * MiB;
    const file = await randomFile(dir.dir, 30 * MiB);
    const videoId = await env.newVideo();
    const store = fileTusStore(join(dir.dir, 'tus'));
    const videosBefore = await env.videoIds();
    const first = new AbortController();
    const r1 = await uploadTus(
      tusOptions(env, file, videoId, first.signal, {
        chunkSize,
        store,
        storeKey: 'job-1',
        onProgress: (bytes) => {
          if (bytes > 12 * MiB) first.abort();
        },
      }),
    );
    expect(r1).toEqual({ kind: 'stopped' });
    const stored = await fileTusStore(join(dir.dir, 'tus')).get('job-1');
    expect(stored).toMatchObject({ videoId, size: file.size });
    const partial = arrived(videoId).bytesReceived;
    expect(partial).toBeGreaterThan(0);

    const resumes: number[] = [];
    const r2 = await uploadTus(tusOptions(env, file, videoId, new AbortController().signal, { chunkSize, store: fileTusStore(join(dir.dir, 'tus')), storeKey: 'job-1', onResume: (o) => resumes.push(o) }));
    expect(r2).toMatchObject({ kind: 'done', uploadUrl: stored?.uploadUrl });
    expect(resumes).toHaveLength(1);
    expect(resumes[0]).toBeGreaterThan(0);
    const seen = arrived(videoId);
    expect(seen).toMatchObject({ state: 'stored', sha256: file.sha256 });
    expect(seen.bytesReceived - file.size).toBeLessThanOrEqual(chunkSize);
    expect(await env.videoIds()).toEqual(videosBefore);
    // Removing the entry is the caller's, once the video is verified.
    expect(await store.get('job-1')).toBeDefined();
  });

  it('a 401 mid-upload is answered by signing again for the same video, and the upload continues', async () => {
    const file = await randomFile(dir.dir, 6 * MiB);
    const videoId = await env.newVideo();
    const before = await env.videoIds();
    let armed = false;
    const o = tusOptions(env, file, videoId, new AbortController().signal, {
      chunkSize: 2 * MiB,
      onProgress: (bytes) => {
        if (!armed && bytes >= 2 * MiB) {
          armed = true;
          env.sandbox.faults.add({ method: 'PATCH', path: PATCHES, action: { kind: 'status', status: 401, body: 'Unauthorized: AuthorizationExpire has passed' } });
        }
      },
    });
    const r = await uploadTus(o);
    expect(r.kind).toBe('done');
    expect(armed).toBe(true);
    expect(o.signer.signed).toBe(2);
    expect(arrived(videoId)).toMatchObject({ state: 'stored', sha256: file.sha256 });
    expect(arrived(videoId).bytesReceived - file.size).toBeLessThanOrEqual(2 * MiB);
    expect(await env.videoIds()).toEqual(before);
  });

  it('a signature that expires while the upload runs is renewed before the platform refuses it', async () => {
    const file = await randomFile(dir.dir, 6 * MiB);
    const videoId = await env.newVideo();
    let moved = false;
    const o = tusOptions(env, file, videoId, new AbortController().signal, {
      chunkSize: 2 * MiB,
      onProgress: (bytes) => {
        // Seven hours pass: the first signature has expired on the platform's clock.
        if (!moved && bytes >= 2 * MiB) {
          moved = true;
          env.clock.now += 7 * 3600 * 1000;
        }
      },
    });
    expect((await uploadTus(o)).kind).toBe('done');
    expect(o.signer.signed).toBe(2);
    expect(arrived(videoId)).toMatchObject({ state: 'stored', sha256: file.sha256, bytesReceived: file.size });
  });

  it('a wrong key is refused for good after signing again, without a second video', async () => {
    const file = await randomFile(dir.dir, 1 * MiB);
    const videoId = await env.newVideo();
    const o = tusOptions(env, file, videoId, new AbortController().signal);
    const wrong = { ...o, signer: (await import('./tus-sign.js')).createTusSigner({ libraryId: env.libraryId, videoId, libraryKey: () => 'not-the-key' }) };
    const r = await uploadTus(wrong);
    expect(r).toMatchObject({ kind: 'failed', error: { status: 401 } });
    expect(wrong.signer.signed).toBe(2);
  });

  it.each([404, 410])('makes a new upload on the same video when a PATCH says the upload is gone (%i)', async (status) => {
    const file = await randomFile(dir.dir, 3 * MiB);
    const videoId = await env.newVideo();
    const videosBefore = (await env.videoIds()).length;
    env.sandbox.faults.add({ method: 'PATCH', path: PATCHES, action: { kind: 'status', status } });
    const r = await uploadTus(tusOptions(env, file, videoId, new AbortController().signal));
    expect(r.kind).toBe('done');
    expect(arrived(videoId)).toMatchObject({ state: 'stored', sha256: file.sha256 });
    expect((await env.videoIds()).length).toBe(videosBefore);
  });

  it('honours 429 with Retry-After before sending the chunk again', async () => {
    const file = await randomFile(dir.dir, 3 * MiB);
    const videoId = await env.newVideo();
    env.sandbox.faults.add({ method: 'PATCH', path: PATCHES, action: { kind: 'status', status: 429, retryAfter: '7' } });
    const waits: number[] = [];
    const r = await uploadTus(
      tusOptions(env, file, videoId, new AbortController().signal, {
        sleep: async (ms) => void waits.push(ms),
      }),
    );
    expect(r.kind).toBe('done');
    expect(waits).toEqual([7000]);
    expect(arrived(videoId)).toMatchObject({ state: 'stored', sha256: file.sha256 });
  });

  it('creating the upload: a connection reset before the answer is tried again; a cancel while it waits stops at once', async () => {
    const file = await randomFile(dir.dir, 1 * MiB);
    const videoId = await env.newVideo();
    env.sandbox.faults.add({ method: 'POST', path: '/video/tusupload', action: { kind: 'reset-after-headers' } });
    const waits: number[] = [];
    const r = await uploadTus(tusOptions(env, file, videoId, new AbortController().signal, { sleep: async (ms) => void waits.push(ms) }));
    expect(r.kind).toBe('done');
    expect(waits).toHaveLength(1);
    expect(arrived(videoId)).toMatchObject({ state: 'stored', sha256: file.sha256 });

    const second = await env.newVideo();
    env.sandbox.faults.add({ method: 'POST', path: '/video/tusupload', action: { kind: 'delay', ms: 600_000 } });
    const stop = new AbortController();
    const stopped = uploadTus(tusOptions(env, file, second, stop.signal));
    await until(() => env.sandbox.faults.list().length === 0);
    stop.abort();
    expect((await stopped).kind).toBe('stopped');
    expect(env.sandbox.uploads.inspect(env.libraryId, second)?.bytesReceived ?? 0).toBe(0);
  });

  it('never resumes onto an upload of a file that changed since it began', async () => {
    const { chunkSize, file, videoId, store } = await uploadStoppedPartway('job-2');
    expect(await store.get('job-2')).toBeDefined();

    // Same size, new modification time: as far as the upload knows, different content.
    const later = new Date(file.mtimeMs + 60_000);
    await utimes(file.path, later, later);
    const r = await uploadTus(tusOptions(env, file, videoId, new AbortController().signal, { chunkSize, store, storeKey: 'job-2' }));
    expect(r).toMatchObject({ kind: 'source-changed' });
    expect(await store.get('job-2')).toBeUndefined();

    // The file as it is now starts a new upload from zero.
    const resumes: number[] = [];
    const now = { ...file, mtimeMs: later.getTime(), fingerprint: (await fingerprintFile(file.path)).fingerprint };
    const again = await uploadTus(tusOptions(env, now, videoId, new AbortController().signal, { chunkSize, store, storeKey: 'job-2', onResume: (o) => resumes.push(o) }));
    expect(again).toMatchObject({ kind: 'done', resumedFrom: null });
    expect(resumes).toEqual([]);
    expect(arrived(videoId)).toMatchObject({ state: 'stored', sha256: file.sha256 });
  });

  it('never resumes onto an upload of a file edited with its modification time put back', async () => {
    const { chunkSize, file, videoId, store } = await uploadStoppedPartway('job-3');
    expect(await store.get('job-3')).toBeDefined();
    // The resume entries are the user's own business: their folder is closed to others, like the queue's.
    expect((await stat(join(dir.dir, 'tus'))).mode & 0o777).toBe(0o700);
    const before = arrived(videoId)?.bytesReceived ?? 0;

    // New bytes at the start, the same size, and the old modification time restored: only the content tells.
    const handle = await open(file.path, 'r+');
    await handle.write(Buffer.alloc(4096, 7), 0, 4096, 100);
    await handle.close();
    await utimes(file.path, new Date(file.mtimeMs), new Date(file.mtimeMs));
    const r = await uploadTus(tusOptions(env, file, videoId, new AbortController().signal, { chunkSize, store, storeKey: 'job-3' }));
    expect(r).toMatchObject({ kind: 'source-changed', detail: 'Its content changed since the upload began' });
    expect(await store.get('job-3')).toBeUndefined();
    expect(arrived(videoId)?.bytesReceived ?? 0).toBe(before);
  });

  it('stops, and forgets the upload, when the file changes while it is being sent', async () => {
    const file = await randomFile(dir.dir, 8 * MiB);
    const videoId = await env.newVideo();
    const store = fileTusStore(join(dir.dir, 'tus'));
    let touched = false;
    const r = await uploadTus(
      tusOptions(env, file, videoId, new AbortController().signal, {
        chunkSize: 1 * MiB,
        store,
        storeKey: 'job-3',
        onProgress: (b) => {
          if (!touched && b >= 2 * MiB) {
            touched = true;
            const later = new Date(file.mtimeMs + 60_000);
            utimesSync(file.path, later, later);
          }
        },
      }),
    );
    expect(r).toMatchObject({ kind: 'source-changed' });
    expect(await store.get('job-3')).toBeUndefined();
    expect(arrived(videoId).state).not.toBe('stored');
  });

  it('a file changed after the turn looked at it, before its first PATCH, ends as changed, its upload forgotten', async () => {
    const file = await randomFile(dir.dir, 3 * MiB);
    const videoId = await env.newVideo();
    const store = fileTusStore(join(dir.dir, 'tus'));
    // The runner looked when the turn began; the one PATCH goes on that look, so the change is found at the end.
    const later = new Date(file.mtimeMs + 60_000);
    await utimes(file.path, later, later);
    const r = await uploadTus(tusOptions(env, file, videoId, new AbortController().signal, { store, storeKey: 'job-4', sourceChecked: true }));
    expect(r).toMatchObject({ kind: 'source-changed', detail: 'It was modified while it was uploading' });
    expect(await store.get('job-4')).toBeUndefined();
  });
});
