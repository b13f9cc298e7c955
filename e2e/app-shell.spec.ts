import { expect, screenshot, test } from './fixtures.js';

const AREAS = ['Apps', 'Videos', 'Logs', 'Console', 'Settings'] as const;

test('reaches the ready state and shows the first area', async ({ shell }) => {
  const { page } = shell;
  await expect(page.locator('#root')).toHaveAttribute('data-app-state', 'ready');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Apps');
  await expect(page.getByTestId('active-profile')).toHaveText('Sandbox');
  await expect(page.getByTestId('connection')).toHaveAttribute('data-state', 'ok');
  await expect(page.getByTestId('connection')).toContainText('Connected');
});

test('app.info round-trips through window.burrow', async ({ shell }) => {
  const { page } = shell;
  await expect(page.locator('#root')).toHaveAttribute('data-app-state', 'ready');
  const result = await page.evaluate(() => window.burrow.invoke('app.info', {}));
  expect(result).toEqual({
    ok: true,
    value: { name: 'Burrow', version: expect.any(String), shell: 'chromium', platform: process.platform, dataDir: shell.dataDir },
  });
  const unknown = await page.evaluate(() => window.burrow.invoke('fs.readFile', { path: '/etc/passwd' }));
  expect(unknown).toMatchObject({ ok: false, error: { kind: 'unknown_method' } });
  const bad = await page.evaluate(() => window.burrow.invoke('app.openExternal', { url: 1 }));
  expect(bad).toMatchObject({ ok: false, error: { kind: 'validation', fieldErrors: { url: expect.any(String) } } });
  expect(Object.keys(await page.evaluate(() => window.burrow)).sort()).toEqual(['files', 'invoke', 'on']);
});

test('every area is reachable by keyboard, with a screenshot of each', async ({ shell }) => {
  const { page } = shell;
  await expect(page.locator('#root')).toHaveAttribute('data-app-state', 'ready');
  for (const [i, label] of AREAS.entries()) {
    await page.keyboard.press(`Control+${i + 1}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(label);
    await expect(page.getByRole('button', { name: new RegExp(`^${label}`) })).toHaveAttribute('aria-current', 'page');
    await screenshot(shell, `area-${label.toLowerCase()}`);
  }
  // Tab reaches the sidebar; arrows and Enter move between areas.
  await page.getByTestId('nav-apps').focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('nav-videos')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Videos');
  await expect(page.getByTestId('not-built')).toContainText('Uploading videos');
});

test('the command palette opens with Ctrl+K and jumps to an area', async ({ shell }) => {
  const { page } = shell;
  await expect(page.locator('#root')).toHaveAttribute('data-app-state', 'ready');
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox', { name: 'Command' }).fill('logs');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Logs');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a reload keeps the current area', async ({ shell }) => {
  const { page } = shell;
  await expect(page.locator('#root')).toHaveAttribute('data-app-state', 'ready');
  await page.getByTestId('nav-console').click();
  await page.reload();
  await expect(page.locator('#root')).toHaveAttribute('data-app-state', 'ready');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Console');
});

test('the theme follows the choice in Settings', async ({ shell }) => {
  const { page } = shell;
  await expect(page.locator('#root')).toHaveAttribute('data-app-state', 'ready');
  await page.keyboard.press('Control+5');
  await page.getByLabel('Theme').selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(bg).toBe('rgb(22, 24, 29)');
  await screenshot(shell, 'settings-dark');
  await expect(page.getByTestId('app-info')).toContainText('chromium');
});

test('core events reach the page as toasts', async ({ shell }) => {
  const { page } = shell;
  await expect(page.locator('#root')).toHaveAttribute('data-app-state', 'ready');
  shell.core.emit('app.notice', { level: 'warning', message: 'Library key expires soon' });
  await expect(page.getByText('Library key expires soon')).toBeVisible();
});

test('the page cannot reach the network', async ({ shell }) => {
  const { page } = shell;
  await expect(page.locator('#root')).toHaveAttribute('data-app-state', 'ready');
  const outcome = await page.evaluate(async () => {
    try {
      await fetch('https://api.bunny.net/pullzone');
      return 'fetched';
    } catch {
      return 'blocked';
    }
  });
  expect(outcome).toBe('blocked');
});

test('the theme follows the OS until the user picks one', async ({ shell }) => {
  const { page } = shell;
  await expect(page.locator('#root')).toHaveAttribute('data-app-state', 'ready');
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(await background()).toBe('rgb(255, 255, 255)');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(background).toBe('rgb(22, 24, 29)');
  await page.keyboard.press('Control+5');
  await page.getByLabel('Theme').selectOption('light');
  await expect.poll(background).toBe('rgb(255, 255, 255)');
});
