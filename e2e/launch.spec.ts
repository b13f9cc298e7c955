/** Start-up: the window paints its shell before the core has started, and says so when the core cannot start. */
import { expect, test } from '@playwright/test';
import { createCore } from '../electron/core/index.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import { launchShell, type Shell } from './shell/shell.js';

const shells: Shell[] = [];
test.afterEach(async () => {
  for (const s of shells.splice(0)) await s.close();
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the sidebar and the area's skeleton are on screen while the core starts, then the data arrives (${colorScheme})`, async () => {
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    const shell = await launchShell({
      colorScheme,
      startCore: async (ports) => {
        await held;
        return createCore(ports);
      },
    });
    shells.push(shell);
    const { page } = shell;
    const root = page.locator('#root');
    await expect(root).toHaveAttribute('data-shell', 'painted');
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(colorScheme === 'dark' ? 'rgb(22, 24, 29)' : 'rgb(255, 255, 255)');
    await expect(page.getByRole('navigation', { name: 'Areas' }).getByRole('button', { name: /Apps/ })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Apps' })).toBeVisible();
    const skeleton = page.locator('.skeleton[role="status"]');
    await expect(skeleton).toBeVisible();
    await expect(skeleton).toContainText('Loading');
    await expect(page.getByTestId('connection')).toContainText('Starting…');
    // Nothing has answered: the core is still held.
    await expect(root).toHaveAttribute('data-app-state', 'loading');
    await expectNoSeriousA11yViolations(page);

    release();
    await expect(root).toHaveAttribute('data-app-state', 'ready');
    await expect(page.getByTestId('apps-empty').or(page.locator('.apps-rows'))).toBeVisible();
    await expect(skeleton).toHaveCount(0);
    await expect(page.getByTestId('active-profile')).toHaveText('Sandbox');
  });
}

test('a core that cannot start: the window says why instead of its area', async () => {
  const shell = await launchShell({
    startCore: async () => {
      throw new Error('The data folder is read-only');
    },
  });
  shells.push(shell);
  const { page } = shell;
  await expect(page.locator('#root')).toHaveAttribute('data-app-state', 'error');
  const alert = page.getByTestId('area-apps').getByRole('alert');
  await expect(alert).toContainText('Burrow could not start');
  await expect(alert).toContainText('The data folder is read-only');
  await expect(page.getByRole('navigation', { name: 'Areas' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
