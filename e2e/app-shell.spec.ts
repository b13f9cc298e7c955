import { expect, screenshot, test } from './fixtures.js';
import { AREAS } from './pages/area-page.js';

test('reaches the ready state and shows the first area', async ({ app }) => {
  await expect(app.heading).toHaveText('Apps');
  await expect(app.activeProfile).toHaveText('Sandbox');
  await expect(app.connection).toHaveAttribute('data-state', 'ok');
  await expect(app.connection).toContainText('Connected');
});

test('app.info round-trips through window.burrow', async ({ app, shell }) => {
  const { page } = app;
  const result = await page.evaluate(() => window.burrow.invoke('desktop.info', {}));
  expect(result).toEqual({
    ok: true,
    value: { name: 'Burrow', version: expect.any(String), shell: 'chromium', platform: process.platform, dataDir: shell.dataDir },
  });
  const unknown = await page.evaluate(() => window.burrow.invoke('fs.readFile', { path: '/etc/passwd' }));
  expect(unknown).toMatchObject({ ok: false, error: { kind: 'unknown_method' } });
  const bad = await page.evaluate(() => window.burrow.invoke('desktop.openExternal', { url: 1 }));
  expect(bad).toMatchObject({ ok: false, error: { kind: 'validation', fieldErrors: { url: expect.any(String) } } });
  expect(Object.keys(await page.evaluate(() => window.burrow)).sort()).toEqual(['files', 'invoke', 'on']);
});

test('every area is reachable by keyboard, with a screenshot of each', async ({ app, shell }) => {
  for (const { id, label } of AREAS) {
    await app.goTo(id, 'keyboard');
    await expect(app.page.getByRole('button', { name: new RegExp(`^${label}`) })).toHaveAttribute('aria-current', 'page');
    expect(await app.activeArea()).toBe(id);
    await screenshot(shell, `area-${id}`);
  }
  // Settings (the last area) puts the keyboard in its first field once its profiles have loaded: wait for that, or
  // it can land after the sidebar was focused below and take the arrow keys.
  await expect.poll(() => app.page.evaluate(() => document.activeElement?.closest('main') !== null && document.activeElement?.tagName === 'INPUT')).toBe(true);
  // Tab reaches the sidebar; arrows and Enter move between areas.
  await app.navItem('apps').focus();
  await app.page.keyboard.press('ArrowDown');
  await expect(app.navItem('videos')).toBeFocused();
  await app.page.keyboard.press('Enter');
  await expect(app.heading).toHaveText('Videos');
  await expect(app.videos.library).toBeVisible();
});

test('the command palette opens with Ctrl+K and jumps to an area', async ({ app }) => {
  await app.runCommand('logs');
  await expect(app.heading).toHaveText('Logs');
  await expect(app.page.getByRole('dialog')).toHaveCount(0);
  await app.goTo('settings', 'palette');
  expect(await app.activeArea()).toBe('settings');
});

test('a reload keeps the current area', async ({ app }) => {
  await app.goTo('console');
  await app.reload();
  await expect(app.heading).toHaveText('Console');
});

test('the theme follows the choice in Settings', async ({ app, shell }) => {
  await app.settings.open('keyboard');
  await app.settings.theme.selectOption('dark');
  await expect(app.page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const bg = await app.page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(bg).toBe('rgb(22, 24, 29)');
  await screenshot(shell, 'settings-dark');
  await expect(app.settings.appInfo).toContainText('chromium');
});

test('core events reach the page as toasts', async ({ app, shell }) => {
  shell.core.emit('desktop.notice', { level: 'warning', message: 'Library key expires soon' });
  await expect(app.page.getByText('Library key expires soon')).toBeVisible();
});

test('the page cannot reach the network', async ({ app }) => {
  const outcome = await app.page.evaluate(async () => {
    try {
      await fetch('https://api.bunny.net/pullzone');
      return 'fetched';
    } catch {
      return 'blocked';
    }
  });
  expect(outcome).toBe('blocked');
});

test('the theme follows the OS until the user picks one', async ({ app }) => {
  const { page } = app;
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(await background()).toBe('rgb(255, 255, 255)');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(background).toBe('rgb(22, 24, 29)');
  await app.settings.open('keyboard');
  await app.settings.theme.selectOption('light');
  await expect.poll(background).toBe('rgb(255, 255, 255)');
});

test('arriving in an area puts focus where the user types next, by keyboard, sidebar and palette alike', async ({ app }) => {
  for (const via of ['keyboard', 'sidebar', 'palette'] as const) {
    await app.goTo('console', via);
    await expect(app.console.command).toBeFocused();
    await app.goTo('settings', via);
    await expect(app.page.getByLabel('Name', { exact: true })).toBeFocused();
    await app.goTo('logs', via);
    await expect(app.logs.zone).toBeFocused();
  }
});
