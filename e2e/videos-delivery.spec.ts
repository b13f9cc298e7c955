/**
 * A video's delivery in the library browser, in the Chromium shell against the embedded sandbox: the rows of a
 * library whose zone plays its demo videos carry their figures from one walk, the top videos link to their rows,
 * and a video's detail (figures, sparkline, renditions) equals the sandbox's hidden truth (the rows it serves) for its guid
 * over the same range. A library whose zone keeps no logs says which setting to change. Axe runs on each state;
 * screenshots at 1280×800 and 1024×700, light and dark, with the page never scrolling as a whole.
 */
import { countBy, renditionOf, totalsOf, videoRows } from '../sandbox/logs/testing/truth.js';
import { formatBytes } from '../renderer/features/videos/format.js';
import { expect, test } from './fixtures.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import { sandboxOf } from './pages/apps.js';
import { shots } from './videos-delivery-support.js';

test("a library's rows and a video's detail show its delivery, equal to the sandbox's rows for its guid", async ({ app, shell }) => {
  test.setTimeout(120_000);
  const page = app.page;
  await page.setViewportSize({ width: 1280, height: 800 });
  const v = app.videos;
  await v.open('sidebar');
  const sb = await sandboxOf(shell);
  const clips = sb.libraries.find((l) => l.name === 'Clips On Demand')!;
  await v.library.selectOption(String(clips.id));
  await v.content.getByRole('tab', { name: 'Library' }).click();
  const view = v.content.getByTestId('library-view');
  const pane = view.getByTestId('delivery-pane');

  // The top videos, from the library's one walk; the first links to its row, which carries the same figures.
  const top = pane.getByTestId('top-videos');
  const first = top.getByRole('listitem').first();
  await expect(first).toBeVisible({ timeout: 30_000 });
  const title = (await first.getByRole('button').textContent())!;
  const figures = (await first.locator('span').textContent())!;
  await first.getByRole('button').click();
  const row = view.locator('tr[data-spotlight="true"]');
  await expect(row).toBeFocused();
  await expect(row.getByRole('textbox', { name: `Title of ${title}` })).toHaveValue(title);
  const requestsText = figures.split(' req')[0]!;
  await expect(row.getByTestId('lib-delivery')).toContainText(requestsText);
  await expectNoSeriousA11yViolations(page);
  await shots(page, 'videos-delivery-top');

  // Its detail: figures, sparkline and breakdowns over the walk's own range, as the sandbox holds them.
  await row.getByRole('button', { name: new RegExp(`, delivery of ${title}$`) }).click();
  const detail = pane.getByTestId('video-delivery');
  const shown = detail.getByTestId('delivery-figures');
  await expect(shown).toBeVisible({ timeout: 30_000 });
  await expect(detail.getByTestId('delivery-partial')).toHaveCount(0);
  const guid = (await row.getAttribute('data-video-id'))!;
  const [from, to] = await Promise.all(['data-from', 'data-to'].map(async (a) => Date.parse((await detail.getAttribute(a))!)));
  const truth = await videoRows(sb, clips.id, guid, { from: from!, to: to! });
  const t = totalsOf(truth);
  expect(t.requests).toBeGreaterThan(0);
  const value = (name: string) => shown.locator('div').filter({ hasText: name }).locator('dd');
  await expect(value('Requests')).toHaveAttribute('data-value', String(t.requests));
  await expect(value('Requests')).toHaveText(t.requests.toLocaleString('en-US'));
  await expect(value('Data sent')).toHaveAttribute('data-value', String(t.bytes));
  await expect(value('Data sent')).toHaveText(formatBytes(t.bytes));
  await expect(value('4xx')).toHaveAttribute('data-value', String(t.status4xx));
  await expect(value('5xx')).toHaveAttribute('data-value', String(t.status5xx));
  const spark = detail.getByTestId('delivery-sparkline');
  await expect(spark).toHaveAttribute('data-total', String(t.requests));
  await expect(spark.getByRole('img', { name: /^Requests per .+ over the last 24 h/ })).toBeVisible();
  // The renditions played, most first, as whole percents of the requests.
  const [rendition, played] = countBy(truth, (r) => renditionOf(r.url))[0]!;
  await expect(detail.getByTestId('delivery-shares')).toContainText(`Renditions${rendition} ${Math.round((played / t.requests) * 100)} %`);
  await expectNoSeriousA11yViolations(page);
  await shots(page, 'videos-delivery-detail');

  // Refresh reads it again, past the core's cache; the figures stay the sandbox's.
  await detail.getByRole('button', { name: 'Refresh' }).click();
  await expect(detail.getByRole('button', { name: 'Refresh' })).toBeEnabled();
  await expect(shown).toBeVisible();

  // A library whose zone keeps no logs: the pane says so, with the setting to change.
  const training = sb.libraries.find((l) => l.name === 'Training Videos')!;
  await v.library.selectOption(String(training.id));
  const off = v.content.getByTestId('delivery-unavailable');
  await expect(off).toContainText('Logging is turned off for this pull zone', { timeout: 30_000 });
  await expect(off).toContainText('Setting to change: Pull zone › Logging › Enable logging');
  await expect(view.getByTestId('lib-delivery').first()).toHaveText('—');
  await expectNoSeriousA11yViolations(page);
  await shots(page, 'videos-delivery-logging-off');
});
