/**
 * Creating an app through the form in the Chromium shell against the embedded sandbox: a name, a required region,
 * a container from a pasted image reference with a `.env` paste and a CDN endpoint, then Review shows the exact
 * body; Create sends exactly those bytes, and the new app opens in its detail. A name just outside its limit shows
 * the rule before anything is sent.
 */
import { expect, screenshot, test } from './fixtures.js';
import { createOnPlatform, sandboxOf } from './pages/apps.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';

test('an app made in the form: Review shows the body, Create sends exactly those bytes, the app opens', async ({ app, shell }) => {
  const apps = app.apps;
  await apps.open();
  const sb = await sandboxOf(shell);
  await apps.newApp.click();
  const form = apps.content.getByRole('form', { name: 'New app' });
  await expect(form).toBeVisible();
  await screenshot(shell, 'apps-form-empty');

  // A name one character over the limit names the rule once the field is left, and Review sends nothing.
  const name = form.getByLabel('Name', { exact: true });
  await name.fill('x'.repeat(101));
  await name.blur();
  await expect(form.getByText(/Name: 1–100 characters — letters, digits, hyphens and spaces/)).toBeVisible();
  sb.containers.resetReceived();
  await form.getByRole('button', { name: 'Review' }).click();
  await expect(name).toBeFocused();
  expect(sb.containers.received()).toEqual([]);
  await expectNoSeriousA11yViolations(app.page);
  await screenshot(shell, 'apps-form-errors');

  await name.fill('E2E form shop');
  await form.getByLabel('Frankfurt: Required').check();
  await form.getByLabel('Container name').fill('web');
  await form.getByLabel('Image reference').fill('nginx:1.27');
  await expect(form.getByLabel('Namespace')).toHaveValue('library');
  await expect(form.getByLabel('Tag')).toHaveValue('1.27');
  await form.getByRole('button', { name: 'Environment variables', exact: true }).click();
  await form.getByRole('radio', { name: 'As .env text' }).check();
  await form.getByRole('textbox', { name: '.env text' }).fill('# settings\nexport MODE=production\nGREETING="hello world"\n');
  await form.getByRole('button', { name: 'Apply', exact: true }).click();
  await form.getByRole('button', { name: 'Endpoints', exact: true }).click();
  await form.getByRole('button', { name: 'Add endpoint' }).click();
  await form.getByLabel('Endpoint 1 name').fill('site');
  await form.getByLabel('Endpoint 1 port mapping: container port').fill('80');

  await form.getByRole('button', { name: 'Review' }).click();
  const shown = apps.content.getByTestId('review-body');
  await expect(shown).toBeVisible();
  // The review step stands alone: the form waits hidden until "Back".
  await expect(form).toBeHidden();
  const body = (await shown.textContent()) ?? '';
  const parsed = JSON.parse(body) as {
    name: string;
    regionSettings: { requiredRegionIds: string[] };
    containerTemplates: { imageName: string; imageTag: string; environmentVariables: { name: string; value: string }[] }[];
  };
  expect(parsed.name).toBe('E2E form shop');
  expect(parsed.regionSettings.requiredRegionIds).toEqual(['DE']);
  expect(parsed.containerTemplates[0]).toMatchObject({ imageName: 'nginx', imageTag: '1.27' });
  expect(parsed.containerTemplates[0]!.environmentVariables).toEqual([
    { name: 'MODE', value: 'production' },
    { name: 'GREETING', value: 'hello world' },
  ]);
  await expectNoSeriousA11yViolations(app.page);
  await screenshot(shell, 'apps-form-review');

  await apps.content.getByRole('button', { name: 'Create' }).click();
  await expect(apps.detailHeading).toHaveText('E2E form shop');
  // Byte for byte what the review step showed.
  expect(sb.containers.received().map((r) => r.body)).toEqual([body]);
});

