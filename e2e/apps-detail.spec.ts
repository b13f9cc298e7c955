/**
 * An app's page in the Chromium shell against the embedded sandbox, whose apps run over time (a created app is not
 * deployed; deploy, restart and rescale are progressing for a few seconds, then settle): the page says the app is
 * not deployed, Deploy asks by name and the page follows it to running with its instances; Scale refuses min above
 * max and then sets what the sandbox holds; Restart asks and is followed; a 409 on deploy (a suspended app) is told in
 * words. Every new dialog is checked with axe; the page is saved in both themes.
 */
import { expect, screenshot, test } from './fixtures.js';
import { containersCall, createUndeployed, sandboxOf } from './pages/apps.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';

/** Long enough for a transition (3 s) and two reads of a changing app (2 s apart). */
const SETTLE = { timeout: 20_000 };

// One long walk through the page's life: several transitions and an axe run per dialog on a shared machine.
test.describe.configure({ timeout: 240_000 });

test('the page tells an undeployed app; Deploy, Scale and Restart are asked and followed until they settle; a 409 on deploy is explained', async ({ app, shell }) => {
  const apps = app.apps;
  const page = app.page;
  await apps.open();
  const sb = await sandboxOf(shell);
  const id = await createUndeployed(sb, 'web-shop');
  await apps.reread();
  await expect(apps.row('web-shop')).toContainText('Not deployed');

  await apps.openApp('web-shop');
  const detail = apps.detail;
  const status = detail.getByTestId('app-status');
  await expect(status).toHaveText('Not deployed');
  const notice = detail.getByTestId('app-not-deployed');
  await expect(notice).toContainText('web-shop is not deployed');
  await expect(detail.getByTestId('app-regions')).toContainText('Frankfurt (required), London');

  // Deploy asks first, naming the app and saying what happens.
  await notice.getByRole('button', { name: /Deploy/ }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Deploy “web-shop”?' });
  await expect(confirm).toContainText('starts the instances of web-shop');
  await expect(confirm.getByRole('button', { name: 'Deploy', exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(shell, 'apps-deploy-confirm');
  await confirm.getByRole('button', { name: 'Deploy', exact: true }).click();
  await expect(confirm).toHaveCount(0);
  await expect(status).toHaveText('Deploying…');
  await expect(apps.row('web-shop')).toContainText('Deploying…');
  // The moving badge reads on the selected row too (contrast).
  await expectNoSeriousA11yViolations(page);
  // Followed until it runs: one required region (Frankfurt), min 1 per region.
  await expect(status).toHaveText('Running', SETTLE);
  await expect(detail.getByTestId('app-instances')).toHaveText('1 of 1 instance running in 1 region');
  await expect(detail.getByTestId('app-overview-regions')).toContainText('Frankfurt');
  await expect(detail.getByTestId('app-cost')).toContainText('a month');
  // The list agrees with the page: the overview the page read says instances run.
  await expect(apps.row('web-shop')).toContainText('Running');
  await expect(detail.getByRole('article', { name: 'Container web' }).getByTestId('endpoint-address').first()).not.toBeEmpty();
  await expectNoSeriousA11yViolations(page);
  await screenshot(shell, 'apps-detail-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(22, 24, 29)');
  await expectNoSeriousA11yViolations(page);
  await screenshot(shell, 'apps-detail-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  // Scale: min above max is refused with the form's rule and nothing is sent; then 2 to 4 is set on the platform.
  await detail.getByRole('button', { name: /Scale/ }).click();
  const scale = page.getByRole('dialog', { name: 'Scale “web-shop”' });
  await expectNoSeriousA11yViolations(page);
  await scale.getByLabel('Minimum instances per region').fill('5');
  await scale.getByLabel('Maximum instances per region').fill('4');
  await scale.getByRole('button', { name: 'Apply' }).click();
  await expect(scale.getByText(/Maximum instances per region: at least the minimum \(5\)/)).toBeVisible();
  await screenshot(shell, 'apps-scale-refused');
  expect((await containersCall(sb, 'GET', `/apps/${id}`)).json).toMatchObject({ autoScaling: { min: 1, max: 3 } });
  await scale.getByLabel('Minimum instances per region').fill('2');
  await scale.getByRole('button', { name: 'Apply' }).click();
  await expect(scale).toHaveCount(0);
  await expect(page.getByText('web-shop now runs 2 to 4 instances per region')).toBeVisible();
  expect((await containersCall(sb, 'GET', `/apps/${id}`)).json).toMatchObject({ autoScaling: { min: 2, max: 4 } });
  await expect(detail.getByTestId('app-scaling')).toHaveText('2 to 4 instances per region');
  await expect(detail.getByTestId('app-instances')).toHaveText('2 of 2 instances running in 1 region', SETTLE);
  await expect(status).toHaveText('Running', SETTLE);

  // Regions: the form's picker in a dialog.
  await detail.getByRole('button', { name: /Regions/ }).click();
  const regions = page.getByRole('dialog', { name: 'Regions of “web-shop”' });
  await expect(regions.getByRole('radio', { name: 'Frankfurt: Required' })).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(regions).toHaveCount(0);

  // Restart asks by name, then is followed until it runs again.
  await detail.getByRole('button', { name: /Restart/ }).click();
  const restart = page.getByRole('alertdialog', { name: 'Restart “web-shop”?' });
  await expectNoSeriousA11yViolations(page);
  await restart.getByRole('button', { name: 'Restart', exact: true }).click();
  await expect(restart).toHaveCount(0);
  await expect(status).toHaveText('Restarting…');
  await expect(status).toHaveText('Running', SETTLE);

  // Undeploy asks, saying the app keeps its settings.
  await detail.getByRole('button', { name: /Undeploy/ }).click();
  const undeploy = page.getByRole('alertdialog', { name: 'Undeploy “web-shop”?' });
  await expect(undeploy).toContainText('Every instance stops; the app keeps its settings and can be deployed again.');
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(undeploy).toHaveCount(0);

  // The platform suspends the app: opened again, the page says so, and a deploy's 409 is told in words.
  sb.containers.setAppSuspended(id, true);
  await detail.getByRole('button', { name: 'Close details' }).click();
  await apps.openApp('web-shop');
  await expect(status).toHaveText('Suspended');
  await detail.getByTestId('app-toolbar').getByRole('button', { name: /Deploy/ }).click();
  const refused = page.getByRole('alertdialog', { name: 'Deploy “web-shop”?' });
  await refused.getByRole('button', { name: 'Deploy', exact: true }).click();
  const alert = refused.getByRole('alert');
  await expect(alert).toContainText('The platform would not deploy “web-shop”: the app or the account is suspended.');
  await expect(alert).toContainText('Application is suspended');
  await expectNoSeriousA11yViolations(page);
  await screenshot(shell, 'apps-deploy-409');
});

test('at 1024×700 the page keeps its header, status and actions in view, nothing cut off sideways; list and page scroll apart', async ({ app, shell }) => {
  await shell.page.setViewportSize({ width: 1024, height: 700 });
  await app.apps.open();
  const sb = await sandboxOf(shell);
  // More apps than the list's pane holds: the open one is last, far down the list.
  for (let i = 1; i <= 14; i++) await createUndeployed(sb, `Filler ${i}`);
  await createUndeployed(sb, 'A long application name for layout');
  await app.apps.reread();
  await app.apps.openApp('A long application name for layout');
  const detail = app.apps.detail;
  await expect(detail.getByTestId('app-status')).toHaveText('Not deployed');
  await expect(detail.getByTestId('app-toolbar')).toBeInViewport();
  await expect(app.apps.row('A long application name for layout')).toBeInViewport();
  const overflow = await detail.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // The long name wraps in the list beside the page; its status stays a one-line badge (not stretched to the row).
  const badge = app.apps.row('A long application name for layout').locator('.apps-status');
  const nameBox = (await app.apps.row('A long application name for layout').locator('.apps-row-name').boundingBox())!;
  const badgeBox = (await badge.boundingBox())!;
  expect(nameBox.height).toBeGreaterThan(badgeBox.height * 2);
  expect(badgeBox.height).toBeLessThan(nameBox.height / 2);
  // The list and the page are two panes, each scrolling on its own: the area never scrolls as a whole, and reading
  // the page to its end keeps the list (and the open app's row) in view.
  const area = app.apps.content;
  await detail.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  expect(await detail.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
  expect(await area.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(0);
  await expect(app.apps.row('A long application name for layout')).toBeInViewport();
  await expect(detail.getByRole('button', { name: 'Delete…' })).toBeInViewport();
  await screenshot(shell, 'apps-detail-1024x700');
});
