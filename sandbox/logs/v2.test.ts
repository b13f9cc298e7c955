import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_CACHE_STATUSES } from '../../shared/logs/cache-status.js';
import { logErrorResponseSchema, type LogEntry } from '../../shared/logs/v2-response.js';
import { logQueryResponseSchema, type LogQueryResponse } from '../../shared/logs/testing/v2-page.js';
import { startLogging, BASE_TIME, type LoggingHarness } from './testing/support.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Params = Record<string, string | number | boolean>;

async function call(h: LoggingHarness, params: Params = {}, zoneId = h.zoneId) {
  const qs = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]));
  const res = await h.get(`/v2/pullzones/${zoneId}/logs?${qs}`);
  return { status: res.status, headers: res.headers, body: (await res.json()) as unknown };
}

/** A 200 page, checked against the shared schema and the exact key sets of the platform's answer (top level and each entry). */
async function page(h: LoggingHarness, params: Params = {}): Promise<LogQueryResponse> {
  const { status, body } = await call(h, params);
  expect(status, JSON.stringify(body)).toBe(200);
  const parsed = logQueryResponseSchema.parse(body);
  expect(Object.keys(body as object).sort()).toEqual(['data', 'pagination', 'query']);
  for (const e of (body as { data: Record<string, unknown>[] }).data) {
    expect(Object.keys(e).sort()).toEqual(
      ['bytesSent', 'cacheStatus', 'countryCode', 'edgeLocation', 'host', 'path', 'pullZoneId', 'referer', 'remoteIp', 'requestId', 'scheme', 'statusCode', 'timestamp', 'url', 'userAgent'].sort(),
    );
  }
  return parsed;
}

async function invalid(h: LoggingHarness, params: Params, param: string): Promise<void> {
  const { status, body } = await call(h, params);
  expect(status, JSON.stringify(params)).toBe(400);
  const err = logErrorResponseSchema.parse(body).error;
  expect(err.code).toBe('invalid_request');
  expect(err.details?.some((d) => d.startsWith(`${param}:`)), JSON.stringify(err.details)).toBe(true);
}

const ms = (e: LogEntry) => Date.parse(e.timestamp);
const iso = (t: number) => new Date(t).toISOString();

