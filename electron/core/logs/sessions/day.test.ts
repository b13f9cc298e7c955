/**
 * A zone's whole day from the v1 day files, through the logs area against the real sandbox over HTTP: the rows
 * equal v2's rows of the same span, a local day spanning two UTC days fetches both files and keeps its own rows,
 * a day outside the retention is refused with no request, cancel, 404 and 401 — with the rows in this thread and
 * in the worker.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LogRow, LogsStatus } from '../../../../shared/contract/logs.js';
import { localDate, planDay } from '../../../../shared/logs/day.js';
import { type LogEntry } from '../../../../shared/logs/v2-response.js';
import { logQueryResponseSchema } from '../../../../shared/logs/testing/v2-page.js';
import { recordOf } from '../../../../shared/logs/testing/record-of.js';
import { startSandbox, type Sandbox } from '../../../../sandbox/server.js';
import { createPlatformClient } from '../../platform/client.js';
import { endpointsOf, fixedCredentials } from '../../platform/testing/support.js';
import type { PlatformClient } from '../../platform/types.js';
import { createLogsArea, type LogsArea } from '../index.js';
import { createRateBudget } from '../v2/rate-budget.js';
import { inThreadRows, workerRows, type RowsHost } from '../rows/rows-host.js';

/** A fixed clock shared by the sandbox and the core: 10:30 UTC, so yesterday is whole and kept. */
const NOW = Date.UTC(2026, 10, 23, 10, 30, 0);
const DAY = 86_400_000;

let sandbox: Sandbox;
let client: PlatformClient;
let zone: number;
let disabled: number;
const events: LogsStatus[] = [];

const HOSTS: readonly (readonly [string, () => RowsHost])[] = [
  ['rows in this thread', inThreadRows],
  ['rows in the worker thread', () => workerRows(new URL('../rows/rows-worker.ts', import.meta.url))],
];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, now: () => NOW, logRateLimit: { requests: 1000, windowMs: 10_000 } });
  client = createPlatformClient({ endpoints: () => endpointsOf(sandbox), credentials: fixedCredentials({ accountKey: sandbox.accountKey }), userAgent: 'Burrow/0.0.0-test', env: {} });
  zone = sandbox.pullZones.find((z) => z.loggingEnabled)!.id;
  disabled = sandbox.pullZones.find((z) => !z.loggingEnabled)!.id;
});
afterAll(async () => {
  await client.close();
  await sandbox.close();
});

function areaWith(rows: RowsHost, c: PlatformClient = client): LogsArea {
  return createLogsArea({
    bus: { emit: (name, payload) => name === 'logs.status' && events.push(payload as LogsStatus) },
    dialogs: { openFiles: async () => [], saveFile: async () => null },
    client: async () => c,
    pathOf: () => undefined,
    register: async () => ({ token: 'x', name: 'x' }),
    now: () => NOW,
    budget: createRateBudget(),
    rows,
  });
}

const ctx = {} as never;
const ended = async (id: string) => {
  await vi.waitFor(() => expect(events.findLast((e) => e.sessionId === id)?.phase).toMatch(/idle|failed|cancelled/), { timeout: 20_000 });
  return events.findLast((e) => e.sessionId === id)!;
};

/** Every v2 row of [from, to), paged by hand. */
async function v2Rows(from: number, to: number): Promise<LogEntry[]> {
  const rows: LogEntry[] = [];
  for (let offset = 0; ; ) {
    const q = new URLSearchParams({ from: new Date(from).toISOString(), to: new Date(to - 1).toISOString(), limit: '10000', offset: String(offset) });
    const res = await fetch(`${sandbox.loggingUrl}/v2/pullzones/${zone}/logs?${q}`, { headers: { AccessKey: sandbox.accountKey } });
    expect(res.status).toBe(200);
    const page = logQueryResponseSchema.parse(await res.json());
    rows.push(...page.data);
    if (!page.pagination.hasMore) return rows.filter((r) => Date.parse(r.timestamp) >= from && Date.parse(r.timestamp) < to);
    offset = page.pagination.offset + page.pagination.limit;
  }
}

