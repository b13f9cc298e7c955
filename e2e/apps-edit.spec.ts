/**
 * Changing an app in the Chromium shell against the embedded sandbox: Edit opens the form filled from the app; a new
 * tag and a removed variable are listed in words on Review (the removal named) and in the body; Save sends the
 * update and the sandbox then holds the change, the container keeping its id. Then one container's variables are
 * changed through "Edit variables", with a masked review before applying.
 */
import { expect, screenshot, test } from './fixtures.js';
import { containersCall, sandboxOf } from './pages/apps.js';
import { fullApp } from '../sandbox/apps/testing/harness.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';

interface Template {
  id: string;
  imageDigest?: string | null;
  name: string;
  imageTag: string;
  environmentVariables: { name: string; value: string }[];
}

test('Edit: a new tag and a removed variable are reviewed in words, sent as the update, and held by the sandbox; Edit variables applies a masked diff', async ({ app, shell }) => {
  // Three axe runs and two round trips through the whole form: more than the default minute on a busy machine.
  test.slow();
  const apps = app.apps;
  await apps.open();
  const sb = await sandboxOf(shell);
  const base = fullApp();
  const [web] = base.containerTemplates as Record<string, unknown>[];
  const created = await containersCall(sb, 'POST', '/apps', {
    ...base,
    name: 'E2E edit shop',
    containerTemplates: [
      {
        ...web,
        environmentVariables: [
          { name: 'MODE', value: 'demo' },
          { name: 'DEBUG', value: '1' },
          { name: 'DB_PASSWORD', value: 'hunter22' },
        ],
      },
    ],
  });
  expect(created.status).toBe(201);
  const id = (created.json as { id: string }).id;
  const templates = async () => ((await containersCall(sb, 'GET', `/apps/${id}`)).json as { containerTemplates: Template[] }).containerTemplates;
  const [before] = await templates();

  await apps.reread();
  await apps.openApp('E2E edit shop');
  await apps.detail.getByRole('button', { name: 'Edit', exact: true }).click();
  const form = apps.content.getByRole('form', { name: 'Edit E2E edit shop' });
  await expect(form).toBeVisible();
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue('E2E edit shop');
  await expect(form.getByLabel('Tag')).toHaveValue('1.27');

  await form.getByLabel('Tag').fill('1.28');
  await form.getByRole('button', { name: 'Environment variables', exact: true }).click();
  await expect(form.getByLabel('Variable 2 name')).toHaveValue('DEBUG');
  await form.getByRole('button', { name: 'Remove variable 2' }).click();
  await form.getByRole('button', { name: 'Review' }).click();

  const changes = apps.content.getByTestId('review-changes');
  await expect(changes.getByRole('listitem')).toHaveText(['Container web › Image tag: 1.27 → 1.28', 'Environment variable DEBUG of container web will be removed']);
  const body = JSON.parse((await apps.content.getByTestId('review-body').textContent()) ?? '') as { containerTemplates: Template[] };
  expect(body.containerTemplates[0]).toMatchObject({ id: before!.id, imageTag: '1.28' });
  expect(body.containerTemplates[0]!.environmentVariables.map((v) => v.name)).toEqual(['MODE', 'DB_PASSWORD']);
  await expect(apps.content.getByTestId('review-body')).not.toContainText('hunter22');
  // One scroll area for the review (the body is not a second scroll bar inside the pane), its answer always in view.
  const scrollers = await app.page.evaluate(
    () =>
      [...document.querySelectorAll('body *')].filter((el) => {
        const { overflowY } = getComputedStyle(el);
        return (overflowY === 'auto' || overflowY === 'scroll') && el.checkVisibility() && el.scrollHeight > el.clientHeight + 1;
      }).length,
  );
  expect(scrollers).toBeLessThanOrEqual(1);
  await expect(apps.content.getByRole('button', { name: 'Save changes' })).toBeInViewport();
  await expectNoSeriousA11yViolations(app.page);
  await screenshot(shell, 'apps-edit-review-light');
  await app.page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => app.page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(22, 24, 29)');
  await expectNoSeriousA11yViolations(app.page);
  await screenshot(shell, 'apps-edit-review-dark');
  await app.page.emulateMedia({ colorScheme: 'light' });

  await apps.content.getByRole('button', { name: 'Save changes' }).click();
  await expect(apps.detailHeading).toHaveText('E2E edit shop');
  const [after] = await templates();
  expect(after).toMatchObject({ id: before!.id, name: 'web', imageTag: '1.28' });
  // The digest pinned the old tag's build; the new tag is not held to it.
  expect(before!.imageDigest).toBeTruthy();
  expect(after!.imageDigest ?? null).not.toBe(before!.imageDigest);
  expect(after!.environmentVariables).toEqual([
    { name: 'MODE', value: 'demo' },
    { name: 'DB_PASSWORD', value: 'hunter22' },
  ]);

  // One container's variables, without the whole form.
  await apps.detail.getByRole('button', { name: 'Edit variables of container web' }).click();
  const dialog = app.page.getByTestId('env-dialog');
  await expect(dialog.getByLabel('Variable 1 name')).toHaveValue('MODE');
  await expect(dialog.getByLabel('Variable 2 value')).toHaveAttribute('type', 'password');
  await dialog.getByLabel('Variable 1 value').fill('live');
  await dialog.getByLabel('Variable 2 value').fill('correct-horse');
  await dialog.getByRole('button', { name: 'Review changes' }).click();
  await expect(dialog.getByTestId('env-changes').getByRole('listitem')).toHaveText([
    'Container web › Environment variable MODE: demo → live',
    'Container web › Environment variable DB_PASSWORD: •••••••• → ••••••••',
  ]);
  await expectNoSeriousA11yViolations(app.page);
  await screenshot(shell, 'apps-env-dialog-review');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toHaveCount(0);
  const [envSet] = await templates();
  expect(envSet!.environmentVariables).toEqual([
    { name: 'MODE', value: 'live' },
    { name: 'DB_PASSWORD', value: 'correct-horse' },
  ]);
});
