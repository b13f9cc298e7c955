/**
 * Logs in the Chromium shell against the embedded sandbox's generated traffic: a zone and a day give the KPI strip,
 * charts and the first page; a legend click filters (the request carries it, every row shows it), a drag across
 * buckets zooms to their edges, a 4-day range is refused before anything is sent, a zone without logging says so,
 * and the UTC/local switch moves the times by the zone's offset; at 1280×800, in both themes, every chart bucket is
 * at least 6 px wide and the count axis reads whole numbers once each. Screenshots of the table, the charts and the
 * detail pane go to reports/screenshots.
 */
import type { Sandbox } from '../sandbox/server.js';
import { BUCKET_LADDER_MS, bucketLabel, MAX_BUCKETS, MIN_BUCKET_PX } from '../shared/logs/buckets.js';
import { expect, screenshot, test } from './fixtures.js';
import { AppShell } from './pages/app-shell.js';
import type { LogsPage } from './pages/logs.js';
import { launchShell, type Shell } from './shell/shell.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';

/** The embedded sandbox; it starts when the Logs screen first asks for the zones. */
async function sandboxOf(shell: Shell): Promise<Sandbox> {
  await expect.poll(async () => (await shell.core.embeddedSandbox()) !== null).toBe(true);
  return (await shell.core.embeddedSandbox())!;
}

/** Opens Logs on the first zone with logging, over the last 24 h, and waits for the first rows. */
async function openZone(logs: LogsPage, sb: Sandbox): Promise<number> {
  const zone = sb.pullZones.find((z) => z.loggingEnabled)!;
  await logs.zone.selectOption(String(zone.id));
  await logs.preset('24 h').click();
  await expect(logs.rows.first()).toBeVisible();
  return zone.id;
}

/** The v2 requests the sandbox saw for a zone. */
const v2Requests = (sb: Sandbox, zone: number) => sb.logging.requests().filter((r) => r.zoneId === zone && r.kind === 'v2');

test('a zone over 24 h: KPIs, charts and rows; a legend click filters; a drag zooms to bucket edges', async ({ app, shell }) => {
  await app.logs.open();
  const sb = await sandboxOf(shell);
  const logs = app.logs;
  const zone = await openZone(logs, sb);
  await expect(logs.kpis).toContainText(/Requests\s*[\d,]+/);
  // Only the rows in view are drawn, never the day's thousands.
  const matching = Number(((await logs.content.getByTestId('logs-counts').innerText()).match(/^([\d,]+)/) ?? ['', '0'])[1]!.replace(/,/g, ''));
  expect(matching).toBeGreaterThan(1000);
  expect(await logs.rows.count()).toBeLessThan(60);
  await expect(logs.kpis).toContainText('%');
  await expectNoSeriousA11yViolations(app.page);
  await screenshot(shell, 'logs-table');

  // MISS in the cache chart's legend: a chip, a request that carries it, and only MISS rows.
  // New numbers are drawn into the same plot: its canvas stays the same element (taken once the charts count the
  // day's rows).
  await logs.settled();
  const canvas = await logs.content.locator('section.log-chart').first().locator('canvas').first().elementHandle();
  sb.logging.resetRequests();
  await logs.cacheLegend('MISS').click();
  await expect(logs.chips).toHaveCount(1);
  await expect(logs.chips.first()).toContainText('MISS');
  await expect.poll(() => v2Requests(sb, zone).some((r) => new URLSearchParams(r.query).get('cacheStatus') === 'MISS')).toBe(true);
  await expect(logs.rows.first()).toBeVisible();
  await expect.poll(async () => (await logs.rows.locator('[role="gridcell"]').allInnerTexts()).length).toBeGreaterThan(0);
  const cacheCells = await logs.rows.locator('[data-column="cache"]').allInnerTexts();
  expect(cacheCells.length).toBeGreaterThan(0);
  expect(new Set(cacheCells.map((t) => t.trim()))).toEqual(new Set(['MISS']));
  await screenshot(shell, 'logs-charts');
  await logs.settled();
  expect(await canvas!.evaluate((el) => el.isConnected)).toBe(true);

  // Dragging across buckets re-queries exactly their edges, once the charts show the filtered rows (a chart is
  // drawn again whenever its numbers change).
  await logs.settled();
  const plot = logs.cachePlot;
  await plot.scrollIntoViewIfNeeded();
  const box = (await plot.boundingBox())!;
  sb.logging.resetRequests();
  await app.page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2);
  await app.page.mouse.down();
  await app.page.mouse.move(box.x + box.width * 0.36, box.y + box.height / 2, { steps: 5 });
  await app.page.mouse.up();
  await expect.poll(() => v2Requests(sb, zone).length).toBeGreaterThan(0);
  const q = new URLSearchParams(v2Requests(sb, zone)[0]!.query);
  const from = Date.parse(q.get('from')!);
  const to = Date.parse(q.get('to')!);
  expect(to).toBeGreaterThan(from);
  // The bucket size of a day is one minute: both edges fall on whole minutes.
  expect(from % 60_000).toBe(0);
  expect(to % 60_000).toBe(0);
  expect(q.get('cacheStatus')).toBe('MISS');
  await expect(logs.content.getByRole('button', { name: 'Reset zoom' })).toBeVisible();

  // The detail pane of the first row, then Esc.
  await logs.rows.first().click();
  await app.page.keyboard.press('Enter');
  const pane = logs.content.getByTestId('log-detail');
  await expect(pane).toBeVisible();
  await expect(pane).toContainText('MISS');
  await screenshot(shell, 'logs-detail');
  await app.page.keyboard.press('Escape');
  await expect(pane).toBeHidden();
});

