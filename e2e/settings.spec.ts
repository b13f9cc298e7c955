import { createSeed } from '../sandbox/seed.js';
import { EMBEDDED_SEED } from '../electron/core/settings/index.js';
import { expect, screenshot, test } from './fixtures.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';

const accountKey = createSeed(EMBEDDED_SEED).accountKey;

test('adds a second profile, tests its connection, switches to it and back; keys never show', async ({ app, shell }) => {
  const settings = app.settings;
  const { page } = app;
  await settings.open('keyboard');
  await expect(settings.detailHeading).toContainText('Sandbox');

  // The sandbox's endpoints, read from its (read-only) fields.
  const urls = await settings.endpoints();

  // A bad name is refused with the field and the rule.
  await settings.addProfile('x'.repeat(61));
  await expect(page.getByText('Name must be at most 60 characters')).toBeVisible();

  await settings.addProfile('Second');
  await expect(settings.detailHeading).toContainText('Second');
  await expect(settings.endpoint('api')).toHaveValue('https://api.bunny.net');

  // Point it at the sandbox and give it the account key.
  const videoRule = settings.detail.getByText('Video (Stream) URL must be an http(s) URL');
  await settings.setEndpoints({ api: urls.api, mc: urls.mc, video: 'not a url', logging: urls.logging });
  await expect(videoRule).toBeVisible();
  await settings.setEndpoints({ video: urls.video });
  await expect(videoRule).toHaveCount(0);

  await settings.setAccountKey(accountKey);
  await expect(settings.accountKeyInput).toHaveValue('');

  // Find the libraries and store their keys, then test every area.
  await settings.detail.getByRole('button', { name: 'Find libraries and pull zones' }).click();
  const found = settings.detail.getByTestId('discovered');
  await expect(found).toContainText('Demo Library');
  await expect(found).toContainText('logging disabled');
  for (const box of await found.getByRole('checkbox').all()) await box.check();
  await found.getByRole('button', { name: 'Store selected keys' }).click();
  await expect(settings.detail.getByText(/^Set \(…/)).toHaveCount(4);

  await settings.testConnection();
  for (const area of ['core', 'containers', 'video', 'logging'] as const) {
    await expect(settings.check(area)).toHaveAttribute('data-state', 'ok');
  }
  await screenshot(shell, 'settings-second-profile');

  // Switch to it: the sidebar follows at once; then back through the command palette.
  await settings.makeActive();
  await expect(app.activeProfile).toHaveText('Second');
  await expect(app.connection).toHaveAttribute('data-state', 'ok');
  await app.runCommand('switch to profile sandbox');
  await expect(app.activeProfile).toHaveText('Sandbox');

  // No key is ever in the page: not in text, not in any input.
  const html = await page.content();
  expect(html).not.toContain(accountKey);
  for (const lib of createSeed(EMBEDDED_SEED).libraries) expect(html).not.toContain(lib.key);
  const values = await page.locator('input').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
  expect(values.join('\n')).not.toContain(accountKey);
});

test('a wrong key is reported per area with the platform status', async ({ app }) => {
  const settings = app.settings;
  await settings.open('keyboard');
  const { api } = await settings.endpoints();
  // Enter submits both the new name and the key.
  await settings.newProfileName.fill('Wrong key');
  await app.page.keyboard.press('Enter');
  await expect(settings.detailHeading).toContainText('Wrong key');
  await settings.setEndpoints({ api, mc: `${api}/mc` });
  await settings.accountKeyInput.fill('definitely-not-the-key');
  await app.page.keyboard.press('Enter');
  await expect(settings.accountKey).toContainText('…-key');
  await settings.testConnection();
  await expect(settings.check('core')).toHaveAttribute('data-state', 'wrong-key');
  await expect(settings.check('core')).toContainText('401');
  await expect(settings.check('containers')).toHaveAttribute('data-state', 'wrong-key');
  await expect(settings.check('video')).toHaveAttribute('data-state', 'no-key');
  // Deleting asks once and names the profile.
  await settings.deleteProfile('Wrong key');
});

test('Reset sandbox asks first, naming what is lost, then starts the sandbox over', async ({ app, shell }) => {
  const settings = app.settings;
  const { page } = app;
  await settings.open('keyboard');
  await expect(settings.detailHeading).toContainText('Sandbox');
  await expect.poll(async () => (await shell.core.embeddedSandbox()) !== null).toBe(true);
  const before = (await shell.core.embeddedSandbox())!;
  const appsOf = async () => {
    const s = (await shell.core.embeddedSandbox())!;
    const res = await fetch(`${s.containersUrl}/apps`, { headers: { AccessKey: s.accountKey } });
    return ((await res.json()) as { items: { name: string }[] }).items.map((a) => a.name);
  };
  const made = await fetch(`${before.containersUrl}/apps`, {
    method: 'POST',
    headers: { AccessKey: before.accountKey, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'made-before-reset', runtimeType: 'Shared', autoScaling: { min: 1, max: 1 }, regionSettings: {} }),
  });
  expect(made.status).toBe(201);
  expect(await appsOf()).toEqual(['made-before-reset']);

  const reset = settings.detail.getByTestId('sandbox-reset');
  await reset.getByRole('button', { name: 'Reset sandbox…' }).click();
  const dialog = reset.getByRole('alertdialog');
  await expect(dialog).toContainText('Every app, uploaded video, collection and DNS zone made in it is deleted');
  await expect(dialog.getByRole('button', { name: 'Reset sandbox' })).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await screenshot(shell, 'settings-sandbox-reset');
  await page.keyboard.press('Enter');
  await expect(reset.getByRole('status')).toHaveText('The sandbox was reset: it has only its demo data again.');
  expect(await appsOf()).toEqual([]);
});

test('the palette’s Reset sandbox… opens Settings on the Sandbox profile and asks there; Cancel deletes nothing', async ({ app }) => {
  await app.console.open('keyboard');
  await app.runCommand('reset sandbox');
  await expect(app.heading).toHaveText('Settings');
  await expect(app.settings.detailHeading).toContainText('Sandbox');
  const reset = app.settings.detail.getByTestId('sandbox-reset');
  const dialog = reset.getByRole('alertdialog');
  await expect(dialog).toContainText('This cannot be undone');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(reset.getByRole('button', { name: 'Reset sandbox…' })).toBeFocused();
  await expect(reset.getByRole('status')).toHaveCount(0);
});
