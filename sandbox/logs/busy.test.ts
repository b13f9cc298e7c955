/** The busy demo zone: its volume and rhythm, determinism, the two daily incidents, and v1 and v2 serving it alike. */
import { afterEach, describe, expect, it } from 'vitest';
import { parseV1Line } from '../../shared/logs/testing/v1-line.js';
import { type LogEntry } from '../../shared/logs/v2-response.js';
import { logQueryResponseSchema } from '../../shared/logs/testing/v2-page.js';
import { BUSY_ZONE_NAME, createSeed } from '../seed.js';
import { busyMinute, ERROR_BURST, MISS_STORM } from './busy.js';
import { startLogging, v1Day, type LoggingHarness } from './testing/support.js';
import { createTrafficStore, DAY_MS, MINUTE_MS, type TrafficEntry } from './traffic.js';

const seed = createSeed(1);
const busy = seed.pullZones.find((z) => z.name === BUSY_ZONE_NAME)!;
/** A Wednesday. */
const WEDNESDAY = Date.UTC(2026, 10, 25);
const HOUR_MS = 3_600_000;

/** Rows of the zone in an hour of a day, counted without generating them. */
function hourCount(day: number, hour: number): number {
  let n = 0;
  const first = (day + hour * HOUR_MS) / MINUTE_MS;
  for (let m = first; m < first + 60; m++) n += busyMinute(1, busy, m).count;
  return n;
}

function dayCount(day: number): number {
  let n = 0;
  for (let h = 0; h < 24; h++) n += hourCount(day, h);
  return n;
}

/** The rows of some minutes (each given by its minute of the day) of a day. */
function minutes(day: number, ofDay: readonly number[]): TrafficEntry[] {
  const store = createTrafficStore(1);
  return ofDay.flatMap((m) => [...store.range(busy, day + m * MINUTE_MS, day + (m + 1) * MINUTE_MS, 'asc')]);
}

/** Every `step`-th minute of a span of the day. */
function every(step: number, span: { readonly start: number; readonly end: number }): number[] {
  const out: number[] = [];
  for (let m = span.start; m < span.end; m += step) out.push(m);
  return out;
}

function requestIdOf(line: string): string | null {
  const r = parseV1Line(line);
  return r.ok ? r.record.requestId : null;
}

const share = (rows: readonly TrafficEntry[], test: (e: TrafficEntry) => boolean) => rows.filter(test).length / rows.length;
const cacheable = (e: TrafficEntry) => !e.originShield && e.cacheStatus !== '-' && e.cacheStatus !== 'BYPASS';
const is5xx = (e: TrafficEntry) => e.statusCode >= 500;