/** What each time chart says of its buckets: size, count, width per bucket, its label and its value axis' labels. */
async function chartBuckets(logs: LogsPage) {
  return logs.content.locator('section.log-chart[data-bucket-count]').evaluateAll((charts) =>
    charts.map((c) => ({
      ms: Number(c.getAttribute('data-bucket-ms')),
      count: Number(c.getAttribute('data-bucket-count')),
      px: Number(c.getAttribute('data-bucket-px') ?? '0'),
      label: c.querySelector('[data-testid="chart-buckets"]')?.textContent ?? '',
      yTicks: (c.querySelector('.log-chart-plot')?.getAttribute('data-y-ticks') ?? '').split('|'),
    })),
  );
}

test('at 1280×800 in light and dark, every chart bucket is at least 6 px wide, the count axis reads each number once, and hover reads out a bucket', async ({ app, shell }) => {
  expect(await app.page.evaluate(() => [innerWidth, innerHeight])).toEqual([1280, 800]);
  for (const theme of ['light', 'dark'] as const) {
    await app.settings.open();
    await app.settings.theme.selectOption(theme);
    await expect(app.page.locator('html')).toHaveAttribute('data-theme', theme);
    await app.logs.open();
    const sb = await sandboxOf(shell);
    const logs = app.logs;
    await openZone(logs, sb);
    const spans = { '15 min': 15 * 60_000, '1 h': 3_600_000, '24 h': 86_400_000, '3 days': 3 * 86_400_000 } as const;
    for (const preset of ['15 min', '1 h', '24 h', '3 days'] as const) {
      await logs.preset(preset).click();
      await expect(logs.preset(preset)).toHaveAttribute('aria-pressed', 'true');
      // The charts measure their width, the session asks for the ladder's bucket for it, and the charts draw it
      // over as many rows as the table matches (none while a new range's first page is under way).
      await expect
        .poll(async () => {
          const charts = await chartBuckets(logs);
          const matching = ((await logs.content.getByTestId('logs-counts').innerText()).match(/^([\d,]+) matching/) ?? [])[1];
          const drawnFrom = (await logs.content.getByTestId('chart-subtitle').first().innerText()).match(/([\d,]+)/)?.[1];
          // The charts cover this preset's span (give or take the partial buckets at its ends), not the last one's.
          const covers = (c: { ms: number; count: number }) => Math.abs(c.ms * c.count - spans[preset]) <= 2 * c.ms;
          return matching !== undefined && matching !== '0' && matching === drawnFrom && charts.length === 1 && charts.every((c) => covers(c) && c.px >= MIN_BUCKET_PX && c.count <= MAX_BUCKETS && c.yTicks.length > 1);
        }, { message: `${preset}: buckets at least ${MIN_BUCKET_PX} px wide`, timeout: 20_000 })
        .toBe(true);
      for (const c of await chartBuckets(logs)) {
        expect(BUCKET_LADDER_MS).toContain(c.ms);
        expect(c.label).toBe(bucketLabel(c.ms));
        expect(new Set(c.yTicks).size, `${preset}: ${c.yTicks.join(' ')}`).toBe(c.yTicks.length);
      }
      if (preset === '1 h') {
        // Hovering a bucket reads out its time span (30-second buckets: with seconds) and its exact counts.
        const plot = logs.content.locator('section.log-chart').first().locator('.u-over');
        await plot.scrollIntoViewIfNeeded();
        const box = (await plot.boundingBox())!;
        await app.page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2);
        const at = logs.content.getByTestId('legend-at').first();
        await expect(at).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}–\d{2}:\d{2}:\d{2} UTC$/);
        await expect(logs.content.getByTestId('legend-value-HIT').first()).toHaveText(/^\d+$/);
        await app.page.mouse.move(box.x + box.width * 0.5, box.y + box.height + 200);
      }
      if (preset !== '15 min') {
        await logs.content.locator('section.log-chart').first().scrollIntoViewIfNeeded();
        await app.page.locator('section.log-chart').first().screenshot({ path: `reports/screenshots/logs-chart-${preset.replace(' ', '')}-${theme}.png` });
      }
    }
    await screenshot(shell, `logs-charts-1280-${theme}`);
  }
  // The Overview's two larger charts follow the same rules at their width.
  await app.logs.tab('Overview').click();
  await expect
    .poll(async () => {
      const charts = await chartBuckets(app.logs);
      return charts.length === 2 && charts.every((c) => c.px >= MIN_BUCKET_PX && c.count <= MAX_BUCKETS && new Set(c.yTicks).size === c.yTicks.length && c.yTicks.length > 1);
    }, { message: 'Overview charts: buckets at least 6 px wide, unique ticks' })
    .toBe(true);
  // Bytes: the value axis reads in B, kB, MB or GB, each label once.
  await app.logs.content.getByRole('radio', { name: 'Bytes' }).check();
  await expect
    .poll(async () => {
      const ticks = (await chartBuckets(app.logs)).map((c) => c.yTicks);
      return ticks.length === 2 && ticks.every((t) => t.length > 1 && new Set(t).size === t.length && t.every((l) => /^\d+(\.\d+)? (B|kB|MB|GB)$/.test(l)) && t.some((l) => / (kB|MB|GB)$/.test(l)));
    }, { message: 'byte axis labels in kB/MB/GB, unique' })
    .toBe(true);
  await app.page.locator('section.log-chart').first().screenshot({ path: 'reports/screenshots/logs-chart-bytes-3days-dark.png' });
});

