/** `burrow logs --facets`: each facet's top values over the rows the filters pick, from a file and from a sandbox zone, spawned as a real process. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FacetValue } from '../shared/contract/logs.js';
import type { CdnLogRecord } from '../shared/logs/log-record.js';
import { formatV1Line } from '../shared/logs/v1-line.js';
import { type LogEntry } from '../shared/logs/v2-response.js';
import { logQueryResponseSchema } from '../shared/logs/testing/v2-page.js';
import { ndjsonRows, runBurrow, startLogsFixture, type LogsFixture } from './testing/support.js';

const dir = mkdtempSync(join(tmpdir(), 'burrow-logs-facets-'));
let fx: LogsFixture;
beforeAll(async () => {
  fx = await startLogsFixture();
});
afterAll(async () => {
  await fx.close();
  rmSync(dir, { recursive: true, force: true });
});

const T0 = Date.UTC(2024, 2, 13, 0, 0, 0);
const records: CdnLogRecord[] = Array.from({ length: 60 }, (_, i) => ({
  timestampMs: T0 + i * 60_000,
  pullZoneId: 60367,
  requestId: i.toString(16).padStart(32, '0'),
  cacheStatus: (['HIT', 'MISS', 'BYPASS', 'HIT', 'STALE'] as const)[i % 5]!,
  statusCode: [200, 404, 503, 200][i % 4]!,
  bytesSent: 1000 + i,
  remoteIp: '10.0.0.0',
  countryCode: (['DE', 'US', 'FR'] as const)[i % 3]!,
  edgeLocation: 'WA',
  // One host carries an escape sequence: a terminal must be shown it, never run it.
  url: i === 7 ? 'https://evil\u001b[2J.example/x' : `https://zone.b-cdn.net/v/${i}/thumb.jpg`,
  userAgent: i % 2 === 0 ? 'curl/8.5.0' : 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
  referer: null,
}));
const file = join(dir, '03-13-24.log');
writeFileSync(file, `${records.map(formatV1Line).join('\n')}\n`);

type Line = FacetValue & { facet: string };
/** Requests per key of one facet. */
const counts = (lines: readonly Line[], facet: string) => Object.fromEntries(lines.filter((l) => l.facet === facet).map((l) => [l.key, l.requests]));
/** The same, counted from the rows themselves. */
function tally<T>(rows: readonly T[], key: (r: T) => string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of rows) out[key(r)] = (out[key(r)] ?? 0) + 1;
  return out;
}

describe('burrow logs --facets', () => {
  it('counts each facet over the file rows the filters pick, as NDJSON with the filter text of each value', async () => {
    const r = await runBurrow(['logs', '--file', file, '--facets', '--status', '2xx,5xx', '--format', 'ndjson']);
    expect(r.code, r.stderr).toBe(0);
    const lines = ndjsonRows<Line>(r.stdout);
    const picked = records.filter((x) => x.statusCode === 200 || x.statusCode === 503);
    expect(counts(lines, 'cache')).toEqual(tally(picked, (x) => x.cacheStatus!));
    expect(counts(lines, 'status')).toEqual(tally(picked, (x) => String(x.statusCode)));
    expect(counts(lines, 'country')).toEqual(tally(picked, (x) => x.countryCode!));
    expect(counts(lines, 'uaFamily')).toEqual(tally(picked, (x) => (x.userAgent!.startsWith('curl') ? 'tool · curl' : 'browser · Chrome')));
    expect(counts(lines, 'urlPattern')['https://zone.b-cdn.net/v/{n}/thumb.jpg']).toBe(picked.filter((x) => x.url.includes('zone.b-cdn')).length);
    const hit = lines.find((l) => l.facet === 'cache' && l.key === 'HIT')!;
    expect(hit).toMatchObject({ filter: 'cache:HIT', exact: true, hitRatio: 1 });
    expect(hit.bytes).toBe(picked.filter((x) => x.cacheStatus === 'HIT').reduce((s, x) => s + x.bytesSent, 0));
    expect(hit.share).toBeCloseTo(hit.requests / picked.length, 12);
  });

  it('lists --top values per facet in a table, with values from requesters escaped', async () => {
    const r = await runBurrow(['logs', '--file', file, '--facets', '--top', '2', '--format', 'table']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^60 rows\n/);
    expect(r.stdout).toMatch(/Cache status \(4 values, top 2 of 4\)/);
    expect(r.stdout).toMatch(/\n {2}HIT +24 +40\.0 % +[\d.]+ kB +100\.0 %\n/);
    expect(r.stdout).not.toContain('\u001b');
    expect(r.stdout).toContain('evil\\u001b[2J.example');
  });

  it('counts a sandbox zone\'s rows over a range as paging v2 by hand finds them', async () => {
    const to = new Date(Date.now() - 60_000).toISOString();
    const from = new Date(Date.now() - 6 * 3_600_000).toISOString();
    const r = await runBurrow(['logs', String(fx.zone), '--from', from, '--to', to, '--facets', '--top', '1000', '--format', 'ndjson'], { env: fx.loggingEnv });
    expect(r.code, r.stderr).toBe(0);
    const rows: LogEntry[] = [];
    for (let offset = 0; ; ) {
      const res = await fetch(`${fx.sandbox.loggingUrl}/v2/pullzones/${fx.zone}/logs?${new URLSearchParams({ from, to, limit: '1000', offset: String(offset) })}`, { headers: { AccessKey: fx.sandbox.accountKey } });
      const page = logQueryResponseSchema.parse(await res.json());
      rows.push(...page.data);
      if (!page.pagination.hasMore) break;
      offset = page.pagination.offset + page.pagination.limit;
    }
    expect(rows.length).toBeGreaterThan(0);
    const lines = ndjsonRows<Line>(r.stdout);
    expect(counts(lines, 'status')).toEqual(tally(rows, (x) => String(x.statusCode)));
    expect(counts(lines, 'cache')).toEqual(tally(rows, (x) => x.cacheStatus ?? '(none)'));
    expect(counts(lines, 'pop')).toEqual(tally(rows, (x) => x.edgeLocation ?? '(none)'));
  });

  it('refuses what does not go with it', async () => {
    for (const [args, message] of [
      [['logs', '--file', file, '--top', '3'], /--top goes with --facets/],
      [['logs', '--file', file, '--facets', '--top', '0'], /--top must be a whole number from 1 to 1000/],
      [['logs', '--file', file, '--facets', '--format', 'csv'], /not csv/],
      [['logs', '7', '--facets', '--follow'], /does not go with --follow/],
    ] as const) {
      const r = await runBurrow([...args]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
    }
  });
});
