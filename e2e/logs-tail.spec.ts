/**
 * Live mode in the Chromium shell against the embedded sandbox: Live turns the screen's one logs table onto the
 * zone's live tail, newest first. Rows the test injects into the zone's traffic (one on time, one stamped minutes
 * back as the platform delivers late rows) appear exactly once; at the top new rows arrive in view; scrolled down,
 * the same rows stay in view and "N new — jump to live" goes back to the top. Pause stops the asking and Resume
 * asks again. Checked with axe in the light and the dark theme.
 */
import type { Locator } from 'playwright-core';
import type { Sandbox } from '../sandbox/server.js';
import { expect, screenshot, test } from './fixtures.js';
import type { AppShell } from './pages/app-shell.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';

/** Row height in the logs table, px. */
const ROW_PX = 28;

/** The embedded sandbox; it starts when the Logs screen first asks for the zones. */
async function sandboxOf(shell: { core: { embeddedSandbox(): Promise<Sandbox | null> } }): Promise<Sandbox> {
  await expect.poll(async () => (await shell.core.embeddedSandbox()) !== null).toBe(true);
  return (await shell.core.embeddedSandbox())!;
}

/** Opens Logs on the first zone with logging and turns Live on; resolves once the first ask is in. */
async function goLive(app: AppShell, sb: Sandbox): Promise<{ zone: number; state: Locator; grid: Locator }> {
  await app.logs.open();
  const zone = sb.pullZones.find((z) => z.loggingEnabled)!.id;
  await app.logs.zone.selectOption(String(zone));
  const content = app.logs.content;
  await content.getByRole('button', { name: 'Live', exact: true }).click();
  const state = content.getByTestId('live-state');
  await expect(state).toHaveAttribute('data-polls', /^[1-9]/);
  // One table: the screen's own, now on the tail.
  const grid = content.getByRole('grid', { name: 'Log rows' });
  await expect(grid).toHaveCount(1);
  return { zone, state, grid };
}

const polls = async (state: Locator) => Number(await state.getAttribute('data-polls'));
/** The table's drawn rows showing `path` (paths are unique per test). */
const rowsWith = (grid: Locator, path: string) => grid.locator('[role="row"][data-state="ready"] [data-column="path"]', { hasText: path });
/** Whether the row showing `path` lies within the table's visible rows (the page around it may scroll). */
const inView = (grid: Locator, path: string) =>
  rowsWith(grid, path).evaluate((cell) => {
    const g = cell.closest('[role="grid"]')!.getBoundingClientRect();
    const r = cell.getBoundingClientRect();
    return r.top >= g.top && r.bottom <= g.bottom;
  });
/** How far below the top of the table the row showing `path` is drawn, px. */
const offsetOf = (grid: Locator, path: string) =>
  rowsWith(grid, path).evaluate((cell) => Math.round(cell.getBoundingClientRect().top - cell.closest('[role="grid"]')!.getBoundingClientRect().top));
/**
 * Pages through the table until the row showing `path` is drawn (from the top again after the bottom): it may lie
 * anywhere among the rows, and may not have arrived yet. Resolves with its place.
 */
async function reveal(grid: Locator, path: string, timeout: number): Promise<number> {
  await expect
    .poll(
      async () => {
        if ((await rowsWith(grid, path).count()) === 1) return true;
        await grid.evaluate((el) => (el.scrollTop = el.scrollTop + el.clientHeight >= el.scrollHeight - 1 ? 0 : el.scrollTop + el.clientHeight / 2));
        return false;
      },
      { timeout, intervals: [250] },
    )
    .toBe(true);
  return placeOf(grid, path);
}
const placeOf = async (grid: Locator, path: string) => Number(await rowsWith(grid, path).locator('xpath=..').getAttribute('data-index'));

