/**
 * Fetch from a URL in the Chromium shell against the embedded sandbox: the form, used by keyboard, sends a URL
 * served by a loopback origin (a real file) with a custom header; the row follows the new video to Ready, the
 * sandbox holds the file's bytes, and the header's value is never in the page. The open form is axe-clean.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Sandbox } from '../sandbox/server.js';
import { expect, screenshot, test } from './fixtures.js';
import type { Shell } from './shell/shell.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';

const SECRET = 'Bearer e2e-fetch-s3cret-5d1';

let dir: string;
let server: http.Server | undefined;
test.beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'burrow-e2e-fetch-'));
});
test.afterEach(async () => {
  if (server) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = undefined;
  }
  await rm(dir, { recursive: true, force: true });
});

/** Serves one real file from disk at any path; records each request's headers. */
async function serveFile(path: string): Promise<{ url: (p: string) => string; requests: IncomingHttpHeaders[] }> {
  const requests: IncomingHttpHeaders[] = [];
  server = http.createServer((req, res) => {
    requests.push(req.headers);
    res.writeHead(200, { 'content-type': 'video/mp4' });
    createReadStream(path).pipe(res);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url: (p) => `${origin}${p}`, requests };
}

/** The embedded sandbox; it starts when the Videos screen first asks for the libraries. */
async function sandboxOf(shell: Shell): Promise<Sandbox> {
  await expect.poll(async () => (await shell.core.embeddedSandbox()) !== null).toBe(true);
  return (await shell.core.embeddedSandbox())!;
}

test('a URL fetched with a custom header reaches Ready with the file’s bytes; the form is keyboard-usable and axe-clean', async ({ app, shell }) => {
  test.setTimeout(120_000);
  const bytes = randomBytes(2 * 1024 * 1024);
  const file = join(dir, 'keynote.mp4');
  await writeFile(file, bytes);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const origin = await serveFile(file);

  const v = app.videos;
  await v.open('keyboard');
  const sb = await sandboxOf(shell);
  const lib = sb.libraries[0]!;
  await v.library.selectOption(String(lib.id));

  const page = shell.page;
  const panel = page.getByTestId('fetch-panel');
  await panel.getByRole('button', { name: 'Fetch from a URL…' }).click();
  const form = page.getByRole('form', { name: 'Fetch from a URL' });
  const url = form.getByLabel('URL of the video file');
  await expect(url).toBeFocused();

  // Not http(s): refused at the field, nothing sent.
  await url.fill('ftp://127.0.0.1/keynote.mp4');
  await url.press('Enter');
  await expect(form.getByText('url must be an http:// or https:// address')).toBeVisible();

  await url.fill(origin.url('/media/keynote.mp4'));
  await form.getByLabel('Title').fill('Fetched keynote');
  await form.getByRole('button', { name: 'Add header' }).press('Enter');
  await form.getByLabel('Header 1 name').fill('Authorization');
  const value = form.getByLabel('Header 1 value');
  await value.fill(SECRET);
  await expect(value).toHaveAttribute('type', 'password');
  const reveal = form.getByRole('button', { name: 'Show the value of header 1' });
  await reveal.focus();
  await page.keyboard.press('Space');
  await expect(value).toHaveAttribute('type', 'text');
  await page.keyboard.press('Space');
  await expect(value).toHaveAttribute('type', 'password');
  await expect(form.getByText(/Signed or expiring links will not work/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(shell, 'videos-fetch-form');

  await url.press('Enter');
  await expect(form).toBeHidden();
  const row = panel.getByTestId('fetch-row').filter({ hasText: 'Fetched keynote' });
  await expect(row.getByTestId('fetch-state')).toHaveText('Ready', { timeout: 90_000 });
  await expect(row).toContainText('with Authorization');
  await expectNoSeriousA11yViolations(page);
  await screenshot(shell, 'videos-fetch-ready');

  expect(origin.requests.map((h) => h.authorization)).toContain(SECRET);
  // The row names the video by its title, never by its id, and links to it in the library.
  const videoId = await row.getAttribute('data-video-id');
  expect(videoId).toMatch(/^[0-9a-f-]{36}$/);
  expect(await row.textContent()).not.toContain(videoId!);
  expect(sb.uploads.inspect(lib.id, videoId!)).toMatchObject({ state: 'stored', sha256 });
  await row.getByRole('button', { name: 'Show in library: Fetched keynote' }).click();
  await expect(page.getByTestId('lib-row').and(page.locator(`[data-video-id="${videoId}"]`))).toHaveAttribute('data-spotlight', 'true');
  expect(await page.content()).not.toContain('e2e-fetch-s3cret');
});
