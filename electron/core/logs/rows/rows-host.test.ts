/** The rows of a session kept in the worker thread answer exactly as rows kept in this thread, a large file read in parts included. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CdnLogRecord } from '../../../../shared/logs/log-record.js';
import { parseFilterText } from '../../../../shared/logs/filter-text.js';
import { formatV1Line } from '../../../../shared/logs/v1-line.js';
import { inThreadRows, workerRows } from './rows-host.js';
import { planV1FileParts } from '../v1/v1-file.js';

const dir = mkdtempSync(join(tmpdir(), 'burrow-rows-host-'));
const worker = workerRows(new URL('./rows-worker.ts', import.meta.url));
afterAll(() => {
  worker.close();
  rmSync(dir, { recursive: true, force: true });
});

const T0 = Date.UTC(2024, 2, 13);

function record(i: number): CdnLogRecord {
  return {
    timestampMs: T0 + (i % 86_400) * 1000,
    pullZoneId: 7,
    requestId: i.toString(16).padStart(32, '0'),
    cacheStatus: (['HIT', 'MISS', 'STALE', 'BYPASS'] as const)[i % 4]!,
    statusCode: i % 13 === 0 ? 503 : i % 7 === 0 ? 404 : 200,
    bytesSent: 1000 + (i % 5000),
    remoteIp: `10.0.${(i >> 8) & 255}.${i & 255}`,
    countryCode: (['DE', 'US', 'FR'] as const)[i % 3]!,
    edgeLocation: (['WA', 'DE', 'NY'] as const)[i % 3]!,
    url: `https://z.b-cdn.net/videos/${i % 977}/segment-${i % 31}.ts?session=${'x'.repeat(i % 40)}`,
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
    referer: i % 2 === 0 ? 'https://example.com/watch' : null,
  };
}

describe('rows in the worker thread', () => {
  it('read a large file in parts and answer windows, aggregates and malformed lines as one thread does', async () => {
    const lines: string[] = [];
    // Big enough to be read in parts: a little over the size where the app splits a plain file.
    let size = 0;
    for (let i = 0; size < 34 * 1024 * 1024; i++) {
      const line = i === 100_000 ? 'broken|line|in|the|second|half' : formatV1Line(record(i));
      lines.push(line);
      size += line.length + 1;
    }
    const path = join(dir, 'big.log');
    writeFileSync(path, `${lines.join('\n')}\n`);
    // On a machine with two cores or more the worker reads it in two parts; with one, whole.
    expect((await planV1FileParts(path)).length).toBe(Math.min(2, availableParallelism()));

    const here = inThreadRows().open();
    const there = worker.open();
    const [a, b] = await Promise.all([here.call('loadFile', [path, {}]), there.call('loadFile', [path, {}])]);
    expect(b).toEqual(a);
    expect(a.malformed).toBe(1);
    expect(a.samples[0]).toMatchObject({ line: 100_001, text: 'broken|line|in|the|second|half' });
    expect(there.counts).toEqual(here.counts);
    expect(there.counts.loaded).toBe(lines.length - 1);

    const parsed = parseFilterText('status:5xx country:DE');
    if (!parsed.ok) throw new Error('the test filter does not parse');
    await Promise.all([here.call('setLocal', [parsed.filter]), there.call('setLocal', [parsed.filter])]);
    expect(there.counts.matching).toBeGreaterThan(0);
    expect(await there.call('aggregates', [a.span, false])).toEqual(await here.call('aggregates', [a.span, false]));
    // The URL grouping reaches the worker: ids collapse into one pattern per segment name, query strings kept apart.
    const grouping = { patterns: true, ignoreQuery: false };
    const grouped = await there.call('aggregates', [a.span, false, undefined, grouping]);
    expect(grouped).toEqual(await here.call('aggregates', [a.span, false, undefined, grouping]));
    expect(grouped.top.urls[0]?.key).toMatch(/^https:\/\/z\.b-cdn\.net\/videos\/\{n\}\/segment-\{n\}\.ts\?session=\*$/);
    expect(grouped.top.urls[0]?.urls).toBeGreaterThan(1);
    const sort = { key: 'bytes', dir: 'desc' } as const;
    expect(await there.call('window', [1000, 50, sort])).toEqual(await here.call('window', [1000, 50, sort]));
    expect(await there.call('values', ['country', ''])).toEqual(await here.call('values', ['country', '']));
    // Facets are counted in the worker over the same matching rows; only the small answer comes back.
    const facets = await there.call('facets', [{}, false]);
    expect(facets).toEqual(await here.call('facets', [{}, false]));
    expect(facets.rows).toBe(there.counts.matching);
    expect(facets.facets.find((f) => f.name === 'country')?.values.map((v) => [v.key, v.requests])).toEqual([['DE', there.counts.matching]]);
    expect(facets.facets.find((f) => f.name === 'statusClass')?.values[0]).toMatchObject({ key: '5xx', filter: 'status:5xx', exact: true, share: 1 });
    expect(there.counts).toEqual(here.counts);
    here.close();
    there.close();
  }, 60_000);

  it('a handle whose worker stopped says its view has ended', async () => {
    const host = workerRows(new URL('./rows-worker.ts', import.meta.url));
    const h = host.open();
    await h.call('reset', []);
    host.close();
    await expect(h.call('values', ['status', ''])).rejects.toMatchObject({ message: expect.stringMatching(/ended|stopped/) });
  }, 30_000);
});
