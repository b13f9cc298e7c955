/**
 * The library browser in the Chromium shell against the embedded sandbox: a file uploaded in the app shows in the
 * Library view and turns Ready there by itself (the page is never reloaded); its title and collection edited in
 * place are what the sandbox then holds; the queue's row links to it; deleting it (after one question naming it)
 * removes it from the sandbox, and the queue's row then says the video is gone. Axe runs on the view and on the delete dialog; screenshots go to reports/screenshots.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import type { Sandbox } from '../sandbox/server.js';
import { expect, screenshot, test } from './fixtures.js';
import type { Shell } from './shell/shell.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';

let dir: string;
test.beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'burrow-e2e-library-'));
});
test.afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The embedded sandbox; it starts when the Videos screen first asks for the libraries. */
async function sandboxOf(shell: Shell): Promise<Sandbox> {
  await expect.poll(async () => (await shell.core.embeddedSandbox()) !== null).toBe(true);
  return (await shell.core.embeddedSandbox())!;
}

/** Asks the sandbox itself (with the library's key, not through the app) for a video: its HTTP status and fields. */
async function sandboxVideo(sb: Sandbox, libraryId: number, guid: string): Promise<{ http: number; title?: string; collectionId?: string | null }> {
  const key = sb.libraries.find((l) => l.id === libraryId)!.key;
  const res = await fetch(`${sb.videoUrl}/library/${libraryId}/videos/${guid}`, { headers: { AccessKey: key, Accept: 'application/json' } });
  return { http: res.status, ...(res.status === 200 ? ((await res.json()) as { title: string; collectionId: string | null }) : {}) };
}

async function sandboxCollections(sb: Sandbox, libraryId: number): Promise<{ guid: string; name: string }[]> {
  const key = sb.libraries.find((l) => l.id === libraryId)!.key;
  const res = await fetch(`${sb.videoUrl}/library/${libraryId}/collections`, { headers: { AccessKey: key, Accept: 'application/json' } });
  return ((await res.json()) as { items: { guid: string; name: string }[] }).items;
}

/** The path a fault rule matches for a library's video routes (the video URL may carry a prefix). */
function videosPath(sb: Sandbox, libraryId: number): string {
  return `${new URL(sb.videoUrl).pathname.replace(/\/$/, '')}/library/${libraryId}/videos`;
}

test('an upload turns Ready live in the Library; title and collection edited there reach the sandbox; delete asks once and removes it', async ({ app, shell }) => {
  test.setTimeout(180_000);
  const v = app.videos;
  const page = app.page;
  const clip = join(dir, 'library clip.mp4');
  await writeFile(clip, randomBytes(1_500_000));

  await v.open('keyboard');
  const sb = await sandboxOf(shell);
  const lib = sb.libraries[0]!;
  await v.library.selectOption(String(lib.id));

  // The switch, by keyboard: the tabs move with the arrow keys.
  await v.content.getByRole('tab', { name: 'Upload queue' }).focus();
  await page.keyboard.press('ArrowRight');
  const libraryTab = v.content.getByRole('tab', { name: 'Library' });
  await expect(libraryTab).toHaveAttribute('aria-selected', 'true');
  const view = v.content.getByTestId('library-view');
  await expect(view.getByText('This library has no videos yet')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // A marker in the page: if the window were reloaded, it would be gone.
  await page.evaluate(() => ((window as unknown as { libraryMarker: number }).libraryMarker = 42));

  // The upload's body is held a moment, so the new video is surely seen waiting for its file first.
  sb.faults.add({ method: 'PUT', path: `${videosPath(sb, lib.id)}/*`, times: 1, action: { kind: 'delay', ms: 3000 } });
  shell.dialogs.openAnswers.push([clip]);
  await v.chooseFiles.click();
  const row: Locator = view.getByTestId('lib-row').filter({ has: page.getByRole('textbox', { name: 'Title of library clip' }) });
  const state = row.getByTestId('lib-state');
  await expect(state).toHaveText('Waiting for its file', { timeout: 30_000 });
  await expect(state).toHaveText('Ready', { timeout: 90_000 });
  expect(await page.evaluate(() => (window as unknown as { libraryMarker?: number }).libraryMarker)).toBe(42);
  const guid = (await row.getAttribute('data-video-id'))!;
  // The size is the bytes uploaded; the length the sandbox probed from the size.
  await expect(row).toContainText('1.5 MB');
  await expect(row).toContainText('0:02');
  // Its thumbnail is the sandbox's own picture of it, fetched from the library's CDN host (the sandbox itself).
  await expect(row.getByTestId('lib-thumb')).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
  await expectNoSeriousA11yViolations(page);
  await screenshot(shell, 'videos-library');
  // Contrast is checked per theme: the dark theme has its own colours.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(22, 24, 29)');
  await expectNoSeriousA11yViolations(page);
  await page.emulateMedia({ colorScheme: 'light' });

  // Renamed in place: the sandbox holds the new title.
  const title = row.getByRole('textbox', { name: 'Title of library clip' });
  await title.fill('Library clip, renamed');
  await title.press('Enter');
  const renamed = view.getByTestId('lib-row').filter({ has: page.getByRole('textbox', { name: 'Title of Library clip, renamed' }) });
  await expect(renamed).toBeVisible();
  await expect.poll(async () => (await sandboxVideo(sb, lib.id, guid)).title).toBe('Library clip, renamed');

  // Moved into a collection in place: the sandbox files it there.
  const [collection] = await sandboxCollections(sb, lib.id);
  await renamed.getByRole('combobox', { name: 'Collection of Library clip, renamed' }).selectOption(collection!.guid);
  await expect.poll(async () => (await sandboxVideo(sb, lib.id, guid)).collectionId).toBe(collection!.guid);

  // The queue's finished row (under the title it was uploaded with) links back here, to this video.
  await v.content.getByRole('tab', { name: 'Upload queue' }).click();
  await v.row('library clip').getByRole('button', { name: 'Show in library' }).click();
  await expect(libraryTab).toHaveAttribute('aria-selected', 'true');
  await expect(view.locator(`[data-video-id="${guid}"]`)).toHaveAttribute('data-spotlight', 'true');
  await expect(view.locator(`[data-video-id="${guid}"]`)).toBeFocused();

  // Delete asks once, naming the video; keeping it changes nothing.
  await renamed.getByRole('button', { name: 'Delete Library clip, renamed' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByRole('heading')).toHaveText('Delete “Library clip, renamed”?');
  await expectNoSeriousA11yViolations(page);
  await screenshot(shell, 'videos-library-delete');
  await dialog.getByRole('button', { name: 'Keep it' }).click();
  await expect(dialog).toHaveCount(0);
  expect((await sandboxVideo(sb, lib.id, guid)).http).toBe(200);

  await renamed.getByRole('button', { name: 'Delete Library clip, renamed' }).click();
  await dialog.getByRole('button', { name: 'Delete video' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(view.locator(`[data-video-id="${guid}"]`)).toHaveCount(0);
  await expect(view.getByText('This library has no videos yet')).toBeVisible();
  expect((await sandboxVideo(sb, lib.id, guid)).http).toBe(404);

  // The queue's row of the deleted video says it is gone, instead of opening an empty library.
  await v.content.getByRole('tab', { name: 'Upload queue' }).click();
  await v.row('library clip').getByRole('button', { name: 'Show in library' }).click();
  await expect(v.row('library clip').getByTestId('video-gone')).toHaveText(`This video is no longer in ${lib.name} — it was deleted or the sandbox was reset.`);
  await expect(libraryTab).toHaveAttribute('aria-selected', 'false');
});
