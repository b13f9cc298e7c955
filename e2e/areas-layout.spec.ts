/**
 * Every area at 1280×800, in both themes: the document never scrolls, and no scrolling box sits inside another
 * (one scroll container per pane: a list that scrolls inside a page that scrolls is two scroll bars for one thing).
 * Each area is saved as reports/screenshots/area-<name>-<theme>.png. At 1024×700 the sidebar is a rail of icons
 * that still names, marks and reaches every area, by mouse and by keyboard.
 */
import { expect, test } from '@playwright/test';
import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { AppShell } from './pages/app-shell.js';
import { createOnPlatform, sandboxOf } from './pages/apps.js';
import { launchShell, type Shell } from './shell/shell.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import { expectOneScrollerPerPane, inTheme, THEMES } from './support/scrolling.js';

/** Checks the scrolling and saves the screenshot in both themes, ending in the light one. */
async function checkArea(page: Page, name: string): Promise<void> {
  await mkdir('reports/screenshots', { recursive: true });
  for (const theme of THEMES) {
    await inTheme(page, theme);
    await expectOneScrollerPerPane(page, `${name} (${theme})`);
    await page.screenshot({ path: `reports/screenshots/area-${name}-${theme}.png` });
  }
  await inTheme(page, 'light');
}

let shell: Shell;
let app: AppShell;

test.beforeAll(async () => {
  shell = await launchShell({ headless: true, colorScheme: 'light' });
  app = new AppShell(shell);
  await app.ready();
  await shell.page.setViewportSize({ width: 1280, height: 800 });
  // Enough applications that the list is longer than the window, as a real account's may be.
  const sb = await sandboxOf(shell);
  for (let i = 1; i <= 24; i++) await createOnPlatform(sb, `layout-app-${String(i).padStart(2, '0')}`);
});
test.afterAll(async () => {
  await shell?.close();
});

test.describe('one scroll container per pane at 1280×800', () => {
  test('Apps list', async () => {
    await app.apps.open();
    await app.apps.reread();
    await expect(app.apps.row('layout-app-24')).toBeVisible();
    await checkArea(app.page, 'apps');
  });

  test("an app's detail", async () => {
    await app.apps.open();
    await app.apps.reread();
    await app.apps.openApp('layout-app-01');
    await checkArea(app.page, 'app-detail');
  });

  test('Apps create form', async () => {
    await app.apps.open();
    await app.apps.newApp.click();
    await expect(app.apps.content.getByRole('form', { name: 'New app' })).toBeVisible();
    await checkArea(app.page, 'apps-create');
    await app.apps.content.getByRole('button', { name: 'Cancel' }).click();
  });

  test('Videos', async () => {
    await app.videos.open();
    await checkArea(app.page, 'videos');
  });

  test('Videos library browser', async () => {
    await app.videos.open();
    const sb = await sandboxOf(shell);
    await app.videos.library.selectOption(String(sb.libraries[0]!.id));
    await app.videos.content.getByRole('tab', { name: 'Library' }).click();
    await expect(app.videos.content.getByTestId('library-view')).toBeVisible();
    await checkArea(app.page, 'videos-library');
    await app.videos.content.getByRole('tab', { name: 'Upload queue' }).click();
  });

  test('Logs', async () => {
    await app.logs.open();
    await checkArea(app.page, 'logs');
  });

  test('Console, with a response', async () => {
    await app.console.open();
    await app.console.send('api get /pullzone');
    await expect(app.console.status).toBeVisible();
    await checkArea(app.page, 'console');
  });

  test('Settings', async () => {
    await app.settings.open();
    await checkArea(app.page, 'settings');
  });
});

test('at 1024×700 the sidebar is a rail of icons that names, marks and reaches every area', async () => {
  const page = app.page;
  await app.apps.open();
  await page.setViewportSize({ width: 1024, height: 700 });
  try {
    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar).toHaveAttribute('data-collapsed', 'true');
    expect((await sidebar.boundingBox())!.width).toBeLessThanOrEqual(64);
    const nav = page.getByRole('navigation', { name: 'Areas' });
    for (const label of ['Apps', 'Videos', 'Logs', 'Console', 'Settings']) await expect(nav.getByRole('button', { name: label })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Apps' })).toHaveAttribute('aria-current', 'page');

    // Hover shows the name beside the icon; keyboard focus does too, and the arrows and Enter move between areas.
    const label = (name: string) => nav.getByRole('button', { name }).locator('.nav-label');
    await nav.getByRole('button', { name: 'Logs' }).hover();
    await expect.poll(async () => (await label('Logs').boundingBox())?.width ?? 0).toBeGreaterThan(20);
    await nav.getByRole('button', { name: 'Apps' }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(nav.getByRole('button', { name: 'Videos' })).toBeFocused();
    await expect.poll(async () => (await label('Videos').boundingBox())?.width ?? 0).toBeGreaterThan(20);
    await page.keyboard.press('Enter');
    await expect(app.heading).toHaveText('Videos');
    await expect(nav.getByRole('button', { name: 'Videos' })).toHaveAttribute('aria-current', 'page');

    await app.apps.open();
    await page.mouse.move(600, 400);
    await expectNoSeriousA11yViolations(page);
    for (const theme of THEMES) {
      await inTheme(page, theme);
      await page.screenshot({ path: `reports/screenshots/area-sidebar-collapsed-1024x700-${theme}.png` });
    }
    await inTheme(page, 'light');

    // Wide again, the names come back.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(sidebar).toHaveAttribute('data-collapsed', 'false');
    await expect(sidebar.getByText('Burrow', { exact: true })).toBeVisible();
  } finally {
    await page.setViewportSize({ width: 1280, height: 800 });
  }
});

test('at 1920×1080 the apps list uses the width', async () => {
  const page = app.page;
  await page.setViewportSize({ width: 1920, height: 1080 });
  try {
    await app.apps.open();
    await app.apps.reread();
    const content = (await app.apps.content.boundingBox())!;
    const row = (await app.apps.row('layout-app-01').boundingBox())!;
    // The list spans the content area (less its padding), not a narrow column of it.
    expect(row.width).toBeGreaterThan(content.width - 80);
    await page.screenshot({ path: 'reports/screenshots/area-apps-1920x1080-light.png' });
  } finally {
    await page.setViewportSize({ width: 1280, height: 800 });
  }
});
