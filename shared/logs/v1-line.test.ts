import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALL_CACHE_STATUSES } from './cache-status.js';
import type { CdnLogRecord } from './log-record.js';
import { formatV1Line, type V1RejectReason } from './v1-line.js';
import { parseV1Line } from './testing/v1-line.js';

const EXAMPLE =
  'HIT|200|1507167062421|412|390|163.172.53.229|-|https://bunnycdn.b-cdn.net/assets/landingpage/images/cdn-video-preview-from-a-blue-moon.m4v|WA|Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/65.0.3325.146 Safari/537.36|322b688bd63fb63f2babe9de30a5d262|DE';

const text = (min = 1) => fc.string({ minLength: min, maxLength: 40 }).filter((s) => !/[|\r\n]/.test(s) && s !== '-' && s.trim() !== '');
const optText = fc.option(text(), { nil: null });

const recordArb: fc.Arbitrary<CdnLogRecord> = fc.record({
  timestampMs: fc.integer({ min: 0, max: 4_102_444_800_000 }),
  pullZoneId: fc.integer({ min: 1, max: 2 ** 40 }),
  requestId: fc.stringMatching(/^[0-9a-f]{32}$/),
  cacheStatus: fc.constantFrom(...ALL_CACHE_STATUSES),
  statusCode: fc.integer({ min: 100, max: 599 }),
  bytesSent: fc.integer({ min: 0, max: 2 ** 45 }),
  remoteIp: optText,
  countryCode: fc.option(fc.stringMatching(/^[A-Z]{2}$/), { nil: null }),
  edgeLocation: text(),
  url: text().map((s) => `https://host.b-cdn.net/${s}`),
  userAgent: optText,
  referer: optText,
});

describe('v1 line format', () => {
  it('parses the documented example', () => {
    const r = parseV1Line(EXAMPLE);
    expect(r).toEqual({
      ok: true,
      record: {
        timestampMs: 1507167062421,
        pullZoneId: 390,
        requestId: '322b688bd63fb63f2babe9de30a5d262',
        cacheStatus: 'HIT',
        statusCode: 200,
        bytesSent: 412,
        remoteIp: '163.172.53.229',
        countryCode: 'DE',
        edgeLocation: 'WA',
        url: 'https://bunnycdn.b-cdn.net/assets/landingpage/images/cdn-video-preview-from-a-blue-moon.m4v',
        userAgent: 'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/65.0.3325.146 Safari/537.36',
        referer: null,
      },
    });
    if (r.ok) expect(formatV1Line(r.record)).toBe(EXAMPLE);
  });

  it('reads the 15-field extended form and ignores a trailing CR', () => {
    const r = parseV1Line(`${EXAMPLE}|300|bytes=0-1023|-\r\n`);
    expect(r.ok && r.record.extended).toEqual({ bodyBytesSent: 300, contentRange: 'bytes=0-1023', authorizationHeader: null });
    if (r.ok) expect(formatV1Line(r.record)).toBe(`${EXAMPLE}|300|bytes=0-1023|-`);
  });

  it('round-trips any record through format and parse', () => {
    fc.assert(
      fc.property(recordArb, (record) => {
        const line = formatV1Line(record);
        expect(line.split('|')).toHaveLength(12);
        expect(parseV1Line(line)).toEqual({ ok: true, record });
      }),
      { numRuns: 300 },
    );
  });

  it('strips pipes and line breaks from client-controlled fields so a line always splits into 12', () => {
    const r = parseV1Line(EXAMPLE);
    if (!r.ok) throw new Error('example did not parse');
    const line = formatV1Line({ ...r.record, userAgent: 'evil|agent\nnext', referer: 'https://x/|y', url: 'https://h/a|b' });
    expect(line.split('|')).toHaveLength(12);
    const back = parseV1Line(line);
    expect(back.ok && [back.record.userAgent, back.record.referer, back.record.url]).toEqual(['evilagentnext', 'https://x/y', 'https://h/ab']);
  });

  it('names the reason for each kind of bad line', () => {
    const f = EXAMPLE.split('|');
    const withField = (i: number, v: string) => f.map((x, j) => (j === i ? v : x)).join('|');
    const cases: [string, V1RejectReason][] = [
      ['', 'empty'],
      ['   ', 'empty'],
      ['HIT|200|123', 'field-count'],
      [`${EXAMPLE}|extra`, 'field-count'],
      [withField(0, 'NOT A STATUS'), 'cache-status'],
      [withField(1, '20x'), 'status-code'],
      [withField(2, '2024-01-01'), 'timestamp'],
      [withField(2, '99999999999999999'), 'timestamp'],
      [withField(3, '-5'), 'bytes-sent'],
      [withField(4, 'zone'), 'pull-zone-id'],
      [withField(11, 'DEU'), 'country'],
      [`${EXAMPLE}|lots|-|-`, 'body-bytes-sent'],
    ];
    for (const [line, reason] of cases) {
      const r = parseV1Line(line);
      expect(r.ok, line).toBe(false);
      if (!r.ok) {
        expect(r.reason, line).toBe(reason);
        expect(r.message.length).toBeGreaterThan(0);
      }
    }
  });

  it('keeps what a real line may carry: a request id without its leading zeros, a cache status it has no words for, no URL, edge or id', () => {
    const f = EXAMPLE.split('|');
    const withFields = (edits: Record<number, string>) => f.map((x, j) => edits[j] ?? x).join('|');
    const real = parseV1Line(withFields({ 10: 'd2af1ddaf9efe0fe3cc9739c40413', 0: 'DEFERRED' }));
    expect(real).toMatchObject({ ok: true, record: { requestId: 'd2af1ddaf9efe0fe3cc9739c40413', cacheStatus: 'DEFERRED' } });
    const upper = parseV1Line(withFields({ 10: 'D2AF1DDAF9EFE0FE3CC9739C40413' }));
    expect(upper).toMatchObject({ ok: true, record: { requestId: 'D2AF1DDAF9EFE0FE3CC9739C40413' } });
    const bare = parseV1Line(withFields({ 7: '-', 8: '', 10: '-', 0: '' }));
    expect(bare).toMatchObject({ ok: true, record: { url: '', edgeLocation: null, requestId: null, cacheStatus: null } });
    const odd = parseV1Line(withFields({ 10: 'not-hex-at-all' }));
    expect(odd).toMatchObject({ ok: true, record: { requestId: 'not-hex-at-all' } });
    // And each comes back the same through the line writer.
    for (const r of [real, upper, bare, odd]) if (r.ok) expect(parseV1Line(formatV1Line(r.record))).toEqual(r);
  });

  it('never throws, whatever the input', () => {
    const pipes = fc.array(fc.oneof(fc.string(), fc.constantFrom('HIT', '200', '-', '|', '322b688bd63fb63f2babe9de30a5d262')), { maxLength: 20 }).map((a) => a.join('|'));
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), pipes), (line) => {
        const r = parseV1Line(line);
        expect(typeof r.ok).toBe('boolean');
      }),
      { numRuns: 300 },
    );
  });
});
