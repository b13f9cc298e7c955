/**
 * The Playwright fixtures: `shell`, a fresh Chromium shell (core + app window + temp data dir) per test, and
 * `app`, its page objects, handed over once the app is ready.
 */
import { test as base, expect } from '@playwright/test';
import { mkdir } from 'node:fs/promises';
import { AppShell } from './pages/app-shell.js';
import { launchShell, type Shell } from './shell/shell.js';

export const test = base.extend<{ shell: Shell; app: AppShell }>({
  shell: async ({}, use) => {
    const shell = await launchShell({ headless: true });
    await use(shell);
    await shell.close();
  },
  app: async ({ shell }, use) => {
    const app = new AppShell(shell);
    await app.ready();
    await use(app);
  },
});

export { expect };

/** Saves a screenshot of the app window under reports/screenshots/ (reports are never committed). */
export async function screenshot(shell: Shell, name: string): Promise<void> {
  await mkdir('reports/screenshots', { recursive: true });
  await shell.page.screenshot({ path: `reports/screenshots/${name}.png`, fullPage: true });
}
