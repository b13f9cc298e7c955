/**
 * The Logs screen read at a glance, in the Chromium shell against the embedded sandbox: at 1280×800 and 1024×700, in
 * light and dark, for 15 min, 1 h, 24 h and 3 days of the busy demo zone, a whole day of a zone and a 1,000,000-line
 * day file. Each time the document itself does not scroll (only the table does), the table's header starts in the
 * top 45 % of the window, at least 12 rows show at 1280×800, the histogram's buckets are each at least 6 px wide
 * (it says how many and how wide) and its count axis reads each number once. Clicking a facet value, a histogram
 * bucket and an Overview bar each adds its chip, and every row in view then matches it. Screenshots of every case go
 * to reports/screenshots.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { Sandbox } from '../sandbox/server.js';
import { BUSY_ZONE_NAME } from '../sandbox/seed.js';
import { MAX_BUCKETS, MIN_BUCKET_PX } from '../shared/logs/buckets.js';
import { expect, test } from './fixtures.js';
import { AppShell } from './pages/app-shell.js';
import type { LogsPage } from './pages/logs.js';
import { launchShell, type Shell } from './shell/shell.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import { writeBigDayFile } from './support/big-day-file.js';

type Theme = 'light' | 'dark';
const SIZES = [
  { width: 1280, height: 800 },
  { width: 1024, height: 700 },
] as const;
const THEMES: readonly Theme[] = ['light', 'dark'];

/** The embedded sandbox; it starts when the Logs screen first asks for the zones. */
async function sandboxOf(shell: Shell): Promise<Sandbox> {
  await expect.poll(async () => (await shell.core.embeddedSandbox()) !== null).toBe(true);
  return (await shell.core.embeddedSandbox())!;
}

/** What the window shows of the screen's layout, measured in the page. */
interface Layout {
  readonly documentScrolls: boolean;
  readonly contentScrolls: boolean;
  /** The table header's top as a share of the window's height. */
  readonly headerTop: number;
  /** Table rows wholly in view under the header. */
  readonly rowsInView: number;
  readonly bucketCount: number;
  readonly bucketPx: number;
  readonly yTicks: readonly string[];
  /** The URL column's width in view (px). */
  readonly urlInView: number;
}

async function layoutOf(page: Page): Promise<Layout> {
  return page.evaluate(() => {
    const doc = document.documentElement;
    const content = document.querySelector<HTMLElement>('.main-content')!;
    const grid = document.querySelector<HTMLElement>('[role="grid"][aria-label="Log rows"]')!;
    const header = grid.querySelector<HTMLElement>('.log-head-row') ?? grid.querySelector<HTMLElement>('[role="row"]')!;
    const gridBox = grid.getBoundingClientRect();
    const headBox = header.getBoundingClientRect();
    const rows = [...grid.querySelectorAll<HTMLElement>('[role="row"][aria-rowindex]')].filter((r) => r !== header && r.querySelector('[role="gridcell"]'));
    const inView = rows.filter((r) => {
      const b = r.getBoundingClientRect();
      return b.top >= headBox.bottom - 1 && b.bottom <= gridBox.bottom + 1;
    });
    const url = grid.querySelector<HTMLElement>('[role="columnheader"][data-column="path"]') ?? [...grid.querySelectorAll<HTMLElement>('[role="columnheader"]')].find((h) => /URL/.test(h.textContent ?? ''));
    const urlBox = url?.getBoundingClientRect();
    const strip = document.querySelector<HTMLElement>('[data-testid="logs-histogram"]')!;
    return {
      documentScrolls: doc.scrollHeight > innerHeight,
      contentScrolls: content.scrollHeight > content.clientHeight + 1,
      headerTop: headBox.top / innerHeight,
      rowsInView: inView.length,
      bucketCount: Number(strip.dataset.bucketCount),
      bucketPx: Number(strip.dataset.bucketPx ?? '0'),
      yTicks: (strip.querySelector('.log-chart-plot')?.getAttribute('data-y-ticks') ?? '').split('|'),
      urlInView: urlBox ? Math.max(0, Math.min(urlBox.right, gridBox.right) - Math.max(urlBox.left, gridBox.left)) : 0,
    };
  });
}

