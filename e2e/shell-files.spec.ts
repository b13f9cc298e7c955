/**
 * Files in the Chromium shell: a drop and "Choose files…" hand the core a path, never the file's bytes,
 * so a 2 GB video costs the page and the shell nothing to add.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures.js';
import { AppShell } from './pages/app-shell.js';
import { dropFiles } from './support/drop-files.js';
import { rendererRss } from './support/process-memory.js';
import { launchShell, type Shell } from './shell/shell.js';

const GiB = 2 ** 30;
const MiB = 2 ** 20;

let dir: string;
test.beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'burrow-e2e-files-'));
});
test.afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The files the core has registered this session, as the renderer may list them. */
async function registered(shell: Shell): Promise<unknown> {
  const r = await shell.core.invoke('files.list', {});
  expect(r.ok).toBe(true);
  return (r as { value: { files: unknown[] } }).value.files;
}

test('a dropped 2 GB file reaches the core as its own path, in one call with the method to run; neither the page nor the shell reads it', async ({ app, shell }) => {
  const big = join(dir, 'holiday clip.mp4');
  // Sparse: nothing in the drop path may read it, so its blocks never need to exist.
  await writeFile(big, '');
  await truncate(big, 2 * GiB);
  const page = app.page;
  // What a drop target in the app does: hand the dropped Files to the bridge with the call to make on them.
  await page.evaluate(() => {
    const w = window as unknown as { dropResults: unknown[] };
    w.dropResults = [];
    document.addEventListener('drop', (e) => {
      void window.burrow.files.drop([...(e.dataTransfer?.files ?? [])], 'files.list', {}).then(
        (r) => w.dropResults.push(r),
        (e: unknown) => w.dropResults.push({ rejected: String(e) }),
      );
    });
  });
  global.gc?.();
  const before = { shell: process.memoryUsage().rss, pages: rendererRss() };

  await dropFiles(page, [big]);
  await expect.poll(() => page.evaluate(() => (window as unknown as { dropResults: unknown[] }).dropResults.length)).toBe(1);

  const after = { shell: process.memoryUsage().rss, pages: rendererRss() };
  const growth = { shellMiB: (after.shell - before.shell) / MiB, pagesMiB: (after.pages - before.pages) / MiB };
  test.info().annotations.push({ type: 'memory growth for a 2 GiB drop', description: `shell RSS ${growth.shellMiB.toFixed(1)} MiB, page processes RSS ${growth.pagesMiB.toFixed(1)} MiB` });

  const [result] = await page.evaluate(() => (window as unknown as { dropResults: unknown[] }).dropResults);
  expect(result).toEqual({ result: { ok: true, value: { files: [{ token: expect.any(String), name: 'holiday clip.mp4', size: 2 * GiB, kind: 'file' }] } }, refused: [] });
  // The core registered the original file: no copy in the data folder, and the path never reached the page.
  expect(shell.drops).toEqual([{ paths: [big], method: 'files.list' }]);
  expect(await registered(shell)).toEqual([{ token: expect.any(String), name: 'holiday clip.mp4', size: 2 * GiB, kind: 'file' }]);
  expect(existsSync(join(shell.dataDir, 'dropped'))).toBe(false);
  expect(JSON.stringify(result)).not.toContain(dir);
  // Generous bounds: reading the file into either process would cost gigabytes.
  expect(growth.shellMiB).toBeLessThan(200);
  expect(growth.pagesMiB).toBeLessThan(200);
});

test('a File made in the page has no path behind it and is refused by name, as in Electron; nothing is sent', async ({ app, shell }) => {
  const dropped = await app.page.evaluate(() => window.burrow.files.drop([new File(['not on disk'], 'notes.txt')], 'files.list', {}));
  expect(dropped).toEqual({ result: null, refused: ['notes.txt'] });
  expect(await registered(shell)).toEqual([]);
  expect(shell.drops).toEqual([]);
});

test('several dropped files go to the core in one call, each under its own path', async ({ app, shell }) => {
  const paths = [join(dir, 'a.mp4'), join(dir, 'b.mov')];
  await writeFile(paths[0]!, Buffer.alloc(1000, 1));
  await writeFile(paths[1]!, Buffer.alloc(2000, 2));
  await app.page.evaluate(() => {
    document.addEventListener('drop', (e) => {
      void window.burrow.files.drop([...(e.dataTransfer?.files ?? []), new File(['x'], 'page-made.mp4')], 'files.list', {});
    });
  });
  await dropFiles(app.page, paths);
  await expect.poll(() => shell.drops.length).toBe(1);
  expect([...(shell.drops[0]?.paths ?? [])].sort()).toEqual(paths);
  expect(await registered(shell)).toEqual(
    expect.arrayContaining([expect.objectContaining({ name: 'a.mp4', size: 1000 }), expect.objectContaining({ name: 'b.mov', size: 2000 })]),
  );
});

test.describe('the page’s own file chooser', () => {
  let shell: Shell;
  test.beforeEach(async () => {
    // Headless, but with the chooser a headed user gets; Playwright answers it in place of the OS dialog.
    shell = await launchShell({ headless: true, fileChooser: true });
  });
  test.afterEach(async () => {
    await shell.close();
  });

  test('"Load from file…" opens a chooser outside the app and the core reads the chosen path', async () => {
    const app = new AppShell(shell);
    await app.ready();
    const body = join(dir, 'zone.json');
    await writeFile(body, '{"Domain":"chosen.test"}');
    await app.console.open('keyboard');

    const chooser = app.page.waitForEvent('filechooser');
    await app.page.getByRole('button', { name: 'Load from file…' }).click();
    const fc = await chooser;
    expect(fc.isMultiple()).toBe(true);
    // The chooser's input is the shell's, outside the renderer's tree, and only while it is open.
    expect(await fc.element().evaluate((el) => (el as Element).closest('#root') === null && (el as Element).hasAttribute('data-burrow-shell-chooser'))).toBe(true);
    await fc.setFiles(body);
    await expect(app.console.bodyEditor).toContainText('chosen.test');
    await expect(app.page.locator('[data-burrow-shell-chooser]')).toHaveCount(0);
  });

  test('chosen files come back as their paths, a 2 GB one unread', async () => {
    await new AppShell(shell).ready();
    const big = join(dir, 'feature.mkv');
    const small = join(dir, 'trailer.mp4');
    await writeFile(big, '');
    await truncate(big, 2 * GiB);
    await writeFile(small, 'x');
    const before = process.memoryUsage().rss;

    const chooser = shell.page.waitForEvent('filechooser');
    const chosen = shell.dialogs.openFiles({ title: 'Choose videos', filters: [{ name: 'Video', extensions: ['mp4', 'mkv'] }] });
    const fc = await chooser;
    expect(await fc.element().getAttribute('accept')).toBe('.mp4,.mkv');
    await fc.setFiles([big, small]);

    expect(await chosen).toEqual([big, small]);
    expect((process.memoryUsage().rss - before) / MiB).toBeLessThan(200);
  });

  test('a scripted answer still comes first, and a chooser nobody answers chooses nothing', async () => {
    await new AppShell(shell).ready();
    shell.dialogs.openAnswers.push(['/scripted/a.mp4']);
    expect(await shell.dialogs.openFiles({ title: 'Choose videos' })).toEqual(['/scripted/a.mp4']);
    // Headless Chromium with no one intercepting cancels a chooser at once, as a user closing the dialog would.
    expect(await shell.dialogs.openFiles({ title: 'Choose videos' })).toEqual([]);
  });
});
