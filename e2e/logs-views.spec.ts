/**
 * Saved views, links and the filters toggle in the Chromium shell against the embedded sandbox's traffic (the
 * same every start, minute by minute): a view saved and a link copied in one run are there and reopen the same
 * zone, range, filter and row in the next run on the same data folder; `f` turns the filters off and on with the
 * selected row kept and in view; the bar passes axe in the light and the dark theme.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import type { Sandbox } from '../sandbox/server.js';
import { expect, test } from './fixtures.js';
import { AppShell } from './pages/app-shell.js';
import type { LogsPage } from './pages/logs.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import { launchShell, type Shell } from './shell/shell.js';

/** The embedded sandbox; it starts when the Logs screen first asks for the zones. */
async function sandboxOf(shell: Shell): Promise<Sandbox> {
  await expect.poll(async () => (await shell.core.embeddedSandbox()) !== null).toBe(true);
  return (await shell.core.embeddedSandbox())!;
}

/** Logs on the first zone with logging, over the last 6 h unless told, with its first rows drawn. */
async function openZone(app: AppShell, shell: Shell, preset: '1 h' | '6 h' | null = '6 h'): Promise<number> {
  await app.logs.open();
  const zone = (await sandboxOf(shell)).pullZones.find((z) => z.loggingEnabled)!;
  await app.logs.zone.selectOption(String(zone.id));
  if (preset !== null) await app.logs.preset(preset).click();
  await expect(app.logs.rows.first()).toBeVisible();
  await app.logs.settled();
  return zone.id;
}

/**
 * Waits until the drawn rows are those of the filter (only misses, or not only misses) and the charts count them:
 * right after a change the screen still shows the rows before it for a moment, then none while the page loads.
 */
async function showsMisses(logs: LogsPage, only: boolean): Promise<void> {
  const others = logs.rows.locator('[data-column="cache"]').filter({ hasNotText: /^MISS$/ });
  if (only) {
    await expect(logs.rows.first().locator('[data-column="cache"]')).toHaveText('MISS');
    await expect(others).toHaveCount(0);
  } else {
    await expect(others.first()).toBeVisible();
  }
  await logs.settled();
}

/** Applies a filter text (here only `cache:MISS` or none) and waits for its rows. */
async function applyFilter(logs: LogsPage, text: 'cache:MISS' | ''): Promise<void> {
  await logs.filterText.fill(text);
  await logs.content.getByRole('button', { name: 'Apply', exact: true }).click();
  await showsMisses(logs, text !== '');
}

const selectedRow = (logs: LogsPage): Locator => logs.grid.locator('[role="row"][aria-selected="true"]');
/** The selected row's place in the sort (the header is aria-rowindex 1). */
const placeOf = async (row: Locator) => Number(await row.getAttribute('aria-rowindex')) - 2;

/** Selects the n-th row from the top (place n - 1) with the viewer's keys, and answers its text. */
async function selectRow(app: AppShell, n: number): Promise<string> {
  await app.logs.grid.focus();
  for (let i = 0; i < n; i++) await app.page.keyboard.press('j');
  const row = selectedRow(app.logs);
  await expect(row).toHaveAttribute('aria-rowindex', String(n + 1));
  await expect(row).not.toHaveAttribute('aria-busy', 'true');
  return (await row.textContent()) ?? '';
}

