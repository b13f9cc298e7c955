import { createSeed } from '../sandbox/seed.js';
import { EMBEDDED_SEED } from '../electron/core/settings/embedded-sandbox.js';
import { expect, screenshot, test } from './fixtures.js';

const accountKey = createSeed(EMBEDDED_SEED).accountKey;

test('adds a second profile, tests its connection, switches to it and back; keys never show', async ({ shell }) => {
  const { page } = shell;
  await expect(page.locator('#root')).toHaveAttribute('data-app-state', 'ready');
  await page.keyboard.press('Control+5');
  const detail = page.getByTestId('profile-detail');
  await expect(detail.getByRole('heading', { level: 2 }).first()).toContainText('Sandbox');

  // The sandbox's endpoints, read from its (read-only) fields.
  const urls = {
    api: await detail.getByLabel('Core API URL').inputValue(),
    mc: await detail.getByLabel('Magic Containers URL').inputValue(),
    video: await detail.getByLabel('Video (Stream) URL').inputValue(),
    logging: await detail.getByLabel('CDN logging URL').inputValue(),
  };

  // A bad name is refused with the field and the rule.
  await page.getByLabel('New profile name').fill('x'.repeat(61));
  await page.getByRole('button', { name: 'Add' }).first().click();
  await expect(page.getByText('Name must be at most 60 characters')).toBeVisible();

  await page.getByLabel('New profile name').fill('Second');
  await page.getByRole('button', { name: 'Add' }).first().click();
  await expect(detail.getByRole('heading', { level: 2 }).first()).toContainText('Second');
  await expect(detail.getByLabel('Core API URL')).toHaveValue('https://api.bunny.net');

  // Point it at the sandbox and give it the account key.
  await detail.getByLabel('Core API URL').fill(urls.api);
  await detail.getByLabel('Magic Containers URL').fill(urls.mc);
  await detail.getByLabel('Video (Stream) URL').fill('not a url');
  await detail.getByLabel('CDN logging URL').fill(urls.logging);
  await detail.getByRole('button', { name: 'Save changes' }).click();
  await expect(detail.getByText('Video (Stream) URL must be an http(s) URL')).toBeVisible();
  await detail.getByLabel('Video (Stream) URL').fill(urls.video);
  await detail.getByRole('button', { name: 'Save changes' }).click();
  await expect(detail.getByText('Video (Stream) URL must be an http(s) URL')).toHaveCount(0);

  const keyInput = detail.getByLabel('Account API key');
  await keyInput.fill(accountKey);
  await detail.getByTestId('key-account').getByRole('button', { name: 'Save' }).click();
  await expect(detail.getByTestId('key-account')).toContainText(`…${accountKey.slice(-4)}`);
  await expect(keyInput).toHaveValue('');

  // Find the libraries and store their keys, then test every area.
  await detail.getByRole('button', { name: 'Find libraries and pull zones' }).click();
  const found = detail.getByTestId('discovered');
  await expect(found).toContainText('Demo Library');
  await expect(found).toContainText('logging disabled');
  for (const box of await found.getByRole('checkbox').all()) await box.check();
  await found.getByRole('button', { name: 'Store selected keys' }).click();
  await expect(detail.getByText(/^Set \(…/)).toHaveCount(3);

  await detail.getByRole('button', { name: 'Test connection' }).click();
  const checks = detail.getByTestId('connection-checks');
  for (const area of ['core', 'containers', 'video', 'logging']) {
    await expect(checks.locator(`tr[data-area="${area}"]`)).toHaveAttribute('data-state', 'ok');
  }
  await screenshot(shell, 'settings-second-profile');

  // Switch to it: the sidebar follows at once; then back through the command palette.
  await detail.getByRole('button', { name: 'Make active' }).click();
  await expect(page.getByTestId('active-profile')).toHaveText('Second');
  await expect(page.getByTestId('connection')).toHaveAttribute('data-state', 'ok');
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox', { name: 'Command' }).fill('switch to profile sandbox');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('active-profile')).toHaveText('Sandbox');

  // No key is ever in the page: not in text, not in any input.
  const html = await page.content();
  expect(html).not.toContain(accountKey);
  for (const lib of createSeed(EMBEDDED_SEED).libraries) expect(html).not.toContain(lib.key);
  const values = await page.locator('input').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
  expect(values.join('\n')).not.toContain(accountKey);
});

test('a wrong key is reported per area with the platform status', async ({ shell }) => {
  const { page } = shell;
  await expect(page.locator('#root')).toHaveAttribute('data-app-state', 'ready');
  await page.keyboard.press('Control+5');
  const detail = page.getByTestId('profile-detail');
  const api = await detail.getByLabel('Core API URL').inputValue();
  await page.getByLabel('New profile name').fill('Wrong key');
  await page.keyboard.press('Enter');
  await expect(detail.getByRole('heading', { level: 2 }).first()).toContainText('Wrong key');
  await detail.getByLabel('Core API URL').fill(api);
  await detail.getByLabel('Magic Containers URL').fill(`${api}/mc`);
  await detail.getByRole('button', { name: 'Save changes' }).click();
  await detail.getByLabel('Account API key').fill('definitely-not-the-key');
  await page.keyboard.press('Enter');
  await expect(detail.getByTestId('key-account')).toContainText('…-key');
  await detail.getByRole('button', { name: 'Test connection' }).click();
  const checks = detail.getByTestId('connection-checks');
  await expect(checks.locator('tr[data-area="core"]')).toHaveAttribute('data-state', 'wrong-key');
  await expect(checks.locator('tr[data-area="core"]')).toContainText('401');
  await expect(checks.locator('tr[data-area="containers"]')).toHaveAttribute('data-state', 'wrong-key');
  await expect(checks.locator('tr[data-area="video"]')).toHaveAttribute('data-state', 'no-key');
  // Deleting asks once and names the profile.
  await detail.getByRole('button', { name: 'Delete…' }).click();
  await detail.getByRole('button', { name: 'Delete Wrong key' }).click();
  await expect(page.getByTestId('profile-Wrong key')).toHaveCount(0);
});
