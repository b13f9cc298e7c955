/**
 * The logging area's realism: a day of v2 rows holds every variation the schema allows at a low rate, and Burrow's
 * page reader reads every one of them; an empty page says `data: null`; v1 lines carry short request ids; some 429s
 * come without Retry-After. With realism off the answers are exact.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { parseV1Line } from '../../shared/logs/testing/v1-line.js';
import { readLogPage } from '../../shared/logs/v2-response.js';
import { BASE_TIME, startLogging, v1Day, type LoggingHarness } from './testing/support.js';

let h: LoggingHarness;
afterEach(() => h.close());

const HOUR = 3_600_000;

async function v2(query: Record<string, string>): Promise<Record<string, unknown>> {
  const res = await h.get(`/v2/pullzones/${h.zoneId}/logs?${new URLSearchParams(query)}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

describe('logging realism', () => {
  it('varies a few rows of a day as the schema allows, and the page reader reads every row', async () => {
    h = await startLogging({ realism: true, entriesPerDay: 20_000 });
    const body = await v2({ from: new Date(BASE_TIME - 24 * HOUR).toISOString(), to: new Date(BASE_TIME).toISOString(), limit: '10000' });
    const data = body.data as Record<string, unknown>[];
    const has = (test: (e: Record<string, unknown>) => boolean) => data.filter(test).length;
    expect(has((e) => e.url === null && e.host === null && e.path === null)).toBeGreaterThan(0);
    expect(has((e) => e.host === null && e.url !== null)).toBeGreaterThan(0);
    expect(has((e) => e.edgeLocation === null)).toBeGreaterThan(0);
    expect(has((e) => e.requestId === null)).toBeGreaterThan(0);
    expect(has((e) => e.cacheStatus === null)).toBeGreaterThan(0);
    expect(has((e) => e.cacheStatus === 'EXPIRED')).toBeGreaterThan(0);
    expect(has((e) => e.cacheStatus === 'DEFERRED')).toBeGreaterThan(0);
    expect(has((e) => 'ja4Fingerprint' in e && 'asn' in e && 'asnOrganization' in e && 'edgeRegion' in e)).toBeGreaterThan(0);
    // A low rate: most rows are as before.
    expect(has((e) => typeof e.requestId === 'string' && typeof e.url === 'string' && typeof e.host === 'string')).toBeGreaterThan(data.length * 0.9);
    const read = readLogPage(body);
    expect(read.ok && read.page.rows.length === data.length && read.page.skipped === 0).toBe(true);
  });

  it('says data: null for a page without rows; exact answers with realism off', async () => {
    h = await startLogging({ realism: true });
    const none = await v2({ from: new Date(BASE_TIME - HOUR).toISOString(), to: new Date(BASE_TIME).toISOString(), status: '599' });
    expect(none.data).toBeNull();
    await h.close();
    h = await startLogging();
    const exact = await v2({ from: new Date(BASE_TIME - HOUR).toISOString(), to: new Date(BASE_TIME).toISOString(), status: '599' });
    expect(exact.data).toEqual([]);
    const day = await v2({ from: new Date(BASE_TIME - 24 * HOUR).toISOString(), to: new Date(BASE_TIME).toISOString(), limit: '10000' });
    expect((day.data as Record<string, unknown>[]).every((e) => typeof e.requestId === 'string' && typeof e.host === 'string' && !('asn' in e))).toBe(true);
  });

  it('writes some v1 request ids without their leading zeros, and every line still reads', async () => {
    h = await startLogging({ realism: true });
    const res = await h.get(`/${v1Day(BASE_TIME, 1)}/${h.zoneId}.log`);
    const lines = (await res.text()).split('\n').filter((l) => l !== '');
    const parsed = lines.map((l) => parseV1Line(l));
    expect(parsed.every((p) => p.ok)).toBe(true);
    const short = parsed.filter((p) => p.ok && p.record.requestId !== null && p.record.requestId.length < 32);
    expect(short.length).toBeGreaterThan(0);
    expect(short.length).toBeLessThan(lines.length * 0.1);
  });

  it('leaves Retry-After out of some 429s', async () => {
    h = await startLogging({ realism: true, logRateLimit: { requests: 1, windowMs: 10_000 } });
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push(await h.get(`/v2/pullzones/${h.zoneId}/logs`));
    const refused = answers.filter((r) => r.status === 429);
    expect(refused).toHaveLength(6);
    expect(refused.filter((r) => r.headers.get('retry-after') === null)).toHaveLength(2);
  });
});