test('a saved view and a copied link survive a restart on the same data folder', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'burrow-e2e-views-'));
  try {
    let link = '';
    let rowText = '';
    let from = '';
    let to = '';
    const first = await launchShell({ headless: true, dataDir });
    try {
      const app = new AppShell(first);
      await app.ready();
      await openZone(app, first);
      const logs = app.logs;
      await applyFilter(logs, 'cache:MISS');
      await logs.content.getByRole('button', { name: 'Save view…' }).click();
      await logs.content.getByLabel('Name', { exact: true }).fill('Misses');
      await logs.content.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(logs.content.getByRole('button', { name: 'Misses' })).toHaveAttribute('aria-pressed', 'true');

      // A row well below the first screenful, so opening the link has to scroll to it.
      rowText = await selectRow(app, 40);
      // The range shown is read on both sides of the copy: a preset's range moves on with the minute, and a link
      // copied as the minute turned names the new one.
      await expect
        .poll(async () => {
          from = await logs.from.inputValue();
          to = await logs.to.inputValue();
          await logs.content.getByRole('button', { name: 'Copy link' }).click();
          link = await logs.content.getByTestId('copied-link').innerText();
          return (await logs.from.inputValue()) === from && (await logs.to.inputValue()) === to;
        })
        .toBe(true);
      expect(link).toMatch(/^burrow:\/\/logs\?zone=\d+&from=.+&to=.+&filter=cache%3AMISS&request=[0-9a-f]{32}$/);
    } finally {
      await first.close();
    }

    const second = await launchShell({ headless: true, dataDir });
    try {
      const app = new AppShell(second);
      await app.ready();
      const logs = app.logs;
      // The link as the OS hands it over (the main process passes a burrow: link to the core's inbox): the app
      // switches to Logs and opens the zone, the range, the filter and the row.
      expect(await second.core.invoke('logs.linkDeliver', { url: link })).toEqual({ ok: true, value: {} });
      const row = selectedRow(logs);
      const restored = async () => {
        await expect(logs.filterText).toHaveValue('cache:MISS');
        await expect(logs.from).toHaveValue(from);
        await expect(logs.to).toHaveValue(to);
        // The same request (its time to the millisecond, size and URL): at the same place, or further down if
        // rows the platform delivered late have joined the range since.
        await expect(row).toHaveText(rowText);
        expect(await placeOf(row)).toBeGreaterThanOrEqual(39);
        await expect(row).toBeInViewport();
        await expect(logs.grid).toBeFocused();
      };
      await restored();

      // The view was kept on disk: it is the filter shown, and one click applies it again.
      const view = logs.content.getByRole('button', { name: 'Misses' });
      await expect(view).toHaveAttribute('aria-pressed', 'true');
      await applyFilter(logs, '');
      await expect(view).toHaveAttribute('aria-pressed', 'false');
      await view.click();
      await expect(logs.filterText).toHaveValue('cache:MISS');
      await expect(view).toHaveAttribute('aria-pressed', 'true');
      await showsMisses(logs, true);

      // Pasted in "Open link…": a bad link is refused with the reason; the copied one restores everything again.
      await applyFilter(logs, '');
      await logs.content.getByRole('button', { name: 'Open link…' }).click();
      const field = logs.content.getByLabel('Link', { exact: true });
      await field.fill(link.replace(/zone=\d+/, 'zone=abc'));
      await logs.content.getByRole('button', { name: 'Open', exact: true }).click();
      await expect(logs.content.getByTestId('open-link-error')).toHaveText('The link "zone" must be a pull zone id (a whole number).');
      await field.fill(link);
      await logs.content.getByRole('button', { name: 'Open', exact: true }).click();
      await restored();
    } finally {
      await second.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});

test('f turns the filters off and back on, keeping the selected row selected and in view; the bar passes axe in both themes', async ({ app, shell }) => {
  await openZone(app, shell);
  const logs = app.logs;
  await applyFilter(logs, 'cache:MISS');
  const text = await selectRow(app, 6);
  const row = selectedRow(logs);
  const toggle = logs.content.getByTestId('filters-toggle');

  await app.page.keyboard.press('f');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(logs.filterText).toHaveValue('');
  await expect(logs.chips).toHaveCount(0);
  await showsMisses(logs, false);
  // Among all rows the misses sit further down: the same request, at its new place, drawn in view.
  await expect.poll(() => placeOf(row)).toBeGreaterThan(5);
  await expect(row).toHaveText(text);
  await expect(row).toBeInViewport();
  await expect(logs.grid).toBeFocused();

  await app.page.keyboard.press('f');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect(logs.filterText).toHaveValue('cache:MISS');
  await showsMisses(logs, true);
  // The same request at its old place, or further down when misses newer than it joined the range since (the
  // preset's range ends now, and is asked again when the filters come back).
  await expect(row).toHaveText(text);
  expect(await placeOf(row)).toBeGreaterThanOrEqual(5);

  // The bar with a saved view and the link field open, in the light theme and then the dark one.
  await logs.content.getByRole('button', { name: 'Save view…' }).click();
  await logs.content.getByLabel('Name', { exact: true }).fill('Misses');
  await logs.content.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(logs.content.getByRole('button', { name: 'Misses' })).toBeVisible();
  await logs.content.getByRole('button', { name: 'Copy link' }).click();
  await logs.content.getByRole('button', { name: 'Open link…' }).click();
  await expectNoSeriousA11yViolations(app.page);
  await app.page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => app.page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(22, 24, 29)');
  await expectNoSeriousA11yViolations(app.page);
});
