import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALL_CACHE_STATUSES } from '../../../../shared/logs/cache-status.js';
import type { CdnLogRecord } from '../../../../shared/logs/log-record.js';
import { formatV1Line } from '../../../../shared/logs/v1-line.js';
import { parseV1Line } from '../../../../shared/logs/testing/v1-line.js';
import { ColumnStore, newByteRow } from '../rows/columns.js';
import { V1StreamParser } from './v1-parse.js';
import { scanV1Line } from './v1-scan.js';

const EXAMPLE =
  'HIT|200|1507167062421|412|390|163.172.53.229|-|https://bunnycdn.b-cdn.net/assets/video.m4v|WA|Mozilla/5.0 (Windows NT 10.0) Chrome/65.0|322b688bd63fb63f2babe9de30a5d262|DE';

/** What the fast path says of one line, given as the parser gives it: without its line break or a CR before it. */
function scans(line: string): boolean {
  const b = Buffer.from(`${line}\n`, 'utf8');
  let e = b.length - 1;
  if (e > 0 && b[e - 1] === 0x0d) e--;
  return scanV1Line(b, 0, e, newByteRow());
}

/** The stream parser's reading of one line: its record, or the reason it refused it. */
function streamed(line: string): { readonly records: CdnLogRecord[]; readonly reasons: string[] } {
  const store = new ColumnStore(16);
  const parser = new V1StreamParser(store);
  parser.push(Buffer.from(`${line}\n`, 'utf8'));
  parser.end();
  return { records: Array.from({ length: store.length }, (_, i) => store.record(i)), reasons: parser.samples().map((x) => x.reason) };
}

const free = fc.string({ maxLength: 30, unit: 'grapheme' }).map((s) => s.replace(/[|\r\n]/g, ''));
const optFree = fc.option(free.filter((s) => s !== '' && s !== '-'), { nil: null });
const recordArb: fc.Arbitrary<CdnLogRecord> = fc
  .record({
    timestampMs: fc.oneof(fc.integer({ min: 0, max: 4_102_444_800_000 }), fc.constantFrom(0, Number.MAX_SAFE_INTEGER)),
    pullZoneId: fc.integer({ min: 0, max: 2 ** 40 }),
    requestId: fc.stringMatching(/^[0-9a-f]{32}$/),
    cacheStatus: fc.constantFrom(...ALL_CACHE_STATUSES),
    statusCode: fc.integer({ min: 100, max: 599 }),
    bytesSent: fc.integer({ min: 0, max: 2 ** 45 }),
    remoteIp: optFree,
    countryCode: fc.option(fc.stringMatching(/^[A-Z0-9]{2}$/), { nil: null }),
    edgeLocation: free.filter((s) => s !== '' && s !== '-'),
    url: free.map((s) => `https://h/${s}`),
    userAgent: optFree,
    referer: optFree,
    extended: fc.option(fc.record({ bodyBytesSent: fc.integer({ min: 0, max: 2 ** 40 }), contentRange: optFree, authorizationHeader: optFree }), { nil: undefined }),
  })
  .map(({ extended, ...r }) => (extended === undefined ? r : { ...r, extended }));

/** A small edit at one place of a line: the bytes most likely to fool a parser that looks only where it expects. */
const editArb = fc.record({
  at: fc.nat(),
  cut: fc.integer({ min: 0, max: 3 }),
  // Besides pipes and dashes, the bytes just outside each class the fast path checks: '/' and ':' around the
  // digits, '@' 'G' '`' 'g' around the hex letters, and bytes past 0x7f.
  insert: fc.constantFrom('', '|', '-', '0', '9', 'a', 'f', 'F', 'G', 'g', 'z', '/', ':', '@', '`', '\x7f', ' ', '\r', 'ü', '||', '-|', '|-', '00000000000000000'),
});

function edited(line: string, edit: { at: number; cut: number; insert: string }): string {
  const at = edit.at % (line.length + 1);
  return line.slice(0, at) + edit.insert + line.slice(at + edit.cut);
}

