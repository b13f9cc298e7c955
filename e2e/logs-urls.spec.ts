/**
 * "Group URLs" in the Chromium shell over a video zone of the embedded sandbox: its segment URLs carry a video id
 * (a UUID) per video, so grouped they fold into patterns with the number of URLs each joins; a pattern is listed but
 * is not a filter, and turning grouping off brings the plain URLs back.
 */
import type { Sandbox } from '../sandbox/server.js';
import { expect, screenshot, test } from './fixtures.js';
import type { Shell } from './shell/shell.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';

async function sandboxOf(shell: Shell): Promise<Sandbox> {
  await expect.poll(async () => (await shell.core.embeddedSandbox()) !== null).toBe(true);
  return (await shell.core.embeddedSandbox())!;
}

test('Group URLs folds video ids into patterns with their URL counts; off again shows plain URLs', async ({ app, shell }) => {
  await app.logs.open();
  const sb = await sandboxOf(shell);
  const logs = app.logs;
  // A library zone serves only its library's ready videos: Clips On Demand's starts with demo videos playing.
  const zone = sb.pullZones.find((z) => z.loggingEnabled && z.name === 'vz-clips')!;
  await logs.zone.selectOption(String(zone.id));
  await logs.preset('24 h').click();
  await expect(logs.rows.first()).toBeVisible();
  await logs.settled();
  // The top lists are on the Overview.
  await logs.tab('Overview').click();

  const list = logs.content.getByRole('region', { name: /^Top URL/ });
  // Plain URLs name one video each.
  await expect(list.getByRole('button', { name: /[0-9a-f]{8}-[0-9a-f]{4}-/ }).first()).toBeVisible();

  await list.getByRole('checkbox', { name: 'Group URLs' }).check();
  await expect(logs.content.getByRole('region', { name: 'Top URL patterns' })).toBeVisible();
  const patterns = list.getByRole('group', { name: /\{uuid\}/ });
  await expect(patterns.first()).toBeVisible();
  await expect(patterns.first()).toHaveAttribute('aria-label', /\{uuid\}.*: [\d,]+ requests, [\d,]+ URLs, /);
  await expect(patterns.first()).toContainText(/[\d,]+ requests \([\d,]+ URLs\) · [\d.]+ [kKMG]?B · [\d.]+ % hit/);
  // A pattern is not a filter: nothing in the list that holds a placeholder is a button.
  await expect(list.getByRole('button', { name: /\{uuid\}/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(app.page);
  await screenshot(shell, 'logs-url-patterns');

  await list.getByRole('checkbox', { name: 'Group URLs' }).uncheck();
  await expect(logs.content.getByRole('region', { name: 'Top URLs' })).toBeVisible();
  await expect(list.getByRole('group', { name: /\{uuid\}/ })).toHaveCount(0);
});
