/** `burrow logs --file`: v1 day files on disk (plain and gzip), parsed by the core's parser, as a spawned process. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import type { CdnLogRecord } from '../shared/logs/log-record.js';
import { formatV1Line } from '../shared/logs/v1-line.js';
import { recordToLogEntry, type LogEntry } from '../shared/logs/v2-response.js';
import { ndjsonRows, runBurrow } from './testing/support.js';

const dir = mkdtempSync(join(tmpdir(), 'burrow-logs-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const T0 = Date.UTC(2024, 2, 13, 0, 0, 0);
const records: CdnLogRecord[] = Array.from({ length: 40 }, (_, i) => ({
  timestampMs: T0 + ((i * 7919) % 40) * 60_000,
  pullZoneId: 60367,
  requestId: i.toString(16).padStart(32, '0'),
  cacheStatus: (['HIT', 'MISS', 'BYPASS', '-'] as const)[i % 4]!,
  statusCode: [200, 404, 503, 304][i % 4]!,
  bytesSent: 100 + i,
  remoteIp: `10.0.${i % 3}.0`,
  countryCode: i % 5 === 0 ? null : (['DE', 'US'] as const)[i % 2]!,
  edgeLocation: 'WA',
  url: `https://zone.b-cdn.net/file-${i}.mp4?t=${i}`,
  userAgent: i % 2 === 0 ? 'Mozilla/5.0' : null,
  referer: null,
}));
const lines = records.map(formatV1Line);
// A malformed line in the middle: too few fields.
const text = [...lines.slice(0, 20), 'HIT|200|not-a-time|12', ...lines.slice(20)].join('\n') + '\n';
const plain = join(dir, '03-13-24.log');
const gz = join(dir, '03-13-24.log.gz');
writeFileSync(plain, text);
writeFileSync(gz, gzipSync(text));

const ndjson = (out: string) => ndjsonRows<LogEntry>(out);
const newestFirst = (rs: readonly CdnLogRecord[]) => [...rs].map((r, i) => ({ r, i })).sort((a, b) => b.r.timestampMs - a.r.timestampMs || a.i - b.i).map(({ r }) => recordToLogEntry(r));

describe('burrow logs --file', () => {
  it('writes every good line of a plain or gzip file with v2 field names, newest first, and names the malformed one', async () => {
    for (const file of [plain, gz]) {
      const r = await runBurrow(['logs', '--file', file, '--all', '--format', 'ndjson']);
      expect(r.code, r.stderr).toBe(0);
      expect(ndjson(r.stdout)).toEqual(newestFirst(records));
      expect(r.stderr).toMatch(/1 malformed line of 41 skipped \(first at line 21: /);
    }
  });

  it('filters with the same rules as a zone, orders as asked and honours --limit', async () => {
    const r = await runBurrow(['logs', '--file', plain, '--status', '5xx', '--country', 'DE', '--order', 'asc', '--all']);
    const expected = records
      .filter((x) => x.statusCode >= 500 && x.countryCode === 'DE')
      .sort((a, b) => a.timestampMs - b.timestampMs)
      .map(recordToLogEntry);
    expect(expected.length).toBeGreaterThan(0);
    expect(ndjson(r.stdout)).toEqual(expected);
    const limited = await runBurrow(['logs', '--file', gz, '--limit', '3', '--format', 'csv']);
    expect(limited.stdout.split('\r\n').filter((l) => l !== '')).toHaveLength(4);
    const window = await runBurrow(['logs', '--file', plain, '--from', '2024-03-13T00:10:00Z', '--to', '2024-03-13T00:20:00', '--all']);
    expect(ndjson(window.stdout)).toHaveLength(records.filter((x) => x.timestampMs >= T0 + 600_000 && x.timestampMs < T0 + 1_200_000).length);
  });

  it('a missing file and a zone together with --file are usage errors', async () => {
    const missing = await runBurrow(['logs', '--file', join(dir, 'nope.log')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/not a readable file/);
    const both = await runBurrow(['logs', '123', '--file', plain]);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/not both/);
  });
});