test('live is the logs table, newest first: an injected row appears once, a late one too; scrolled down it holds still with "N new", and jumping goes live', async ({ app, shell }) => {
  // It waits on the tail's own rhythm (an ask every 3 s, a reach back every fifth), so it needs more than the default.
  test.slow();
  await app.logs.open();
  const sb = await sandboxOf(shell);
  const { zone, state, grid } = await goLive(app, sb);

  // One on time, one five minutes late: the late one lies past the near window and comes with a sweep.
  const now = Date.now();
  sb.logging.inject(zone, [{ timestampMs: now - 1000, url: '/live/on-time' }]);
  sb.logging.inject(zone, [{ timestampMs: now - 5 * 60_000, url: '/live/late', statusCode: 503 }]);
  // Enough rows between them that the table scrolls (inside the reach of every ask).
  sb.logging.inject(zone, Array.from({ length: 60 }, (_, i) => ({ timestampMs: now - 100_000 + i * 1000, url: `/live/filler-${String(i).padStart(2, '0')}` })));
  await expect(rowsWith(grid, '/live/on-time')).toHaveCount(1, { timeout: 15_000 });
  // At the top: the newest rows are in view.
  await expect.poll(() => inView(grid, '/live/on-time')).toBe(true);
  await expect.poll(() => grid.evaluate((el) => el.scrollTop)).toBe(0);
  // Newest first: each row lies below the rows stamped after it, the late one too once a sweep brings it.
  expect(await placeOf(grid, '/live/on-time')).toBeLessThan(await reveal(grid, '/live/filler-59', 15_000));
  expect(await reveal(grid, '/live/filler-59', 15_000)).toBeLessThan(await reveal(grid, '/live/filler-00', 15_000));
  expect(await reveal(grid, '/live/filler-00', 15_000)).toBeLessThan(await reveal(grid, '/live/late', 30_000));
  await grid.evaluate((el) => (el.scrollTop = 0));
  await expect(app.logs.content.getByTestId('live-jump')).toBeHidden();
  // Two more asks later, each is still there once.
  const seen = await polls(state);
  await expect.poll(() => polls(state), { timeout: 15_000 }).toBeGreaterThanOrEqual(seen + 2);
  await expect(rowsWith(grid, '/live/on-time')).toHaveCount(1);
  await expectNoSeriousA11yViolations(app.page);

  // Scrolled down ten rows, new rows do not move what is in view; a button counts them.
  await grid.evaluate((el, px) => (el.scrollTop = px), 10 * ROW_PX);
  const anchorPath = (await grid.locator('[role="row"][data-index="12"][data-state="ready"] [data-column="path"]').innerText()).trim();
  const before = await offsetOf(grid, anchorPath);
  sb.logging.inject(zone, Array.from({ length: 3 }, (_, i) => ({ timestampMs: Date.now() - 500 + i, url: `/live/burst-${i}` })));
  const jump = app.logs.content.getByTestId('live-jump');
  await expect(jump).toBeVisible({ timeout: 15_000 });
  await expect(jump).toHaveText(/^\d+ new — jump to live$/);
  expect(Number((await jump.innerText()).match(/^(\d+)/)![1])).toBeGreaterThanOrEqual(3);
  await expect.poll(() => offsetOf(grid, anchorPath)).toBe(before);
  expect(await grid.evaluate((el) => el.scrollTop)).toBeGreaterThan(10 * ROW_PX);
  await screenshot(shell, 'logs-live-new');

  await jump.click();
  await expect(jump).toBeHidden();
  await expect.poll(() => grid.evaluate((el) => el.scrollTop)).toBe(0);
  await expect.poll(() => inView(grid, '/live/burst-2')).toBe(true);
  await expect(grid).toBeFocused();

  // Paused: nothing more is asked.
  await app.logs.content.getByRole('button', { name: 'Pause' }).click();
  await expect(state).toHaveAttribute('data-phase', 'paused');
  const asked = sb.logging.requests().filter((r) => r.zoneId === zone).length;
  await expect(app.logs.content.getByRole('button', { name: 'Resume' })).toBeVisible();
  await app.logs.content.getByRole('button', { name: 'Resume' }).click();
  await expect(state).toHaveAttribute('data-phase', 'live');
  await expect.poll(() => sb.logging.requests().filter((r) => r.zoneId === zone).length).toBeGreaterThan(asked);
});

test('the live view has no serious accessibility violations in the dark theme', async ({ app, shell }) => {
  await app.settings.open();
  await app.settings.theme.selectOption('dark');
  await expect(app.page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await app.logs.open();
  const sb = await sandboxOf(shell);
  const { zone, grid } = await goLive(app, sb);
  sb.logging.inject(zone, [{ timestampMs: Date.now() - 1000, statusCode: 503, url: '/live/dark' }]);
  await expect(rowsWith(grid, '/live/dark')).toHaveCount(1, { timeout: 15_000 });
  await expectNoSeriousA11yViolations(app.page);
});
