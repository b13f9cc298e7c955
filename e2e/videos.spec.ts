/**
 * Videos in the Chromium shell against the embedded sandbox: files and folders dropped or chosen become rows,
 * upload to Ready with the bytes and titles the sandbox then holds, under the concurrency limit, and the queue
 * survives a reload. Screenshots of the screen empty, uploading and with a failure go to reports/screenshots.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Sandbox } from '../sandbox/server.js';
import { expect, screenshot, test } from './fixtures.js';
import type { VideosPage } from './pages/videos.js';
import type { Shell } from './shell/shell.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';

const MB = 1_000_000;

let dir: string;
test.beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'burrow-e2e-videos-'));
});
test.afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Writes `bytes` random bytes to a file and answers its size and SHA-256, as the sandbox reports them. */
async function randomFile(path: string, bytes: number): Promise<{ path: string; size: number; sha256: string }> {
  const hash = createHash('sha256');
  const file = await open(path, 'w');
  try {
    for (let left = bytes; left > 0; ) {
      const chunk = randomBytes(Math.min(left, 8 * 2 ** 20));
      hash.update(chunk);
      await file.write(chunk);
      left -= chunk.length;
    }
  } finally {
    await file.close();
  }
  return { path, size: bytes, sha256: hash.digest('hex') };
}

/** The embedded sandbox; it starts when the Videos screen first asks for the libraries. */
async function sandboxOf(shell: Shell): Promise<Sandbox> {
  await expect.poll(async () => (await shell.core.embeddedSandbox()) !== null).toBe(true);
  return (await shell.core.embeddedSandbox())!;
}

/** The library's videos as the platform lists them. */
async function libraryVideos(sb: Sandbox, libraryId: number): Promise<{ guid: string; title: string }[]> {
  const key = sb.libraries.find((l) => l.id === libraryId)!.key;
  const res = await fetch(`${sb.videoUrl}/library/${libraryId}/videos?itemsPerPage=1000`, { headers: { AccessKey: key, Accept: 'application/json' } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: { guid: string; title: string }[] }).items;
}

/** The path a fault rule matches for a library's video routes (the video URL may carry a prefix). */
function videosPath(sb: Sandbox, libraryId: number): string {
  return `${new URL(sb.videoUrl).pathname.replace(/\/$/, '')}/library/${libraryId}/videos`;
}

/** Opens Videos on the sandbox's first library and answers it. */
async function openOnFirstLibrary(videos: VideosPage, shell: Shell) {
  await videos.open('keyboard');
  const sb = await sandboxOf(shell);
  const lib = sb.libraries[0]!;
  await videos.library.selectOption(String(lib.id));
  return { sb, lib };
}

