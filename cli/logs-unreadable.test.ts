/**
 * `burrow logs <zone>` with answers the platform's schema allows but a strict reader would refuse, as a spawned
 * process: rows with nulls and unknown values are printed, a row that cannot be read is skipped and said on stderr
 * with the first reason, and `--all` against a platform stuck on one page ends without repeating rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogEntry } from '../shared/logs/v2-response.js';
import { ndjsonRows, runBurrow, startLogsFixture, type LogsFixture } from './testing/support.js';

let fx: LogsFixture;

beforeAll(async () => {
  fx = await startLogsFixture();
});
afterAll(() => fx.close());

const TO = new Date(Date.now() - 60_000).toISOString();
const FROM = new Date(Date.now() - 3 * 3_600_000).toISOString();
/** A time in the range, without a zone (the logging API's UTC). */
const AT = TO.slice(0, 17);

function row(n: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    timestamp: `${AT}0${n}`,
    pullZoneId: 0,
    requestId: `d2af1ddaf9efe0fe3cc9739c4041${n}`,
    cacheStatus: 'HIT',
    statusCode: 200,
    bytesSent: 100 + n,
    edgeLocation: 'DE',
    scheme: 'https',
    host: 'a.b-cdn.net',
    path: `/${n}`,
    url: `https://a.b-cdn.net/${n}`,
    ...extra,
  };
}

function pageOf(data: unknown[] | null, offset: number, hasMore: boolean) {
  return { data, pagination: { offset, limit: 1000, returned: data?.length ?? 0, hasMore }, query: { pullZoneId: fx.zone, from: FROM, to: TO, order: 'desc' } };
}

describe('burrow logs <zone> reads what the platform may send', () => {
  it('prints rows with nulls and unknown values, skips the one it cannot read and says so with the reason', async () => {
    const data = [
      row(1, { pullZoneId: fx.zone, host: null, path: null, url: null, edgeLocation: null, requestId: null, cacheStatus: 'DEFERRED', asn: 3320, ja4Fingerprint: 'x', somethingNew: 1 }),
      row(2, { pullZoneId: fx.zone, bytesSent: 'lots' }),
      row(3, { pullZoneId: fx.zone, scheme: 'HTTP', url: null, cacheStatus: 'EXPIRED' }),
    ];
    fx.sandbox.faults.add({ path: `/logging/v2/pullzones/${fx.zone}/logs`, times: 1, action: { kind: 'status', status: 200, body: pageOf(data, 0, false) } });
    const r = await runBurrow(['logs', String(fx.zone), '--from', FROM, '--to', TO, '--all', '--format', 'ndjson'], { env: fx.loggingEnv });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('burrow logs: 1 row could not be read and was skipped (first: bytesSent must be a whole number (got "lots"))\n');
    const rows = ndjsonRows<LogEntry>(r.stdout);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ requestId: null, cacheStatus: 'DEFERRED', edgeLocation: null, host: null, path: null, url: null, asn: 3320 });
    expect(rows[1]).toMatchObject({ cacheStatus: 'EXPIRED', scheme: 'http', url: 'http://a.b-cdn.net/3' });
    // The table shows a dash where a value is missing, and the unknown status as it came.
    fx.sandbox.faults.add({ path: `/logging/v2/pullzones/${fx.zone}/logs`, times: 1, action: { kind: 'status', status: 200, body: pageOf(data, 0, false) } });
    const t = await runBurrow(['logs', String(fx.zone), '--from', FROM, '--to', TO, '--all', '--format', 'table'], { env: fx.loggingEnv });
    expect(t.stdout.split('\n')[1]).toMatch(/200\s+DEFERRED\s+101\s+-\s+-\s+-$/);
  });

  it('--all ends on a platform stuck answering offset 0 with more to come, and prints each row once', async () => {
    const data = [row(1, { pullZoneId: fx.zone }), row(2, { pullZoneId: fx.zone })];
    fx.sandbox.faults.add({ path: `/logging/v2/pullzones/${fx.zone}/logs`, times: 1000, action: { kind: 'status', status: 200, body: pageOf(data, 0, true) } });
    const r = await runBurrow(['logs', String(fx.zone), '--from', FROM, '--to', TO, '--all', '--format', 'ndjson'], { env: fx.loggingEnv });
    // Three pages in a row brought nothing new, so the walk ended there (four answers of the rule used) and said why.
    const left = fx.sandbox.faults.list()[0]?.remaining;
    fx.sandbox.faults.reset();
    expect(r.code).toBe(0);
    expect(ndjsonRows<LogEntry>(r.stdout).map((e) => e.requestId)).toEqual(data.map((d) => d.requestId));
    expect(left).toBe(996);
    expect(r.stderr).toMatch(/^burrow logs: paging stopped after 3 pages in a row brought no new rows .*kept answering the same/m);
  });

  it('--all ends on a platform answering empty pages with more to come forever, and says why', async () => {
    fx.sandbox.faults.add({ path: `/logging/v2/pullzones/${fx.zone}/logs`, times: 1000, action: { kind: 'status', status: 200, body: pageOf([], 0, true) } });
    const r = await runBurrow(['logs', String(fx.zone), '--from', FROM, '--to', TO, '--all', '--format', 'ndjson'], { env: fx.loggingEnv });
    const left = fx.sandbox.faults.list()[0]?.remaining;
    fx.sandbox.faults.reset();
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(left).toBe(997);
    expect(r.stderr).toMatch(/paging stopped after 3 pages in a row brought no new rows/);
  });
});
