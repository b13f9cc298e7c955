/**
 * The Logs viewer driven by its keys alone, in the Chromium shell against the embedded sandbox's traffic: `/` reaches
 * the filter and Escape leaves it, j/k move the selected row, e/E land on rows whose status is 5xx, [/] ask the
 * platform for the hour before and back, and ? lists the keys in a dialog that passes axe and closes on Escape.
 */
import type { Locator } from 'playwright-core';
import type { Sandbox } from '../sandbox/server.js';
import { expect, test } from './fixtures.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import type { Shell } from './shell/shell.js';

/** The embedded sandbox; it starts when the Logs screen first asks for the zones. */
async function sandboxOf(shell: Shell): Promise<Sandbox> {
  await expect.poll(async () => (await shell.core.embeddedSandbox()) !== null).toBe(true);
  return (await shell.core.embeddedSandbox())!;
}

/**
 * How many minutes apart two of the range inputs' values are (as UTC: only the difference counts). A preset
 * reaches to the clock's now, which may pass a minute between the inputs being drawn and a key being pressed.
 */
const minutesApart = (a: string, b: string) => Math.abs(Date.parse(`${a}Z`) - Date.parse(`${b}Z`)) / 60_000;

/** The selected row's place in the sort (the header is aria-rowindex 1). */
async function selectedIndex(grid: Locator): Promise<number> {
  return Number(await grid.locator('[role="row"][aria-selected="true"]').getAttribute('aria-rowindex')) - 2;
}

test('the keyboard walk: /, Escape, j, k, e, E, [, ] and ? without the mouse', async ({ app, shell }) => {
  const logs = app.logs;
  const page = app.page;
  await logs.open();
  const sb = await sandboxOf(shell);
  const zone = sb.pullZones.find((z) => z.loggingEnabled)!;
  // The zone is chosen from the keyboard too (the select's own keys), then the last 24 h (a day holds thousands of
  // rows, so 5xx rows below the first screenful are certain, whatever the hour's traffic).
  await logs.zone.focus();
  await logs.zone.selectOption(String(zone.id));
  await expect(logs.rows.first()).toBeVisible();
  await logs.preset('24 h').focus();
  await page.keyboard.press('Enter');
  await expect.poll(async () => minutesApart(await logs.to.inputValue(), await logs.from.inputValue())).toBeGreaterThanOrEqual(1439);
  await expect(logs.rows.first()).toBeVisible();
  await logs.settled();
  await logs.zone.focus();
  // A select keeps its letters for choosing options: Tab moves on to the next control (a button), where the
  // viewer's keys work.
  await page.keyboard.press('Tab');
  await expect(page.locator(':focus')).toHaveJSProperty('tagName', 'BUTTON');
  const grid = logs.grid;
  const selected = grid.locator('[role="row"][aria-selected="true"]');

  // `/` goes to the filter and is not typed into it; Escape hands the focus to the table.
  await page.keyboard.press('/');
  await expect(logs.filterText).toBeFocused();
  await expect(logs.filterText).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(grid).toBeFocused();

  // j selects the top row, then the next; k goes back up. The grid points at the selected row.
  await page.keyboard.press('j');
  await expect(selected).toHaveAttribute('aria-rowindex', '2');
  await page.keyboard.press('j');
  await expect(selected).toHaveAttribute('aria-rowindex', '3');
  await page.keyboard.press('k');
  await expect(selected).toHaveAttribute('aria-rowindex', '2');
  await expect(grid).toHaveAttribute('aria-activedescendant', (await selected.getAttribute('id'))!);
  // Well past the first screenful, the selected row is still drawn and inside the scroller's view.
  for (let i = 0; i < 30; i++) await page.keyboard.press('j');
  await expect(selected).toHaveAttribute('aria-rowindex', '32');
  await expect(selected).toBeInViewport();

  // e lands on a 5xx row below, e again on a later one (or says there is none); E comes back to the first.
  await page.keyboard.press('e');
  await expect(selected.locator('[data-column="status"]')).toHaveText(/^5\d\d$/);
  const first5xx = await selectedIndex(grid);
  expect(first5xx).toBeGreaterThan(30);
  await expect(selected).toBeInViewport();
  await page.keyboard.press('e');
  const note = logs.content.getByTestId('log-table-jump');
  await expect.poll(async () => (await selectedIndex(grid)) > first5xx || (await note.innerText()) === 'No 5xx row below this one.').toBe(true);
  if ((await selectedIndex(grid)) > first5xx) {
    await expect(selected.locator('[data-column="status"]')).toHaveText(/^5\d\d$/);
    await page.keyboard.press('E');
    await expect.poll(() => selectedIndex(grid)).toBe(first5xx);
  }
  await expect(selected.locator('[data-column="status"]')).toHaveText(/^5\d\d$/);
  await expect(grid).toBeFocused();

  // [ asks the platform for the day before this one; ] for the day after it again.
  const fromBefore = await logs.from.inputValue();
  const toBefore = await logs.to.inputValue();
  sb.logging.resetRequests();
  await page.keyboard.press('[');
  await expect.poll(async () => minutesApart(await logs.to.inputValue(), fromBefore)).toBeLessThanOrEqual(1);
  expect(minutesApart(await logs.from.inputValue(), fromBefore)).toBeGreaterThanOrEqual(1439);
  await expect.poll(() => sb.logging.requests().filter((r) => r.zoneId === zone.id && r.kind === 'v2').length).toBeGreaterThan(0);
  const q = new URLSearchParams(sb.logging.requests().find((r) => r.zoneId === zone.id && r.kind === 'v2')!.query);
  expect(Date.parse(q.get('to')!) - Date.parse(q.get('from')!)).toBe(86_400_000);
  await expect(logs.rows.first()).toBeVisible();
  await page.keyboard.press(']');
  await expect.poll(async () => minutesApart(await logs.from.inputValue(), fromBefore)).toBeLessThanOrEqual(1);
  expect(minutesApart(await logs.to.inputValue(), toBefore)).toBeLessThanOrEqual(1);

  // ? lists the keys; the dialog passes axe and Escape closes it, leaving the keys working.
  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard' });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('kbd')).toHaveText(['/', 'j', 'k', 'e', 'E', '[', ']', 'f', '?', 'Esc']);
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.keyboard.press('/');
  await expect(logs.filterText).toBeFocused();
});
