/**
 * `burrow logs` and visitors' Authorization headers (extended logging): left out of NDJSON and CSV unless
 * --include-authorization names them, which also warns on stderr that the output holds credentials.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CSV_FIELDS, exportFields } from '../shared/logs/export-format.js';
import type { CdnLogRecord } from '../shared/logs/log-record.js';
import { formatV1Line } from '../shared/logs/v1-line.js';
import { ndjsonRows, runBurrow } from './testing/support.js';

const dir = mkdtempSync(join(tmpdir(), 'burrow-logs-auth-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SECRETS = ['Bearer visitor-token-1', 'Basic dXNlcjpodW50ZXIy'];
const T0 = Date.UTC(2024, 2, 13, 0, 0, 0);
const records: CdnLogRecord[] = SECRETS.map((auth, i) => ({
  timestampMs: T0 + i * 1_000,
  pullZoneId: 7,
  requestId: i.toString(16).padStart(32, '0'),
  cacheStatus: 'HIT',
  statusCode: 200,
  bytesSent: 100,
  remoteIp: '10.0.0.1',
  countryCode: 'DE',
  edgeLocation: 'WA',
  url: `https://z.b-cdn.net/${i}`,
  userAgent: 'curl/8.0',
  referer: null,
  extended: { bodyBytesSent: 90, contentRange: null, authorizationHeader: auth },
}));
const file = join(dir, '03-13-24.log');
writeFileSync(file, `${records.map(formatV1Line).join('\n')}\n`);

describe('burrow logs and Authorization headers', () => {
  it('leaves them out of NDJSON and CSV by default, without a warning', async () => {
    const nd = await runBurrow(['logs', '--file', file, '--format', 'ndjson', '--order', 'asc']);
    expect(nd.code, nd.stderr).toBe(0);
    const rows = ndjsonRows<Record<string, unknown>>(nd.stdout);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).not.toHaveProperty('authorizationHeader');
    const csv = await runBurrow(['logs', '--file', file, '--format', 'csv']);
    expect(csv.stdout.split('\r\n')[0]).toBe(exportFields(false).join(','));
    for (const out of [nd.stdout, csv.stdout, nd.stderr, csv.stderr]) for (const s of SECRETS) expect(out).not.toContain(s);
    expect(nd.stderr).not.toContain('Authorization');
  });

  it('--include-authorization writes them as they came and warns on stderr', async () => {
    const nd = await runBurrow(['logs', '--file', file, '--format', 'ndjson', '--order', 'asc', '--include-authorization']);
    expect(nd.code, nd.stderr).toBe(0);
    expect(ndjsonRows<{ authorizationHeader: string }>(nd.stdout).map((r) => r.authorizationHeader)).toEqual(SECRETS);
    expect(nd.stderr).toMatch(/warning: --include-authorization .*credentials/);
    for (const s of SECRETS) expect(nd.stderr).not.toContain(s);
    const csv = await runBurrow(['logs', '--file', file, '--format', 'csv', '--include-authorization']);
    expect(csv.stdout.split('\r\n')[0]).toBe(CSV_FIELDS.join(','));
    for (const s of SECRETS) expect(csv.stdout).toContain(s);
  });
});
