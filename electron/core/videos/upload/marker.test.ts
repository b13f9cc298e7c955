import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_NOW } from '../../platform/testing/support.js';
import { findMarkedVideo, jobMarker, markedTitle } from './marker.js';
import { createJobRunner } from './runner.js';
import { fakeRun, jobFor, randomFile, recordedSleep, runnerSandbox, tempDir, type RunnerSandbox } from '../testing/runner-harness.js';
import { createVideo, getVideo, listVideos } from './video-api.js';

describe('the marker', () => {
  const id = '3f2a9c1e-77b4-4d0e-9a51-0c6de2b1f480';

  it('is the first 12 characters of the job id in brackets, after the title', () => {
    expect(jobMarker(id)).toBe('[burrow:3f2a9c1e-77b]');
    expect(markedTitle('Holiday clip', id)).toBe('Holiday clip [burrow:3f2a9c1e-77b]');
  });

  it('keeps the marked title within the platform limit and never blank', () => {
    const long = markedTitle('x'.repeat(600), id);
    expect(long).toHaveLength(500);
    expect(long.endsWith(jobMarker(id))).toBe(true);
    expect(markedTitle('   ', id)).toBe('Untitled [burrow:3f2a9c1e-77b]');
  });
});

describe('adopting a video whose create answer was lost', () => {
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

  it('a job restarted with createPending uploads to the video its marker names, creating none', async () => {
    const file = await randomFile(dir.dir, 200_000);
    const job = jobFor(file, env.libraryId, { createPending: true, state: 'creating' });
    // What the process that crashed had created before it could store the id.
    const made = await createVideo(env.client, env.libraryId, { title: markedTitle(job.title, job.id), collectionId: null });
    const before = (await listVideos(env.client, env.libraryId, { search: '' })).totalItems;
    const run = fakeRun(job, env.client);
    const { sleep } = recordedSleep();
    expect(await createJobRunner({ sleep, now: () => FAKE_NOW, statIntervalMs: 0 }).upload(run.ctx)).toMatchObject({ kind: 'verified' });
    expect(run.job().videoId).toBe(made.guid);
    expect(run.log.filter((e) => e.kind === 'send' && e.method === 'POST' && e.path.endsWith('/videos'))).toHaveLength(0);
    expect((await listVideos(env.client, env.libraryId, { search: '' })).totalItems).toBe(before);
    expect(await getVideo(env.client, env.libraryId, made.guid)).toMatchObject({ title: 'Holiday clip', status: 1 });
    expect(env.sandbox.uploads.inspect(env.libraryId, made.guid)).toMatchObject({ state: 'stored', sha256: file.sha256 });
  });

  it('a job restarted with createPending and no video found creates one', async () => {
    const file = await randomFile(dir.dir, 1000);
    const job = jobFor(file, env.libraryId, { createPending: true });
    const run = fakeRun(job, env.client);
    expect(await createJobRunner({ sleep: recordedSleep().sleep, statIntervalMs: 0 }).upload(run.ctx)).toMatchObject({ kind: 'verified' });
    const order = run.log.filter((e) => e.kind === 'send').map((e) => (e.kind === 'send' ? `${e.method} ${e.path.split('?')[0]}` : ''));
    expect(order.slice(0, 2)).toEqual([`GET /library/${env.libraryId}/videos`, `POST /library/${env.libraryId}/videos`]);
  });

  it('two videos carrying one marker: one is kept, the empty extra is deleted, a loose match is left alone', async () => {
    const jobId = 'aaaabbbb-cccc-dddd';
    const made = [
      await createVideo(env.client, env.libraryId, { title: markedTitle('A', jobId), collectionId: null }),
      await createVideo(env.client, env.libraryId, { title: markedTitle('A', jobId), collectionId: null }),
    ].map((v) => v.guid);
    // Found by the search, but without the bracketed marker: not this job's.
    const other = await createVideo(env.client, env.libraryId, { title: 'notes on burrow:aaaabbbb-ccc', collectionId: null });
    const found = await findMarkedVideo({ client: env.client, signal: new AbortController().signal }, env.libraryId, jobId);
    expect(made).toContain(found?.guid);
    const extra = made.find((g) => g !== found?.guid)!;
    await expect(getVideo(env.client, env.libraryId, extra)).rejects.toMatchObject({ failure: { status: 404 } });
    expect(await getVideo(env.client, env.libraryId, other.guid)).toMatchObject({ guid: other.guid });
  });
});
