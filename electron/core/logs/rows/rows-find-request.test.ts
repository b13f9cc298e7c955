/** Finding a request's row: its place in whatever sort the table shows, here and in the worker thread alike. */
import { afterAll, describe, expect, it } from 'vitest';
import type { LogSort } from '../../../../shared/contract/logs.js';
import { parseFilterText } from '../../../../shared/logs/filter-text.js';
import type { CdnLogRecord } from '../../../../shared/logs/log-record.js';
import { inThreadRows, workerRows, type RowsHandle } from './rows-host.js';

const worker = workerRows(new URL('./rows-worker.ts', import.meta.url));
afterAll(() => worker.close());

const T0 = Date.UTC(2026, 10, 21);
const id = (i: number) => (0xabc000 + i).toString(16).padStart(32, '0');
const entries = Array.from(
  { length: 500 },
  (_, i): CdnLogRecord => ({
    timestampMs: T0 + ((i * 7919) % 500) * 1000,
    pullZoneId: 7,
    requestId: id(i),
    cacheStatus: i % 2 === 0 ? 'HIT' : 'MISS',
    statusCode: i % 10 === 0 ? 503 : 200,
    bytesSent: 1000 + ((i * 31) % 97),
    remoteIp: '10.0.0.1',
    countryCode: 'DE',
    edgeLocation: 'WA',
    url: `https://z.b-cdn.net/${i}`,
    userAgent: null,
    referer: null,
  }),
);

async function check(rows: RowsHandle, requestId: string, sort: LogSort): Promise<number | null> {
  const index = await rows.call('findRequest', [requestId, sort]);
  if (index !== null) {
    const { rows: got } = await rows.call('window', [index, 1, sort]);
    expect(got[0]?.requestId).toBe(requestId);
  }
  return index;
}

describe.each([
  ['this thread', () => inThreadRows().open()],
  ['the worker', () => worker.open()],
] as const)('rows kept in %s', (_, open) => {
  it('find a request id in each sort, and none once the filters leave it out', async () => {
    const rows = open();
    await rows.call('append', [entries]);
    const target = id(130);
    const places = new Set<number | null>();
    for (const sort of [{ key: 'time', dir: 'desc' }, { key: 'time', dir: 'asc' }, { key: 'bytes', dir: 'asc' }, { key: 'status', dir: 'desc' }] as const) {
      places.add(await check(rows, target, sort));
    }
    // The same row sits in different places in different sorts, and was found in each.
    expect(places.has(null)).toBe(false);
    expect(places.size).toBeGreaterThan(1);
    // Upper case is the same id.
    expect(await rows.call('findRequest', [target.toUpperCase(), { key: 'time', dir: 'asc' }])).toBe(await rows.call('findRequest', [target, { key: 'time', dir: 'asc' }]));

    const only5xx = parseFilterText('status:5xx');
    if (!only5xx.ok) throw new Error('the test filter does not parse');
    await rows.call('setLocal', [only5xx.filter]);
    // Row 130 is a 503 and still matches; row 131 is a 200 and does not.
    const inFiltered = await check(rows, target, { key: 'time', dir: 'asc' });
    expect(inFiltered).not.toBeNull();
    expect(inFiltered!).toBeLessThan(50);
    expect(await rows.call('findRequest', [id(131), { key: 'time', dir: 'asc' }])).toBeNull();
    expect(await rows.call('findRequest', ['f'.repeat(32), { key: 'time', dir: 'asc' }])).toBeNull();

    // Filters off again: the row is back, at its place among all rows.
    await rows.call('setLocal', [[]]);
    expect(await check(rows, id(131), { key: 'time', dir: 'asc' })).not.toBeNull();
    rows.close();
  }, 30_000);
});
