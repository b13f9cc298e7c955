/**
 * The live tail against the sandbox over HTTP, on a clock the test moves and timers it fires: late rows appear
 * once, the budget leaves room for others, the cap trims the oldest arrivals, and a paused tail sends nothing.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TailStatus } from '../../../../shared/contract/logs-tail.js';
import { logQueryResponseSchema } from '../../../../shared/logs/testing/v2-page.js';
import { startSandbox, type Sandbox } from '../../../../sandbox/server.js';
import { createPlatformClient } from '../../platform/client.js';
import { endpointsOf, fixedCredentials } from '../../platform/testing/support.js';
import type { PlatformClient } from '../../platform/types.js';
import { createLogsArea, type LogsArea } from '../index.js';
import { createRateBudget, type RateBudget } from '../v2/rate-budget.js';
import { inThreadRows, workerRows, type RowsHost } from '../rows/rows-host.js';
import type { TailOptions, TailTimers } from './tail-session.js';

const T0 = Date.UTC(2026, 10, 23, 15, 0, 0);
const clock = { now: T0 };
let sandbox: Sandbox;
let client: PlatformClient;
let zone: number;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, now: () => clock.now, liveTraffic: true });
  client = createPlatformClient({ endpoints: () => endpointsOf(sandbox), credentials: fixedCredentials({ accountKey: sandbox.accountKey }), userAgent: 'Burrow/0.0.0-test', env: {} });
  zone = sandbox.pullZones.find((z) => z.loggingEnabled)!.id;
});
afterAll(async () => {
  await client.close();
  await sandbox.close();
});

/** Timers that fire only when the test says so. */
function fakeTimers() {
  const pending = new Set<{ fn: () => void; ms: number }>();
  const timers: TailTimers = {
    set: (fn, ms) => {
      const t = { fn, ms };
      pending.add(t);
      return t;
    },
    clear: (h) => void pending.delete(h as { fn: () => void; ms: number }),
  };
  return { timers, pending };
}

const HOSTS: readonly (readonly [string, () => RowsHost])[] = [
  ['rows in this thread', inThreadRows],
  ['rows in the worker thread', () => workerRows(new URL('../rows/rows-worker.ts', import.meta.url))],
];