describe('v2 logs over a fixed clock', () => {
  let h: LoggingHarness;
  beforeAll(async () => {
    h = await startLogging();
  });
  afterAll(() => h.close());

  it('answers the last 24 hours, newest first, 100 entries, with the resolved query', async () => {
    const p = await page(h);
    expect(p.query).toEqual({ pullZoneId: h.zoneId, from: iso(BASE_TIME - DAY), to: iso(BASE_TIME), order: 'desc' });
    expect(p.pagination).toEqual({ offset: 0, limit: 100, returned: 100, hasMore: true });
    const times = p.data.map(ms);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(times.every((t) => t >= BASE_TIME - DAY && t < BASE_TIME)).toBe(true);
    for (const e of p.data) {
      expect(e.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(e.url).toBe(`${e.scheme}://${e.host}${e.path}`);
      expect(e.host).toBe('demo-site.b-cdn.net');
      expect(e.pullZoneId).toBe(h.zoneId);
      expect(e.requestId).toMatch(/^[0-9a-f]{32}$/);
      expect(e.remoteIp).toMatch(/^(\d+\.\d+\.\d+\.0|[0-9a-f]+:[0-9a-f]+:[0-9a-f]+:[0-9a-f]+::)$/);
    }
  });

  it('sorts ascending on order=asc and pages by offset with hasMore', async () => {
    const from = iso(BASE_TIME - 6 * HOUR);
    const all = await page(h, { from, order: 'asc', limit: 10000 });
    const times = all.data.map(ms);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const n = all.data.length;
    expect(n).toBeGreaterThan(60);
    expect(all.pagination.hasMore).toBe(false);

    const first = await page(h, { from, order: 'asc', limit: 25 });
    const second = await page(h, { from, order: 'asc', limit: 25, offset: first.pagination.offset + first.pagination.limit });
    expect(first.pagination).toEqual({ offset: 0, limit: 25, returned: 25, hasMore: true });
    expect(second.pagination.offset).toBe(25);
    expect([...first.data, ...second.data]).toEqual(all.data.slice(0, 50));

    const tail = await page(h, { from, order: 'asc', limit: 5, offset: n - 5 });
    expect(tail.pagination).toEqual({ offset: n - 5, limit: 5, returned: 5, hasMore: false });
    const beforeTail = await page(h, { from, order: 'asc', limit: 4, offset: n - 5 });
    expect(beforeTail.pagination.hasMore).toBe(true);
    const past = await page(h, { from, order: 'asc', limit: 5, offset: n + 10 });
    expect(past.pagination).toEqual({ offset: n + 10, limit: 5, returned: 0, hasMore: false });
  });

  it('accepts limit 1 and 10000 and rejects 0, 10001, fractions and words', async () => {
    expect((await page(h, { limit: 1 })).data).toHaveLength(1);
    expect((await page(h, { limit: 10000 })).pagination.limit).toBe(10000);
    for (const limit of ['0', '10001', '1.5', 'ten', '-3']) await invalid(h, { limit }, 'limit');
    await invalid(h, { offset: -1 }, 'offset');
    await invalid(h, { offset: 'x' }, 'offset');
  });

  it('filters by status code and class, OR-combined', async () => {
    const wide = { from: iso(BASE_TIME - 3 * DAY + HOUR), limit: 10000 };
    const notFound = await page(h, { ...wide, status: '404' });
    expect(notFound.data.length).toBeGreaterThan(0);
    expect(notFound.data.every((e) => e.statusCode === 404)).toBe(true);
    const errors = await page(h, { ...wide, status: '5xx' });
    expect(new Set(errors.data.map((e) => e.statusCode))).toEqual(new Set([500, 502, 503]));
    const mixed = await page(h, { ...wide, status: '304,4xx' });
    const codes = new Set(mixed.data.map((e) => e.statusCode));
    expect(codes.has(304) && codes.has(404) && codes.has(403)).toBe(true);
    expect([...codes].every((c) => c === 304 || (c >= 400 && c < 500))).toBe(true);
  });

  it('filters by cache status, including -, and by edge location', async () => {
    const wide = { from: iso(BASE_TIME - 3 * DAY + HOUR), limit: 10000 };
    const p = await page(h, { ...wide, cacheStatus: 'MISS,-' });
    expect(new Set(p.data.map((e) => e.cacheStatus))).toEqual(new Set(['MISS', '-']));
    const all = await page(h, wide);
    expect(new Set(all.data.map((e) => e.cacheStatus))).toEqual(new Set(ALL_CACHE_STATUSES.filter((s) => s !== 'EXPIRED')));
    const ny = await page(h, { ...wide, edgeLocation: 'ny' });
    expect(ny.data.length).toBeGreaterThan(0);
    expect(ny.data.every((e) => e.edgeLocation === 'NY')).toBe(true);
  });

  it('applies country after paging: short pages while hasMore stays true', async () => {
    const p = await page(h, { country: 'JP,de', limit: 20 });
    expect(p.pagination.hasMore).toBe(true);
    expect(p.pagination.returned).toBe(p.data.length);
    expect(p.data.length).toBeLessThan(20);
    expect(p.data.every((e) => e.countryCode === 'JP' || e.countryCode === 'DE')).toBe(true);
    const all = await page(h, { country: 'JP', limit: 10000 });
    expect(all.data.length).toBeGreaterThan(0);
  });

  it('matches remoteIp at the /24 the zone keeps', async () => {
    const sample = (await page(h, { limit: 200 })).data.find((e) => e.remoteIp?.endsWith('.0'));
    const net = sample?.remoteIp ?? '';
    expect(net).not.toBe('');
    const p = await page(h, { remoteIp: net.replace(/\.0$/, '.77'), from: iso(BASE_TIME - 3 * DAY + HOUR), limit: 10000 });
    expect(p.data.map((e) => e.requestId)).toContain(sample?.requestId);
    expect(p.data.every((e) => e.remoteIp === net)).toBe(true);
  });

  it('matches the substring filters case-insensitively', async () => {
    const wide = { from: iso(BASE_TIME - 3 * DAY + HOUR), limit: 10000 };
    const urls = await page(h, { ...wide, urlContains: 'B-CDN.NET/ASSETS' });
    expect(urls.data.length).toBeGreaterThan(0);
    expect(urls.data.every((e) => (e.url ?? '').toLowerCase().includes('b-cdn.net/assets'))).toBe(true);
    const agents = await page(h, { ...wide, userAgentContains: 'CURL' });
    expect(agents.data.length).toBeGreaterThan(0);
    expect(agents.data.every((e) => e.userAgent?.startsWith('curl/'))).toBe(true);
    const refs = await page(h, { ...wide, refererContains: 'google' });
    expect(refs.data.length).toBeGreaterThan(0);
    expect(refs.data.every((e) => e.referer === 'https://www.google.com/')).toBe(true);
    const all = await page(h, wide);
    expect(all.data.some((e) => e.referer === null)).toBe(true);
  });

  it('search matches any token in any searchable field, but not in the IP or country', async () => {
    const wide = { from: iso(BASE_TIME - 3 * DAY + HOUR), limit: 10000 };
    const p = await page(h, { ...wide, search: 'wget REVALIDATED' });
    expect(p.data.length).toBeGreaterThan(0);
    expect(p.data.every((e) => e.cacheStatus === 'REVALIDATED' || e.userAgent?.includes('Wget'))).toBe(true);
    expect(p.data.some((e) => e.cacheStatus !== 'REVALIDATED')).toBe(true);
    const ip = (await page(h, { limit: 1 })).data[0]?.remoteIp ?? '';
    expect((await page(h, { ...wide, search: ip })).data).toEqual([]);
  });

  it('finds one entry by requestId', async () => {
    const target = (await page(h, { limit: 50 })).data[37];
    const p = await page(h, { requestId: target?.requestId?.toUpperCase() ?? '' });
    expect(p.data).toEqual([target]);
  });

  it('leaves out origin-shield requests unless includeOriginShield=true', async () => {
    const wide = { from: iso(BASE_TIME - 3 * DAY + HOUR), limit: 10000 };
    const without = await page(h, wide);
    const withShield = await page(h, { ...wide, includeOriginShield: true });
    const shield = withShield.data.filter((e) => e.userAgent === 'BunnyCDN-Edge/1.0');
    expect(shield.length).toBeGreaterThan(0);
    expect(without.data.some((e) => e.userAgent === 'BunnyCDN-Edge/1.0')).toBe(false);
    expect(withShield.data.length).toBe(without.data.length + shield.length);
  });

  it('rejects each malformed parameter with 400 invalid_request naming it', async () => {
    await invalid(h, { from: 'yesterday' }, 'from');
    await invalid(h, { to: '2026-13-01T00:00:00Z' }, 'to');
    await invalid(h, { from: '2026-02-30' }, 'from');
    await invalid(h, { order: 'sideways' }, 'order');
    await invalid(h, { status: 'abc' }, 'status');
    await invalid(h, { status: '600' }, 'status');
    await invalid(h, { status: ',' }, 'status');
    await invalid(h, { cacheStatus: 'HIT,MI SS' }, 'cacheStatus');
    await invalid(h, { country: 'DEU' }, 'country');
    await invalid(h, { edgeLocation: 'N/Y' }, 'edgeLocation');
    await invalid(h, { remoteIp: '1.2.3' }, 'remoteIp');
    await invalid(h, { requestId: 'xyz' }, 'requestId');
    await invalid(h, { includeOriginShield: 'maybe' }, 'includeOriginShield');
    await invalid(h, { search: Array.from({ length: 17 }, (_, i) => `t${i}`).join(' ') }, 'search');
    await invalid(h, { search: 'x'.repeat(129) }, 'search');
    await invalid(h, { urlContains: 'x'.repeat(5000) }, 'urlContains');
    await invalid(h, { from: iso(BASE_TIME - HOUR), to: iso(BASE_TIME - 2 * HOUR) }, 'from');
    await invalid(h, { from: iso(BASE_TIME - 2 * DAY), to: iso(BASE_TIME + 2 * DAY) }, 'to');
    // 16 tokens of 128 characters are the documented maximum.
    await page(h, { search: Array.from({ length: 16 }, () => 'y'.repeat(128)).join(' ') });
  });

  it('accepts from just inside the 3-day window and refuses it just outside', async () => {
    const inside = await page(h, { from: iso(BASE_TIME - 3 * DAY + 1000), to: iso(BASE_TIME - 2 * DAY), order: 'asc', limit: 1 });
    expect(ms(inside.data[0] as LogEntry)).toBeGreaterThanOrEqual(BASE_TIME - 3 * DAY + 1000);
    await invalid(h, { from: iso(BASE_TIME - 3 * DAY - 1000) }, 'from');
    const edge = await page(h, { from: iso(BASE_TIME - 3 * DAY), order: 'asc', limit: 1 });
    expect(ms(edge.data[0] as LogEntry)).toBeGreaterThanOrEqual(BASE_TIME - 3 * DAY);
  });

  it('reads offsets and local times in from and to', async () => {
    const p = await page(h, { from: '2026-05-09T13:00:00+02:00', to: '2026-05-09T11:30:00' });
    expect(p.query.from).toBe('2026-05-09T11:00:00.000Z');
    expect(p.query.to).toBe('2026-05-09T11:30:00.000Z');
  });
});

describe('v2 logs over a moving clock', () => {
  it('grows with a live trickle as now advances, keeping earlier entries unchanged', async () => {
    const h = await startLogging();
    try {
      const from = iso(BASE_TIME - 30 * 60_000);
      const before = await page(h, { from, order: 'asc', limit: 10000 });
      h.clock.now = BASE_TIME + 20 * 60_000;
      const after = await page(h, { from, order: 'asc', limit: 10000 });
      expect(after.data.length).toBeGreaterThan(before.data.length);
      expect(after.data.slice(0, before.data.length)).toEqual(before.data);
      expect(after.data.every((e) => ms(e) <= h.clock.now)).toBe(true);
    } finally {
      await h.close();
    }
  });

  it('stops at the start time when liveTraffic is off, and never serves more than 3 days back', async () => {
    const h = await startLogging({ liveTraffic: false });
    try {
      h.clock.now = BASE_TIME + 2 * HOUR;
      const p = await page(h, { from: iso(BASE_TIME - HOUR), order: 'desc', limit: 10000 });
      expect(p.data.length).toBeGreaterThan(0);
      expect(ms(p.data[0] as LogEntry)).toBeLessThanOrEqual(BASE_TIME);
      h.clock.now = BASE_TIME + DAY;
      const oldest = await page(h, { from: iso(BASE_TIME - 2 * DAY), order: 'asc', limit: 1 });
      expect(ms(oldest.data[0] as LogEntry)).toBeGreaterThanOrEqual(BASE_TIME - 2 * DAY);
      await invalid(h, { from: iso(BASE_TIME - 2 * DAY - 1000) }, 'from');
    } finally {
      await h.close();
    }
  });

  it('gives the same entries for the same seed and different ones for another', async () => {
    const [a, b, c] = await Promise.all([startLogging(), startLogging(), startLogging({ seed: 2 })]);
    try {
      const [pa, pb] = await Promise.all([page(a, { limit: 500 }), page(b, { limit: 500 })]);
      expect(pa.data).toEqual(pb.data);
      const other = await call(c, { limit: 500 }, c.zoneId);
      expect((other.body as LogQueryResponse).data).not.toEqual(pa.data);
    } finally {
      await Promise.all([a.close(), b.close(), c.close()]);
    }
  });

  it('drops addresses and ignores remoteIp on a zone set to drop them', async () => {
    const h = await startLogging({
      editSeed: (s) => ({ ...s, pullZones: s.pullZones.map((z) => ({ ...z, logAnonymizationType: 1 as const })) }),
    });
    try {
      const all = await page(h, { limit: 300 });
      expect(all.data.every((e) => e.remoteIp === '0.0.0.0' || e.remoteIp === '::')).toBe(true);
      const filtered = await page(h, { limit: 300, remoteIp: '203.0.113.9' });
      expect(filtered.data).toEqual(all.data);
    } finally {
      await h.close();
    }
  });
});
