/**
 * "Watch delivery" after an upload, in the Chromium shell against the embedded sandbox: the file reaches Ready, its
 * queue row opens Logs on the library's pull zone, filtered to the video's guid, live; a play injected into the zone
 * for that guid shows in the live table, one for another video does not. Axe runs on the live screen; screenshots
 * at 1280×800 and 1024×700, light and dark, with the page never scrolling as a whole.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import { sandboxOf } from './pages/apps.js';
import { shots } from './videos-delivery-support.js';

let dir: string;
test.beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'burrow-e2e-watch-'));
});
test.afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

test('a Ready upload\'s "Watch delivery" opens Logs live on its guid, and its first play arrives there', async ({ app, shell }) => {
  test.setTimeout(240_000);
  const page = app.page;
  await page.setViewportSize({ width: 1280, height: 800 });
  const clip = join(dir, 'first plays.mp4');
  await writeFile(clip, randomBytes(1_200_000));
  const v = app.videos;
  await v.open('sidebar');
  const sb = await sandboxOf(shell);
  const lib = sb.libraries.find((l) => l.name === 'Demo Library')!;
  await v.library.selectOption(String(lib.id));
  shell.dialogs.openAnswers.push([clip]);
  await v.chooseFiles.click();
  await expect(v.state('first plays')).toHaveText('Ready', { timeout: 180_000 });

  // The library's pull zone, as the platform names it.
  const zoneId = ((await (await fetch(`${sb.apiUrl}/videolibrary/${lib.id}`, { headers: { AccessKey: sb.accountKey } })).json()) as { PullZoneId: number }).PullZoneId;
  await v.row('first plays').getByRole('button', { name: 'Watch delivery: first plays' }).click();
  const logs = app.logs;
  await expect(logs.content).toBeVisible();
  await expect(logs.zone).toHaveValue(String(zoneId));
  await expect(logs.filterText).toHaveValue(/^url:\/[0-9a-f-]{36}\/$/);
  const guid = /^url:\/([0-9a-f-]{36})\/$/.exec(await logs.filterText.inputValue())![1]!;
  const live = logs.content.getByTestId('live-toggle');
  await expect(live).toHaveAttribute('aria-pressed', 'true');
  await expect(logs.content.getByTestId('live-state')).toHaveAttribute('data-polls', /^[1-9]/, { timeout: 30_000 });

  // Its first play (and one of another video, which the filter keeps out) arrive in the live table.
  const now = Date.now();
  sb.logging.inject(zoneId, [
    { timestampMs: now - 1000, url: `/${guid}/720p/video999.ts` },
    { timestampMs: now - 900, url: '/00000000-0000-4000-8000-000000000000/720p/video0.ts' },
  ]);
  const grid = logs.content.getByRole('grid', { name: 'Log rows' });
  // A path cell shows the path cut in the middle; its whole path is its title.
  const cells = (start: string) => grid.locator(`[role="row"][data-state="ready"] [data-column="path"][title^="${start}"]`);
  await expect(cells(`/${guid}/720p/video999.ts`)).toHaveCount(1, { timeout: 30_000 });
  await expect(cells('/00000000-0000-4000-8000-000000000000/')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await shots(page, 'videos-delivery-watch');
});
