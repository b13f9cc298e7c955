import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatV2Query, type V2QueryInput } from './v2-query-string.js';
import { LOG_RETENTION_MS, parseDateTime, parseV2Query, type LogQuery } from './v2-query.js';

const NOW = Date.UTC(2026, 4, 9, 12, 0, 0);
const HOUR = 3_600_000;

function ok(params: Record<string, string>): LogQuery {
  const r = parseV2Query(params, NOW);
  if (!r.ok) throw new Error(r.details.join('; '));
  return r.query;
}

function details(params: Record<string, string>): readonly string[] {
  const r = parseV2Query(params, NOW);
  if (r.ok) throw new Error(`accepted ${JSON.stringify(params)}`);
  return r.details;
}

describe('v2 query parameters', () => {
  it('resolves the documented defaults', () => {
    expect(ok({})).toEqual({
      from: NOW - 24 * HOUR,
      to: NOW,
      status: null,
      cacheStatus: null,
      country: null,
      edgeLocation: null,
      remoteIp: null,
      urlContains: null,
      userAgentContains: null,
      refererContains: null,
      search: null,
      requestId: null,
      includeOriginShield: false,
      limit: 100,
      offset: 0,
      order: 'desc',
    });
  });

  it('treats empty values as absent and ignores unknown parameters', () => {
    expect(ok({ status: '', limit: ' ', somethingElse: 'x' })).toEqual(ok({}));
  });

  it('normalizes lists and texts', () => {
    const q = ok({
      status: '2xx,404',
      cacheStatus: 'hit, -',
      country: 'de,JP',
      edgeLocation: 'ny',
      urlContains: '/Assets',
      search: '  Foo   BAR ',
      requestId: 'ABCDEF0123456789ABCDEF0123456789',
      includeOriginShield: 'TRUE',
      order: 'ASC',
    });
    expect(q.status).toEqual([
      { kind: 'class', digit: 2 },
      { kind: 'code', code: 404 },
    ]);
    expect(q.cacheStatus).toEqual(['HIT', '-']);
    expect(q.country).toEqual(['DE', 'JP']);
    expect(q.edgeLocation).toBe('NY');
    expect(q.urlContains).toBe('/assets');
    expect(q.search).toEqual(['foo', 'bar']);
    expect(q.requestId).toBe('abcdef0123456789abcdef0123456789');
    expect(q.includeOriginShield).toBe(true);
    expect(q.order).toBe('asc');
  });

  it('clamps a defaulted from into the retention window', () => {
    const q = ok({ to: new Date(NOW - 2.5 * 24 * HOUR).toISOString() });
    expect(q.from).toBe(NOW - LOG_RETENTION_MS);
  });

  it('reports every malformed field at once, each prefixed by its name', () => {
    const d = details({ limit: '0', order: 'up', country: 'Germany' });
    expect(d).toHaveLength(3);
    expect(d.map((x) => x.split(':')[0]).sort()).toEqual(['country', 'limit', 'order']);
  });

  it('enforces the window rules', () => {
    expect(details({ from: new Date(NOW - LOG_RETENTION_MS - 1).toISOString() })[0]).toMatch(/^from: must be inside the 3-day/);
    expect(ok({ from: new Date(NOW - LOG_RETENTION_MS).toISOString() }).from).toBe(NOW - LOG_RETENTION_MS);
    expect(details({ from: new Date(NOW).toISOString(), to: new Date(NOW).toISOString() })[0]).toMatch(/^from: must be before to/);
    expect(details({ from: new Date(NOW - HOUR).toISOString(), to: new Date(NOW + 3 * 24 * HOUR).toISOString() })[0]).toMatch(/^to: /);
  });

  it('reads ISO 8601 date-times in their usual forms', () => {
    const t = Date.UTC(2026, 4, 8, 10, 30, 0);
    expect(parseDateTime('2026-05-08T10:30:00Z')).toBe(t);
    expect(parseDateTime('2026-05-08T10:30:00.250Z')).toBe(t + 250);
    expect(parseDateTime('2026-05-08T10:30')).toBe(t);
    expect(parseDateTime('2026-05-08T12:30:00+02:00')).toBe(t);
    expect(parseDateTime('2026-05-08T12:30:00 02:00')).toBe(t);
    expect(parseDateTime('2026-05-08T05:30:00-0500')).toBe(t);
    expect(parseDateTime('2026-05-08')).toBe(Date.UTC(2026, 4, 8));
    for (const bad of ['2026-05-32', '2026-02-29', '2026-05-08T24:00', '08.05.2026', '1715000000000', '2026-05-08T10:30:00+25:00', '']) {
      expect(parseDateTime(bad), bad).toBeUndefined();
    }
  });

  it('builds query strings that parse back to the same query', () => {
    const input: V2QueryInput = {
      from: NOW - 2 * HOUR,
      to: '2026-05-09T11:00:00.000Z',
      status: ['2xx', '404'],
      cacheStatus: ['HIT', '-'],
      country: ['DE'],
      edgeLocation: 'NY',
      remoteIp: '2001:db8::1',
      urlContains: 'a&b=c',
      userAgentContains: 'curl',
      refererContains: 'google',
      search: 'foo bar',
      requestId: '0123456789abcdef0123456789abcdef',
      includeOriginShield: true,
      limit: 50,
      offset: 100,
      order: 'asc',
    };
    const qs = formatV2Query(input);
    const params = Object.fromEntries(new URLSearchParams(qs));
    const q = ok(params);
    expect(q.from).toBe(NOW - 2 * HOUR);
    expect(q.to).toBe(NOW - HOUR);
    expect(q.urlContains).toBe('a&b=c');
    expect(q.remoteIp).toBe('2001:db8::1');
    expect([q.limit, q.offset, q.order, q.includeOriginShield]).toEqual([50, 100, 'asc', true]);
    expect(formatV2Query({})).toBe('');
  });

  it('never throws on arbitrary parameter values', () => {
    const names = fc.constantFrom('from', 'to', 'status', 'cacheStatus', 'country', 'remoteIp', 'search', 'limit', 'offset', 'order', 'requestId', 'x');
    fc.assert(
      fc.property(fc.dictionary(names, fc.string({ unit: 'binary', maxLength: 300 })), (params) => {
        const r = parseV2Query(params, NOW);
        expect(typeof r.ok).toBe('boolean');
      }),
      { numRuns: 300 },
    );
  });
});
