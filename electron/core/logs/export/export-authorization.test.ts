/**
 * Visitors' Authorization headers (extended logging) are other people's credentials: the rows' windows carry only
 * a masked form, one row's value comes on an explicit reveal, and exports leave them out unless asked for by name.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { LogsStatus } from '../../../../shared/contract/logs.js';
import { CSV_FIELDS, exportFields } from '../../../../shared/logs/export-format.js';
import type { CdnLogRecord } from '../../../../shared/logs/log-record.js';
import { formatV1Line } from '../../../../shared/logs/v1-line.js';
import { parseV1Line } from '../../../../shared/logs/testing/v1-line.js';
import { FileRegistry } from '../../files/index.js';
import { failureOf } from '../../platform/testing/support.js';
import { createLogsArea } from '../index.js';
import { createRateBudget } from '../v2/rate-budget.js';
import { inThreadRows, workerRows, type RowsHost } from '../rows/rows-host.js';

const dir = mkdtempSync(join(tmpdir(), 'burrow-logs-auth-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SECRETS = ['Bearer eyJhbGciOiJIUzI1NiJ9.first-visitor', 'Basic dXNlcjpodW50ZXIy', 'token-without-scheme-42'];
const T0 = Date.UTC(2024, 2, 13, 0, 0, 0);
const records: CdnLogRecord[] = Array.from({ length: 4 }, (_, i) => ({
  timestampMs: T0 + i * 1_000,
  pullZoneId: 7,
  requestId: i.toString(16).padStart(32, '0'),
  cacheStatus: 'HIT',
  statusCode: 200,
  bytesSent: 1000 + i,
  remoteIp: '10.0.0.1',
  countryCode: 'DE',
  edgeLocation: 'WA',
  url: `https://z.b-cdn.net/v/${i}.mp4`,
  userAgent: 'curl/8.0',
  referer: null,
  extended: { bodyBytesSent: 900 + i, contentRange: null, authorizationHeader: SECRETS[i] ?? null },
}));
const dayFile = join(dir, '03-13-24.log');
writeFileSync(dayFile, `${records.map(formatV1Line).join('\n')}\n`);

const HOSTS: readonly (readonly [string, () => RowsHost])[] = [
  ['rows in this thread', inThreadRows],
  ['rows in the worker thread', () => workerRows(new URL('../rows/rows-worker.ts', import.meta.url))],
];
const SORT = { key: 'time', dir: 'asc' } as const;

describe.each(HOSTS)('%s', (label, makeRows) => {
  const files = new FileRegistry();
  const status: LogsStatus[] = [];
  const saveAnswers: string[] = [];
  const area = createLogsArea({
    bus: { emit: (name, payload) => void (name === 'logs.status' && status.push(payload as LogsStatus)) },
    dialogs: { openFiles: async () => [], saveFile: async () => saveAnswers.shift() ?? null },
    client: async () => {
      throw new Error('no platform in this test');
    },
    pathOf: (t) => files.pathOf(t),
    register: (p) => files.register(p),
    budget: createRateBudget(),
    rows: makeRows(),
  });
  afterAll(() => area.close());
  const h = area.handlers;
  const open = async () => {
    const f = await files.register(dayFile);
    const opened = await h['logs.open']({ source: { kind: 'file', token: f.token }, filter: '' }, {} as never);
    await vi.waitFor(() => expect(status.findLast((e) => e.sessionId === opened.sessionId)?.phase).toBe('idle'), { timeout: 20_000 });
    return opened.sessionId;
  };
  const exportTo = async (sessionId: string, format: 'csv' | 'ndjson' | 'v1', includeAuthorization?: boolean) => {
    const target = join(dir, `${label.replaceAll(' ', '-')}-${format}-${includeAuthorization === true}.${format}`);
    saveAnswers.push(target);
    const r = await h['logs.export']({ sessionId, format, sort: SORT, ...(includeAuthorization !== undefined ? { includeAuthorization } : {}) }, {} as never);
    expect(r.outcome).toBe('saved');
    return readFileSync(target, 'utf8');
  };

  it('windows carry the header masked with a flag; a reveal gives that one row’s value', async () => {
    const id = await open();
    const w = await h['logs.window']({ sessionId: id, offset: 0, count: 10, sort: SORT }, {} as never);
    expect(w.rows.map((r) => [r.authorizationHeader, r.authorizationMasked])).toEqual([
      ['Bearer ••••••••', true],
      ['Basic ••••••••', true],
      ['••••••••', true],
      [null, undefined],
    ]);
    const text = JSON.stringify(w);
    for (const s of SECRETS) expect(text).not.toContain(s.split(' ').at(-1));
    expect(await h['logs.revealAuthorization']({ sessionId: id, index: 1, sort: SORT }, {} as never)).toEqual({ value: SECRETS[1] });
    expect(await h['logs.revealAuthorization']({ sessionId: id, index: 0, sort: { key: 'time', dir: 'desc' } }, {} as never)).toEqual({ value: null });
    expect(await h['logs.revealAuthorization']({ sessionId: id, index: 99, sort: SORT }, {} as never)).toEqual({ value: null });
    // Asked with the row's request id, the row is found wherever it now is; a request id not there gives nothing.
    const third = w.rows[2]!.requestId;
    expect(await h['logs.revealAuthorization']({ sessionId: id, index: 0, sort: { key: 'time', dir: 'desc' }, requestId: third! }, {} as never)).toEqual({ value: SECRETS[2] });
    expect(await h['logs.revealAuthorization']({ sessionId: id, index: 0, sort: SORT, requestId: 'f'.repeat(32) }, {} as never)).toEqual({ value: null });
  });

  it('CSV, NDJSON and v1 exports leave the header out by default (v1 keeps 15 fields with -)', async () => {
    const id = await open();
    const csv = await exportTo(id, 'csv');
    expect(csv.split('\r\n')[0]).toBe(exportFields(false).join(','));
    expect(csv).not.toContain('authorizationHeader');
    const ndjson = await exportTo(id, 'ndjson');
    const v1 = await exportTo(id, 'v1');
    for (const text of [csv, ndjson, v1]) for (const s of SECRETS) expect(text).not.toContain(s);
    for (const line of ndjson.trim().split('\n')) expect(JSON.parse(line)).not.toHaveProperty('authorizationHeader');
    const lines = v1.trim().split('\n');
    expect(lines.every((l) => l.split('|').length === 15 && l.endsWith('|-'))).toBe(true);
    expect(lines.map((l) => parseV1Line(l))).toEqual(records.map(() => expect.objectContaining({ ok: true })));
  });

  it('with includeAuthorization, each format holds the headers as they came', async () => {
    const id = await open();
    const csv = await exportTo(id, 'csv', true);
    expect(csv.split('\r\n')[0]).toBe(CSV_FIELDS.join(','));
    const ndjson = await exportTo(id, 'ndjson', true);
    expect(ndjson.trim().split('\n').map((l) => (JSON.parse(l) as { authorizationHeader: unknown }).authorizationHeader)).toEqual([...SECRETS, null]);
    const v1 = await exportTo(id, 'v1', true);
    expect(v1.trim().split('\n').map((l) => l.split('|')[14])).toEqual([...SECRETS, '-']);
    for (const s of SECRETS) expect(csv).toContain(s);
  });

  it('a folder chosen as the target is named as a folder, not as a missing one', async () => {
    const id = await open();
    for (const target of [`${dir}/`, dir]) {
      saveAnswers.push(target);
      expect(await failureOf(h['logs.export']({ sessionId: id, format: 'csv' }, {} as never))).toMatchObject({
        kind: 'validation',
        title: `${target} is a folder, not a file`,
        detail: expect.stringContaining('Name a file'),
      });
    }
  });

  it('a malformed line’s sample (shown on screen) has its Authorization field masked', async () => {
    const bad = join(dir, `bad-${label.replaceAll(' ', '-')}.log`);
    writeFileSync(bad, `${formatV1Line(records[0]!).replace('|200|', '|2x0|')}\n`);
    const f = await files.register(bad);
    const opened = await h['logs.open']({ source: { kind: 'file', token: f.token }, filter: '' }, {} as never);
    await vi.waitFor(() => expect(status.findLast((e) => e.sessionId === opened.sessionId)?.phase).toBe('idle'), { timeout: 20_000 });
    const m = await h['logs.malformed']({ sessionId: opened.sessionId }, {} as never);
    expect(m.total).toBe(1);
    expect(m.samples[0]!.text.endsWith('|Bearer ••••••••')).toBe(true);
    expect(m.samples[0]!.text).not.toContain('first-visitor');
  });
});