test('a field error only the platform finds lands on that field of the second container; a 409 is explained; the draft survives a reload', async ({ app, shell }) => {
  const apps = app.apps;
  await apps.open();
  const sb = await sandboxOf(shell);
  await apps.newApp.click();
  let form = apps.content.getByRole('form', { name: 'New app' });
  await form.getByRole('group', { name: 'Start from' }).getByRole('button', { name: 'API with a Redis sidecar' }).click();
  await form.getByLabel('Name', { exact: true }).fill('E2E sidecar');

  // The second container gets an endpoint the platform will refuse by its field path.
  const redis = form.getByRole('region', { name: /^Container 2/ });
  await redis.getByRole('button', { name: 'Endpoints', exact: true }).click();
  await redis.getByRole('button', { name: 'Add endpoint' }).click();
  await redis.getByLabel('Endpoint 1 name').fill('cache');
  await redis.getByLabel('Endpoint 1 port mapping: container port').fill('6380');
  const problem = (status: number, detail: string, errors?: { field: string; message: string }[]) => ({
    kind: 'status' as const,
    status,
    contentType: 'application/problem+json',
    body: { title: status === 409 ? 'Conflict' : 'Bad Request', status, detail, ...(errors ? { errors } : {}) },
  });
  sb.faults.add({ method: 'POST', path: '/mc/apps', times: 1, action: problem(400, 'See the errors for details.', [{ field: 'containerTemplates[1].endpoints[0].displayName', message: 'This name is already used by another endpoint of the account.' }]) });
  await form.getByRole('button', { name: 'Review' }).click();
  await apps.content.getByRole('button', { name: 'Create' }).click();
  const field = redis.getByLabel('Endpoint 1 name');
  await expect(field).toBeFocused();
  await expect(redis.getByText('This name is already used by another endpoint of the account.')).toBeVisible();

  // Fixed, sent again: the account's application limit, explained in words.
  await field.fill('cache2');
  sb.faults.add({ method: 'POST', path: '/mc/apps', times: 1, action: problem(409, 'Application count limit is reached (4 applications).') });
  await form.getByRole('button', { name: 'Review' }).click();
  await apps.content.getByRole('button', { name: 'Create' }).click();
  await expect(apps.content.getByRole('alert').filter({ hasText: /limit/i }).first()).toBeVisible();
  await screenshot(shell, 'apps-form-409');

  // Nothing typed is lost: the core holds the draft (written while the user types), and after a reload the form
  // opens on it.
  const storedName = () =>
    app.page.evaluate(async () => {
      const r = (await (window as unknown as { burrow: { invoke(c: string, i: unknown): Promise<{ ok: boolean; value?: { draft: { values?: { name?: string } } | null } }> } }).burrow.invoke('apps.getDraft', {}));
      return r.value?.draft?.values?.name ?? null;
    });
  await expect.poll(storedName).toBe('E2E sidecar');
  await expect(form.getByText(/draft could not be saved/)).toHaveCount(0);
  await app.page.reload();
  await app.ready();
  await apps.open();
  await apps.newApp.click();
  form = apps.content.getByRole('form', { name: 'New app' });
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue('E2E sidecar');
  const again = form.getByRole('region', { name: /^Container 2/ });
  await again.getByRole('button', { name: 'Endpoints', exact: true }).click();
  await expect(again.getByLabel('Endpoint 1 name')).toHaveValue('cache2');
});

test('the JSON view shows the exact body and applies edits, refusing an unknown property by name; Duplicate fills the form from an app', async ({ app, shell }) => {
  const apps = app.apps;
  await apps.open();
  const sb = await sandboxOf(shell);
  await createOnPlatform(sb, 'E2E original');
  await apps.reread();
  await apps.newApp.click();
  const form = apps.content.getByRole('form', { name: 'New app' });
  await form.getByRole('group', { name: 'Start from' }).getByRole('button', { name: 'Web server behind CDN' }).click();

  // JSON view: the same text Review would show; an unknown member is refused by its path and Form stays closed.
  await form.getByRole('group', { name: 'Edit as' }).getByRole('button', { name: 'JSON' }).click();
  const text = form.getByRole('textbox', { name: 'Request body (JSON)' });
  // The editor draws its text as lines (a short body is drawn whole).
  const body = JSON.parse((await text.locator('.cm-line').allTextContents()).join('\n')) as Record<string, unknown>;
  expect(body).toMatchObject({ name: 'web', containerTemplates: [{ name: 'nginx' }] });
  await text.fill(JSON.stringify({ ...body, name: 'From JSON', colour: 'blue' }, null, 2));
  await expect(form.getByText(/colour is not a property/)).toBeVisible();
  await form.getByRole('group', { name: 'Edit as' }).getByRole('button', { name: 'Form' }).click();
  await expect(form.getByRole('alert').filter({ hasText: /colour is not a property/ })).toBeVisible();
  await expect(text).toBeVisible();
  await expectNoSeriousA11yViolations(app.page);
  // Fixed: the form side shows the edit.
  await text.fill(JSON.stringify({ ...body, name: 'From JSON' }, null, 2));
  await form.getByRole('group', { name: 'Edit as' }).getByRole('button', { name: 'Form' }).click();
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue('From JSON');

  // Duplicate an existing app: asked first (the form has content), then filled from the platform's copy.
  await form.getByRole('group', { name: 'Start from' }).getByRole('button', { name: 'Duplicate an app…' }).click();
  const picker = app.page.getByRole('dialog', { name: 'Duplicate an app' });
  await expect(picker.getByRole('button', { name: /E2E original/ })).toBeVisible();
  await expectNoSeriousA11yViolations(app.page);
  await picker.getByRole('button', { name: /E2E original/ }).click();
  // The form holds what was typed: replacing it is asked first.
  const confirm = app.page.getByRole('alertdialog', { name: 'Replace what you typed?' });
  await confirm.getByRole('button', { name: 'Start from a copy of “E2E original”' }).click();
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue('E2E original copy');
  sb.containers.resetReceived();
  await form.getByRole('button', { name: 'Review' }).click();
  const shown = (await apps.content.getByTestId('review-body').textContent()) ?? '';
  await apps.content.getByRole('button', { name: 'Create' }).click();
  await expect(apps.detailHeading).toHaveText('E2E original copy');
  expect(sb.containers.received().map((r) => r.body)).toEqual([shown]);
});
