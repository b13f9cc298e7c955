/** The Playwright fixture: a fresh Chromium shell (core + browser + temp data dir) per test. */
import { test as base, expect } from '@playwright/test';
import { mkdir } from 'node:fs/promises';
import { launchShell, type Shell } from './shell/shell.js';

export const test = base.extend<{ shell: Shell }>({
  shell: async ({}, use) => {
    const shell = await launchShell({ headless: true });
    await use(shell);
    await shell.close();
  },
});

export { expect };

/** Saves a screenshot under reports/screenshots/ (reports are never committed). */
export async function screenshot(shell: Shell, name: string): Promise<void> {
  await mkdir('reports/screenshots', { recursive: true });
  await shell.page.screenshot({ path: `reports/screenshots/${name}.png`, fullPage: true });
}
