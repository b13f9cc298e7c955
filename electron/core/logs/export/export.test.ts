/**
 * `logs.export` against the sandbox's logging API over HTTP and real files: exactly the matching rows, every page
 * loaded first within the rate limit, CSV/NDJSON/v1 that read back as the source, and a cancel that leaves no file.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LogsExportStatus } from '../../../../shared/contract/logs-export.js';
import type { LogsStatus } from '../../../../shared/contract/logs.js';
import { exportFields } from '../../../../shared/logs/export-format.js';
import type { CdnLogRecord } from '../../../../shared/logs/log-record.js';
import { formatV1Line } from '../../../../shared/logs/v1-line.js';
import { logEntrySchema } from '../../../../shared/logs/v2-response.js';
import { startSandbox, type Sandbox } from '../../../../sandbox/server.js';
import { FileRegistry } from '../../files/index.js';
import { createPlatformClient } from '../../platform/client.js';
import { endpointsOf, failureOf, fixedCredentials } from '../../platform/testing/support.js';
import type { PlatformClient } from '../../platform/types.js';
import { createLogsArea, type LogsArea } from '../index.js';
import { createRateBudget, type RateBudget } from '../v2/rate-budget.js';
import { inThreadRows, workerRows, type RowsHost } from '../rows/rows-host.js';

let sandbox: Sandbox;
let client: PlatformClient;
let zone: number;
const files = new FileRegistry();
const dir = mkdtempSync(join(tmpdir(), 'burrow-logs-export-'));

const HOSTS: readonly (readonly [string, () => RowsHost])[] = [
  ['rows in this thread', inThreadRows],
  ['rows in the worker thread', () => workerRows(new URL('../rows/rows-worker.ts', import.meta.url))],
];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  client = createPlatformClient({ endpoints: () => endpointsOf(sandbox), credentials: fixedCredentials({ accountKey: sandbox.accountKey }), userAgent: 'Burrow/0.0.0-test', env: {} });
  // The demo site: about 4,000 requests a day, so 70 hours are two pages of 10,000.
  zone = sandbox.pullZones.find((z) => z.loggingEnabled)!.id;
});
afterAll(async () => {
  await client.close();
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

/** An area with a scripted save dialog and its events. */
function harness(rows: () => RowsHost, budget: RateBudget = createRateBudget()) {
  const status: LogsStatus[] = [];
  const exports: LogsExportStatus[] = [];
  const saveAnswers: (string | null)[] = [];
  const listeners: ((s: LogsExportStatus) => void)[] = [];
  const area: LogsArea = createLogsArea({
    bus: {
      emit: (name, payload) => {
        if (name === 'logs.status') status.push(payload as LogsStatus);
        if (name === 'logs.exportStatus') {
          exports.push(payload as LogsExportStatus);
          for (const l of listeners) l(payload as LogsExportStatus);
        }
      },
    },
    dialogs: { openFiles: async () => [], saveFile: async () => saveAnswers.shift() ?? null },
    client: async () => client,
    pathOf: (t) => files.pathOf(t),
    register: (p) => files.register(p),
    budget,
    rows: rows(),
  });
  const h = area.handlers;
  const idle = (id: string) => vi.waitFor(() => expect(status.findLast((e) => e.sessionId === id)?.phase).toMatch(/idle|failed|cancelled/), { timeout: 20_000 });
  const openFile = async (path: string, filter: string) => {
    const f = await files.register(path);
    const opened = await h['logs.open']({ source: { kind: 'file', token: f.token }, filter }, {} as never);
    await idle(opened.sessionId);
    return opened.sessionId;
  };
  /** A zone session over 70 hours that ended an hour ago (its traffic no longer grows), its first page in. */
  const openZone = async (filter: string) => {
    const to = Math.floor(Date.now() / 60_000) * 60_000 - 3_600_000;
    const opened = await h['logs.open']({ source: { kind: 'zone', zoneId: zone, range: { kind: 'absolute', from: to - 70 * 3_600_000, to } }, filter }, {} as never);
    await idle(opened.sessionId);
    return opened.sessionId;
  };
  const last = (id: string) => status.findLast((e) => e.sessionId === id)!;
  return { area, h, status, exports, saveAnswers, listeners, openFile, openZone, last };
}