test('a 4-day range is refused before anything is sent; a zone without logging says so in words', async ({ app, shell }) => {
  await app.logs.open();
  const sb = await sandboxOf(shell);
  const logs = app.logs;
  const zone = await openZone(logs, sb);
  sb.logging.resetRequests();
  const now = Date.now();
  const local = (ms: number) => new Date(ms - new Date(ms).getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  await logs.clock('Local').click();
  await logs.from.fill(local(now - 4 * 86_400_000));
  await logs.to.fill(local(now - 60_000));
  await logs.applyRange.click();
  await expect(logs.rangeError).toContainText(/3 days/);
  expect(v2Requests(sb, zone)).toEqual([]);

  const off = sb.pullZones.find((z) => !z.loggingEnabled)!;
  // The option says so; picked, the zone's logging is explained in words, the old rows go, and nothing is asked.
  await expect(logs.zone.locator(`option[value="${off.id}"]`)).toContainText(/logging is off/i);
  await logs.zone.selectOption(String(off.id));
  await expect(logs.loggingOff).toContainText(/Logging is turned off for this pull zone/);
  await expect(logs.loggingOff).toContainText(/Turn logging on/);
  await expect(logs.rows).toHaveCount(0);
  expect(v2Requests(sb, off.id)).toEqual([]);
});

test('the UTC/local switch moves every time by the zone offset', async () => {
  const shell = await launchShell({ headless: true, timezoneId: 'Asia/Kolkata' });
  try {
    const app = new AppShell(shell);
    await app.ready();
    await app.logs.open();
    const sb = await sandboxOf(shell);
    const logs = app.logs;
    await openZone(logs, sb);
    await logs.clock('UTC').click();
    const timeCell = logs.rows.first().locator('[data-column="time"]');
    const utcText = (await timeCell.innerText()).trim();
    await logs.clock('Local').click();
    await expect(timeCell).not.toHaveText(utcText);
    const localText = (await timeCell.innerText()).trim();
    const parse = (t: string) => Date.parse(`${t.replace(' ', 'T').slice(0, 23)}Z`);
    // India is five and a half hours ahead of UTC all year.
    expect(parse(localText) - parse(utcText)).toBe(5.5 * 3_600_000);
    await expect(logs.content.getByTestId('time-zone-heading')).toContainText(/Kolkata|Calcutta/);
  } finally {
    await shell.close();
  }
});

test('a v1 day file opened by the dialog is read in a worker: its rows, filters and malformed lines', async ({ app, shell }) => {
  const { mkdtemp, rm, writeFile } = await import('node:fs/promises');
  const { gzipSync } = await import('node:zlib');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { formatV1Line } = await import('../shared/logs/v1-line.js');
  const dir = await mkdtemp(join(tmpdir(), 'burrow-e2e-logs-'));
  try {
    const t0 = Date.UTC(2024, 2, 13);
    const lines = Array.from({ length: 5_000 }, (_, i) =>
      formatV1Line({
        timestampMs: t0 + i * 1_000,
        pullZoneId: 60367,
        requestId: i.toString(16).padStart(32, '0'),
        cacheStatus: i % 5 === 0 ? 'MISS' : 'HIT',
        statusCode: i % 50 === 0 ? 503 : 200,
        bytesSent: 1_000 + i,
        remoteIp: '10.0.0.0',
        countryCode: 'DE',
        edgeLocation: 'WA',
        url: `https://zone.b-cdn.net/v/${i % 9}.mp4`,
        userAgent: 'Mozilla/5.0',
        referer: null,
      }),
    );
    const file = join(dir, '03-13-24.log.gz');
    await writeFile(file, gzipSync(`${lines.join('\n')}\nnot|a|log|line\n`));
    await app.logs.open();
    shell.dialogs.openAnswers.push([file]);
    await app.logs.content.getByRole('button', { name: /Open log file/ }).click();
    await expect(app.logs.content.getByTestId('logs-counts')).toHaveText(/^5,000 matching of 5,000 loaded rows/);
    await expect(app.logs.content.getByTestId('malformed')).toContainText('1 malformed line');
    await app.logs.filterText.fill('status:5xx');
    await app.logs.filterText.press('Enter');
    await expect(app.logs.content.getByTestId('logs-counts')).toHaveText(/^100 matching of 5,000 loaded rows/);
    await expect(app.logs.rows.first().locator('[data-column="status"]')).toHaveText('503');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