describe.each(HOSTS)('live tail, %s', (_label, makeRows) => {
  let area: LogsArea;
  let budget: RateBudget;
  let events: TailStatus[];
  let fake: ReturnType<typeof fakeTimers>;
  let rows: RowsHost;
  const h = () => area.handlers;

  const open = (options: TailOptions = {}) => {
    fake = fakeTimers();
    budget = createRateBudget({ timers: { now: () => clock.now, set: (fn, ms) => setTimeout(fn, Math.min(ms, 50)), clear: (t) => clearTimeout(t as ReturnType<typeof setTimeout>) } });
    area = createLogsArea({
      bus: { emit: (name, payload) => name === 'logs.tailStatus' && events.push(payload as TailStatus) },
      dialogs: { openFiles: async () => [], saveFile: async () => null },
      client: async () => client,
      pathOf: () => undefined,
      register: async () => ({ token: 'x', name: 'x' }),
      now: () => clock.now,
      budget,
      rows,
      tail: { ...options, timers: fake.timers },
    });
  };
  const last = (id: string) => events.findLast((e) => e.sessionId === id)!;
  /** Moves the clock and fires the due ask; resolves with the status it ended with. */
  const step = async (id: string, ms = 3_000): Promise<TailStatus> => {
    clock.now += ms;
    const mark = events.length;
    const due = [...fake.pending];
    fake.pending.clear();
    expect(due.length).toBe(1);
    for (const t of due) t.fn();
    await vi.waitFor(() => expect(events.slice(mark).some((e) => e.sessionId === id)).toBe(true), { timeout: 10_000 });
    return last(id);
  };
  const all = async (id: string) => {
    const out = [];
    for (let offset = 0; ; offset += 500) {
      const w = await h()['logs.window']({ sessionId: id, offset, count: 500 }, {} as never);
      out.push(...w.rows);
      if (offset + 500 >= w.total) return out;
    }
  };
  const seenBy = () => sandbox.logging.requests().filter((r) => r.zoneId === zone);

  beforeAll(() => {
    rows = makeRows();
  });
  afterAll(() => rows.close());
  beforeEach(() => {
    events = [];
    clock.now += 3_600_000;
    sandbox.logging.resetRequests();
  });

  it('a row the platform delivers minutes late appears exactly once, after the rows that arrived before it', async () => {
    open();
    const started = await h()['logs.tail']({ zoneId: zone, filter: '' }, {} as never);
    expect(started.phase).toBe('live');
    const id = started.sessionId;
    const t0 = clock.now;
    const first = await step(id, 0);
    expect(first.arrived).toBeGreaterThan(0);
    // A row on time, then one stamped five minutes back (past the near window: only a sweep reaches it).
    const [onTime] = sandbox.logging.inject(zone, [{ timestampMs: clock.now - 500, url: '/on-time' }]);
    const [late] = sandbox.logging.inject(zone, [{ timestampMs: clock.now - 5 * 60_000, url: '/late', statusCode: 502 }]);
    for (let i = 0; i < 7; i++) await step(id);
    const held = await all(id);
    const ids = held.map((r) => r.requestId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((x) => x === late!.requestId)).toHaveLength(1);
    expect(ids.filter((x) => x === onTime!.requestId)).toHaveLength(1);
    expect(ids.indexOf(late!.requestId)).toBeGreaterThan(ids.indexOf(onTime!.requestId));
    // Every row the sandbox holds from the first ask's reach to now is there, once.
    const res = await fetch(`${sandbox.loggingUrl}/v2/pullzones/${zone}/logs?${new URLSearchParams({ from: new Date(t0 - 10 * 60_000).toISOString(), to: new Date(clock.now + 1).toISOString(), limit: '10000' })}`, { headers: { AccessKey: sandbox.accountKey } });
    const expected = logQueryResponseSchema.parse(await res.json()).data.map((e) => e.requestId);
    expect(new Set(ids)).toEqual(new Set(expected));
    const st = last(id);
    expect(st).toMatchObject({ phase: 'live', loadedRows: ids.length, matchingRows: ids.length, arrived: ids.length, arrivedMatching: ids.length, trimmed: 0, error: null });
    // Asking again brings nothing twice.
    const again = await step(id);
    expect(again.lastArrived).toBe(0);
    expect(again.arrived).toBe(ids.length);
    await h()['logs.tailStop']({ sessionId: id }, {} as never);
    area.close();
  });

  it('stays inside the zone budget and leaves room: one ask per interval, a further page only while half the budget is free', async () => {
    // Small pages, so the look-back window holds several.
    open({ pageSize: 5, maxPages: 3 });
    const { sessionId: id } = await h()['logs.tail']({ zoneId: zone, filter: '' }, {} as never);
    await step(id, 0);
    expect(seenBy()).toHaveLength(3);
    expect(last(id).behind).toBe(true);
    // The earlier pages have left the window; the rest of the app holds 14 of the 30 slots.
    clock.now += 10_000;
    const held = await Promise.all(Array.from({ length: 14 }, () => budget.acquire(zone)));
    for (const g of held) g.done();
    sandbox.logging.resetRequests();
    // Enough new rows that even the near window needs more than one small page.
    sandbox.logging.inject(zone, Array.from({ length: 20 }, (_, i) => ({ timestampMs: clock.now - 1000 - i })));
    await step(id, 0);
    // With its first page the tail has taken the zone to half its budget: it asks no further page.
    expect(seenBy()).toHaveLength(1);
    expect(last(id).behind).toBe(true);
    for (let i = 0; i < 20; i++) await step(id);
    const log = seenBy();
    expect(log.filter((r) => r.status === 429)).toEqual([]);
    for (const r of log) expect(log.filter((x) => x.at >= r.at && x.at < r.at + 10_000).length).toBeLessThanOrEqual(15);
    // Every ask went out as v2, newest first, reaching past now.
    for (const r of log) expect(new URLSearchParams(r.query).get('order')).toBe('desc');
    area.close();
  });

  it('answers the screen’s reading methods for its id: windows newest first, aggregates over the live window, facets', async () => {
    open();
    const { sessionId: id } = await h()['logs.tail']({ zoneId: zone, filter: '' }, {} as never);
    await step(id, 0);
    const [row] = sandbox.logging.inject(zone, [{ timestampMs: clock.now + 1_000, url: '/live/one-of-a-kind', statusCode: 504, cacheStatus: 'MISS' }]);
    clock.now += 2_000;
    const st = await step(id, 0);
    const newest = { key: 'time', dir: 'desc' } as const;
    const w = await h()['logs.window']({ sessionId: id, offset: 0, count: 500, sort: newest }, {} as never);
    expect(w.total).toBe(st.matchingRows);
    // Newest first: every row is no newer than the one above it, the injected one among them.
    const at = w.rows.findIndex((r) => r.requestId === row!.requestId);
    expect(at).toBeGreaterThanOrEqual(0);
    const times = w.rows.map((r) => Date.parse(r.timestamp));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(w.rows.map((r) => r.index)).toEqual(w.rows.map((_, i) => i));
    // The same rows as the arrival-order window, only in another order.
    const arrival = await all(id);
    expect(new Set(w.rows.map((r) => r.requestId))).toEqual(new Set(arrival.map((r) => r.requestId)));
    // Another sort works as it does for a session.
    const byStatus = await h()['logs.window']({ sessionId: id, offset: 0, count: 1, sort: { key: 'status', dir: 'desc' } }, {} as never);
    expect(byStatus.rows[0]!.statusCode).toBe(Math.max(...arrival.map((r) => r.statusCode)));

    // Aggregates: every matching row counted once, in buckets of the size asked, the last one reaching now.
    const a = await h()['logs.aggregates']({ sessionId: id, bucketMs: 60_000 }, {} as never);
    expect(a.rows).toBe(st.matchingRows);
    expect(a.kpis.requests).toBe(st.matchingRows);
    expect(a.series.bucketMs).toBe(60_000);
    expect(a.series.requestsByClass.flat().reduce((x, y) => x + y, 0)).toBe(st.matchingRows);
    expect(a.series.starts[0]).toBeLessThanOrEqual(st.from);
    expect(a.series.starts.at(-1)! + 60_000).toBeGreaterThanOrEqual(st.to);
    const rowBucket = a.series.starts.findIndex((s) => s <= clock.now - 1_000 && clock.now - 1_000 < s + 60_000);
    expect(a.series.requestsByClass[a.series.statusClasses.indexOf('5xx')]![rowBucket]).toBeGreaterThanOrEqual(1);
    // The status says the live window: from as far back as the first ask reached, to now.
    expect(st.to).toBeGreaterThanOrEqual(clock.now);
    expect(st.from).toBeLessThanOrEqual(Math.min(...times));

    // Facets over the same rows, counted independently here.
    const f = await h()['logs.facets']({ sessionId: id, query: { facet: 'status', search: '504' } }, {} as never);
    const status = f.facets.find((x) => x.name === 'status')!;
    expect(status.values.find((v) => v.key === '504')?.requests).toBe(arrival.filter((r) => r.statusCode === 504).length);
    expect(f.rows).toBe(st.matchingRows);
    // And the place of a request in the sort, for the table to keep its rows in view as new ones arrive above.
    const found = await h()['logs.findRequest']({ sessionId: id, requestId: row!.requestId!, sort: newest }, {} as never);
    expect(found.index).toBe(at);

    // Once stopped, its id reads nothing.
    await h()['logs.tailStop']({ sessionId: id }, {} as never);
    await expect(h()['logs.window']({ sessionId: id, offset: 0, count: 1, sort: newest }, {} as never)).rejects.toMatchObject({ error: { kind: 'not_found' } });
    area.close();
  });

  it('trims the oldest arrivals past the cap and says how many', async () => {
    open();
    const { sessionId: id } = await h()['logs.tail']({ zoneId: zone, filter: '', cap: 100 }, {} as never);
    const first = await step(id, 0);
    expect(first.trimmed).toBe(0);
    const burst = sandbox.logging.inject(
      zone,
      Array.from({ length: 150 }, (_, i) => ({ timestampMs: clock.now - 150 + i, url: `/burst/${i}` })),
    );
    const st = await step(id);
    // The generated trickle may add a row or two beside the burst.
    expect(st.arrived).toBeGreaterThanOrEqual(first.arrived + 150);
    expect(st.loadedRows).toBe(90);
    expect(st.trimmed).toBe(st.arrived - 90);
    expect(st.trimmedMatching).toBe(st.trimmed);
    const held = await all(id);
    expect(held.map((r) => r.index)).toEqual(Array.from({ length: 90 }, (_, i) => i));
    // The oldest arrivals went: what is left of the burst is its newest part, in order.
    const burstIds = burst.map((r) => r.requestId);
    const kept = held.map((r) => r.requestId).filter((x) => burstIds.includes(x));
    expect(kept.length).toBeGreaterThan(80);
    expect(kept).toEqual(burstIds.slice(-kept.length));
    area.close();
  });

  it('a paused tail sends nothing; resuming asks at once; a filter applies to what arrives', async () => {
    open();
    const { sessionId: id } = await h()['logs.tail']({ zoneId: zone, filter: 'status:5xx -pop:XX' }, {} as never);
    await step(id);
    const paused = await h()['logs.tailPause']({ sessionId: id }, {} as never);
    expect(paused.phase).toBe('paused');
    const before = seenBy().length;
    // A minute passes on the tail's clock: it holds no timer to fire, so nothing is asked.
    clock.now += 60_000;
    expect(fake.pending.size).toBe(0);
    expect(last(id).phase).toBe('paused');
    expect(seenBy().length).toBe(before);
    const [row] = sandbox.logging.inject(zone, [{ timestampMs: clock.now - 1000, statusCode: 503 }]);
    sandbox.logging.inject(zone, [{ timestampMs: clock.now - 1000, statusCode: 200 }]);
    const resumed = await h()['logs.tailResume']({ sessionId: id }, {} as never);
    expect(resumed.phase).toBe('live');
    const st = await step(id, 0);
    expect(seenBy().length).toBe(before + 1);
    expect(new URLSearchParams(seenBy().at(-1)!.query).get('status')).toBe('5xx');
    const held = await all(id);
    expect(held.every((r) => r.statusCode >= 500)).toBe(true);
    expect(held.filter((r) => r.requestId === row!.requestId)).toHaveLength(1);
    expect(st.matchingRows).toBe(held.length);
    await h()['logs.tailStop']({ sessionId: id }, {} as never);
    expect(fake.pending.size).toBe(0);
    area.close();
  });

  it('stops on an error asking again cannot fix (logging off), keeps going through a 503', async () => {
    open();
    const off = sandbox.pullZones.find((z) => !z.loggingEnabled)!.id;
    const { sessionId: id } = await h()['logs.tail']({ zoneId: off, filter: '' }, {} as never);
    const st = await step(id, 0);
    expect(st.phase).toBe('failed');
    expect(st.error?.title).toMatch(/logging/i);
    expect(fake.pending.size).toBe(0);

    const { sessionId: live } = await h()['logs.tail']({ zoneId: zone, filter: '' }, {} as never);
    sandbox.faults.add({ path: `/logging/v2/pullzones/${zone}/logs`, times: 3, action: { kind: 'status', status: 503 } });
    const failed = await step(live, 0);
    expect(failed).toMatchObject({ phase: 'live', error: { status: 503 } });
    const ok = await step(live, 10_000);
    expect(ok).toMatchObject({ phase: 'live', error: null });
    expect(ok.arrived).toBeGreaterThan(0);
    area.close();
  });
});
