import { symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openUploadQueue, queueSettled } from './queue.js';
import { client, FakeRunner, job, manualSleep, queueTestEnv, upload } from '../testing/queue-harness.js';

// What adding files does to rows already in the queue: one file named two ways, a file changed since its row
// began, an empty file, and an upload history that cannot be written.
const env = queueTestEnv();
const { video, openQueue, closeQueue } = env;
const file = (path: string, libraryId = 1) => ({ path, profileId: 'p', libraryId, collectionId: null });

describe('adding files to the upload queue', () => {
  it('one file named through a link is one row, in one batch and in a later one', async () => {
    const runner = new FakeRunner();
    const q = await openQueue(runner, { concurrency: 1 });
    const real = await video('real.mp4');
    const link = join(env.files, 'link.mp4');
    await symlink(real, link);
    const first = await q.add([file(real), file(link)]);
    expect(first.added).toHaveLength(1);
    expect(first.alreadyQueued).toEqual([first.added[0]!.id]);
    const later = await q.add([file(join(env.files, '.', 'link.mp4'))]);
    expect(later).toMatchObject({ added: [], alreadyQueued: [first.added[0]!.id] });
    expect(q.list().jobs).toHaveLength(1);
    // Another library is another upload.
    expect((await q.add([file(link, 2)])).added).toHaveLength(1);
  });

  it('a file changed since its row began goes on in that row and its video, as it is now', async () => {
    const runner = new FakeRunner();
    const q = await openQueue(runner);
    const path = await video('clip.mp4', 1000);
    const { added } = await q.add([file(path)]);
    const id = added[0]!.id;
    await queueSettled(q);
    const call = runner.callOf(id);
    await call.ctx.update({ state: 'created', videoId: 'v1', titleSynced: true });
    await call.ctx.update({ state: 'uploading' });
    // Interrupted (the app quit), the file edited, then added again after the restart.
    await closeQueue(q);
    await writeFile(path, Buffer.alloc(2500, 3));
    const reopened = await openQueue(runner, { concurrency: 1 });
    await reopened.pause({ all: true });
    const again = await reopened.add([file(path)]);
    expect(again).toMatchObject({ added: [], alreadyQueued: [id] });
    expect(reopened.list().jobs).toHaveLength(1);
    await queueSettled(reopened);
    // Running again, on its video, with the file as it is now (it goes straight to sending: the video exists).
    expect(runner.callOf(id).ctx.job()).toMatchObject({ state: 'created', paused: false, videoId: 'v1', size: 2500, uploaded: false });
  });

  it('a failed row takes the changed file too; a row whose file the platform has does not', async () => {
    const runner = new FakeRunner();
    const q = await openQueue(runner);
    const a = await video('a.mp4');
    const b = await video('b.mp4');
    const { added } = await q.add([file(a), file(b)]);
    await queueSettled(q);
    runner.callOf(added[0]!.id).finish({ kind: 'failed', error: { title: 'Bad gateway', status: 502, retryable: true } });
    await upload(runner.callOf(added[1]!.id), 'vb');
    await q.idle();
    await writeFile(a, Buffer.alloc(300, 1));
    await writeFile(b, Buffer.alloc(300, 2));
    const again = await q.add([file(a), file(b)]);
    expect(again.alreadyQueued).toEqual([added[0]!.id]);
    await queueSettled(q);
    expect(runner.callOf(added[0]!.id).ctx.job()).toMatchObject({ state: 'creating', size: 300, error: null });
    // b's video holds the old content: the new content is a new upload.
    expect(again.added.map((v) => v.fileName)).toEqual(['b.mp4']);
  });

  it('a changed file whose row failed because its video is gone from the library gets a new video', async () => {
    const runner = new FakeRunner();
    const q = await openQueue(runner);
    const path = await video('gone.mp4');
    const { added } = await q.add([file(path)]);
    const id = added[0]!.id;
    await queueSettled(q);
    await runner.callOf(id).ctx.update({ state: 'created', videoId: 'v-deleted', titleSynced: true });
    runner.callOf(id).finish({ kind: 'failed', error: { title: 'Not found', status: 404, retryable: false } });
    await queueSettled(q);
    await writeFile(path, Buffer.alloc(400, 9));
    expect((await q.add([file(path)])).alreadyQueued).toEqual([id]);
    await queueSettled(q);
    expect(runner.callOf(id).ctx.job()).toMatchObject({ state: 'creating', videoId: null, size: 400 });
  });

  it('a command run again takes its files’ rows up on their videos: paused resumed, failed retried (with `again` too), resumable when asked', async () => {
    const runner = new FakeRunner();
    const q = await openQueue(runner, { concurrency: 1 });
    const a = await video('a.mp4');
    const b = await video('b.mp4');
    const { added } = await q.add([file(a), file(b)]);
    const [ida, idb] = added.map((v) => v.id) as [string, string];
    await queueSettled(q);
    await runner.callOf(ida).ctx.update({ state: 'created', videoId: 'va', titleSynced: true });
    // The run that sent a was interrupted (the command pauses what it does not follow); b then failed on its video.
    await q.pause({ ids: [ida] });
    await queueSettled(q);
    await runner.callOf(idb).ctx.update({ state: 'created', videoId: 'vb', titleSynced: true });
    runner.callOf(idb).finish({ kind: 'failed', error: { title: 'Bad gateway', status: 502, retryable: true } });
    await queueSettled(q);
    // A plain add (the app's drop) only points at the rows.
    expect(await q.add([file(a)])).toMatchObject({ added: [], alreadyQueued: [ida] });
    expect(job(q, ida).paused).toBe(true);

    const again = await q.add([{ ...file(a), resumable: true }, { ...file(b), resumable: true }], { again: true, takeUp: true });
    expect(again).toMatchObject({ added: [], rows: [{ path: a, id: ida }, { path: b, id: idb }] });
    await queueSettled(q);
    expect(q.list().jobs).toHaveLength(2);
    expect(job(q, ida)).toMatchObject({ paused: false, videoId: 'va', resumable: true });
    expect(job(q, idb)).toMatchObject({ state: 'queued', error: null, videoId: 'vb', resumable: true });
    expect(runner.calls.at(-1)?.id).toBe(ida);
  });

  it('an empty file is refused before anything is created', async () => {
    const runner = new FakeRunner();
    const q = await openQueue(runner);
    const empty = await video('empty.mp4', 0);
    const other = await video('other.mp4');
    const outcome = await q.add([file(empty), file(other)]);
    expect(outcome.empty).toEqual([empty]);
    expect(outcome.added.map((v) => v.fileName)).toEqual(['other.mp4']);
    await queueSettled(q);
    expect(runner.calls.map((c) => c.ctx.job().fileName)).toEqual(['other.mp4']);
    // Nor is a row pointed at an empty file.
    runner.callOf(outcome.added[0]!.id).finish({ kind: 'source-missing' });
    await queueSettled(q);
    expect(await q.relocate(outcome.added[0]!.id, empty)).toBeNull();
    expect(job(q, outcome.added[0]!.id)).toMatchObject({ state: 'source-missing', fileName: 'other.mp4' });
  });

  it('an upload history that cannot be written is said; the upload still counts as done', async () => {
    const runner = new FakeRunner();
    const notices: string[] = [];
    const diskFull = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    let full = true;
    const q = await openUploadQueue({
      dir: env.dir, runner, clientFor: async () => client, sleep: manualSleep().sleep, throttleMs: 0,
      notice: (m) => notices.push(m),
      openHistoryFile: async () => ({ write: () => (full ? Promise.reject(diskFull) : Promise.resolve()), close: async () => {} }),
    });
    try {
      const { added } = await q.add([file(await video('a.mp4')), file(await video('b.mp4'))]);
      await queueSettled(q);
      await upload(runner.callOf(added[0]!.id), 'va');
      await upload(runner.callOf(added[1]!.id), 'vb');
      await q.idle();
      expect(job(q, added[0]!.id)).toMatchObject({ state: 'ready', videoId: 'va' });
      expect(q.list().status.counts).toMatchObject({ done: 2, failed: 0 });
      // Said once, not once per upload.
      expect(notices).toEqual([
        `The upload history could not be written (ENOSPC: no space left on device, write): a.mp4 was uploaded and counts as done, but a later upload of the same file will not be recognised as sent before. Check that ${join(env.dir, 'history.jsonl')} can be written (is the disk full?); this is not said again for the next uploads until a write succeeds.`,
      ]);
      // Space again, then full again: said again, naming the upload it missed.
      full = false;
      const c = await q.add([file(await video('c.mp4'))]);
      await queueSettled(q);
      await upload(runner.callOf(c.added[0]!.id), 'vc');
      await q.idle();
      full = true;
      const d = await q.add([file(await video('d.mp4'))]);
      await queueSettled(q);
      await upload(runner.callOf(d.added[0]!.id), 'vd');
      await q.idle();
      expect(notices).toHaveLength(2);
      expect(notices[1]).toContain('d.mp4 was uploaded and counts as done');
    } finally {
      await q.close();
    }
  });
});
