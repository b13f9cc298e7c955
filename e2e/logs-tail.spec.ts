/**
 * Live tail in the Chromium shell against the embedded sandbox: rows the test injects into the zone's traffic (one on
 * time, one stamped minutes back as the platform delivers late rows) appear exactly once, newest at the bottom;
 * scrolled up, the list stays still and offers "N new — jump to live", which goes back to the bottom. Pause stops
 * the asking and Resume asks again. Checked with axe in the light and the dark theme.
 */
import type { Locator } from 'playwright-core';
import type { Sandbox } from '../sandbox/server.js';
import { expect, screenshot, test } from './fixtures.js';
import type { AppShell } from './pages/app-shell.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';

/** The embedded sandbox; it starts when the Logs screen first asks for the zones. */
async function sandboxOf(shell: { core: { embeddedSandbox(): Promise<Sandbox | null> } }): Promise<Sandbox> {
  await expect.poll(async () => (await shell.core.embeddedSandbox()) !== null).toBe(true);
  return (await shell.core.embeddedSandbox())!;
}

/** Opens Logs on the first zone with logging and turns Live on; resolves once the first ask is in. */
async function goLive(app: AppShell, sb: Sandbox): Promise<{ zone: number; state: Locator; scroller: Locator }> {
  await app.logs.open();
  const zone = sb.pullZones.find((z) => z.loggingEnabled)!.id;
  await app.logs.zone.selectOption(String(zone));
  const content = app.logs.content;
  await content.getByRole('button', { name: 'Live', exact: true }).click();
  const state = content.getByTestId('live-state');
  await expect(state).toHaveAttribute('data-polls', /^[1-9]/);
  return { zone, state, scroller: content.getByTestId('live-scroller') };
}

const polls = async (state: Locator) => Number(await state.getAttribute('data-polls'));

test('an injected row appears exactly once, a late one too; scrolled up shows "N new", and jumping goes live', async ({ app, shell }) => {
  // It waits on the tail's own rhythm (an ask every 3 s, a reach back every fifth), so it needs more than the default.
  test.slow();
  await app.logs.open();
  const sb = await sandboxOf(shell);
  const { zone, state, scroller } = await goLive(app, sb);
  const rowOf = (id: string | null) => scroller.locator(`[data-request-id="${id ?? ''}"]`);

  // One on time, one five minutes late: the late one lies past the near window and comes with a sweep.
  const [onTime] = sb.logging.inject(zone, [{ timestampMs: Date.now() - 1000, url: '/live/on-time' }]);
  const [late] = sb.logging.inject(zone, [{ timestampMs: Date.now() - 5 * 60_000, url: '/live/late', statusCode: 503 }]);
  await expect(rowOf(onTime!.requestId)).toHaveCount(1, { timeout: 15_000 });
  await expect(rowOf(late!.requestId)).toHaveCount(1, { timeout: 30_000 });
  // Pinned to the bottom: the newest arrival is in view.
  await expect(rowOf(late!.requestId)).toBeInViewport();
  // Two more asks later, each is still there once.
  const seen = await polls(state);
  await expect.poll(() => polls(state), { timeout: 15_000 }).toBeGreaterThanOrEqual(seen + 2);
  await expect(rowOf(onTime!.requestId)).toHaveCount(1);
  await expect(rowOf(late!.requestId)).toHaveCount(1);
  await expectNoSeriousA11yViolations(app.page);

  // Scrolled to the top, new rows do not move the view; a button counts them.
  await scroller.evaluate((el) => {
    el.scrollTop = 0;
  });
  await expect(scroller).toHaveAttribute('data-pinned', 'false');
  const firstRow = scroller.getByTestId('live-row').first();
  const topId = await firstRow.getAttribute('data-request-id');
  const burst = sb.logging.inject(
    zone,
    Array.from({ length: 3 }, (_, i) => ({ timestampMs: Date.now() - 500 + i, url: `/live/burst/${i}` })),
  );
  const jump = app.logs.content.getByRole('button', { name: /^\d+ new — jump to live$/ });
  await expect(jump).toBeVisible({ timeout: 15_000 });
  expect(Number((await jump.innerText()).match(/^(\d+)/)![1])).toBeGreaterThanOrEqual(3);
  expect(await scroller.evaluate((el) => el.scrollTop)).toBe(0);
  await expect(firstRow).toHaveAttribute('data-request-id', topId!);
  await screenshot(shell, 'logs-live-new');

  await jump.click();
  await expect(jump).toBeHidden();
  await expect(scroller).toHaveAttribute('data-pinned', 'true');
  await expect(rowOf(burst[2]!.requestId)).toBeInViewport();
  await expect(scroller).toBeFocused();

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
  const { zone, scroller } = await goLive(app, sb);
  const [row] = sb.logging.inject(zone, [{ timestampMs: Date.now() - 1000, statusCode: 503 }]);
  await expect(scroller.locator(`[data-request-id="${row!.requestId}"]`)).toHaveCount(1, { timeout: 15_000 });
  await expectNoSeriousA11yViolations(app.page);
});
