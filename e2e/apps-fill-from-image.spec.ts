/**
 * The form's questions to the platform in the Chromium shell against the embedded sandbox: the image reference
 * completes a public image's name and then its tag, Pin fills in the tag's digest, "Fill from image" shows the
 * image's suggestions to confirm and adds the checked ones, the required variable is marked, the limits are shown and
 * the new app starts in the platform's optimal region.
 */
import { expect, screenshot, test } from './fixtures.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';

test('an image completed by name and tag, then filled from its suggestions', async ({ app, shell }) => {
  const apps = app.apps;
  await apps.open();
  await apps.newApp.click();
  const form = apps.content.getByRole('form', { name: 'New app' });
  await expect(form).toBeVisible();
  // The sandbox's optimal region is Frankfurt; its limits allow 3 instances per region.
  await expect(form.getByLabel('Frankfurt: Required')).toBeChecked();
  await expect(form.getByTestId('limits-scaling')).toContainText('Up to 3 instances per region');

  const reference = form.getByLabel('Image reference');
  await reference.click();
  await reference.pressSequentially('postg');
  const names = form.getByRole('listbox', { name: 'Matching images' });
  await expect(names.getByRole('option', { name: 'postgres' })).toBeVisible();
  await reference.press('ArrowDown');
  await reference.press('Enter');
  await expect(form.getByLabel('Image name')).toHaveValue('postgres');
  const tags = form.getByRole('listbox', { name: 'Available versions' });
  await expect(tags.getByRole('option', { name: '16-alpine' })).toBeVisible();
  await tags.getByRole('option', { name: '16-alpine' }).click();
  await expect(form.getByLabel('Tag')).toHaveValue('16-alpine');
  // Pin: the sandbox's registry answers the tag's digest, and the form holds it.
  await form.getByRole('button', { name: 'Pin' }).click();
  await expect(form.getByLabel('Digest')).toHaveValue(/^sha256:[0-9a-f]{64}$/);
  await expect(reference).toHaveValue(/^docker\.io\/library\/postgres:16-alpine@sha256:[0-9a-f]{64}$/);
  await form.getByLabel('Digest').locator('..').screenshot({ path: 'reports/screenshots/apps-image-pinned.png' });

  await form.getByRole('button', { name: 'Fill from image…' }).click();
  const dialog = app.page.getByTestId('fill-from-image-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: /^POSTGRES_PASSWORD \(required by the image/ })).toBeChecked();
  await dialog.getByRole('checkbox', { name: /^PGDATA/ }).uncheck();
  await expectNoSeriousA11yViolations(app.page);
  await screenshot(shell, 'apps-fill-from-image');
  await dialog.getByRole('button', { name: 'Add the checked ones' }).click();
  await expect(dialog).toBeHidden();
  await expect(form.getByTestId('fill-from-image-note')).toHaveText(/^Filled from postgres:16-alpine: 1 endpoint, 3 variables, 1 volume/);
  await form.getByRole('button', { name: 'Environment variables', exact: true }).click();
  await expect(form.getByText('Required by the image')).toHaveCount(1);
});
