/**
 * Export in the Chromium shell against the embedded sandbox: a zone over 3 days (more than one page) with a filter
 * applied in the core, exported as CSV from the keyboard to the scripted save dialog's target. The remaining
 * pages load first; the file has one line per matching row plus the header, and the screen says where it went.
 */
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Sandbox } from '../sandbox/server.js';
import { expect, test } from './fixtures.js';
import type { Shell } from './shell/shell.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';

async function sandboxOf(shell: Shell): Promise<Sandbox> {
  await expect.poll(async () => (await shell.core.embeddedSandbox()) !== null).toBe(true);
  return (await shell.core.embeddedSandbox())!;
}

const countOf = (text: string) => Number((text.match(/^([\d,]+)/) ?? ['', 'NaN'])[1]!.replace(/,/g, ''));

test('Export… writes exactly the matching rows of every page as CSV to the chosen file, from the keyboard', async ({ app, shell }) => {
  const dir = await mkdtemp(join(tmpdir(), 'burrow-e2e-export-'));
  try {
    const logs = app.logs;
    const page = app.page;
    await logs.open();
    const sb = await sandboxOf(shell);
    const zone = sb.pullZones.find((z) => z.loggingEnabled)!;
    await logs.zone.selectOption(String(zone.id));
    await logs.preset('3 days').click();
    await expect(logs.rows.first()).toBeVisible();
    // A chip the platform cannot apply: the core filters the loaded rows, so matching < loaded.
    await logs.filterText.fill('-status:4xx');
    await logs.filterText.press('Enter');
    await expect(logs.chips).toHaveCount(1);
    await expect(logs.content.getByTestId('partial-note')).toBeVisible();
    const counts = logs.content.getByTestId('logs-counts');
    await expect(counts).toHaveText(/^[\d,]+ matching of 10,000 loaded rows/);

    const target = join(dir, 'zone rows.csv');
    shell.dialogs.saveAnswers.push(target);
    const exportButton = logs.content.getByRole('button', { name: 'Export…' });
    await exportButton.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Export the matching rows' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('the remaining pages load first');
    await expectNoSeriousA11yViolations(page);
    // CSV is chosen already; Tab reaches the formats, then the dialog's buttons.
    const csv = dialog.getByRole('radio', { name: /^CSV/ });
    await expect(csv).toBeChecked();
    const choose = dialog.getByRole('button', { name: 'Choose file…' });
    for (let i = 0; i < 6 && !(await choose.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(choose).toBeFocused();
    await page.keyboard.press('Enter');

    const done = logs.content.getByTestId('export-done');
    await expect(done).toHaveText(new RegExp(`^Saved [\\d,]+ rows to ${target.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`), { timeout: 30_000 });
    // Every page came in first: no longer partial, and the file holds exactly the matching rows.
    await expect(logs.content.getByTestId('partial-note')).toHaveCount(0);
    const matching = countOf(await counts.innerText());
    expect(matching).toBeGreaterThan(10_000 * 0.5);
    expect(countOf((await done.innerText()).replace(/^Saved /, ''))).toBe(matching);
    const lines = (await readFile(target, 'utf8')).split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(matching + 1);
    expect(lines[0]).toMatch(/^timestamp,pullZoneId,requestId,cacheStatus,statusCode,/);
    expect(lines.slice(1).some((l) => /^[^,]+,[^,]+,[^,]+,[^,]+,4\d\d,/.test(l))).toBe(false);
    expect(lines[1]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00,/);
    expect((await readdir(dir)).filter((f) => f.endsWith('.partial'))).toEqual([]);
    await expectNoSeriousA11yViolations(page);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
