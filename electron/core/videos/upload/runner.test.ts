import { appendFileSync, unlinkSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FAKE_NOW } from '../../platform/testing/support.js';
import { createJobRunner } from './runner.js';
import { fakeRun, jobFor, randomFile, recordedSleep, runnerSandbox, tempDir, type FakeRun, type RunnerSandbox } from '../testing/runner-harness.js';
import type { JobRecord } from '../types.js';
import { listVideos } from './video-api.js';
import { FAIL_ENCODE_MARKER } from '../../../../sandbox/videos/processing.js';

const MiB = 1024 * 1024;

let env: RunnerSandbox;
let dir: { dir: string; remove(): Promise<void> };
beforeEach(async () => {
  env = await runnerSandbox();
  dir = await tempDir();
});
afterEach(async () => {
  await env.close();
  await dir.remove();
});

/** Every video of the demo library, seeded ones included. */
async function videoCount(): Promise<number> {
  return (await listVideos(env.client, env.libraryId, { search: '' })).totalItems;
}

function runner(extra: Parameters<typeof createJobRunner>[0] = {}) {
  const { sleep, delays } = recordedSleep();
  return { runner: createJobRunner({ sleep, random: () => 0.5, now: () => FAKE_NOW, statIntervalMs: 0, ...extra }), delays };
}

const putPath = () => `/video/library/${env.libraryId}/videos/*`;
const createPath = () => `/video/library/${env.libraryId}/videos`;

function sends(run: FakeRun, method: string): number {
  return run.log.filter((e) => e.kind === 'send' && e.method === method).length;
}

async function expectStored(run: FakeRun, sha256: string): Promise<void> {
  const videoId = run.job().videoId;
  expect(videoId).not.toBeNull();
  const seen = env.sandbox.uploads.inspect(env.libraryId, videoId!);
  expect(seen).toMatchObject({ state: 'stored', sha256 });
}

describe('upload: one file becomes one verified video', () => {
  it('persists the video id before the first byte, renames to the clean title, streams the file whole and verifies', async () => {
    const file = await randomFile(dir.dir, 3 * MiB + 17);
    const before = await videoCount();
    const run = fakeRun(jobFor(file, env.libraryId), env.client);
    const outcome = await runner().runner.upload(run.ctx);

    expect(outcome).toEqual({ kind: 'verified', encodeProgress: 0, ready: false });
    await expectStored(run, file.sha256);
    expect(await videoCount()).toBe(before + 1);
    const video = (await listVideos(env.client, env.libraryId, { search: 'Holiday clip' })).items;
    expect(video.map((v) => v.title)).toEqual(['Holiday clip']);

    // The order of what was persisted, and that the id was on disk before the PUT went out.
    expect(run.patches.map((p) => Object.keys(p).sort().join(','))).toEqual([
      'createPending,state',
      'createPending,state,titleSynced,videoId',
      'titleSynced',
      'state',
      'attempts',
      'state,uploaded',
    ]);
    const idPersisted = run.log.findIndex((e) => e.kind === 'update' && e.patch.videoId !== undefined);
    const firstPut = run.log.findIndex((e) => e.kind === 'send' && e.method === 'PUT');
    expect(idPersisted).toBeGreaterThanOrEqual(0);
    expect(firstPut).toBeGreaterThan(idPersisted);
    expect(run.job()).toMatchObject({ state: 'verifying', uploaded: true, titleSynced: true, createPending: false });

    // Progress: totals, never decreasing, the whole size only at the end.
    expect(run.progress.at(-1)).toBe(file.size);
    expect(run.progress.slice(0, -1).every((b) => b < file.size)).toBe(true);
    for (let i = 1; i < run.progress.length; i++) expect(run.progress[i]).toBeGreaterThanOrEqual(run.progress[i - 1]!);
  });

  it('a job restarted with its video id and the file already uploaded only verifies', async () => {
    const file = await randomFile(dir.dir, 64 * 1024);
    const first = fakeRun(jobFor(file, env.libraryId), env.client);
    await runner().runner.upload(first.ctx);
    const again = fakeRun({ ...first.job(), state: 'verifying' }, env.client);
    expect(await runner().runner.upload(again.ctx)).toMatchObject({ kind: 'verified' });
    expect(sends(again, 'PUT')).toBe(0);
    expect(sends(again, 'POST')).toBe(0);
  });
});

