/**
 * One launch, in a fresh process, for the `launch` case: `shell` starts the Chromium shell (core, renderer,
 * Chromium) and waits for `#root[data-app-state="ready"]`; `blank` has Chromium open a blank page with the
 * shell's launch arguments and window. Prints the milliseconds from the start to that point.
 */
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath, launchShell } from '../../e2e/shell/shell.js';

async function shell(): Promise<number> {
  const started = performance.now();
  const s = await launchShell({ headless: true });
  try {
    await s.page.waitForSelector('#root[data-app-state="ready"]', { state: 'attached', timeout: 60_000 });
    return performance.now() - started;
  } finally {
    await s.close();
  }
}

async function blank(): Promise<number> {
  const started = performance.now();
  const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'light' });
    const page = await context.newPage();
    await page.goto('about:blank');
    return performance.now() - started;
  } finally {
    await browser.close();
  }
}

const which = process.argv[2];
if (which !== 'shell' && which !== 'blank') {
  process.stderr.write('usage: launch-child.ts shell|blank\n');
  process.exit(2);
}
process.stdout.write(`${(which === 'shell' ? await shell() : await blank()).toFixed(1)}\n`);
