/**
 * `burrow videos upload` in process, on the real queue, runner and walk, against a sandbox: the cases where a
 * queue could lose or duplicate work (an interrupted run followed by an edited file or a damaged journal, one file
 * named twice, an empty file, a --collection that cannot apply, a history that cannot be written).
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JOURNAL_FILE } from '../electron/core/videos/index.js';
import { runVideos } from './videos.js';
import { startVideosE2e, type VideosE2e } from './testing/videos-e2e.js';
import { FakeCore, fakeCoreOptions, outputWhere, tempFiles, testHooks, testIo } from './testing/videos.js';

type Line = Record<string, unknown> & { event?: string; state?: string; videoId?: string | null; file?: string; reason?: string; summary?: Record<string, number> };
const lines = (text: string): Line[] => text.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Line);
const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
const videoIdsOf = (out: Line[]) => new Set(out.filter((l) => l.event === 'state' && typeof l.videoId === 'string').map((l) => l.videoId));

let setup: VideosE2e;
beforeEach(async () => {
  setup = await startVideosE2e({ prefix: 'burrow-videos-queue-', accountKey: true });
});
afterEach(() => setup.close());

/** Runs `burrow videos upload …args --library <lib> --no-wait` in this process; `interrupt` fires Ctrl+C once the upload is sending. */
async function upload(args: readonly string[], options: { readonly interrupt?: boolean } = {}) {
  const io = testIo(setup.env, setup.dir);
  const hooks = testHooks();
  const run = runVideos(['upload', ...args, '--library', String(setup.lib.id), '--no-wait'], io, hooks, { exitGraceMs: null });
  if (options.interrupt === true) {
    await outputWhere(io.out, (t) => t.includes('"state":"uploading"'));
    hooks.fire('SIGINT');
  }
  const code = await run;
  return { code, out: lines(io.out.text()), stderr: io.errs.text() };
}

/** A run stopped by Ctrl+C while its PUT is held: its video exists and holds nothing yet. */
async function interruptedUpload(path: string): Promise<string> {
  setup.sandbox.faults.add({ method: 'PUT', path: `/video/library/${setup.lib.id}/videos/*`, times: 1, action: { kind: 'delay', ms: 2000 } });
  const first = await upload([path], { interrupt: true });
  expect(first.code).toBe(130);
  const [videoId] = [...videoIdsOf(first.out)];
  expect(videoId).toBeTypeOf('string');
  expect(await setup.videos()).toHaveLength(1);
  return videoId as string;
}

describe('burrow videos upload never loses or duplicates an upload', () => {
  it('a file edited between an interrupted run and the rerun: one video, holding the file as it is now', async () => {
    const path = setup.clip('edited.mp4', 300_000);
    const videoId = await interruptedUpload(path);
    writeFileSync(path, randomBytes(200_000));
    const again = await upload([path]);
    expect(again.code, again.stderr).toBe(0);
    expect(videoIdsOf(again.out)).toEqual(new Set([videoId]));
    expect((await setup.videos()).map((v) => v.guid)).toEqual([videoId]);
    expect(setup.sandbox.uploads.inspect(setup.lib.id, videoId)?.sha256).toBe(sha256(path));
  });

  it('a damaged journal line: the rerun keeps the other lines, says what happened, and continues on the same video', async () => {
    const path = setup.clip('kept.mp4', 300_000);
    const videoId = await interruptedUpload(path);
    const journal = join(setup.env.BURROW_STATE_DIR ?? '', JOURNAL_FILE);
    writeFileSync(journal, `{"t":"job","job":{"id":"x","fileName":"other.mp4"\n${readFileSync(journal, 'utf8')}`);
    const again = await upload([path]);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('burrow: 1 line of the upload queue could not be read (line 1 (other.mp4) is not JSON); every other line was kept');
    expect(videoIdsOf(again.out)).toEqual(new Set([videoId]));
    expect((await setup.videos()).map((v) => v.guid)).toEqual([videoId]);
    expect(setup.sandbox.uploads.inspect(setup.lib.id, videoId)?.sha256).toBe(sha256(path));
  });

  it('--collection on a file whose upload is under way in another collection says so, naming the file and the collection', async () => {
    const path = setup.clip('placed.mp4', 300_000);
    const videoId = await interruptedUpload(path);
    const again = await upload([path, '--collection', 'col-elsewhere']);
    expect(again.code).toBe(0);
    expect(again.stderr).toBe(`burrow: ${path} already has an upload in no collection (begun by an earlier run); it goes on there, not in collection col-elsewhere (--collection applies to new uploads only)\n`);
    expect((await setup.videos()).map((v) => v.guid)).toEqual([videoId]);
  });

  it('one file named directly and through a link is one video, in one run and the next', async () => {
    const real = setup.clip('real.mp4', 50_000);
    const link = join(setup.dir, 'clips', 'link.mp4');
    symlinkSync(real, link);
    const first = await upload([real, link]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.out.at(-1)).toMatchObject({ summary: { queued: 1, done: 1 } });
    const later = await upload([link]);
    expect(later.code).toBe(0);
    const videos = await setup.videos();
    expect(videos).toHaveLength(1);
    expect(setup.sandbox.uploads.inspect(setup.lib.id, videos[0]!.guid)?.sha256).toBe(sha256(real));
  });

  it('a file whose upload failed on its video is retried on that video, also with --again', async () => {
    const path = setup.clip('refused.mp4', 30_000);
    setup.sandbox.faults.add({ method: 'PUT', path: `/video/library/${setup.lib.id}/videos/*`, times: 1, action: { kind: 'status', status: 400 } });
    const first = await upload([path]);
    expect(first.code).toBe(1);
    const [videoId] = [...videoIdsOf(first.out)];
    const again = await upload([path, '--again']);
    expect(again.code, again.stderr).toBe(0);
    expect(videoIdsOf(again.out)).toEqual(new Set([videoId]));
    expect((await setup.videos()).map((v) => v.guid)).toEqual([videoId]);
  });

  it('an empty file is refused in words before anything is created; the other files go', async () => {
    const empty = setup.clip('empty.mp4', 0);
    const other = setup.clip('other.mp4', 20_000);
    const r = await upload([empty, other]);
    expect(r.code).toBe(1);
    expect(r.out).toContainEqual({ event: 'skipped', file: empty, reason: 'the file is empty (0 bytes): there is nothing to upload' });
    expect((await setup.videos()).map((v) => v.title)).toEqual(['other']);
  });
});

describe('what the queue tells the command line', () => {
  it('a notice from the queue (the history could not be written) is a line on stderr', async () => {
    const files = tempFiles(['a.mp4']);
    try {
      const queue = new FakeCore();
      const io = testIo({ BURROW_STATE_DIR: join(files.dir, 'state'), BUNNYNET_LIBRARY_KEY: 'library-key-0123456789' }, files.dir);
      const run = runVideos(['upload', files.paths[0]!, '--library', '7'], io, testHooks(), fakeCoreOptions(queue));
      await outputWhere(io.out, (t) => t.includes('"event":"state"'));
      queue.emit('desktop.notice', { level: 'warning', message: 'The upload history could not be written (ENOSPC: no space left on device, write): a.mp4 was uploaded' });
      queue.set(queue.ids()[0]!, { state: 'ready' });
      expect(await run).toBe(0);
      expect(io.errs.text()).toBe('burrow: The upload history could not be written (ENOSPC: no space left on device, write): a.mp4 was uploaded\n');
    } finally {
      files.cleanup();
    }
  });
});
