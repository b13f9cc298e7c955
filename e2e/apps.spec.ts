/**
 * Apps in the Chromium shell against the embedded sandbox: an app created on the platform directly (as the
 * dashboard or `burrow apps` would) shows in the list after Refresh, opens by keyboard into a readable detail with
 * its id to copy, and Delete asks once, naming it; after it the app is gone from the list and from the platform.
 */
import { expect, screenshot, test } from './fixtures.js';
import { containersCall, createOnPlatform, sandboxOf } from './pages/apps.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';

test('an app made on the platform is listed, opens into its detail, and Delete asks once by name, then it is gone', async ({ app, shell }) => {
  const apps = app.apps;
  await apps.open();
  const sb = await sandboxOf(shell);
  await expect(apps.empty).toContainText('No applications yet');
  await expect(apps.empty.getByRole('button', { name: 'New app' })).toBeVisible();
  await screenshot(shell, 'apps-empty');

  const id = await createOnPlatform(sb, 'E2E shop');

  await apps.reread();
  await expect(apps.row('E2E shop')).toBeVisible();
  // A created app is not deployed until asked. The embedded sandbox speaks with realism: the status may come in
  // another letter case (the same words) or as one Burrow does not know (shown as written).
  await expect(apps.row('E2E shop')).toContainText(/Not deployed|Hibernating/);

  await apps.openApp('E2E shop');
  await expect(apps.shownId).toHaveText(id);
  const detail = apps.detail;
  await expect(detail.getByTestId('app-regions')).toContainText('Frankfurt (required), London');
  await expect(detail).toContainText('1 to 3 instances per region');
  const web = detail.getByRole('article', { name: 'Container web' });
  await expect(web).toContainText('docker.io/library/nginx:1.27');
  await expect(web).toContainText('startup (TCP), readiness (gRPC), liveness (HTTP)');
  await expect(web).toContainText('53 UDP/TCP');
  await expect(web).toContainText('data at /var/lib/data');
  await shell.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await apps.copyId.click();
  await expect(detail.getByText('Id copied')).toBeVisible();
  expect(await app.page.evaluate(() => navigator.clipboard.readText())).toBe(id);
  await expectNoSeriousA11yViolations(app.page);
  await screenshot(shell, 'apps-detail');

  // Asked once, by name; Cancel leaves the app where it was.
  await apps.askToDelete();
  await expect(apps.deleteDialog.getByRole('heading')).toHaveText('Delete “E2E shop”?');
  await expectNoSeriousA11yViolations(app.page);
  await screenshot(shell, 'apps-delete');
  await app.page.keyboard.press('Escape');
  await expect(apps.deleteDialog).toHaveCount(0);
  await expect(apps.detail.getByRole('button', { name: 'Delete…' })).toBeFocused();
  expect((await containersCall(sb, 'GET', `/apps/${id}`)).status).toBe(200);

  await apps.askToDelete();
  await apps.confirmDelete();
  await expect(app.page.getByText('Deleted the application “E2E shop”')).toBeVisible();
  await expect(apps.detail).toHaveCount(0);
  await expect(apps.empty).toBeVisible();
  await expect(apps.heading).toHaveText('Applications (0)');
  await expect(apps.heading).toBeFocused();
  expect((await containersCall(sb, 'GET', `/apps/${id}`)).status).toBe(404);
  expect((await containersCall(sb, 'GET', '/apps')).json).toMatchObject({ items: [] });
});