describe('upload: faults', () => {
  it('a reset after some body bytes is retried on the same video and the stored file is whole', async () => {
    const file = await randomFile(dir.dir, 2 * MiB);
    env.sandbox.faults.add({ method: 'PUT', path: putPath(), action: { kind: 'reset-after-body-bytes', bytes: 300_000 } });
    const before = await videoCount();
    const { runner: r, delays } = runner();
    const run = fakeRun(jobFor(file, env.libraryId), env.client);
    expect(await r.upload(run.ctx)).toMatchObject({ kind: 'verified' });
    expect(delays).toHaveLength(1);
    expect(sends(run, 'PUT')).toBe(2);
    expect(await videoCount()).toBe(before + 1);
    await expectStored(run, file.sha256);
    expect(env.sandbox.uploads.inspect(env.libraryId, run.job().videoId!)!.bytesReceived).toBeGreaterThanOrEqual(file.size + 300_000);
    expect(run.job().attempts).toBe(2);
  });

  it('a burst of 503s is retried with backoff', async () => {
    const file = await randomFile(dir.dir, 256 * 1024);
    env.sandbox.faults.add({ method: 'PUT', path: putPath(), times: 3, action: { kind: 'status', status: 503 } });
    const { runner: r, delays } = runner();
    const run = fakeRun(jobFor(file, env.libraryId), env.client);
    expect(await r.upload(run.ctx)).toMatchObject({ kind: 'verified' });
    // Full jitter with random 0.5: half of 1 s, 2 s and 4 s.
    expect(delays).toEqual([500, 1000, 2000]);
    await expectStored(run, file.sha256);
  });

  it.each([
    ['seconds', '7', 7000],
    ['an HTTP date', new Date(FAKE_NOW + 12_000).toUTCString(), 12_000],
  ])('429 with Retry-After in %s waits as long as asked', async (_form, retryAfter, waited) => {
    const file = await randomFile(dir.dir, 128 * 1024);
    env.sandbox.faults.add({ method: 'PUT', path: putPath(), action: { kind: 'status', status: 429, retryAfter } });
    const { runner: r, delays } = runner();
    const run = fakeRun(jobFor(file, env.libraryId), env.client);
    expect(await r.upload(run.ctx)).toMatchObject({ kind: 'verified' });
    expect(delays).toEqual([waited]);
    await expectStored(run, file.sha256);
  });

  it('a create whose answer is lost is found by its marker: exactly one video', async () => {
    const file = await randomFile(dir.dir, 128 * 1024);
    env.sandbox.faults.add({ method: 'POST', path: createPath(), action: { kind: 'commit-then-reset' } });
    const before = await videoCount();
    const { runner: r, delays } = runner();
    const run = fakeRun(jobFor(file, env.libraryId), env.client);
    expect(await r.upload(run.ctx)).toMatchObject({ kind: 'verified' });
    expect(await videoCount()).toBe(before + 1);
    expect(delays).toHaveLength(1);
    // One create went out; the second attempt searched and adopted instead of creating again.
    expect(run.log.filter((e) => e.kind === 'send' && e.method === 'POST' && e.path.endsWith('/videos'))).toHaveLength(1);
    await expectStored(run, file.sha256);
    expect((await listVideos(env.client, env.libraryId, { search: 'Holiday clip' })).items.map((v) => v.title)).toEqual(['Holiday clip']);
  });

  it('a 401 from a wrong library key fails at once and says where the key is set', async () => {
    const file = await randomFile(dir.dir, 64 * 1024);
    const before = await videoCount();
    const { runner: r, delays } = runner();
    const run = fakeRun(jobFor(file, env.libraryId), env.clientWithKey('not-the-library-key'));
    const outcome = await r.upload(run.ctx);
    expect(outcome).toMatchObject({ kind: 'failed', error: { title: 'The library key was refused', status: 401 } });
    expect(outcome.kind === 'failed' && outcome.error.hint).toMatch(/own API key.*Settings → the profile → library keys/);
    expect(delays).toEqual([]);
    expect(await videoCount()).toBe(before);
  });

  it('a 400 on create is not retried and shows the platform message', async () => {
    const file = await randomFile(dir.dir, 64 * 1024);
    env.sandbox.faults.add({ method: 'POST', path: createPath(), action: { kind: 'status', status: 400, body: { success: false, message: 'Title is not allowed', statusCode: 400 } } });
    const { runner: r, delays } = runner();
    const run = fakeRun(jobFor(file, env.libraryId), env.client);
    const outcome = await r.upload(run.ctx);
    expect(outcome).toMatchObject({ kind: 'failed', error: { status: 400, retryable: false } });
    expect(outcome.kind === 'failed' && outcome.error.detail).toContain('Title is not allowed');
    expect(delays).toEqual([]);
    expect(sends(run, 'POST')).toBe(1);
  });

  it('a 400 on the PUT of a video that holds no file is not retried', async () => {
    const file = await randomFile(dir.dir, 64 * 1024);
    env.sandbox.faults.add({ method: 'PUT', path: putPath(), action: { kind: 'status', status: 400 } });
    const { runner: r, delays } = runner();
    const run = fakeRun(jobFor(file, env.libraryId), env.client);
    expect(await r.upload(run.ctx)).toMatchObject({ kind: 'failed', error: { status: 400, retryable: false } });
    expect(delays).toEqual([]);
    expect(sends(run, 'PUT')).toBe(1);
  });

  it('a file appended to mid-upload ends as source-changed, never done', async () => {
    const file = await randomFile(dir.dir, 16 * MiB);
    let appended = false;
    const run = fakeRun(jobFor(file, env.libraryId), env.client, (bytes) => {
      if (bytes > 0 && !appended) {
        appended = true;
        appendFileSync(file.path, Buffer.from('more'));
      }
    });
    expect(await runner().runner.upload(run.ctx)).toEqual({ kind: 'source-changed' });
    expect(appended).toBe(true);
    expect(run.patches.some((p) => p.uploaded === true)).toBe(false);
    await vi.waitFor(() => expect(env.sandbox.uploads.stats().open).toBe(0), { timeout: 5000 });
    expect(env.sandbox.uploads.inspect(env.libraryId, run.job().videoId!)).toMatchObject({ state: 'none', sha256: null });
  });

  it('a file deleted before the start ends as source-missing and creates nothing', async () => {
    const file = await randomFile(dir.dir, 64 * 1024);
    unlinkSync(file.path);
    const before = await videoCount();
    const run = fakeRun(jobFor(file, env.libraryId), env.client);
    expect(await runner().runner.upload(run.ctx)).toEqual({ kind: 'source-missing' });
    expect(run.log.filter((e) => e.kind === 'send')).toEqual([]);
    expect(await videoCount()).toBe(before);
  });

  it('an abort mid-upload stops at once and the sandbox sees the body closed', async () => {
    const file = await randomFile(dir.dir, 16 * MiB);
    const run = fakeRun(jobFor(file, env.libraryId), env.client, (bytes, r) => {
      if (bytes > 0) r.abort.abort();
    });
    expect(await runner().runner.upload(run.ctx)).toEqual({ kind: 'stopped' });
    await vi.waitFor(() => expect(env.sandbox.uploads.stats().open).toBe(0), { timeout: 5000 });
    expect(env.sandbox.uploads.inspect(env.libraryId, run.job().videoId!)).toMatchObject({ state: 'none' });
    expect(run.patches.some((p) => p.uploaded === true)).toBe(false);
  });

  it('an unreachable platform ends as offline after a couple of attempts', async () => {
    const file = await randomFile(dir.dir, 64 * 1024);
    const { runner: r, delays } = runner();
    const client = env.client;
    await env.sandbox.close();
    const run = fakeRun(jobFor(file, env.libraryId), client);
    const outcome = await r.upload(run.ctx);
    expect(outcome).toMatchObject({ kind: 'offline', error: { retryable: true } });
    expect(delays).toHaveLength(1);
    expect(await r.reachable(env.libraryId, client, new AbortController().signal)).toBe(false);
    // The job keeps its pending create: the next run looks for the marker before creating.
    expect(run.job().createPending).toBe(true);
  });
});