test('three dropped files reach Ready with their bytes and edited titles, never above the concurrency limit, across a reload', async ({ app, shell }) => {
  test.setTimeout(300_000);
  const v = app.videos;
  const big = await randomFile(join(dir, 'big upload.mp4'), 300 * MB);
  const shortA = await randomFile(join(dir, 'short a.mp4'), 2 * MB);
  const shortB = await randomFile(join(dir, 'short b.mov'), 3 * MB);
  const extra = await randomFile(join(dir, 'extra.mp4'), 1 * MB);

  const { sb, lib } = await openOnFirstLibrary(v, shell);
  await expect(v.emptyQueue).toBeVisible();
  await expect(v.tray).toHaveCount(0);
  await expectNoSeriousA11yViolations(app.page);
  await screenshot(shell, 'videos-empty');
  await expect(v.concurrency).toHaveValue('2');
  sb.uploads.reset();

  // The sandbox holds the first two bodies a while, so the uploads are surely mid-way while they are acted on.
  sb.faults.add({ method: 'PUT', path: `${videosPath(sb, lib.id)}/*`, times: 2, action: { kind: 'delay', ms: 5000 } });
  await v.drop([big.path, shortA.path, shortB.path, extra.path]);
  await expect(v.rows).toHaveCount(4);
  expect(await v.titles()).toEqual(['big upload', 'short a', 'short b', 'extra']);

  // Two run (the limit), two wait: cancel a waiting one, rename a running and a waiting one.
  await expect(v.state('big upload')).toHaveText('Uploading');
  await expect(v.state('extra')).toHaveText('Waiting');
  await v.rowAction('extra', 'Cancel');
  await expect(v.state('extra')).toHaveText('Cancelled');
  await v.rename('big upload', 'Big upload, renamed mid-way');
  await v.rename('short b', 'Short b, renamed while waiting');

  // A plain upload (300 MB is under the resumable size) asks before it pauses, since it starts over.
  await v.pausePlain('Big upload, renamed mid-way');
  await expect(v.state('Big upload, renamed mid-way')).toHaveText('Paused');
  await expect(v.tray).toContainText('in progress');
  await expectNoSeriousA11yViolations(app.page);
  await screenshot(shell, 'videos-uploading');
  await v.rowAction('Big upload, renamed mid-way', 'Resume');
  await expect(v.state('Big upload, renamed mid-way')).not.toHaveText('Paused');

  // A reload of the window mid-upload shows the same queue, in the same order.
  const before = await v.titles();
  await app.reload();
  await expect(v.rows).toHaveCount(4);
  expect(await v.titles()).toEqual(before);
  await expect(v.state('extra')).toHaveText('Cancelled');

  const expected = [
    { title: 'Big upload, renamed mid-way', file: big },
    { title: 'short a', file: shortA },
    { title: 'Short b, renamed while waiting', file: shortB },
  ];
  for (const { title } of expected) await expect(v.state(title)).toHaveText('Ready', { timeout: 240_000 });
  await expect(v.progress('Big upload, renamed mid-way')).toHaveAttribute('aria-valuenow', '100');
  await expect(v.announcer).toHaveText('3 of 4 uploaded, 1 cancelled.');
  await expect(v.tray).toContainText('3 done');

  // The platform holds exactly these files, once each, under the titles typed; the cancelled one was never made.
  const videos = await libraryVideos(sb, lib.id);
  for (const { title, file } of expected) {
    const matching = videos.filter((x) => x.title === title);
    expect(matching, title).toHaveLength(1);
    expect(sb.uploads.inspect(lib.id, matching[0]!.guid), title).toMatchObject({ state: 'stored', size: file.size, sha256: file.sha256 });
  }
  expect(videos.filter((x) => x.title === 'extra')).toEqual([]);
  const { peak } = sb.uploads.stats();
  expect(peak).toBeGreaterThanOrEqual(1);
  expect(peak).toBeLessThanOrEqual(2);
});

test('a dropped folder is searched for videos: the rest is named in one toast; files added again are guarded', async ({ app, shell }) => {
  test.setTimeout(180_000);
  const v = app.videos;
  const shoot = join(dir, 'shoot');
  await mkdir(shoot);
  await randomFile(join(shoot, 'take one.mp4'), 1 * MB);
  await randomFile(join(shoot, 'take two.mkv'), 1 * MB);
  await writeFile(join(shoot, 'notes.txt'), 'not a video');
  await openOnFirstLibrary(v, shell);

  await v.drop([shoot]);
  await expect(v.toast('1 file skipped: notes.txt')).toBeVisible();
  await expect(v.rows).toHaveCount(2);
  for (const title of ['take one', 'take two']) await expect(v.state(title)).toHaveText('Ready', { timeout: 120_000 });

  // The same file again while its row is in the queue: not added, its row lit up.
  await v.drop([join(shoot, 'take one.mp4')]);
  await expect(v.toast('1 file is already in the queue.')).toBeVisible();
  await expect(v.rows).toHaveCount(2);
  await expect(v.row('take one')).toHaveAttribute('data-highlight', 'true');

  // Once cleared, it was still uploaded from this machine: the app asks, and Skip adds nothing.
  await v.toolbarButton('Clear completed').click();
  await expect(v.emptyQueue).toBeVisible();
  await v.drop([join(shoot, 'take one.mp4')]);
  await expect(v.uploadedBefore).toContainText('take one.mp4');
  await v.uploadedBefore.getByRole('button', { name: 'Skip' }).click();
  await expect(v.uploadedBefore).toHaveCount(0);
  await expect(v.emptyQueue).toBeVisible();
  await v.drop([join(shoot, 'take one.mp4')]);
  await v.uploadedBefore.getByRole('button', { name: 'Upload again' }).click();
  await expect(v.rows).toHaveCount(1);
  await expect(v.state('take one')).toHaveText('Ready', { timeout: 120_000 });
});

