import { gunzipSync } from 'node:zlib';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CdnLogRecord } from '../../shared/logs/log-record.js';
import { parseV1Line } from '../../shared/logs/testing/v1-line.js';
import { logErrorResponseSchema } from '../../shared/logs/v2-response.js';
import { startLogging, BASE_TIME, v1Day, type LoggingHarness } from './testing/support.js';

const DAY = 86_400_000;

async function file(h: LoggingHarness, day: string, params: Record<string, string> = {}, zoneId = h.zoneId) {
  const qs = new URLSearchParams(params);
  const res = await h.get(`/${day}/${zoneId}.log?${qs}`);
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** Parses every line with the shared parser; any rejected line fails the test. */
function records(text: string): CdnLogRecord[] {
  if (text === '') return [];
  expect(text.endsWith('\n')).toBe(true);
  return text
    .slice(0, -1)
    .split('\n')
    .map((line) => {
      expect(line.split('|')).toHaveLength(12);
      const r = parseV1Line(line);
      if (!r.ok) throw new Error(`${r.reason}: ${r.message} in ${line}`);
      return r.record;
    });
}

async function errorOf(res: { status: number; text: string }) {
  return logErrorResponseSchema.parse(JSON.parse(res.text)).error;
}

describe('v1 day files', () => {
  let h: LoggingHarness;
  let today: string;
  beforeAll(async () => {
    h = await startLogging();
    today = v1Day(BASE_TIME);
  });
  afterAll(() => h.close());

  it('streams the day so far as 12-field lines, newest first by default', async () => {
    const res = await file(h, today);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(res.headers.get('content-disposition')).toBeNull();
    const rows = records(res.text);
    expect(rows.length).toBeGreaterThan(100);
    const times = rows.map((r) => r.timestampMs);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(times[0]).toBeGreaterThan(times[times.length - 1] ?? Infinity);
    const dayStart = Date.UTC(2026, 4, 9);
    expect(times.every((t) => t >= dayStart && t <= BASE_TIME)).toBe(true);
    expect(rows.every((r) => r.pullZoneId === h.zoneId && r.url.startsWith('http'))).toBe(true);
    expect(rows.some((r) => r.referer === null)).toBe(true);
    expect(rows.some((r) => r.cacheStatus === '-')).toBe(true);
    expect(rows.every((r) => r.userAgent !== 'BunnyCDN-Edge/1.0')).toBe(true);
  });

  it('matches the v2 entries of the same span, with the same default order', async () => {
    const from = new Date(Date.UTC(2026, 4, 9)).toISOString();
    const v2Ids = async (params: Record<string, string>) => {
      const qs = new URLSearchParams({ from, limit: '20', ...params });
      const body = (await (await h.get(`/v2/pullzones/${h.zoneId}/logs?${qs}`)).json()) as { data: { requestId: string }[] };
      return body.data.map((e) => e.requestId);
    };
    const newest = records((await file(h, today, { end: '20' })).text).map((r) => r.requestId);
    expect(newest).toEqual(await v2Ids({}));
    const oldest = records((await file(h, today, { end: '20', order: 'asc' })).text).map((r) => r.requestId);
    expect(oldest).toEqual(await v2Ids({ order: 'asc' }));
  });

  it('defaults to desc; order=asc or sort=asc gives oldest first, and desc can be asked for', async () => {
    const byDefault = records((await file(h, today)).text);
    const byOrder = records((await file(h, today, { order: 'asc' })).text);
    const bySort = records((await file(h, today, { sort: 'ASC' })).text);
    expect(byOrder).toEqual([...byDefault].reverse());
    expect(bySort).toEqual(byOrder);
    expect(records((await file(h, today, { order: 'desc' })).text)).toEqual(byDefault);
    expect(records((await file(h, today, { sort: 'desc' })).text)).toEqual(byDefault);
    // An empty value counts as not given.
    expect(records((await file(h, today, { order: '', sort: '' })).text)).toEqual(byDefault);
  });

  it('cuts lines with start and end', async () => {
    const all = records((await file(h, today)).text);
    expect(records((await file(h, today, { start: '10', end: '25' })).text)).toEqual(all.slice(10, 25));
    expect(records((await file(h, today, { start: String(all.length - 3) })).text)).toEqual(all.slice(-3));
    expect(records((await file(h, today, { end: '5', order: 'asc' })).text)).toEqual([...all].reverse().slice(0, 5));
    expect((await file(h, today, { start: String(all.length + 5) })).text).toBe('');
  });

  it('filters by status classes and codes, then by search', async () => {
    const all = records((await file(h, today)).text);
    const errors = records((await file(h, today, { status: '4,5' })).text);
    expect(errors).toEqual(all.filter((r) => r.statusCode >= 400));
    const codes = records((await file(h, today, { status: '404,304' })).text);
    expect(codes).toEqual(all.filter((r) => r.statusCode === 404 || r.statusCode === 304));
    const found = records((await file(h, today, { search: 'GOOGLEBOT' })).text);
    expect(found.length).toBeGreaterThan(0);
    expect(found).toEqual(all.filter((r) => r.userAgent?.includes('Googlebot')));
    const both = records((await file(h, today, { status: '2', search: 'assets', start: '1', end: '4' })).text);
    expect(both).toEqual(all.filter((r) => r.statusCode < 300 && r.url.includes('assets')).slice(1, 4));
  });

  it('sets Content-Disposition on download=true', async () => {
    const res = await file(h, today, { download: 'true', end: '3' });
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${today}-${h.zoneId}.log"`);
    expect(records(res.text)).toHaveLength(3);
  });

  it('gzips the file when the client accepts it', async () => {
    const plain = (await file(h, today)).text;
    const port = new URL(h.url).port;
    const body = await new Promise<{ encoding: string | undefined; data: Buffer }>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, path: `/logging/${today}/${h.zoneId}.log`, headers: { ...h.auth, 'Accept-Encoding': 'gzip' } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ encoding: res.headers['content-encoding'], data: Buffer.concat(chunks) }));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(body.encoding).toBe('gzip');
    expect(gunzipSync(body.data).toString('utf8')).toBe(plain);
  });

  it('rejects bad parameters with 400 invalid_request', async () => {
    for (const [params, name] of [
      [{ start: '-1' }, 'start'],
      [{ end: 'x' }, 'end'],
      [{ order: 'up' }, 'order'],
      [{ sort: 'up' }, 'sort'],
      [{ order: '', sort: 'up' }, 'sort'],
      [{ status: '9' }, 'status'],
      [{ download: 'maybe' }, 'download'],
    ] as const) {
      const res = await file(h, today, params);
      expect(res.status).toBe(400);
      const err = await errorOf(res);
      expect(err.code).toBe('invalid_request');
      expect(err.details?.[0]).toMatch(new RegExp(`^${name}:`));
    }
  });

  it('answers a badly formed date with 403', async () => {
    for (const day of ['2026-05-09', '13-01-26', '02-30-26', '5-9-26', 'today']) {
      const res = await file(h, day);
      expect(res.status, day).toBe(403);
      expect((await errorOf(res)).code).toBe('forbidden');
    }
  });

  it('serves the retained part of the day 3 days ago, and 404 for 4 days ago or tomorrow', async () => {
    const three = records((await file(h, v1Day(BASE_TIME, 3), { order: 'asc' })).text);
    expect(three.length).toBeGreaterThan(0);
    expect(three.every((r) => r.timestampMs >= BASE_TIME - 3 * DAY)).toBe(true);
    expect(three[three.length - 1]?.timestampMs).toBeLessThan(Date.UTC(2026, 4, 7));
    for (const day of [v1Day(BASE_TIME, 4), v1Day(BASE_TIME, -1)]) {
      const res = await file(h, day);
      expect(res.status, day).toBe(404);
      expect((await errorOf(res)).code).toBe('not_found');
    }
    const two = records((await file(h, v1Day(BASE_TIME, 2), { sort: 'asc' })).text);
    expect(two[0]?.timestampMs).toBeLessThan(Date.UTC(2026, 4, 7) + 3_600_000);
  });

  it('streams a large day completely', async () => {
    const big = await startLogging({ entriesPerDay: 10_000 });
    try {
      const text = (await file(big, v1Day(BASE_TIME, 1))).text;
      const lines = text.split('\n');
      expect(lines.pop()).toBe('');
      // Many 256-line batches, none lost or split mid-line.
      expect(lines.length).toBeGreaterThan(8_000);
      expect(lines.every((l) => parseV1Line(l).ok)).toBe(true);
    } finally {
      await big.close();
    }
  });
});
