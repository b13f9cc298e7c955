/**
 * A v1 log file dropped on the Logs screen in the Chromium shell: one call hands its path to the core (the page never
 * reads it nor learns the path) and the screen opens it by token; a file that is not a log is refused in words.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { formatV1Line } from '../shared/logs/v1-line.js';
import { expect, test } from './fixtures.js';
import { dropFiles } from './support/drop-files.js';

let dir: string;
test.beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'burrow-e2e-logdrop-'));
});
test.afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

test('a dropped .log.gz opens as the source of the table in one drop call; a dropped text file is refused', async ({ app, shell }) => {
  const t0 = Date.UTC(2024, 2, 13);
  const lines = Array.from({ length: 300 }, (_, i) =>
    formatV1Line({
      timestampMs: t0 + i * 1_000, pullZoneId: 60367, requestId: i.toString(16).padStart(32, '0'), cacheStatus: 'HIT', statusCode: i % 3 === 0 ? 404 : 200,
      bytesSent: 1_000 + i, remoteIp: '10.0.0.0', countryCode: 'DE', edgeLocation: 'WA', url: `https://zone.b-cdn.net/v/${i % 9}.mp4`, userAgent: 'Mozilla/5.0', referer: null,
    }),
  );
  const file = join(dir, '03-13-24.log.gz');
  await writeFile(file, gzipSync(`${lines.join('\n')}\n`));
  const notes = join(dir, 'notes.txt');
  await writeFile(notes, 'not a log');
  await app.logs.open();

  await dropFiles(app.page, [notes]);
  await expect(app.page.locator('[data-sonner-toast]').filter({ hasText: 'Only a CDN log file (.log or .log.gz) opens here.' })).toBeVisible();
  expect(shell.drops).toEqual([]);

  await dropFiles(app.page, [file]);
  await expect(app.logs.content.getByTestId('logs-counts')).toHaveText(/^300 matching of 300 loaded rows/);
  expect(shell.drops).toEqual([{ paths: [file], method: 'files.list' }]);
  await app.logs.filterText.fill('status:404');
  await app.logs.filterText.press('Enter');
  await expect(app.logs.content.getByTestId('logs-counts')).toHaveText(/^100 matching of 300 loaded rows/);
});