async function allRows(area: LogsArea, id: string): Promise<LogEntry[]> {
  const out: LogEntry[] = [];
  for (let offset = 0; ; offset += 500) {
    const w = await area.handlers['logs.window']({ sessionId: id, offset, count: 500, sort: { key: 'time', dir: 'asc' } }, ctx);
    out.push(...w.rows.map(({ index: _index, ...e }: LogRow) => e as LogEntry));
    if (offset + 500 >= w.total) return out;
  }
}
/**
 * Rows as records in one order. A v1 line may drop a request id's leading zeros (real ones do), and a v2 entry may
 * carry fields a line has no place for (a host apart from the URL, the later fields): records hold what both say.
 */
const byId = (rows: readonly LogEntry[]) =>
  rows
    .map((e) => {
      const r = recordOf(e);
      return { ...r, requestId: r.requestId?.replace(/^0+(?=.)/, '') ?? null };
    })
    .map((r) => ({ r, key: `${r.timestampMs}|${r.requestId ?? ''}|${r.url}|${r.bytesSent}|${r.statusCode}` }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((x) => x.r);
const v1Asked = () => sandbox.logging.requests().filter((r) => r.kind === 'v1');

describe.each(HOSTS)('whole day, %s', (_label, makeRows) => {
  let area: LogsArea;
  beforeAll(() => {
    area = areaWith(makeRows());
  });
  afterAll(() => area.close());

  it('a UTC day: one v1 request, and the rows, KPIs and charts equal the v2 rows of that day', async () => {
    const day = localDate(NOW - DAY, 'UTC');
    sandbox.logging.resetRequests();
    const opened = await area.handlers['logs.open']({ source: { kind: 'day', zoneId: zone, day, timeZone: 'UTC' }, filter: '' }, ctx);
    expect(opened.source).toMatchObject({ kind: 'day', zoneId: zone, day, timeZone: 'UTC' });
    const st = await ended(opened.sessionId);
    expect(st.error).toBeNull();
    expect(st.phase).toBe('idle');
    expect(v1Asked()).toHaveLength(1);
    expect(sandbox.logging.requests().filter((r) => r.kind === 'v2')).toHaveLength(0);
    const expected = await v2Rows(st.from!, st.to!);
    expect(expected.length).toBeGreaterThan(1000);
    expect(st.loadedRows).toBe(expected.length);
    expect(st.file!.bytesRead).toBeGreaterThan(0);
    expect(st.file!.lines).toBe(expected.length);
    expect(st.requests).toBe(1);
    expect(byId(await allRows(area, opened.sessionId))).toEqual(byId(expected));
    const agg = await area.handlers['logs.aggregates']({ sessionId: opened.sessionId }, ctx);
    expect(agg.partial).toBe(false);
    expect(agg.kpis.requests).toBe(expected.length);
    expect(agg.kpis.bytes).toBe(expected.reduce((n, e) => n + e.bytesSent, 0));
    expect(agg.series.requestsByClass.flat().reduce((a, b) => a + b, 0)).toBe(expected.length);
    // A chip applies to the day's rows in the core, with nothing sent.
    const before = sandbox.logging.requests().length;
    const upd = await area.handlers['logs.update']({ sessionId: opened.sessionId, filter: 'status:5xx' }, ctx);
    expect(upd.status.matchingRows).toBe(expected.filter((e) => e.statusCode >= 500).length);
    expect(sandbox.logging.requests().length).toBe(before);
    await area.handlers['logs.close']({ sessionId: opened.sessionId }, ctx);
  });

  it('a local day spanning two UTC days fetches both files and keeps only its own rows', async () => {
    const tz = 'Asia/Tokyo';
    const day = localDate(NOW - DAY, tz);
    const plan = planDay(day, tz, NOW);
    if (!plan.ok) throw new Error(plan.message);
    expect(plan.files).toHaveLength(2);
    sandbox.logging.resetRequests();
    const opened = await area.handlers['logs.open']({ source: { kind: 'day', zoneId: zone, day, timeZone: tz }, filter: '' }, ctx);
    const st = await ended(opened.sessionId);
    expect(st.error).toBeNull();
    expect(st.from).toBe(plan.from);
    expect(st.to).toBe(plan.to);
    expect(v1Asked()).toHaveLength(2);
    const expected = await v2Rows(plan.from, plan.to);
    const got = await allRows(area, opened.sessionId);
    expect(byId(got)).toEqual(byId(expected));
    // Both files had rows of the other local days, which were left out.
    expect(st.file!.lines).toBeGreaterThan(got.length);
    await area.handlers['logs.close']({ sessionId: opened.sessionId }, ctx);
  });

  it('a day older than 3 days, or in the future, is refused with the reason and no request', async () => {
    sandbox.logging.resetRequests();
    for (const [day, reason] of [
      [localDate(NOW - 4 * DAY, 'UTC'), /older than 3 days/],
      [localDate(NOW + DAY, 'UTC'), /not begun/],
    ] as const) {
      await expect(area.handlers['logs.open']({ source: { kind: 'day', zoneId: zone, day, timeZone: 'UTC' }, filter: '' }, ctx)).rejects.toMatchObject({
        error: { kind: 'validation', detail: expect.stringMatching(reason) },
      });
    }
    await expect(area.handlers['logs.open']({ source: { kind: 'day', zoneId: zone, day: '2026-02-30', timeZone: 'UTC' }, filter: '' }, ctx)).rejects.toBeDefined();
    expect(sandbox.logging.requests()).toHaveLength(0);
  });

  it('cancel stops the download and the session says cancelled', async () => {
    const opened = await area.handlers['logs.open']({ source: { kind: 'day', zoneId: zone, day: localDate(NOW - 2 * DAY, 'UTC'), timeZone: 'UTC' }, filter: '' }, ctx);
    const c = await area.handlers['logs.cancel']({ sessionId: opened.sessionId }, ctx);
    expect(c.sessionId).toBe(opened.sessionId);
    const st = await ended(opened.sessionId);
    expect(st.phase).toBe('cancelled');
    await area.handlers['logs.close']({ sessionId: opened.sessionId }, ctx);
  });

  it('a zone without logging fails with the 404 explained', async () => {
    const opened = await area.handlers['logs.open']({ source: { kind: 'day', zoneId: disabled, day: localDate(NOW - DAY, 'UTC'), timeZone: 'UTC' }, filter: '' }, ctx);
    const st = await ended(opened.sessionId);
    expect(st.phase).toBe('failed');
    expect(st.error).toMatchObject({ status: 404, code: 'logging_disabled' });
    expect(st.loadedRows).toBe(0);
    await area.handlers['logs.close']({ sessionId: opened.sessionId }, ctx);
  });
});

describe('whole day: a file the platform does not have', () => {
  it('a 404 for the day file says the zone and day have no file, with the platform\'s words, not that logging is off', async () => {
    const area = areaWith(inThreadRows());
    try {
      sandbox.faults.add({ method: 'GET', path: '/logging/*', times: 1, action: { kind: 'status', status: 404, body: { error: { code: 'not_found', message: 'No such day file' } } } });
      const opened = await area.handlers['logs.open']({ source: { kind: 'day', zoneId: zone, day: localDate(NOW - DAY, 'UTC'), timeZone: 'UTC' }, filter: '' }, ctx);
      const st = await ended(opened.sessionId);
      expect(st.phase).toBe('failed');
      expect(st.error).toMatchObject({ status: 404, title: 'The platform has no log file for this zone and day' });
      expect(st.error?.detail).toMatch(new RegExp(`${zone}\\.log was not found\\..*The platform said: No such day file`));
    } finally {
      area.close();
    }
  });
});

describe('whole day: credentials', () => {
  it('a 401 from the platform fails the session with the explanation; the key never reaches the status', async () => {
    const bad = createPlatformClient({ endpoints: () => endpointsOf(sandbox), credentials: fixedCredentials({ bearer: 'not a token' }), userAgent: 'Burrow/0.0.0-test', env: {} });
    const area = areaWith(inThreadRows(), bad);
    try {
      const opened = await area.handlers['logs.open']({ source: { kind: 'day', zoneId: zone, day: localDate(NOW - DAY, 'UTC'), timeZone: 'UTC' }, filter: '' }, ctx);
      const st = await ended(opened.sessionId);
      expect(st.phase).toBe('failed');
      expect(st.error).toMatchObject({ status: 401, code: 'unauthorized' });
    } finally {
      area.close();
      await bad.close();
    }
  });
});
