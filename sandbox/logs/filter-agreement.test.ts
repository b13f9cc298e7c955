import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_TIME, startLogging, type LoggingHarness } from './testing/support.js';
import { normalizeFilter, toV2Query, type LogFilter, type LogFilterChip } from '../../shared/logs/filter.js';
import { matchesRecord } from '../../shared/logs/filter-match.js';
import type { CdnLogRecord } from '../../shared/logs/log-record.js';
import { uaFamily, uaFamilyWord } from '../../shared/logs/ua-family.js';
import { hostKey } from '../../shared/logs/url-host.js';
import { urlGroupKey } from '../../shared/logs/url-pattern.js';
import { formatV2Query } from '../../shared/logs/v2-query-string.js';
import { readLogEntry } from '../../shared/logs/v2-response.js';
import { logQueryResponseSchema } from '../../shared/logs/testing/v2-page.js';

// The platform's answer to a filter and matchesRecord over the unfiltered rows must agree row
// for row, for every key; negated chips, which are never sent, must keep exactly the rest.

const RANGE = { from: BASE_TIME - 24 * 3_600_000, to: BASE_TIME };
let h: LoggingHarness;
let all: readonly CdnLogRecord[];

async function fetchRows(filter: LogFilter): Promise<{ rows: readonly CdnLogRecord[]; localOnly: LogFilter }> {
  const { query, localOnly } = toV2Query(filter, RANGE);
  const res = await h.get(`/v2/pullzones/${h.zoneId}/logs?${formatV2Query({ ...query, limit: 10_000 })}`);
  expect(res.status, JSON.stringify(query)).toBe(200);
  const page = logQueryResponseSchema.parse(await res.json());
  expect(page.pagination.hasMore).toBe(false);
  const rows = page.data.flatMap((e) => {
    const r = readLogEntry(e);
    return r.ok ? [r.record] : [];
  });
  return { rows, localOnly };
}

const ids = (rows: readonly CdnLogRecord[]) => rows.map((r) => r.requestId).sort();

beforeAll(async () => {
  h = await startLogging({ entriesPerDay: 3000 });
  all = (await fetchRows([])).rows;
});
afterAll(() => h.close());

describe('filters against the sandbox', () => {
  it('has varied rows to filter', () => {
    expect(all.length).toBeGreaterThan(1000);
    expect(new Set(all.map((r) => r.cacheStatus)).size).toBeGreaterThan(3);
  });

  it('agrees with the platform on every key, and negated chips keep exactly the other rows', async () => {
    const at = (i: number) => all[Math.floor((i * all.length) / 7)] ?? all[0]!;
    const withUa = all.find((r) => r.userAgent !== null && r.userAgent.length > 6);
    const withReferer = all.find((r) => r.referer !== null && r.referer.length > 6);
    const withIp = all.find((r) => r.remoteIp !== null && r.remoteIp.includes('.'));
    const path = at(3).url.replace(/^https?:\/\/[^/]+/, '');
    const cases: LogFilterChip[] = [
      { key: 'status', negated: false, values: [{ kind: 'class', digit: 4 }, { kind: 'code', code: 200 }] },
      { key: 'cache', negated: false, values: ['MISS', 'STALE'] },
      { key: 'country', negated: false, values: [at(1).countryCode ?? 'DE', 'US'] },
      { key: 'pop', negated: false, value: (at(2).edgeLocation ?? '').toLowerCase() },
      { key: 'url', negated: false, value: path.slice(0, Math.max(3, path.length - 2)).toUpperCase() },
      { key: 'search', negated: false, values: [path.slice(1, 6), 'revalidated'] },
      { key: 'requestId', negated: false, value: (at(4).requestId ?? '').toUpperCase() },
    ];
    if (withUa?.userAgent) cases.push({ key: 'ua', negated: false, value: withUa.userAgent.slice(2, 7).toUpperCase() });
    if (withReferer?.referer) cases.push({ key: 'referer', negated: false, value: withReferer.referer.slice(-6) });
    // Same /24 as a logged address, different last octet: the platform compares at the width it keeps.
    if (withIp?.remoteIp) cases.push({ key: 'ip', negated: false, value: withIp.remoteIp.replace(/\.\d+$/, '.77') });
    expect(cases).toHaveLength(10);

    for (const c of cases) {
      const filter = normalizeFilter([c]);
      const platform = await fetchRows(filter);
      const local = all.filter((r) => matchesRecord(filter, r));
      expect(platform.localOnly).toEqual([]);
      expect(ids(platform.rows), JSON.stringify(c)).toEqual(ids(local));
      expect(local.length, JSON.stringify(c)).toBeGreaterThan(0);

      const negated = normalizeFilter([{ ...c, negated: true } as LogFilterChip]);
      const sent = await fetchRows(negated);
      expect(sent.localOnly).toEqual(negated);
      const kept = sent.rows.filter((r) => matchesRecord(sent.localOnly, r));
      expect(ids([...kept, ...local]), JSON.stringify(c)).toEqual(ids(all));
    }
  });

  it('keys the platform has no parameter for (host, referrer host, agent, pattern) narrow the query to a superset and keep exactly their rows', async () => {
    const withUa = all.find((r) => r.userAgent !== null && uaFamilyWord(uaFamily(r.userAgent).name) !== null);
    const withRefHost = all.find((r) => hostKey(r.referer) !== null);
    const cases: LogFilterChip[] = [
      { key: 'host', negated: false, values: [hostKey(all[0]!.url)!.toUpperCase()] },
      { key: 'pattern', negated: false, value: urlGroupKey(all[1]!.url, { patterns: true, ignoreQuery: true }) },
      { key: 'agent', negated: false, values: ['browser'] },
    ];
    if (withUa?.userAgent) cases.push({ key: 'agent', negated: false, values: [uaFamily(withUa.userAgent).name] });
    if (withRefHost) cases.push({ key: 'refererHost', negated: false, values: [hostKey(withRefHost.referer)!] });
    expect(cases).toHaveLength(5);
    for (const c of cases) {
      for (const chip of [c, { ...c, negated: true } as LogFilterChip]) {
        const filter = normalizeFilter([chip]);
        const sent = await fetchRows(filter);
        expect(sent.localOnly).toEqual(filter);
        const kept = sent.rows.filter((r) => matchesRecord(sent.localOnly, r));
        const local = all.filter((r) => matchesRecord(filter, r));
        expect(ids(kept), JSON.stringify(chip)).toEqual(ids(local));
        if (!chip.negated) expect(local.length, JSON.stringify(chip)).toBeGreaterThan(0);
      }
    }
  });

  it('combines sent and local chips to what both sides agree on', async () => {
    const filter = normalizeFilter([
      { key: 'status', negated: false, values: [{ kind: 'class', digit: 2 }] },
      { key: 'cache', negated: true, values: ['HIT'] },
      { key: 'search', negated: true, values: ['.css'] },
    ]);
    const sent = await fetchRows(filter);
    const kept = sent.rows.filter((r) => matchesRecord(sent.localOnly, r));
    expect(ids(kept)).toEqual(ids(all.filter((r) => matchesRecord(filter, r))));
    expect(kept.every((r) => r.statusCode < 300 && r.cacheStatus !== 'HIT' && !r.url.toLowerCase().includes('.css'))).toBe(true);
    expect(kept.length).toBeGreaterThan(0);
  });
});