const T0 = Date.UTC(2024, 2, 13, 0, 0, 0);
/** 27,000 rows of which 2,000 are 5xx: `-status:5xx` keeps exactly 25,000. */
const records: CdnLogRecord[] = Array.from({ length: 27_000 }, (_, i) => ({
  timestampMs: T0 + i * 3_000,
  pullZoneId: 7,
  requestId: i.toString(16).padStart(32, '0'),
  cacheStatus: (['HIT', 'MISS', 'STALE', 'BYPASS'] as const)[i % 4]!,
  statusCode: i % 27 < 2 ? 503 : i % 5 === 0 ? 404 : 200,
  bytesSent: 1000 + ((i * 7919) % 100_000),
  remoteIp: `10.0.${i % 256}.${(i * 3) % 256}`,
  countryCode: i % 3 === 0 ? 'DE' : 'US',
  edgeLocation: i % 2 ? 'WA' : 'FR',
  url: `https://z.b-cdn.net/v/${i % 97}.mp4${i % 11 === 0 ? '?a=1,b=2' : ''}`,
  userAgent: i % 13 === 0 ? 'Mozilla/5.0 (X11, "quoted")' : 'curl/8.0',
  referer: null,
}));
const dayFile = join(dir, '03-13-24.log');
writeFileSync(dayFile, `${records.map(formatV1Line).join('\n')}\n`);
const kept = records.filter((r) => r.statusCode < 500);

const csvLines = (path: string) => {
  const lines = readFileSync(path, 'utf8').split('\r\n');
  expect(lines.pop()).toBe('');
  return lines;
};
const leftovers = () => readdirSync(dir).filter((f) => f.endsWith('.partial'));

