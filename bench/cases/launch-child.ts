/**
 * One launch, in a fresh process, for the `launch` case; prints one JSON object of milliseconds from the start.
 * `shell` starts the Chromium shell (Chromium and the core side by side): `chromium` Chromium is up, `painted` the
 * shell's first frame is drawn (`#root[data-shell="painted"]`), `core` the core has started, `sandbox` the embedded
 * sandbox's own start took this long, `firstData` the first answer arrived (`data-app-state="ready"`).
 * `blank` has Chromium open a blank page with the shell's arguments and window: `chromium`, then `painted` (loaded).
 */
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath, launchShell } from '../../e2e/shell/shell.js';

type Times = Record<string, number>;

/**
 * The core's modules, loaded before the clock starts: the app ships them bundled and parsed with its main process,
 * so tsx turning them from TypeScript is not the core's start (as the shell's own modules, imported above, are not).
 */
async function loadCoreModules(): Promise<void> {
  const core = '../../electron/core';
  await Promise.all(
    [`${core}/desktop/index.js`, `${core}/files/index.js`, `${core}/settings/index.js`, `${core}/console/index.js`, `${core}/videos/index.js`, `${core}/logs/index.js`, `${core}/apps/index.js`, '../../sandbox/server.js', '../../sandbox/seed.js', '../../shared/contract/index.js'].map((m) => import(m)),
  );
}

async function shell(): Promise<Times> {
  await loadCoreModules();
  const started = performance.now();
  const times: Times = {};
  const s = await launchShell({ headless: true, onMark: (m) => (times[m] = performance.now() - started) });
  try {
    await s.page.waitForSelector('#root[data-app-state="ready"]', { state: 'attached', timeout: 60_000 });
    // The page stamps its own moments; both clocks count from their time origins on the same wall clock.
    const page = await s.page.evaluate(() => ({ origin: performance.timeOrigin, painted: performance.getEntriesByName('shell-painted')[0]?.startTime, ready: performance.getEntriesByName('first-answer')[0]?.startTime }));
    const fromStart = (t: number | undefined) => (t === undefined ? NaN : page.origin + t - (performance.timeOrigin + started));
    const sandbox = performance.getEntriesByName('sandbox-start')[0];
    return { chromium: times.chromium ?? NaN, painted: fromStart(page.painted), core: times.core ?? NaN, sandbox: sandbox?.duration ?? NaN, firstData: fromStart(page.ready) };
  } finally {
    await s.close();
  }
}

async function blank(): Promise<Times> {
  const started = performance.now();
  const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'light' });
    const page = await context.newPage();
    const up = performance.now() - started;
    await page.goto('about:blank');
    return { chromium: up, painted: performance.now() - started };
  } finally {
    await browser.close();
  }
}

const which = process.argv[2];
if (which !== 'shell' && which !== 'blank') {
  process.stderr.write('usage: launch-child.ts shell|blank\n');
  process.exit(2);
}
process.stdout.write(`${JSON.stringify(which === 'shell' ? await shell() : await blank())}\n`);
