/** `burrow logs` against a pull zone, spawned as a real process against a sandbox: paging, formats, filters, errors and exit statuses. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchesRecord } from '../shared/logs/filter-match.js';
import { parseFilterText } from '../shared/logs/filter-text.js';
import { hostKey } from '../shared/logs/url-host.js';
import { urlGroupKey } from '../shared/logs/url-pattern.js';
import { type LogEntry } from '../shared/logs/v2-response.js';
import { logQueryResponseSchema } from '../shared/logs/testing/v2-page.js';
import { recordOf } from '../shared/logs/testing/record-of.js';
import { exportFields } from './logs-output.js';
import { ndjsonRows, runBurrow, startLogsFixture, type LogsFixture } from './testing/support.js';

let fx: LogsFixture;
let zone: number;
let disabledZone: number;
let env: Record<string, string>;

beforeAll(async () => {
  fx = await startLogsFixture();
  ({ zone, loggingEnv: env } = fx);
  disabledZone = fx.sandbox.pullZones.find((z) => !z.loggingEnabled)!.id;
});
afterAll(() => fx.close());

/** Every row of a query, paged by hand as the platform documents it. */
async function byHand(query: Record<string, string>): Promise<LogEntry[]> {
  const rows: LogEntry[] = [];
  for (let offset = 0; ; ) {
    const res = await fetch(`${fx.sandbox.loggingUrl}/v2/pullzones/${zone}/logs?${new URLSearchParams({ ...query, limit: '1000', offset: String(offset) })}`, { headers: { AccessKey: fx.sandbox.accountKey } });
    expect(res.status).toBe(200);
    const page = logQueryResponseSchema.parse(await res.json());
    rows.push(...page.data);
    if (!page.pagination.hasMore) return rows;
    offset = page.pagination.offset + page.pagination.limit;
  }
}

const ndjson = (text: string) => ndjsonRows<LogEntry>(text);

describe('burrow logs <zone>', () => {
  it('--all --format ndjson writes exactly the rows paging v2 by hand returns', async () => {
    const to = new Date(Date.now() - 60_000).toISOString();
    const from = new Date(Date.now() - 6 * 3_600_000).toISOString();
    const r = await runBurrow(['logs', String(zone), '--from', from, '--to', to, '--status', '5xx,404', '--all', '--format', 'ndjson'], { env });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const expected = await byHand({ from, to, status: '5xx,404' });
    expect(expected.length).toBeGreaterThan(0);
    expect(ndjson(r.stdout)).toEqual(expected);
    expect(ndjson(r.stdout).every((e) => e.statusCode === 404 || (e.statusCode >= 500 && e.statusCode < 600))).toBe(true);
  });

  it('a filter the platform applies after paging (country) still pages to the end; --limit stops at n rows', async () => {
    const to = new Date(Date.now() - 60_000).toISOString();
    const from = new Date(Date.now() - 3 * 3_600_000).toISOString();
    const r = await runBurrow(['logs', String(zone), '--from', from, '--to', to, '--country', 'DE', '--cache', 'MISS,HIT', '--order', 'asc', '--all'], { env });
    expect(r.code).toBe(0);
    const expected = await byHand({ from, to, country: 'DE', cacheStatus: 'MISS,HIT', order: 'asc' });
    expect(ndjson(r.stdout)).toEqual(expected);
    const limited = await runBurrow(['logs', String(zone), '--from', from, '--to', to, '--limit', '7'], { env });
    expect(ndjson(limited.stdout)).toHaveLength(7);
  });

  it('--host, --referer-host, --agent and --pattern (which the platform cannot apply) keep exactly the rows that filter text keeps', async () => {
    const to = new Date(Date.now() - 60_000).toISOString();
    const from = new Date(Date.now() - 3 * 3_600_000).toISOString();
    const all = await byHand({ from, to });
    const host = all.map((e) => hostKey(e.url)).find((h) => h !== null)!;
    const refHost = all.map((e) => hostKey(e.referer ?? null)).find((h) => h !== null);
    const pattern = urlGroupKey(all[0]!.url ?? '', { patterns: true, ignoreQuery: true });
    const cases: [string[], string][] = [
      [['--host', host.toUpperCase(), '--agent', 'browser,bot'], `host:${host} agent:browser,bot`],
      [['--agent', 'tool'], 'agent:tool'],
      [['--pattern', pattern], `pattern:"${pattern}"`],
    ];
    if (refHost !== undefined) cases.push([['--referer-host', refHost], `referer-host:${refHost}`]);
    expect(cases.length).toBe(4);
    for (const [flags, text] of cases) {
      const r = await runBurrow(['logs', String(zone), '--from', from, '--to', to, ...flags, '--all', '--format', 'ndjson'], { env });
      expect(r.code, flags.join(' ')).toBe(0);
      const filter = parseFilterText(text);
      if (!filter.ok) throw new Error(text);
      const expected = all.filter((e) => matchesRecord(filter.filter, recordOf(e)));
      expect(expected.length, text).toBeGreaterThan(0);
      expect(ndjson(r.stdout), text).toEqual(expected);
    }
  });

  it('--format csv has a header of v2 field names and one line per row', async () => {
    const r = await runBurrow(['logs', String(zone), '--last', '1h', '--limit', '25', '--format', 'csv'], { env });
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\r\n').filter((l) => l !== '');
    expect(lines[0]).toBe(exportFields(false).join(','));
    expect(lines).toHaveLength(26);
    expect(lines[1]).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z,\d+,[0-9a-f]{32},/);
  });

  it('bad dates, a 4-day range and bad filter values are usage errors naming the rule, with nothing on stdout', async () => {
    const cases: [string[], RegExp][] = [
      [['--from', 'yesterday-ish'], /--from/],
      [['--last', '4d'], /3 days|three days/i],
      [['--status', '6xx'], /--status .*6xx/],
      [['--referer-host', 'site.example/page'], /--referer-host "site.example\/page" is not a host name/],
      [['--agent', 'Netscape'], /--agent "Netscape" is not a user-agent family/],
      [['--limit', '0'], /--limit/],
      [['--limit', '5', '--all'], /--limit and --all/],
    ];
    for (const [extra, message] of cases) {
      const r = await runBurrow(['logs', String(zone), ...extra], { env });
      expect(r.code, extra.join(' ')).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stdout).toBe('');
    }
  });

  it('a zone without logging is exit 1 with the explanation; an unreachable platform is exit 3', async () => {
    const r = await runBurrow(['logs', String(disabledZone), '--last', '1h'], { env });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/logging/i);
    expect(r.stderr).not.toContain(fx.sandbox.accountKey);
    const down = await runBurrow(['logs', String(zone), '--last', '1h'], { env: { ...env, BURROW_LOGGING_URL: 'http://127.0.0.1:9' } });
    expect(down.code).toBe(3);
  });

  it('a logging token is sent as a bearer token instead of the account key', async () => {
    const ok = await runBurrow(['logs', String(zone), '--last', '1h', '--limit', '1', '--token', fx.sandbox.loggingJwt], { env: { ...env, BUNNYNET_API_KEY: '' } });
    expect(ok.code).toBe(0);
    expect(ndjson(ok.stdout)).toHaveLength(1);
    const bad = await runBurrow(['logs', String(zone), '--last', '1h', '--token', 'not-a-token'], { env });
    expect(bad.code).toBe(1);
    expect(bad.stderr).not.toContain('not-a-token');
  });
});