test('a refused create shows Failed with the platform’s words; Retry then uploads it; chosen files join by dialog and Ctrl+O', async ({ app, shell }) => {
  test.setTimeout(180_000);
  const v = app.videos;
  const clip = await randomFile(join(dir, 'refused clip.mp4'), 1 * MB);
  const chosen = await randomFile(join(dir, 'chosen.webm'), 1 * MB);
  const { sb, lib } = await openOnFirstLibrary(v, shell);

  // A 400 is never retried by itself: the row fails and says what the platform said.
  sb.faults.add({ method: 'POST', path: videosPath(sb, lib.id), times: 1, action: { kind: 'status', status: 400, body: { success: false, message: 'The title is not acceptable', statusCode: 400 } } });
  shell.dialogs.openAnswers.push([clip.path]);
  await v.chooseFiles.click();
  await expect(v.state('refused clip')).toHaveText('Failed');
  await expect(v.row('refused clip')).toContainText('400');
  await expect(v.announcer).toContainText('1 failed');
  await expect(v.tray).toContainText('1 failed');
  await expectNoSeriousA11yViolations(app.page);
  await screenshot(shell, 'videos-failure');

  await v.toolbarButton(/^Retry failed/).click();
  await expect(v.state('refused clip')).toHaveText('Ready', { timeout: 120_000 });

  shell.dialogs.openAnswers.push([chosen.path]);
  await v.queue.getByRole('listitem').first().focus();
  await app.page.keyboard.press('Control+o');
  await expect(v.state('chosen')).toHaveText(/Waiting|Creating|Uploading|Verifying|Processing|Ready/);

  // Cancel all asks first, then stops what is still open; concurrency applies from the toolbar.
  await v.concurrency.selectOption('1');
  await expect(v.concurrency).toHaveValue('1');
  await expect(v.state('chosen')).toHaveText('Ready', { timeout: 120_000 });
});

test('dropping a folder of 1,000 videos lists 1,000 rows, drawing only those in view; Cancel all stops them', async ({ app, shell }) => {
  test.setTimeout(180_000);
  const v = app.videos;
  const many = join(dir, 'many');
  await mkdir(many);
  await Promise.all(Array.from({ length: 1000 }, (_, i) => writeFile(join(many, `clip ${String(i).padStart(4, '0')}.mp4`), `clip ${i}`)));
  await openOnFirstLibrary(v, shell);
  await v.concurrency.selectOption('1');

  // How fast they appear is measured by the benchmarks, never asserted here: here, that all 1,000 are listed.
  await v.drop([many]);
  await expect(v.rows.first()).toHaveAttribute('aria-setsize', '1000');
  await expect(v.rows.first()).toHaveAttribute('aria-posinset', '1');
  expect(await v.rows.count()).toBeLessThan(60);

  await v.cancelAll();
  await expect(v.announcer).toHaveText(/^\d+ of 1000 uploaded, .*cancelled\.$/);
  await expect(v.content.getByRole('button', { name: /^Cancel clip/ })).toHaveCount(0);
});
