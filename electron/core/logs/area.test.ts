/** The logs area's handlers against the sandbox's logging API and real files: sessions, windows, aggregates, filters, events. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LogsStatus } from '../../../shared/contract/logs.js';
import type { CdnLogRecord } from '../../../shared/logs/log-record.js';
import { formatV1Line } from '../../../shared/logs/v1-line.js';
import { type LogEntry } from '../../../shared/logs/v2-response.js';
import { logQueryResponseSchema } from '../../../shared/logs/testing/v2-page.js';
import { startSandbox, type Sandbox } from '../../../sandbox/server.js';
import { FileRegistry } from '../files/index.js';
import { createPlatformClient } from '../platform/client.js';
import { endpointsOf, failureOf, fixedCredentials } from '../platform/testing/support.js';
import type { PlatformClient } from '../platform/types.js';
import { createLogsArea, type LogsArea } from './index.js';
import { createRateBudget } from './v2/rate-budget.js';
import { inThreadRows, workerRows, type RowsHost } from './rows/rows-host.js';
import { BUSY_ZONE_NAME } from '../../../sandbox/seed.js';

let sandbox: Sandbox;
let client: PlatformClient;
let area: LogsArea;
const events: LogsStatus[] = [];
const files = new FileRegistry();
const dir = mkdtempSync(join(tmpdir(), 'burrow-logs-area-'));
const chosen: string[] = [];
let zone: number;
let disabled: number;
let sent = 0;
let countingClient: PlatformClient;

/** Where the sessions' rows live: each suite below runs once with the rows in this thread and once in the worker. */
const HOSTS: readonly (readonly [string, () => RowsHost])[] = [
  ['rows in this thread', inThreadRows],
  ['rows in the worker thread', () => workerRows(new URL('./rows/rows-worker.ts', import.meta.url))],
];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  client = createPlatformClient({
    endpoints: () => endpointsOf(sandbox),
    credentials: fixedCredentials({ accountKey: sandbox.accountKey }),
    userAgent: 'Burrow/0.0.0-test',
    env: {},
  });
  const counting: PlatformClient = {
    ...client,
    send: (req) => {
      if (req.area === 'logging') sent++;
      return client.send(req);
    },
  };
  countingClient = counting;
  zone = sandbox.pullZones.find((z) => z.loggingEnabled)!.id;
  disabled = sandbox.pullZones.find((z) => !z.loggingEnabled)!.id;
});
afterAll(async () => {
  await client.close();
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

const h = () => area.handlers;
/** Waits for the session's latest event to say it stopped loading; `since` skips events before that index. */
const idle = (id: string, since = 0) =>
  vi.waitFor(() => expect(events.slice(since).findLast((e) => e.sessionId === id)?.phase).toMatch(/idle|failed|cancelled/), { timeout: 10_000 });

async function direct(query: Record<string, string>): Promise<LogEntry[]> {
  const res = await fetch(`${sandbox.loggingUrl}/v2/pullzones/${zone}/logs?${new URLSearchParams({ ...query, limit: '10000' })}`, { headers: { AccessKey: sandbox.accountKey } });
  return logQueryResponseSchema.parse(await res.json()).data;
}

describe.each(HOSTS)('%s', (_label, makeRows) => {
  beforeAll(() => {
    area = createLogsArea({
      bus: { emit: (name, payload) => name === 'logs.status' && events.push(payload as LogsStatus) },
      dialogs: { openFiles: async () => chosen.splice(0), saveFile: async () => null },
      client: async () => countingClient,
      pathOf: (t) => files.pathOf(t),
      register: (p) => files.register(p),
      budget: createRateBudget(),
      rows: makeRows(),
    });
  });
  afterAll(() => area.close());

  describe('logs area: zones', () => {
    it('lists the pull zones and whether each has logging', async () => {
      const { zones } = await h()['logs.zones']({}, {} as never);
      expect(zones.find((z) => z.id === zone)?.loggingEnabled).toBe(true);
      expect(zones.find((z) => z.id === disabled)?.loggingEnabled).toBe(false);
    });

    it('suggests the zone the profile names (the busy zone of the embedded sandbox) and no zone otherwise', async () => {
      expect(await h()['logs.zones']({}, {} as never)).not.toHaveProperty('suggested');
      const busy = sandbox.pullZones.find((z) => z.name === BUSY_ZONE_NAME)!;
      const suggesting = createLogsArea({
        bus: { emit: () => undefined },
        dialogs: { openFiles: async () => [], saveFile: async () => null },
        client: async () => client,
        pathOf: () => undefined,
        register: (p) => files.register(p),
        suggestedZone: () => BUSY_ZONE_NAME,
      });
      try {
        expect((await suggesting.handlers['logs.zones']({}, {} as never)).suggested).toBe(busy.id);
      } finally {
        await suggesting.close();
      }
    });

    it('opens a zone whose page holds nulls, unknown cache statuses and a row it cannot read: the rest shows, the one is counted and listed', async () => {
      const end = Math.floor(Date.now() / 60_000) * 60_000 - 15 * 60_000;
      const at = (s: number) => new Date(end - 60_000 + s * 1000).toISOString().replace('Z', '');
      const base = { pullZoneId: zone, statusCode: 200, bytesSent: 10, scheme: 'https', host: 'a.b-cdn.net', path: '/p', url: 'https://a.b-cdn.net/p', edgeLocation: 'DE', cacheStatus: 'HIT' };
      const data = [
        { ...base, timestamp: at(1), requestId: 'd2af1ddaf9efe0fe3cc9739c40413', cacheStatus: 'DEFERRED' },
        { ...base, timestamp: at(2), requestId: null, cacheStatus: null, edgeLocation: null, host: null, path: null, url: null, ja4Fingerprint: 'x', asn: 1 },
        { ...base, timestamp: at(3), requestId: 'ab', pullZoneId: 'seven' },
        { ...base, timestamp: at(4), requestId: 'cd', cacheStatus: 'EXPIRED' },
      ];
      const body = { data, pagination: { offset: 0, limit: 10_000, returned: 4, hasMore: false }, query: { pullZoneId: zone, from: at(0), to: at(9), order: null } };
      sandbox.faults.add({ path: `/logging/v2/pullzones/${zone}/logs`, times: 1, action: { kind: 'status', status: 200, body } });
      const opened = await h()['logs.open']({ source: { kind: 'zone', zoneId: zone, range: { kind: 'absolute', from: end - 3_600_000, to: end } }, filter: '' }, {} as never);
      await idle(opened.sessionId);
      const st = events.findLast((e) => e.sessionId === opened.sessionId)!;
      expect(st).toMatchObject({ loadedRows: 3, unreadable: { rows: 1, firstReason: 'pullZoneId must be a whole number (got "seven")' } });
      expect(await h()['logs.malformed']({ sessionId: opened.sessionId }, {} as never)).toEqual({ total: 1, samples: [{ line: 3, reason: 'pullZoneId must be a whole number (got "seven")', text: `${JSON.stringify(data[2]).slice(0, 200)}…` }] });
      const w = await h()['logs.window']({ sessionId: opened.sessionId, offset: 0, count: 10, sort: { key: 'time', dir: 'asc' } }, {} as never);
      expect(w.rows.map((r) => [r.requestId, r.cacheStatus, r.edgeLocation, r.url])).toEqual([
        ['d2af1ddaf9efe0fe3cc9739c40413', 'DEFERRED', 'DE', 'https://a.b-cdn.net/p'],
        [null, null, null, null],
        ['cd', 'EXPIRED', 'DE', 'https://a.b-cdn.net/p'],
      ]);
      // An unknown status is its own value in the charts and the completions; a missing one counts apart.
      const agg = await h()['logs.aggregates']({ sessionId: opened.sessionId }, {} as never);
      const total = (key: string) => (agg.series.requestsByCache[agg.series.cacheStatuses.indexOf(key)] ?? []).reduce((a, b) => a + b, 0);
      expect([total('DEFERRED'), total('EXPIRED'), total('(none)'), total('HIT')]).toEqual([1, 1, 1, 0]);
      expect((await h()['logs.values']({ sessionId: opened.sessionId, key: 'cache', prefix: '' }, {} as never)).values.sort()).toEqual(['DEFERRED', 'EXPIRED']);
      expect(await h()['logs.findRequest']({ sessionId: opened.sessionId, requestId: 'D2AF1DDAF9EFE0FE3CC9739C40413', sort: { key: 'time', dir: 'asc' } }, {} as never)).toEqual({ index: 0 });
      // A local chip on the unknown status keeps its row.
      await h()['logs.update']({ sessionId: opened.sessionId, filter: '-cache:DEFERRED' }, {} as never);
      await h()['logs.close']({ sessionId: opened.sessionId }, {} as never);
    });

    it('opens a zone: the first page arrives, windows come in the asked sort, and negated chips apply in the core', async () => {
      // A range that ended a while ago: the sandbox's traffic for it no longer grows.
      const end = Math.floor(Date.now() / 60_000) * 60_000 - 15 * 60_000;
      const opened = await h()['logs.open']({ source: { kind: 'zone', zoneId: zone, range: { kind: 'absolute', from: end - 3_600_000, to: end } }, filter: 'status:2xx,3xx -cache:HIT' }, {} as never);
      await idle(opened.sessionId);
      const st = events.findLast((e) => e.sessionId === opened.sessionId)!;
      expect(st.filter).toBe('status:2xx,3xx -cache:HIT');
      expect(st.loadedRows).toBeGreaterThan(0);
      expect(st.matchingRows).toBeLessThan(st.loadedRows);
      const expected = (await direct({ from: new Date(st.from!).toISOString(), to: new Date(st.to!).toISOString(), status: '2xx,3xx' })).filter((e) => e.cacheStatus !== 'HIT');
      expect(st.matchingRows).toBe(expected.length);
      // The platform got the status filter; the negated chip never left the core.
      const asked = sandbox.logging.requests().filter((r) => r.zoneId === zone).at(-1)!;
      expect(new URLSearchParams(asked.query).get('status')).toBe('2xx,3xx');
      expect(new URLSearchParams(asked.query).has('cacheStatus')).toBe(false);
      const w = await h()['logs.window']({ sessionId: opened.sessionId, offset: 0, count: 50, sort: { key: 'bytes', dir: 'desc' } }, {} as never);
      expect(w.total).toBe(expected.length);
      expect(w.rows.every((r) => r.cacheStatus !== 'HIT' && r.statusCode >= 200 && r.statusCode < 400)).toBe(true);
      const bytes = w.rows.map((r) => r.bytesSent);
      expect(bytes).toEqual([...bytes].sort((a, b) => b - a));
      expect(bytes[0]).toBe(Math.max(...expected.map((e) => e.bytesSent)));

      const agg = await h()['logs.aggregates']({ sessionId: opened.sessionId }, {} as never);
      expect(agg.kpis.requests).toBe(expected.length);
      expect(agg.series.bucketMs).toBe(60_000);
      expect(agg.series.requestsByCache.flat().reduce((a, b) => a + b, 0)).toBe(expected.length);
      expect(agg.series.requestsByCache[agg.series.cacheStatuses.indexOf('HIT')]!.every((n) => n === 0)).toBe(true);
      // Top POPs: at most ten, largest first, each counted as the rows say.
      const byPop = new Map<string, number>();
      for (const e of expected) if (e.edgeLocation !== null) byPop.set(e.edgeLocation, (byPop.get(e.edgeLocation) ?? 0) + 1);
      expect(agg.top.pops.length).toBe(Math.min(10, byPop.size));
      for (const p of agg.top.pops) expect(p.requests).toBe(byPop.get(p.key));
      expect(agg.top.pops[0]!.requests).toBe(Math.max(...byPop.values()));

      const values = await h()['logs.values']({ sessionId: opened.sessionId, key: 'cache', prefix: '' }, {} as never);
      expect(values.values).not.toContain('HIT');

      // A new filter queries again, rows of the old query never land; the answer waits for the first page and brings
      // its first window (no event tells that page before the answer does).
      const mark = events.length;
      const upd = await h()['logs.update']({ sessionId: opened.sessionId, filter: 'cache:miss', window: { offset: 0, count: 500, sort: { key: 'time', dir: 'desc' } } }, {} as never);
      expect(events.slice(mark)).toEqual([expect.objectContaining({ sessionId: opened.sessionId, phase: 'loading', loadedRows: 0, filter: 'cache:MISS' })]);
      expect(upd.status).toMatchObject({ phase: 'idle', filter: 'cache:MISS', chips: ['cache:MISS'] });
      const w2 = upd.window!;
      expect(w2.rows.length).toBeGreaterThan(0);
      expect(w2.rows.every((r) => r.cacheStatus === 'MISS')).toBe(true);
      const times = w2.rows.map((r) => Date.parse(r.timestamp));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      // Text that does not parse changes nothing and comes back with each problem and where it is; a drill-down's chip
      // is merged into the filter applied then.
      expect(await h()['logs.update']({ sessionId: opened.sessionId, filter: 'cache:MISS status:6xx' }, {} as never)).toMatchObject({ status: { filter: 'cache:MISS' }, filterErrors: [{ at: 11, message: expect.stringContaining('6xx') }] });
      expect((await h()['logs.update']({ sessionId: opened.sessionId, filter: 'status:6xx', add: '-country:DE' }, {} as never)).status.chips).toEqual(['cache:MISS', '-country:DE']);
      await h()['logs.close']({ sessionId: opened.sessionId }, {} as never);
      expect(await failureOf(h()['logs.window']({ sessionId: opened.sessionId, offset: 0, count: 1, sort: { key: 'time', dir: 'desc' } }, {} as never))).toMatchObject({ kind: 'not_found' });
    });

    it('a new range asked for while the first page is still on its way wins: its rows arrive, the old query is dropped', async () => {
      const end = Math.floor(Date.now() / 60_000) * 60_000 - 15 * 60_000;
      const opened = await h()['logs.open']({ source: { kind: 'zone', zoneId: zone, range: { kind: 'absolute', from: end - 600_000, to: end } }, filter: '' }, {} as never);
      const { status: st } = await h()['logs.update']({ sessionId: opened.sessionId, range: { kind: 'absolute', from: end - 3 * 3_600_000, to: end } }, {} as never);
      const expected = await direct({ from: new Date(end - 3 * 3_600_000).toISOString(), to: new Date(end).toISOString() });
      expect(st).toMatchObject({ phase: 'idle', loadedRows: expected.length, from: end - 3 * 3_600_000 });
      await h()['logs.close']({ sessionId: opened.sessionId }, {} as never);
    });

    it('refuses a range longer than 3 days or a bad filter by naming the field, and sends nothing', async () => {
      const before = sent;
      const now = Date.now();
      expect(await failureOf(h()['logs.open']({ source: { kind: 'zone', zoneId: zone, range: { kind: 'absolute', from: now - 4 * 86_400_000, to: now } }, filter: '' }, {} as never))).toMatchObject({
        kind: 'validation',
        fieldErrors: { range: expect.stringMatching(/3 days|retention|kept/) },
      });
      expect(await failureOf(h()['logs.open']({ source: { kind: 'zone', zoneId: zone, range: { kind: 'preset', preset: '1h' } }, filter: 'status:6xx' }, {} as never))).toMatchObject({
        kind: 'validation',
        fieldErrors: { filter: expect.stringContaining('6xx') },
      });
      expect(sent).toBe(before);
    });

    it('a zone without logging ends failed, explained in words', async () => {
      const opened = await h()['logs.open']({ source: { kind: 'zone', zoneId: disabled, range: { kind: 'preset', preset: '15m' } }, filter: '' }, {} as never);
      await idle(opened.sessionId);
      const st = events.findLast((e) => e.sessionId === opened.sessionId)!;
      expect(st.phase).toBe('failed');
      expect(st.error?.title).toMatch(/logging/i);
    });

    it('logs.page walks a zone a page a call: the rows the filter keeps as the platform sent them (no Authorization unless named), then ends', async () => {
      const end = Math.floor(Date.now() / 60_000) * 60_000 - 15 * 60_000;
      const row = (id: string, host: string) => ({ timestamp: new Date(end - 60_000).toISOString(), pullZoneId: zone, requestId: id, cacheStatus: 'HIT', statusCode: 200, bytesSent: 10, edgeLocation: 'DE', scheme: 'https', host, path: '/p', url: `https://${host}/p`, asn: 7, authorizationHeader: 'Bearer visitor' });
      const page = (data: unknown[], hasMore: boolean) => ({ data, pagination: { offset: 0, limit: 10_000, returned: data.length, hasMore }, query: null });
      const path = `/logging/v2/pullzones/${zone}/logs`;
      sandbox.faults.add({ path, times: 1, action: { kind: 'status', status: 200, body: page([row('aa', 'a.b-cdn.net'), row('bb', 'z.b-cdn.net')], true) } });
      sandbox.faults.add({ path, times: 1, action: { kind: 'status', status: 200, body: page([row('cc', 'a.b-cdn.net')], false) } });
      const range = { kind: 'absolute', from: end - 3_600_000, to: end } as const;
      const first = await h()['logs.page']({ zoneId: zone, range, filter: '-host:z.b-cdn.net', order: 'desc' }, {} as never);
      expect(first).toMatchObject({ done: false, entries: [{ requestId: 'aa', asn: 7 }] });
      expect(first.entries[0]).not.toHaveProperty('authorizationHeader');
      expect(await h()['logs.page']({ walkId: first.walkId }, {} as never)).toMatchObject({ done: true, entries: [{ requestId: 'cc' }] });
      expect(await failureOf(h()['logs.page']({ walkId: first.walkId }, {} as never))).toMatchObject({ kind: 'not_found' });
      sandbox.faults.reset();
    });

    it('load all ends on a platform answering empty pages with more forever, and the status says why', async () => {
      const end = Math.floor(Date.now() / 60_000) * 60_000 - 15 * 60_000;
      const empty = { data: [], pagination: { offset: 0, limit: 10_000, returned: 0, hasMore: true }, query: null };
      sandbox.faults.add({ path: `/logging/v2/pullzones/${zone}/logs`, times: 100, action: { kind: 'status', status: 200, body: empty } });
      const opened = await h()['logs.open']({ source: { kind: 'zone', zoneId: zone, range: { kind: 'absolute', from: end - 3_600_000, to: end } }, filter: '' }, {} as never);
      await idle(opened.sessionId);
      await h()['logs.loadAll']({ sessionId: opened.sessionId }, {} as never);
      await vi.waitFor(() => expect(events.findLast((e) => e.sessionId === opened.sessionId)).toMatchObject({ phase: 'idle', hasMore: false }), { timeout: 20_000 });
      const left = sandbox.faults.list()[0]?.remaining;
      sandbox.faults.reset();
      expect(left).toBe(97);
      expect(events.findLast((e) => e.sessionId === opened.sessionId)?.pagingStopped).toMatch(/paging stopped after 3 pages in a row brought no new rows/);
      await h()['logs.close']({ sessionId: opened.sessionId }, {} as never);
    });

    it('load all pages to the end in the background with a status per page', async () => {
      const opened = await h()['logs.open']({ source: { kind: 'zone', zoneId: zone, range: { kind: 'preset', preset: '24h' } }, filter: '' }, {} as never);
      await idle(opened.sessionId);
      const first = events.findLast((e) => e.sessionId === opened.sessionId)!;
      await h()['logs.loadAll']({ sessionId: opened.sessionId }, {} as never);
      await vi.waitFor(() => expect(events.findLast((e) => e.sessionId === opened.sessionId)).toMatchObject({ phase: 'idle', hasMore: false }), { timeout: 20_000 });
      const last = events.findLast((e) => e.sessionId === opened.sessionId)!;
      expect(last.loadedRows).toBeGreaterThanOrEqual(first.loadedRows);
      const all = await direct({ from: new Date(last.from!).toISOString(), to: new Date(last.to!).toISOString() });
      // The sandbox's single page holds at most 10,000 rows; the session holds every row of the range.
      expect(last.loadedRows).toBeGreaterThanOrEqual(all.length);
      const agg = await h()['logs.aggregates']({ sessionId: opened.sessionId }, {} as never);
      expect(agg.partial).toBe(false);
      expect(agg.kpis.requests).toBe(last.loadedRows);
      // Every request so far stayed inside the platform's limit: no 429, never more than 30 in any 10 s.
      const log = sandbox.logging.requests();
      expect(log.filter((r) => r.status === 429)).toEqual([]);
      for (const r of log) expect(log.filter((x) => x.zoneId === r.zoneId && x.at >= r.at && x.at < r.at + 10_000).length).toBeLessThanOrEqual(30);
    });
  });

  describe('logs area: files', () => {
    const T0 = Date.UTC(2024, 2, 13, 0, 0, 0);
    const records: CdnLogRecord[] = Array.from({ length: 300 }, (_, i) => ({
      timestampMs: T0 + i * 60_000,
      pullZoneId: 7,
      requestId: i.toString(16).padStart(32, '0'),
      cacheStatus: (['HIT', 'MISS', 'STALE', 'BYPASS'] as const)[i % 4]!,
      statusCode: i % 10 === 0 ? 503 : 200,
      bytesSent: 1000 + i,
      remoteIp: '10.0.0.0',
      countryCode: i % 3 === 0 ? 'DE' : 'US',
      edgeLocation: 'WA',
      url: `https://z.b-cdn.net/v/${i % 7}.mp4`,
      userAgent: null,
      referer: null,
    }));

    it('reads a dropped gzip v1 file, filters in the core, and lists its malformed lines', async () => {
      const path = join(dir, '03-13-24.log.gz');
      writeFileSync(path, gzipSync(`${records.map(formatV1Line).join('\n')}\nbroken|line\n`));
      const f = await files.register(path);
      const opened = await h()['logs.open']({ source: { kind: 'file', token: f.token }, filter: 'status:5xx' }, {} as never);
      await idle(opened.sessionId);
      const st = events.findLast((e) => e.sessionId === opened.sessionId)!;
      expect(st).toMatchObject({ loadedRows: 300, matchingRows: 30, hasMore: false, source: { kind: 'file', fileName: '03-13-24.log.gz' }, file: { lines: 301, malformed: 1 } });
      expect(st.from).toBe(T0);
      const bad = await h()['logs.malformed']({ sessionId: opened.sessionId }, {} as never);
      expect(bad).toMatchObject({ total: 1, samples: [{ line: 301, text: 'broken|line' }] });
      await h()['logs.update']({ sessionId: opened.sessionId, filter: 'cache:HIT,STALE country:DE' }, {} as never);
      const agg = await h()['logs.aggregates']({ sessionId: opened.sessionId }, {} as never);
      const expected = records.filter((r) => (r.cacheStatus === 'HIT' || r.cacheStatus === 'STALE') && r.countryCode === 'DE');
      expect(agg.kpis.requests).toBe(expected.length);
      expect(agg.kpis.hitRatio).toBe(1);
      expect(agg.partial).toBe(false);
      expect(agg.top.urls.reduce((t, u) => t + u.requests, 0)).toBe(expected.length);
      const w = await h()['logs.window']({ sessionId: opened.sessionId, offset: 2, count: 3, sort: { key: 'time', dir: 'asc' } }, {} as never);
      expect(w.rows.map((r) => r.requestId)).toEqual(expected.slice(2, 5).map((r) => r.requestId));
      expect(w.rows.map((r) => r.index)).toEqual([2, 3, 4]);
    });

    it('finds the next and previous 5xx among the matching rows in the sort asked for, from either end', async () => {
      const path = join(dir, 'find.log');
      writeFileSync(path, `${records.map(formatV1Line).join('\n')}\n`);
      const f = await files.register(path);
      const opened = await h()['logs.open']({ source: { kind: 'file', token: f.token }, filter: 'country:DE' }, {} as never);
      await idle(opened.sessionId);
      const sort = { key: 'bytes', dir: 'desc' } as const;
      // The DE rows by bytes, largest first; the places of those with a 5xx.
      const order = records.filter((r) => r.countryCode === 'DE').sort((a, b) => b.bytesSent - a.bytesSent);
      const fives = order.flatMap((r, k) => (r.statusCode >= 500 ? [k] : []));
      expect(fives.length).toBeGreaterThan(2);
      const find = async (from: number, direction: 'next' | 'prev', statusClass: '4xx' | '5xx' = '5xx') =>
        (await h()['logs.findStatus']({ sessionId: opened.sessionId, from, direction, statusClass, sort }, {} as never)).index;
      expect(await find(-1, 'next')).toBe(fives[0]);
      expect(await find(fives[0]!, 'next')).toBe(fives[1]);
      expect(await find(fives[1]! - 1, 'next')).toBe(fives[1]);
      expect(await find(order.length, 'prev')).toBe(fives.at(-1));
      expect(await find(fives[1]!, 'prev')).toBe(fives[0]);
      expect(await find(fives[0]!, 'prev')).toBeNull();
      expect(await find(fives.at(-1)!, 'next')).toBeNull();
      expect(await find(-1, 'next', '4xx')).toBeNull();
      // The place found is the row the table gets at that place.
      const w = await h()['logs.window']({ sessionId: opened.sessionId, offset: fives[1]!, count: 1, sort }, {} as never);
      expect(w.rows[0]).toMatchObject({ index: fives[1], statusCode: 503, requestId: order[fives[1]!]!.requestId });
    });

    it('cancelling a file while it is read ends the session cancelled, with no rows', async () => {
      const path = join(dir, 'big.log');
      writeFileSync(path, `${Array.from({ length: 40 }, () => records.map(formatV1Line).join('\n')).join('\n')}\n`);
      const f = await files.register(path);
      const opened = await h()['logs.open']({ source: { kind: 'file', token: f.token }, filter: '' }, {} as never);
      await h()['logs.cancel']({ sessionId: opened.sessionId }, {} as never);
      await idle(opened.sessionId);
      await vi.waitFor(() => expect(events.findLast((e) => e.sessionId === opened.sessionId)?.phase).toBe('cancelled'));
      expect(events.findLast((e) => e.sessionId === opened.sessionId)).toMatchObject({ loadedRows: 0 });
      const w = await h()['logs.window']({ sessionId: opened.sessionId, offset: 0, count: 10, sort: { key: 'time', dir: 'asc' } }, {} as never);
      expect(w.total).toBe(0);
    });

    it('"Open a log file" hands back a token for the chosen file, or null when cancelled', async () => {
      const path = join(dir, 'day.log');
      writeFileSync(path, `${records.slice(0, 5).map(formatV1Line).join('\n')}\n`);
      chosen.push(path);
      const picked = await h()['logs.chooseFile']({}, {} as never);
      expect(picked).toMatchObject({ name: 'day.log' });
      expect(files.pathOf(picked!.token)).toBe(path);
      expect(await h()['logs.chooseFile']({}, {} as never)).toBeNull();
    });
  });
});
