import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, startingCore } from './index.js';
import { FakeCipher } from './testing/fake-cipher.js';

const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

/** A real core over a temp folder, counting its starts; with `held`, a start waits until the test releases it. */
async function realCore(held = false) {
  const dataDir = await mkdtemp(join(tmpdir(), 'burrow-starting-'));
  dirs.push(dataDir);
  let release = () => {};
  const gate = held ? new Promise<void>((r) => (release = r)) : Promise.resolve();
  const starts = { count: 0 };
  const core = startingCore(async () => {
    starts.count++;
    await gate;
    return createCore({ shell: 'chromium', appVersion: '0.0.0-test', platform: process.platform, dataDir, cipher: new FakeCipher(), dialogs: { openFiles: async () => [], saveFile: async () => null }, notifier: { notify: () => {}, progress: () => {} }, openExternal: async () => {} });
  });
  return { core, starts, release };
}

/** Whether `p` has settled once every queued callback has run. */
async function settledNow(p: Promise<unknown>): Promise<boolean> {
  let done = false;
  void p.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((r) => setImmediate(r));
  return done;
}

describe('a core that is still starting', () => {
  it('starts on start() or the first call, once; a call made meanwhile is answered when it is up', async () => {
    const { core, starts, release } = await realCore(true);
    const notices: unknown[] = [];
    core.on('desktop.notice', (p) => notices.push(p));
    const dropped: unknown[] = [];
    core.on('desktop.notice', (p) => dropped.push(p))();
    await new Promise((r) => setImmediate(r));
    expect(starts.count).toBe(0);
    const info = core.invoke('desktop.info', {});
    core.start();
    expect(await settledNow(info)).toBe(false);
    expect(core.quitQuestion()).toBeNull();
    release();
    expect(await info).toMatchObject({ ok: true, value: { name: 'Burrow', shell: 'chromium' } });
    expect(starts.count).toBe(1);
    // Listeners added before the start hear the core's events; one removed before it does not.
    core.emit('desktop.notice', { level: 'info', message: 'hello' });
    await expect.poll(() => notices).toEqual([{ level: 'info', message: 'hello' }]);
    expect(dropped).toEqual([]);
    const sandbox = await core.embeddedSandbox();
    expect(sandbox).not.toBeNull();
    await core.close();
    await expect(fetch(sandbox!.apiUrl)).rejects.toThrow();
  });

  it('is never started when closed first', async () => {
    const { core, starts } = await realCore();
    await core.close();
    core.start();
    expect(await core.invoke('desktop.info', {})).toMatchObject({ ok: false, error: { title: 'Burrow could not start', detail: 'Burrow has closed.' } });
    expect(starts.count).toBe(0);
  });

  it('answers every call with the reason when the core fails to start', async () => {
    const core = startingCore(() => Promise.reject(new Error('The data folder is read-only')));
    core.start();
    const failure = { ok: false, error: { kind: 'internal', title: 'Burrow could not start', detail: 'The data folder is read-only' } };
    expect(await core.invoke('desktop.info', {})).toEqual(failure);
    expect(await core.invokeWithFiles(['/tmp/a.mp4'], 'videos.upload', {})).toEqual(failure);
    expect(await core.hasLibraryKey(1)).toEqual(failure);
    expect(await core.embeddedSandbox()).toBeNull();
    expect(await core.redactError({ kind: 'internal', title: 'Oops', detail: 'key 1234' })).toEqual({ kind: 'internal', title: 'Oops' });
    expect(core.pathOf('t')).toBeUndefined();
    await expect(core.close()).resolves.toBeUndefined();
  });
});

