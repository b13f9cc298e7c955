/**
 * Child of `logs-scroll-1m`, a fresh process each time. `ours`: the Chromium shell opens a million-line v1 file in
 * the Logs screen, then the table's scroller is moved from the first row to the last, a step per frame, while every
 * frame is measured; the last row must be drawn at the end. `peer`: the same steps over a plain scrolling box of
 * the same height holding nothing, in the same window, measured the same way.
 *
 * A frame's time is how long the page takes to produce it: from the frame's start (the timestamp the browser hands
 * requestAnimationFrame, which is when the frame began, however late the main thread got to it) to the moment a
 * message posted from that callback is delivered. That message is a task of its own, so it runs only once the
 * frame's rendering (scroll events and what they render, style, layout, paint, the commit to the compositor) and
 * every task queued before it are done. A long task that holds the main thread past the next frame's start delays
 * that frame, so it counts there: a frame time over 16.7 ms is a frame not ready when the next one was due. The gap
 * between successive requestAnimationFrame callbacks is also recorded, as it was the gate's measure before: it is
 * the browser's frame pacing, quantised to vsync and jittery under a headless or virtual display even over an
 * empty box, so it is printed for contrast (with the frames it shows as missed, gaps over one and a half frames)
 * but not gated.
 *
 * Prints { p95, frames, lastRowReached, intervalP95, missed }: p95 of frame times, and of the gaps.
 */
import { launchShell } from '../../e2e/shell/shell.js';

const [which, file] = process.argv.slice(2);
const STEPS = 600;

/** Runs in the page: scrolls `el` to its end in STEPS frames; answers every frame's time and the gaps between frames. */
const SCROLL = `async (sel) => {
  const el = document.querySelector(sel);
  const max = el.scrollHeight - el.clientHeight;
  const frame = () => new Promise((r) => requestAnimationFrame(r));
  const channel = new MessageChannel();
  let delivered = null;
  channel.port1.onmessage = () => delivered(performance.now());
  const afterFrame = () => new Promise((r) => { delivered = r; channel.port2.postMessage(null); });
  const times = [];
  const gaps = [];
  let start = await frame();
  let last = performance.now();
  for (let i = 1; i <= ${STEPS}; i++) {
    // Still inside the frame's callback: the step, then a message that lands once the frame is produced.
    el.scrollTop = Math.round((max * i) / ${STEPS});
    times.push((await afterFrame()) - start);
    start = await frame();
    const now = performance.now();
    gaps.push(now - last);
    last = now;
  }
  // The last step is rendered in the frame after it.
  times.push((await afterFrame()) - start);
  await frame();
  return { times, gaps };
}`;

/** A gap between frames this long means at least one frame was not produced in time. */
const MISSED = 1.5 * (1000 / 60);

function p95(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * 0.95))]!;
}

const shell = await launchShell({ headless: true });
try {
  const page = shell.page;
  await page.waitForSelector('#root[data-app-state="ready"]', { state: 'attached', timeout: 60_000 });
  await page.keyboard.press('Control+3');
  let measured: { readonly times: number[]; readonly gaps: number[] };
  let lastRowReached = true;
  if (which === 'ours') {
    shell.dialogs.openAnswers.push([file!]);
    await page.getByRole('button', { name: /Open log file/ }).click();
    await page.waitForFunction(() => /^1,000,000 matching/.test(document.querySelector('[data-testid="logs-counts"]')?.textContent ?? ''), undefined, { timeout: 300_000 });
    measured = (await page.evaluate(`(${SCROLL})('.log-scroller')`)) as typeof measured;
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
    measured = (await page.evaluate(`(${SCROLL})('.bench-peer')`)) as typeof measured;
  }
  const { times, gaps } = measured;
  process.stdout.write(JSON.stringify({ p95: p95(times), frames: times.length, lastRowReached, intervalP95: p95(gaps), missed: gaps.filter((g) => g > MISSED).length }));
} finally {
  await shell.close();
}