describe.each(HOSTS)('%s', (_label, makeRows) => {
  const t = harness(makeRows);
  afterAll(() => t.area.close());

  it('25,000 matching rows give a 25,001-line CSV, in the table’s sort, times with an offset', async () => {
    expect(kept).toHaveLength(25_000);
    const id = await t.openFile(dayFile, '-status:5xx');
    expect(t.last(id)).toMatchObject({ loadedRows: 27_000, matchingRows: 25_000 });
    const target = join(dir, `rows-${makeRows.name}.csv`);
    t.saveAnswers.push(target);
    const r = await t.h['logs.export']({ sessionId: id, format: 'csv', sort: { key: 'bytes', dir: 'desc' } }, {} as never);
    expect(r).toMatchObject({ outcome: 'saved', path: target, rows: 25_000 });
    const lines = csvLines(target);
    expect(lines).toHaveLength(25_001);
    expect(r.bytes).toBe(readFileSync(target).length);
    expect(lines[0]).toBe(exportFields(false).join(','));
    // The first data line is the table's first row in the same sort.
    const w = await t.h['logs.window']({ sessionId: id, offset: 0, count: 1, sort: { key: 'bytes', dir: 'desc' } }, {} as never);
    expect(lines[1]!.split(',')[2]).toBe(w.rows[0]!.requestId);
    expect(lines.slice(1).every((l) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00,/.test(l))).toBe(true);
    expect(lines.some((l) => l.includes('"Mozilla/5.0 (X11, ""quoted"")"'))).toBe(true);
    expect(t.exports.filter((e) => e.sessionId === id).map((e) => e.phase)).toContain('writing');
    expect(t.exports.findLast((e) => e.sessionId === id)).toMatchObject({ phase: 'saved', written: 25_000, total: 25_000, path: target });
    expect(leftovers()).toEqual([]);
  });

  it('NDJSON lines parse as log entries and match the rows, times in the viewer’s zone', async () => {
    const id = await t.openFile(dayFile, 'country:DE -status:5xx');
    const target = join(dir, `rows-${makeRows.name}.ndjson`);
    t.saveAnswers.push(target);
    const sort = { key: 'status', dir: 'asc' } as const;
    const r = await t.h['logs.export']({ sessionId: id, format: 'ndjson', sort, timeZone: 'Europe/Berlin' }, {} as never);
    const expected = kept.filter((x) => x.countryCode === 'DE');
    expect(r.rows).toBe(expected.length);
    const lines = readFileSync(target, 'utf8').split('\n');
    expect(lines.pop()).toBe('');
    const entries = lines.map((l) => logEntrySchema.parse(JSON.parse(l)));
    expect(entries).toHaveLength(expected.length);
    expect(new Set(entries.map((e) => e.requestId))).toEqual(new Set(expected.map((x) => x.requestId)));
    const w = await t.h['logs.window']({ sessionId: id, offset: 0, count: 500, sort }, {} as never);
    entries.slice(0, 500).forEach((e, k) => {
      const { index: _index, timestamp, ...row } = w.rows[k]!;
      expect({ ...e, timestamp: new Date(e.timestamp).getTime() }).toEqual({ ...row, timestamp: new Date(timestamp).getTime() });
    });
    // 13 March 2024 is winter time in Berlin.
    expect(entries[0]!.timestamp).toMatch(/\+01:00$/);
  });

  it('a zone with more pages loads them all within the rate limit, then a v1 export re-parses to the same aggregates', async () => {
    sandbox.logging.resetRequests();
    const id = await t.openZone('-cache:HIT -status:4xx');
    const first = t.last(id);
    expect(first.hasMore).toBe(true);
    const target = join(dir, `zone-${makeRows.name}.log`);
    t.saveAnswers.push(target);
    const r = await t.h['logs.export']({ sessionId: id, format: 'v1' }, {} as never);
    const after = t.last(id);
    expect(after).toMatchObject({ hasMore: false, phase: 'idle' });
    expect(after.loadedRows).toBeGreaterThan(10_000);
    expect(r).toMatchObject({ outcome: 'saved', rows: after.matchingRows });
    const phases = t.exports.filter((e) => e.sessionId === id).map((e) => e.phase);
    expect(phases.indexOf('paging')).toBeLessThan(phases.indexOf('writing'));
    // Every page came through the shared budget: no 429, never more than the limit in any 10 s.
    const log = sandbox.logging.requests().filter((x) => x.zoneId === zone);
    expect(log.length).toBeGreaterThan(1);
    expect(log.filter((x) => x.status === 429)).toEqual([]);
    for (const x of log) expect(log.filter((y) => y.at >= x.at && y.at < x.at + 10_000).length).toBeLessThanOrEqual(30);
    // The export read back by the core's v1 parser: the same rows, so the same figures.
    const back = await t.openFile(target, '');
    expect(t.last(back)).toMatchObject({ loadedRows: after.matchingRows, matchingRows: after.matchingRows, file: { malformed: 0 } });
    const source = await t.h['logs.aggregates']({ sessionId: id }, {} as never);
    const reread = await t.h['logs.aggregates']({ sessionId: back }, {} as never);
    expect(reread.kpis).toEqual(source.kpis);
    expect(reread.top).toEqual(source.top);
    const sum = (a: number[][]) => a.map((s) => s.reduce((x, y) => x + y, 0));
    expect(sum(reread.series.requestsByClass)).toEqual(sum(source.series.requestsByClass));
    expect(sum(reread.series.bytesByCache)).toEqual(sum(source.series.bytesByCache));
  });

  it('cancelling while the pages load ends cancelled and leaves no file', async () => {
    const id = await t.openZone('');
    const target = join(dir, `cancelled-${makeRows.name}.csv`);
    t.saveAnswers.push(target);
    const stop = (s: LogsExportStatus) => {
      if (s.sessionId === id && s.phase === 'paging') void t.h['logs.exportCancel']({ sessionId: id }, {} as never);
    };
    t.listeners.push(stop);
    const r = await t.h['logs.export']({ sessionId: id, format: 'csv' }, {} as never);
    t.listeners.splice(t.listeners.indexOf(stop), 1);
    expect(r).toMatchObject({ outcome: 'cancelled', rows: 0 });
    expect(t.exports.findLast((e) => e.sessionId === id)?.phase).toBe('cancelled');
    expect(existsSync(target)).toBe(false);
    expect(leftovers()).toEqual([]);
  });

  it('cancelling as the writing starts leaves no file; a closed dialog writes nothing; a bad zone is refused', async () => {
    const id = await t.openFile(dayFile, '');
    const target = join(dir, `cancelled-write-${makeRows.name}.csv`);
    t.saveAnswers.push(target);
    const stop = (s: LogsExportStatus) => {
      if (s.sessionId === id && s.phase === 'writing') void t.h['logs.exportCancel']({ sessionId: id }, {} as never);
    };
    t.listeners.push(stop);
    const r = await t.h['logs.export']({ sessionId: id, format: 'csv' }, {} as never);
    t.listeners.splice(t.listeners.indexOf(stop), 1);
    expect(r.outcome).toBe('cancelled');
    expect(existsSync(target)).toBe(false);
    expect(leftovers()).toEqual([]);
    expect(await t.h['logs.export']({ sessionId: id, format: 'csv' }, {} as never)).toEqual({ outcome: 'dismissed', path: null, rows: 0, bytes: 0 });
    expect(await failureOf(t.h['logs.export']({ sessionId: id, format: 'csv', timeZone: 'Mars/Olympus' }, {} as never))).toMatchObject({ kind: 'validation' });
    t.saveAnswers.push(join(dir, 'missing-folder', 'x.csv'));
    expect(await failureOf(t.h['logs.export']({ sessionId: id, format: 'csv' }, {} as never))).toMatchObject({ kind: 'not_found', title: expect.stringMatching(/folder for x\.csv/) });
    expect(t.exports.findLast((e) => e.sessionId === id)).toMatchObject({ phase: 'failed', error: { title: expect.stringMatching(/folder/) } });
  });
});