describe('the busy zone', () => {
  it('is the last zone of the seed, with logging on', () => {
    expect(seed.pullZones.at(-1)).toMatchObject({ name: 'busy-shop', hostname: 'busy-shop.b-cdn.net', loggingEnabled: true });
    expect(createSeed(1).pullZones.at(-1)?.id).toBe(busy.id);
  });

  it('carries about 72,000 rows an hour and 1.7 million a weekday, quiet at night and busiest in the late afternoon', () => {
    const day = dayCount(WEDNESDAY);
    expect(day).toBeGreaterThan(1_600_000);
    expect(day).toBeLessThan(1_850_000);
    expect(hourCount(WEDNESDAY, 11)).toBeGreaterThan(62_000);
    expect(hourCount(WEDNESDAY, 11)).toBeLessThan(82_000);
    expect(hourCount(WEDNESDAY, 5)).toBeLessThan(45_000);
    expect(hourCount(WEDNESDAY, 16)).toBeGreaterThan(100_000);
    expect(hourCount(WEDNESDAY, 16)).toBeGreaterThan(hourCount(WEDNESDAY, 5) * 2.5);
    // Saturday is quieter all day, and still busiest in the evening.
    const saturday = WEDNESDAY + 3 * DAY_MS;
    expect(dayCount(saturday)).toBeLessThan(day * 0.8);
    expect(hourCount(saturday, 18)).toBeGreaterThan(hourCount(saturday, 6) * 2);
  });

  it('generates exactly the counted rows, minute by minute, in time order', () => {
    const rows = minutes(WEDNESDAY, every(1, { start: 300, end: 305 }));
    let counted = 0;
    for (let m = 300; m < 305; m++) counted += busyMinute(1, busy, WEDNESDAY / MINUTE_MS + m).count;
    expect(rows).toHaveLength(counted);
    expect(rows.every((e, i) => i === 0 || e.timestampMs >= rows[i - 1]!.timestampMs)).toBe(true);
    expect(rows[0]!.timestampMs).toBeGreaterThanOrEqual(WEDNESDAY + 300 * MINUTE_MS);
    expect(rows.at(-1)!.timestampMs).toBeLessThan(WEDNESDAY + 305 * MINUTE_MS);
    expect(rows.every((e) => e.pullZoneId === busy.id && /^https?:\/\/busy-shop\.b-cdn\.net\//.test(e.url))).toBe(true);
    expect(new Set(rows.map((e) => e.requestId)).size).toBe(rows.length);
  });

  it('is the same for the same seed whatever was asked first, and differs for another seed', () => {
    const lo = WEDNESDAY + 600 * MINUTE_MS + 20_000;
    const hi = lo + 2 * MINUTE_MS;
    const a = [...createTrafficStore(1).range(busy, lo, hi, 'asc')];
    const other = createTrafficStore(1);
    const late = [...other.range(busy, lo + MINUTE_MS, hi, 'desc')];
    const b = [...other.range(busy, lo, hi, 'asc')];
    expect(b).toEqual(a);
    expect(late).toEqual(a.filter((e) => e.timestampMs >= lo + MINUTE_MS).reverse());
    expect([...createTrafficStore(2).range(busy, lo, hi, 'asc')]).not.toEqual(a);
  });

  it('has a cache-miss storm every day at 13:20–13:50 UTC: misses dominate and bytes from the origin jump', () => {
    const storm = minutes(WEDNESDAY, every(3, MISS_STORM));
    const before = minutes(WEDNESDAY, every(3, { start: MISS_STORM.start - 60, end: MISS_STORM.start - 30 }));
    const missShare = (rows: TrafficEntry[]) => share(rows.filter(cacheable), (e) => e.cacheStatus === 'MISS');
    expect(missShare(storm)).toBeGreaterThan(0.7);
    expect(missShare(before)).toBeLessThan(0.3);
    // Edges asking the shield: what the origin side carries.
    const shieldBytes = (rows: TrafficEntry[]) => rows.filter((e) => e.originShield).reduce((s, e) => s + e.bytesSent, 0);
    expect(shieldBytes(storm)).toBeGreaterThan(shieldBytes(before) * 4);
    const missBytes = (rows: TrafficEntry[]) => rows.filter((e) => e.cacheStatus === 'MISS').reduce((s, e) => s + e.bytesSent, 0);
    expect(missBytes(storm)).toBeGreaterThan(missBytes(before) * 2.5);
    // The next day has it at the same time.
    expect(missShare(minutes(WEDNESDAY + DAY_MS, [MISS_STORM.start + 10]))).toBeGreaterThan(0.7);
  });

  it('has a 5xx burst every day at 20:05–20:17 UTC: most GETs answer 502 or 503', () => {
    const burst = minutes(WEDNESDAY, every(2, ERROR_BURST));
    const after = minutes(WEDNESDAY, every(2, { start: ERROR_BURST.end + 10, end: ERROR_BURST.end + 22 }));
    expect(share(burst, is5xx)).toBeGreaterThan(0.4);
    expect(share(after, is5xx)).toBeLessThan(0.05);
    expect(new Set(burst.filter(is5xx).map((e) => e.statusCode))).toEqual(new Set([500, 502, 503]));
    expect(share(minutes(WEDNESDAY - DAY_MS, [ERROR_BURST.start + 3]), is5xx)).toBeGreaterThan(0.4);
  });
});

describe('walking the busy zone by offset', () => {
  it('gives the same rows as filtering the whole range, page by page or cold, with minutes cut at either end', () => {
    // 20:01–20:21 UTC less some seconds at each end, around the burst: partial minutes are never counted as whole.
    const lo = WEDNESDAY + ERROR_BURST.start * MINUTE_MS - 4 * MINUTE_MS + 17_000;
    const hi = lo + 20 * MINUTE_MS - 40_000;
    const failed = (e: TrafficEntry) => e.statusCode >= 500 && !e.originShield;
    // Rows are told apart by their request ids (unique), which compare far faster than whole rows.
    const ids = (rows: Iterable<TrafficEntry>) => Array.from(rows, (e) => e.requestId);
    for (const order of ['asc', 'desc'] as const) {
      const all = ids([...createTrafficStore(1).range(busy, lo, hi, order)].filter(failed));
      expect(all.length).toBeGreaterThan(5_000);
      const store = createTrafficStore(1);
      const page = (s: typeof store, skip: number, from = lo, to = hi) => {
        const out: TrafficEntry[] = [];
        for (const e of s.select(busy, from, to, order, failed, '5xx', skip)) {
          if (out.length === 1_000) break;
          out.push(e);
        }
        return ids(out);
      };
      const walked: (string | null)[] = [];
      for (let skip = 0; skip < all.length; skip += 1_000) walked.push(...page(store, skip));
      expect(walked).toEqual(all);
      // The counts remembered by the walk skip to the same place as a store that has counted nothing.
      expect(page(store, 3_500)).toEqual(all.slice(3_500, 4_500));
      expect(page(createTrafficStore(1), 3_500)).toEqual(all.slice(3_500, 4_500));
      expect(page(store, all.length)).toEqual([]);
      // The same store over the whole minutes around the range: the cut minutes were not remembered as whole.
      const [wideLo, wideHi] = [lo - (lo % MINUTE_MS), hi - (hi % MINUTE_MS) + MINUTE_MS];
      const wide = ids([...createTrafficStore(1).range(busy, wideLo, wideHi, order)].filter(failed));
      expect(page(store, 2_000, wideLo, wideHi)).toEqual(wide.slice(2_000, 3_000));
    }
  });
});

describe('the busy zone over HTTP', () => {
  let h: LoggingHarness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  async function v2(query: Record<string, string>): Promise<{ rows: LogEntry[]; hasMore: boolean }> {
    const res = await h!.get(`/v2/pullzones/${busy.id}/logs?${new URLSearchParams(query)}`);
    expect(res.status).toBe(200);
    const body = logQueryResponseSchema.parse(await res.json());
    return { rows: body.data, hasMore: body.pagination.hasMore };
  }

  async function v1Lines(path: string): Promise<string[]> {
    const res = await h!.get(path);
    expect(res.status).toBe(200);
    return (await res.text()).split('\n').filter((l) => l !== '');
  }

  it('the day file holds as many lines as v2 pages through for the same day, gzip or not', async () => {
    // 00:20 UTC without live traffic: today's file is the first 20 (quiet) minutes, about 12,000 lines.
    const now = WEDNESDAY + 20 * MINUTE_MS;
    h = await startLogging({ now, liveTraffic: false, logRateLimit: { requests: 30, windowMs: 10_000 } });
    let total = 0;
    for (let offset = 0, more = true; more; offset += 10_000) {
      const page = await v2({ from: new Date(WEDNESDAY).toISOString(), to: new Date(now + 1).toISOString(), limit: '10000', offset: String(offset) });
      total += page.rows.length;
      more = page.hasMore;
    }
    expect(total).toBeGreaterThan(10_000);
    const lines = await v1Lines(`/${v1Day(now)}/${busy.id}.log`);
    expect(lines).toHaveLength(total);
    expect(lines.every((l) => parseV1Line(l).ok)).toBe(true);
    const gz = await h.get(`/${v1Day(now)}/${busy.id}.log`, { ...h.auth, 'Accept-Encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    // fetch undoes the encoding.
    expect((await gz.text()).split('\n').filter((l) => l !== '')).toHaveLength(total);
  });

  it('v2 pages deep into a full day are the same rows as the day file at the same lines, both newest first', async () => {
    const now = WEDNESDAY + DAY_MS + 9 * HOUR_MS;
    h = await startLogging({ now, liveTraffic: false });
    const day = { from: new Date(WEDNESDAY).toISOString(), to: new Date(WEDNESDAY + DAY_MS).toISOString() };
    const ids = (rows: LogEntry[]) => rows.map((r) => r.requestId);
    // Walked page by page (the minutes' counts are remembered), then asked cold by a fresh sandbox below.
    const walked: LogEntry[] = [];
    for (let offset = 0; offset < 20_000; offset += 10_000) walked.push(...(await v2({ ...day, limit: '10000', offset: String(offset) })).rows);
    const deep = await v2({ ...day, limit: '50', offset: '20000' });
    expect(deep.hasMore).toBe(true);
    const lines = await v1Lines(`/${v1Day(WEDNESDAY)}/${busy.id}.log?start=19990&end=20050`);
    expect(lines.map(requestIdOf)).toEqual([...ids(walked.slice(19_990)), ...ids(deep.rows)]);
    await h.close();
    h = await startLogging({ now, liveTraffic: false });
    expect(ids((await v2({ ...day, limit: '50', offset: '20000' })).rows)).toEqual(ids(deep.rows));
  });

  it('the storm and the burst are where the README says, through v2 filters', async () => {
    const now = WEDNESDAY + DAY_MS;
    h = await startLogging({ now, liveTraffic: false });
    const at = (minute: number) => new Date(WEDNESDAY + minute * MINUTE_MS).toISOString();
    // A minute of 5xx in the burst against one an hour before it.
    const errors = (minute: number) => v2({ from: at(minute), to: at(minute + 1), status: '5xx', limit: '10000' }).then((p) => p.rows.length);
    expect(await errors(ERROR_BURST.start + 5)).toBeGreaterThan((await errors(ERROR_BURST.start - 60)) * 10);
    const misses = (minute: number) => v2({ from: at(minute), to: at(minute + 1), cacheStatus: 'MISS', limit: '10000' }).then((p) => p.rows.length);
    expect(await misses(MISS_STORM.start + 5)).toBeGreaterThan((await misses(MISS_STORM.start - 60)) * 3);
  });
});
