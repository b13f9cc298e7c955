/**
 * Child of `logs-v2-page`, a fresh process each time. `ours`: the Chromium shell opens Logs on the sandbox's busiest
 * zone over 3 days (10,000-row pages), then loads every page, while a long-task observer records every task of the
 * window over 50 ms; prints the longest (0 when none). `peer`: the same window left idle for as long, observed
 * the same way (what the page costs when nothing loads).
 */
import { launchShell } from '../../e2e/shell/shell.js';

const which = process.argv[2];

const OBSERVE = `(() => {
  window.__longest = 0;
  window.__count = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      window.__count++;
      window.__longest = Math.max(window.__longest, e.duration);
    }
  }).observe({ type: 'longtask', buffered: false });
})()`;

const shell = await launchShell({ headless: true });
try {
  const page = shell.page;
  await page.waitForSelector('#root[data-app-state="ready"]', { state: 'attached', timeout: 60_000 });
  await page.keyboard.press('Control+3');
  const zone = page.getByRole('combobox', { name: 'Pull zone' });
  await zone.waitFor();
  // The zones list arrives with the embedded sandbox.
  await page.waitForFunction(() => (document.querySelectorAll('select option:not([disabled])').length ?? 0) > 0, undefined, { timeout: 60_000 });
  const started = performance.now();
  await page.evaluate(OBSERVE);
  if (which === 'ours') {
    const first = await zone.locator('option:not([disabled])').first().getAttribute('value');
    await zone.selectOption(first!);
    await page.getByRole('group', { name: 'Time range preset' }).getByRole('button', { name: '3 days', exact: true }).click();
    await page.waitForFunction(() => /matching of [\d,]+ loaded rows/.test(document.querySelector('[data-testid="logs-counts"]')?.textContent ?? ''), undefined, { timeout: 120_000 });
    const loadAll = page.getByRole('button', { name: 'Load all…' });
    if (await loadAll.isVisible()) {
      await loadAll.click();
      await page.getByTestId('load-all-dialog').getByRole('button', { name: 'Load all', exact: true }).click();
    }
    await page.waitForFunction(() => !document.querySelector('[data-testid="partial-note"]') && !document.querySelector('[data-testid="load-all-progress"]'), undefined, { timeout: 300_000 });
    // Let the last aggregates land and draw.
    await page.evaluate(() => new Promise((r) => setTimeout(r, 1_500)));
  } else {
    await page.evaluate(() => new Promise((r) => setTimeout(r, 4_000)));
  }
  const result = (await page.evaluate('({ longest: window.__longest, count: window.__count })')) as { longest: number; count: number };
  process.stdout.write(JSON.stringify({ ...result, ms: performance.now() - started }));
} finally {
  await shell.close();
}