describe('the pages an export loads', () => {
  it('wait their turn in the zone’s shared budget', async () => {
    // A budget of one request per 1.5 s: every page the export asks for must wait for it.
    const t = harness(() => workerRows(new URL('../rows/rows-worker.ts', import.meta.url)), createRateBudget({ limit: 1, windowMs: 1_500 }));
    try {
      sandbox.logging.resetRequests();
      const id = await t.openZone('');
      expect(t.last(id).hasMore).toBe(true);
      const target = join(dir, 'budgeted.csv');
      t.saveAnswers.push(target);
      const r = await t.h['logs.export']({ sessionId: id, format: 'csv' }, {} as never);
      expect(r.outcome).toBe('saved');
      expect(csvLines(target)).toHaveLength(t.last(id).matchingRows + 1);
      const at = sandbox.logging.requests().filter((x) => x.zoneId === zone).map((x) => x.at);
      expect(at.length).toBeGreaterThan(1);
      expect(sandbox.logging.requests().filter((x) => x.status === 429)).toEqual([]);
      for (let k = 1; k < at.length; k++) expect(at[k]! - at[k - 1]!).toBeGreaterThanOrEqual(1_400);
      // While it waited, the paging phase said how far it had got.
      expect(t.exports.some((e) => e.sessionId === id && e.phase === 'paging' && e.loadedRows > 0 && e.requests > 0)).toBe(true);
    } finally {
      t.area.close();
    }
  });
});