/** Waits for the rows and the histogram to agree, then checks the layout rules for this window size. */
async function expectReadable(logs: LogsPage, size: { width: number; height: number }, label: string): Promise<Layout> {
  // Rows have come (a new range's first page is under way while the count reads 0), and the histogram has drawn
  // them: its line counts as many rows as the table matches, in the buckets chosen for its width.
  await settledWithRows(logs);
  await expect(logs.rows.first()).toBeVisible();
  await expect
    .poll(async () => (await layoutOf(logs.page)).bucketPx, { message: `${label}: the histogram's buckets are at least ${MIN_BUCKET_PX} px wide`, timeout: 20_000 })
    .toBeGreaterThanOrEqual(MIN_BUCKET_PX);
  const l = await layoutOf(logs.page);
  expect(l.documentScrolls, `${label}: the document scrolls`).toBe(false);
  expect(l.contentScrolls, `${label}: the content area scrolls`).toBe(false);
  expect(l.headerTop, `${label}: the table header starts at ${Math.round(l.headerTop * 100)} % of the window`).toBeLessThanOrEqual(0.45);
  if (size.width === 1280) expect(l.rowsInView, `${label}: rows in view`).toBeGreaterThanOrEqual(12);
  expect(l.urlInView, `${label}: the URL column shows`).toBeGreaterThan(100);
  expect(l.bucketPx, `${label}: bucket width`).toBeGreaterThanOrEqual(MIN_BUCKET_PX);
  expect(l.bucketCount, `${label}: bucket count`).toBeLessThanOrEqual(MAX_BUCKETS);
  expect(l.yTicks.length, `${label}: count ticks ${l.yTicks.join(' ')}`).toBeGreaterThan(1);
  expect(new Set(l.yTicks).size, `${label}: count ticks ${l.yTicks.join(' ')}`).toBe(l.yTicks.length);
  return l;
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `reports/screenshots/logs-layout-${name}.png` });
}

/** A shell in a theme at a window size, on the Logs screen. */
async function openLogs(theme: Theme, size: { width: number; height: number }): Promise<{ shell: Shell; app: AppShell }> {
  const shell = await launchShell({ headless: true, colorScheme: theme });
  const app = new AppShell(shell);
  await app.ready();
  await shell.page.setViewportSize(size);
  await app.logs.open();
  return { shell, app };
}

for (const size of SIZES) {
  for (const theme of THEMES) {
    test(`${size.width}×${size.height} ${theme}: 15 min to 3 days of the busy zone and a whole day read at a glance`, async () => {
      test.slow();
      const { shell, app } = await openLogs(theme, size);
      try {
        const logs = app.logs;
        const sb = await sandboxOf(shell);
        const busy = sb.pullZones.find((z) => z.name === BUSY_ZONE_NAME)!;
        await logs.zone.selectOption(String(busy.id));
        for (const preset of ['15 min', '1 h', '24 h', '3 days'] as const) {
          await logs.preset(preset).click();
          await expect(logs.preset(preset)).toHaveAttribute('aria-pressed', 'true');
          await expectReadable(logs, size, `${preset} at ${size.width}×${size.height} ${theme}`);
          await shoot(shell.page, `${preset.replace(' ', '')}-${size.width}x${size.height}-${theme}`);
          if (preset === '1 h') await expectNoSeriousA11yViolations(shell.page);
        }
        // A whole day of a zone from its day file: the range shows that day.
        const site = sb.pullZones.find((z) => z.loggingEnabled && z.name !== BUSY_ZONE_NAME)!;
        await logs.zone.selectOption(String(site.id));
        await expect(logs.rows.first()).toBeVisible();
        await logs.content.getByRole('button', { name: 'Open day' }).click();
        await expect(logs.content.getByTestId('whole-day-progress')).toHaveText(/^Whole day \d{4}-\d{2}-\d{2} \(UTC\) from the day file/, { timeout: 30_000 });
        const day = (await logs.content.getByTestId('whole-day-progress').innerText()).match(/(\d{4})-(\d{2})-(\d{2})/)!;
        await expect(logs.from).toHaveValue(`${day[0]}T00:00`);
        await expect(logs.content.getByRole('group', { name: 'Time range preset' }).getByRole('button', { pressed: true })).toHaveCount(0);
        await expectReadable(logs, size, `whole day at ${size.width}×${size.height} ${theme}`);
        await shoot(shell.page, `wholeday-${size.width}x${size.height}-${theme}`);
      } finally {
        await shell.close();
      }
    });
  }
}

