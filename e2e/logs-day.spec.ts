/**
 * "Whole day" in the Chromium shell against the embedded sandbox: yesterday (UTC) chosen as an absolute range offers
 * it; one v1 download (or two) brings the whole day, with a filter, and the KPI strip's totals equal what v2 holds
 * for the same day and filter — with no v2 page asked for the day itself. Axe passes with the bar showing.
 */
import type { Sandbox } from '../sandbox/server.js';
import { logQueryResponseSchema } from '../shared/logs/testing/v2-page.js';
import { expect, test } from './fixtures.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import type { Shell } from './shell/shell.js';

const DAY = 86_400_000;

/** The embedded sandbox; it starts when the Logs screen first asks for the zones. */
async function sandboxOf(shell: Shell): Promise<Sandbox> {
  await expect.poll(async () => (await shell.core.embeddedSandbox()) !== null).toBe(true);
  return (await shell.core.embeddedSandbox())!;
}

/** How many rows and bytes v2 has for the zone over [from, to) with the query given, paged to the end. */
async function v2Totals(sb: Sandbox, zone: number, from: number, to: number, query: Record<string, string>): Promise<{ requests: number; bytes: number }> {
  let requests = 0;
  let bytes = 0;
  for (let offset = 0; ; ) {
    const q = new URLSearchParams({ ...query, from: new Date(from).toISOString(), to: new Date(to - 1).toISOString(), limit: '10000', offset: String(offset) });
    const res = await fetch(`${sb.loggingUrl}/v2/pullzones/${zone}/logs?${q}`, { headers: { AccessKey: sb.accountKey } });
    expect(res.status).toBe(200);
    const page = logQueryResponseSchema.parse(await res.json());
    for (const e of page.data) {
      if (Date.parse(e.timestamp) >= to) continue;
      requests++;
      bytes += e.bytesSent;
    }
    if (!page.pagination.hasMore) return { requests, bytes };
    offset = page.pagination.offset + page.pagination.limit;
  }
}

const count = (text: string) => Number(text.replace(/[^\d]/g, ''));

test('a whole day from the v1 file: KPI totals equal v2 for the same day and filter', async ({ app, shell }) => {
  const logs = app.logs;
  await logs.open();
  const sb = await sandboxOf(shell);
  const zone = sb.pullZones.find((z) => z.loggingEnabled)!;
  await logs.zone.selectOption(String(zone.id));
  await expect(logs.rows.first()).toBeVisible();
  await expect(logs.clock('UTC')).toHaveAttribute('aria-pressed', 'true');

  // A filter first; the day session starts with it.
  await logs.filterText.fill('cache:MISS');
  await logs.filterText.press('Enter');
  await expect(logs.chips).toHaveCount(1);

  // Yesterday, UTC midnight to midnight, typed as an absolute range: "Whole day" is offered.
  const from = Math.floor(Date.now() / DAY) * DAY - DAY;
  const to = from + DAY;
  const day = new Date(from).toISOString().slice(0, 10);
  const wholeDay = logs.content.getByRole('button', { name: 'Whole day' });
  await expect(wholeDay).toHaveCount(0);
  await logs.from.fill(new Date(from).toISOString().slice(0, 16));
  await logs.to.fill(new Date(to).toISOString().slice(0, 16));
  await logs.applyRange.click();
  await expect(wholeDay).toBeVisible();

  sb.logging.resetRequests();
  await wholeDay.click();
  const progress = logs.content.getByTestId('whole-day-progress');
  await expect(progress).toHaveText(new RegExp(`^Whole day ${day} \\(UTC\\) from the day file: [\\d.]+ MB, [\\d,]+ lines, [\\d,]+ rows$`), { timeout: 30_000 });
  const asked = sb.logging.requests().filter((r) => r.zoneId === zone.id);
  expect(asked.map((r) => r.kind)).toEqual(['v1']);
  expect(asked[0]!.status).toBe(200);

  const expected = await v2Totals(sb, zone.id, from, to, { cacheStatus: 'MISS' });
  expect(expected.requests).toBeGreaterThan(100);
  const requestsKpi = logs.kpis.locator('.kpi', { hasText: 'Requests' }).locator('dd');
  await expect.poll(async () => count(await requestsKpi.innerText())).toBe(expected.requests);
  await expect(logs.content.getByTestId('logs-counts')).toHaveText(new RegExp(`^${expected.requests.toLocaleString('en-US')} matching of [\\d,]+ loaded rows`));
  // Every row of the day was read (not only the matching ones), and the chart subtitle counts the matching rows.
  await logs.settled();
  await expectNoSeriousA11yViolations(app.page);

  // Back to pages: a v2 query of the same range.
  sb.logging.resetRequests();
  await logs.content.getByRole('button', { name: 'Back to pages' }).click();
  await expect.poll(() => sb.logging.requests().filter((r) => r.zoneId === zone.id && r.kind === 'v2').length).toBeGreaterThan(0);
  await expect(progress).toHaveCount(0);
});
