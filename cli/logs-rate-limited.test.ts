/**
 * `burrow logs` when the platform answers 429, as a spawned process (only a real process shows whether a wait keeps
 * it alive): the run waits as Retry-After says, or a whole budget window when the answer has none, and goes on to
 * print every row with exit 0; it never ends early with success.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logError, type LogEntry } from '../shared/logs/v2-response.js';
import { logQueryResponseSchema } from '../shared/logs/testing/v2-page.js';
import { ndjsonRows, runBurrow, startLogsFixture, type LogsFixture } from './testing/support.js';

let fx: LogsFixture;

beforeAll(async () => {
  fx = await startLogsFixture();
});
afterAll(() => fx.close());

/** Every row of a query, paged by hand as the platform documents it. */
async function byHand(query: Record<string, string>): Promise<LogEntry[]> {
  const rows: LogEntry[] = [];
  for (let offset = 0; ; ) {
    const res = await fetch(`${fx.sandbox.loggingUrl}/v2/pullzones/${fx.zone}/logs?${new URLSearchParams({ ...query, limit: '1000', offset: String(offset) })}`, { headers: { AccessKey: fx.sandbox.accountKey } });
    expect(res.status).toBe(200);
    const page = logQueryResponseSchema.parse(await res.json());
    rows.push(...page.data);
    if (!page.pagination.hasMore) return rows;
    offset = page.pagination.offset + page.pagination.limit;
  }
}

describe('burrow logs <zone> answered 429', () => {
  it.each([
    ['with Retry-After', { retryAfter: '1' }],
    ['without Retry-After (a whole budget window)', {}],
  ])('%s: waits, then prints every row and exits 0', async (_, extra) => {
    const to = new Date(Date.now() - 60_000).toISOString();
    const from = new Date(Date.now() - 2 * 3_600_000).toISOString();
    const expected = await byHand({ from, to, status: '4xx,5xx' });
    expect(expected.length).toBeGreaterThan(0);
    const path = `/logging/v2/pullzones/${fx.zone}/logs`;
    fx.sandbox.faults.add({ path, times: 1, action: { kind: 'status', status: 429, body: logError('rate_limited', 'slow down'), ...extra } });
    const before = fx.sandbox.logging.requests().length;
    const r = await runBurrow(['logs', String(fx.zone), '--from', from, '--to', to, '--status', '4xx,5xx', '--all', '--format', 'ndjson'], { env: fx.loggingEnv });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(ndjsonRows<LogEntry>(r.stdout)).toEqual(expected);
    // The 429 was answered (the rule is used up) and the run asked again after it.
    expect(fx.sandbox.faults.list()).toEqual([]);
    expect(fx.sandbox.logging.requests().length).toBeGreaterThan(before);
  }, 30_000);
});