test('a 1,000,000-line day file at 1280×800 and 1024×700, light and dark: all of it, read at a glance', async () => {
  test.setTimeout(300_000);
  const dir = await mkdtemp(join(tmpdir(), 'burrow-e2e-1m-'));
  try {
    const file = await writeBigDayFile(dir);
    for (const theme of THEMES) {
      const { shell, app } = await openLogs(theme, SIZES[0]);
      try {
        shell.dialogs.openAnswers.push([file.path]);
        await app.logs.content.getByRole('button', { name: /Open log file/ }).click();
        await expect(app.logs.content.getByTestId('logs-counts')).toHaveText(/^1,000,000 matching of 1,000,000 loaded rows/, { timeout: 120_000 });
        for (const size of SIZES) {
          await shell.page.setViewportSize(size);
          await expectReadable(app.logs, size, `1M-line file at ${size.width}×${size.height} ${theme}`);
          await shoot(shell.page, `file1m-${size.width}x${size.height}-${theme}`);
        }
        await expectNoSeriousA11yViolations(shell.page);
      } finally {
        await shell.close();
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

/** Rows have come for what was asked last (the count reads 0 while a new query's first page is under way), and the
 *  histogram counts as many as the table matches. */
async function settledWithRows(logs: LogsPage): Promise<void> {
  await expect(logs.content.getByTestId('logs-counts')).toHaveText(/^[1-9][\d,]* matching of [\d,]+ loaded rows/, { timeout: 30_000 });
  await logs.settled();
}

/** The texts of one column over the rows in view. */
async function columnTexts(logs: LogsPage, column: string): Promise<string[]> {
  return logs.rows.locator(`[data-column="${column}"]`).allInnerTexts();
}

test('a facet value, a histogram bucket and an Overview bar each add their chip, and every row in view matches it', async ({ app, shell }) => {
  test.slow();
  await app.logs.open();
  const sb = await sandboxOf(shell);
  const logs = app.logs;
  const busy = sb.pullZones.find((z) => z.name === BUSY_ZONE_NAME)!;
  await logs.zone.selectOption(String(busy.id));
  await logs.preset('1 h').click();
  await settledWithRows(logs);

  // A facet value: MISS under cache status.
  const miss = logs.facets.locator('[data-testid="facet-value"][data-facet="cache"][data-filter="cache:MISS"]');
  await miss.click();
  await expect(logs.chips).toHaveCount(1);
  await expect(logs.chips.first()).toContainText('cache:MISS');
  await settledWithRows(logs);
  await expect.poll(async () => new Set(await columnTexts(logs, 'cache'))).toEqual(new Set(['MISS']));
  await logs.chips.first().getByRole('button').click();
  await expect(logs.chips).toHaveCount(0);
  await settledWithRows(logs);

  // A histogram bucket: a click low in a bar adds the cache status it hit. The first page of a busy hour holds only
  // its last minutes (newest first), so the bar clicked is one of the last buckets.
  const plot = logs.content.getByTestId('logs-histogram').locator('.u-over');
  const box = (await plot.boundingBox())!;
  await plot.click({ position: { x: box.width * 0.95, y: box.height - 2 } });
  await expect(logs.chips).toHaveCount(1);
  const chip = (await logs.chips.first().innerText()).trim();
  const status = chip.match(/cache:(\S+)/)?.[1];
  expect(status, `the chip a bucket added: ${chip}`).toBeTruthy();
  await settledWithRows(logs);
  await expect.poll(async () => new Set(await columnTexts(logs, 'cache'))).toEqual(new Set([status]));
  await logs.chips.first().getByRole('button').click();
  await expect(logs.chips).toHaveCount(0);
  await settledWithRows(logs);

  // An Overview bar: the top country, then back to the table.
  await logs.tab('Overview').click();
  const country = logs.content.getByRole('region', { name: 'Top countries' }).getByRole('button').first();
  await country.click();
  await expect(logs.chips).toHaveCount(1);
  const code = (await logs.chips.first().innerText()).match(/country:([A-Z]{2})/)?.[1];
  expect(code).toBeTruthy();
  await logs.tab('Table').click();
  await settledWithRows(logs);
  await expect.poll(async () => new Set(await columnTexts(logs, 'country'))).toEqual(new Set([code]));
  await expectNoSeriousA11yViolations(app.page);
});