describe('the other calls', () => {
  it('reachable: any answer counts, a refused key included', async () => {
    const { runner: r } = runner();
    const signal = new AbortController().signal;
    expect(await r.reachable(env.libraryId, env.client, signal)).toBe(true);
    expect(await r.reachable(env.libraryId, env.clientWithKey('wrong'), signal)).toBe(true);
  });

  it('updateTitle renames and deleteVideo deletes; a video already gone is fine', async () => {
    const file = await randomFile(dir.dir, 64 * 1024);
    const { runner: r } = runner();
    const run = fakeRun(jobFor(file, env.libraryId), env.client);
    await r.upload(run.ctx);
    const signal = new AbortController().signal;
    const job: JobRecord = { ...run.job(), title: 'Renamed later' };
    await r.updateTitle(job, env.client, signal);
    expect((await listVideos(env.client, env.libraryId, { search: 'Renamed later' })).items).toHaveLength(1);
    const before = await videoCount();
    await r.deleteVideo(job, env.client, signal);
    expect(await videoCount()).toBe(before - 1);
    await expect(r.deleteVideo(job, env.client, signal)).resolves.toBeUndefined();
  });

  it('pollProcessing: processing with progress while it encodes', async () => {
    const file = await randomFile(dir.dir, 64 * 1024);
    const { runner: r } = runner();
    const run = fakeRun(jobFor(file, env.libraryId), env.client);
    await r.upload(run.ctx);
    expect(await r.pollProcessing(run.job(), env.client, new AbortController().signal)).toEqual({ kind: 'processing', encodeProgress: 0 });
  });

  it('pollProcessing: a deleted video fails the job', async () => {
    const file = await randomFile(dir.dir, 64 * 1024);
    const { runner: r } = runner();
    const run = fakeRun(jobFor(file, env.libraryId), env.client);
    await r.upload(run.ctx);
    await r.deleteVideo(run.job(), env.client, new AbortController().signal);
    expect(await r.pollProcessing(run.job(), env.client, new AbortController().signal)).toMatchObject({ kind: 'failed', error: { status: 404, retryable: false } });
  });
});