describe('scanV1Line', () => {
  it('takes every well-formed line, short or extended', () => {
    fc.assert(
      fc.property(recordArb, (r) => {
        expect(scans(formatV1Line(r))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('never takes a line parseV1Line refuses, after any small edit, and the parser reads it the same way or refuses it for the same reason', () => {
    fc.assert(
      fc.property(recordArb, fc.array(editArb, { minLength: 1, maxLength: 3 }), (r, edits) => {
        // An edit may split a surrogate pair; the round trip gives the text the bytes on disk would decode to.
        const line = Buffer.from(edits.reduce(edited, formatV1Line(r)), 'utf8').toString('utf8');
        const expected = parseV1Line(line);
        // The fast path may pass on a good but unusual line (a short request id, an unknown cache status); the
        // careful path then takes it.
        if (scans(line)) expect(expected.ok).toBe(true);
        // Refused lines go through the parser's careful path, which must name the line format's reason.
        expect(streamed(line)).toEqual(expected.ok ? { records: [expected.record], reasons: [] } : { records: [], reasons: [expected.reason] });
      }),
      { numRuns: 2000 },
    );
  });

  it('passes on the edge cases of each checked field, which the careful path reads as the line format does', () => {
    const F = EXAMPLE.split('|');
    const withField = (i: number, v: string) => F.map((x, j) => (j === i ? v : x)).join('|');
    const cases: readonly string[] = [
      '',
      'H',
      'HIT',
      'HIT|',
      withField(0, 'HITS'),
      withField(0, 'MIS'),
      withField(1, '20'),
      withField(1, '2000'),
      withField(2, '12345678901234567'),
      withField(2, '9007199254740992'),
      withField(3, ''),
      withField(7, '-'),
      withField(8, ''),
      withField(10, `${'a'.repeat(31)}`),
      withField(10, `${'a'.repeat(33)}`),
      withField(10, `${'a'.repeat(31)}g`),
      withField(11, 'D'),
      withField(11, 'D_'),
      withField(11, '--'),
      `${EXAMPLE}|`,
      `${EXAMPLE}|1|-`,
      `${EXAMPLE}|1|-|-|`,
      `${EXAMPLE}|x|-|-`,
      EXAMPLE.slice(0, EXAMPLE.lastIndexOf('|') + 1),
    ];
    for (const line of cases) {
      expect(scans(line), line).toBe(false);
      const expected = parseV1Line(line);
      expect(streamed(line), line).toEqual(expected.ok ? { records: [expected.record], reasons: [] } : { records: [], reasons: [expected.reason] });
    }
    expect(scans(withField(2, '9007199254740991'))).toBe(true);
    expect(scans(withField(11, 'd1'))).toBe(true);
    expect(scans(`${EXAMPLE}|0||`)).toBe(true);
  });

  it('checks every byte value at every place of the number and request id fields', () => {
    const base = Buffer.from(`${EXAMPLE}|1234567|-|-`, 'latin1');
    // Where a field of EXAMPLE starts: after the pipes before it.
    const at = (field: number) => EXAMPLE.split('|').slice(0, field).join('|').length + 1;
    const places = [
      ...Array.from({ length: 13 }, (_, k) => ({ at: at(2) + k, ok: (c: number) => c >= 0x30 && c <= 0x39 })),
      ...Array.from({ length: 32 }, (_, k) => ({ at: at(10) + k, ok: (c: number) => /^[0-9a-fA-F]$/.test(String.fromCharCode(c)) })),
      ...Array.from({ length: 7 }, (_, k) => ({ at: EXAMPLE.length + 1 + k, ok: (c: number) => c >= 0x30 && c <= 0x39 })),
    ];
    for (const place of places) {
      for (let c = 0; c < 256; c++) {
        const b = Buffer.from(base);
        b[place.at] = c;
        expect(scanV1Line(b, 0, b.length, newByteRow()), `${place.at}: ${c}`).toBe(place.ok(c));
      }
    }
  });

  it('never reads past the end it is given', () => {
    const b = Buffer.from(`${EXAMPLE}|1|-|-\n${EXAMPLE}`, 'latin1');
    // Every prefix of the bytes, as if the line ended there: the bytes after the end must not change the answer.
    for (let e = 0; e <= b.length; e++) expect(scanV1Line(b, 0, e, newByteRow()), String(e)).toBe(parseV1Line(b.toString('latin1', 0, e)).ok);
  });
});
