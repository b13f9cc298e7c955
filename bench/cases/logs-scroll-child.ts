/**
 * Child of `logs-scroll-1m`, a fresh process each time. `ours`: the Chromium shell opens a million-line v1 file in
 * the Logs screen, then the table's scroller is moved from the first row to the last, a step per frame, while every
 * frame's time is recorded; the last row must be drawn at the end. `peer`: the same steps over a plain scrolling
 * box of the same height holding nothing, in the same window (what the browser's frame pacing alone gives).
 * Prints { p95, frames, lastRowReached }.
 */
import { launchShell } from '../../e2e/shell/shell.js';

const [which, file] = process.argv.slice(2);
const STEPS = 600;

/** Runs in the page: scrolls `el` to its end in STEPS frames and answers each frame's duration. */
const SCROLL = `async (sel) => {
  const el = document.querySelector(sel);
  const max = el.scrollHeight - el.clientHeight;
  const times = [];
  let last = performance.now();
  for (let i = 1; i <= ${STEPS}; i++) {
    el.scrollTop = Math.round((max * i) / ${STEPS});
    await new Promise((r) => requestAnimationFrame(r));
    const now = performance.now();
    times.push(now - last);
    last = now;
  }
  await new Promise((r) => requestAnimationFrame(r));
  return times;
}`;

function p95(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * 0.95))]!;
}

const shell = await launchShell({ headless: true });
try {
  const page = shell.page;
  await page.waitForSelector('#root[data-app-state="ready"]', { state: 'attached', timeout: 60_000 });
  await page.keyboard.press('Control+3');
  let times: number[];
  let lastRowReached = true;
  if (which === 'ours') {
    shell.dialogs.openAnswers.push([file!]);
    await page.getByRole('button', { name: /Open log file/ }).click();
    await page.waitForFunction(() => /^1,000,000 matching/.test(document.querySelector('[data-testid="logs-counts"]')?.textContent ?? ''), undefined, { timeout: 300_000 });
    times = (await page.evaluate(`(${SCROLL})('.log-scroller')`)) as number[];
    // The last row drawn, with its data (not a placeholder).
    lastRowReached = await page
      .waitForFunction(() => [...document.querySelectorAll('.log-scroller [role="row"][aria-rowindex="1000001"]')].some((r) => !r.hasAttribute('aria-busy') && r.querySelector('[role="gridcell"]')?.textContent?.trim()), undefined, { timeout: 30_000 })
      .then(() => true, () => false);
  } else {
    await page.evaluate(() => {
      const box = document.createElement('div');
      box.className = 'bench-peer';
      box.style.cssText = 'position:fixed;inset:100px;overflow:auto;background:#fff;z-index:9';
      const inner = document.createElement('div');
      inner.style.height = '10000000px';
      box.append(inner);
      document.body.append(box);
    });
    times = (await page.evaluate(`(${SCROLL})('.bench-peer')`)) as number[];
  }
  process.stdout.write(JSON.stringify({ p95: p95(times), frames: times.length, lastRowReached }));
} finally {
  await shell.close();
}