describe('verify and processing', () => {
  it('an upload the platform marks failed is a failed job, never verified', async () => {
    const file = await randomFile(dir.dir, 64 * 1024);
    env.sandbox.faults.add({ method: 'GET', path: putPath(), action: { kind: 'status', status: 200, body: { guid: 'x', title: 'x', status: 6, encodeProgress: 0 } } });
    const run = fakeRun(jobFor(file, env.libraryId), env.client);
    expect(await runner().runner.upload(run.ctx)).toMatchObject({ kind: 'failed', error: { title: 'The platform could not process the video', detail: expect.stringMatching(/upload failed/) } });
  });

  it('pollProcessing follows encoding to ready, and to failed for a video that does not encode', async () => {
    await env.close();
    env = await runnerSandbox({ processingStepMs: 5 });
    const { runner: r } = runner();
    const signal = new AbortController().signal;
    const good = fakeRun(jobFor(await randomFile(dir.dir, 64 * 1024), env.libraryId), env.client);
    const bad = fakeRun(jobFor(await randomFile(dir.dir, 64 * 1024), env.libraryId, { title: `Broken ${FAIL_ENCODE_MARKER}` }), env.client);
    expect(await r.upload(good.ctx)).toMatchObject({ kind: 'verified' });
    expect(await r.upload(bad.ctx)).toMatchObject({ kind: 'verified' });
    await vi.waitFor(async () => expect(await r.pollProcessing(good.job(), env.client, signal)).toEqual({ kind: 'ready' }), { timeout: 5000 });
    await vi.waitFor(async () => expect(await r.pollProcessing(bad.job(), env.client, signal)).toMatchObject({ kind: 'failed', error: { retryable: false } }), { timeout: 5000 });
  });
});
