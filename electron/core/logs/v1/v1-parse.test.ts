import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALL_CACHE_STATUSES } from '../../../../shared/logs/cache-status.js';
import type { CdnLogRecord } from '../../../../shared/logs/log-record.js';
import { formatV1Line } from '../../../../shared/logs/v1-line.js';
import { parseV1Line } from '../../../../shared/logs/testing/v1-line.js';
import { ColumnStore } from '../rows/columns.js';
import { V1StreamParser, type V1ParserOptions } from './v1-parse.js';

const EXAMPLE =
  'HIT|200|1507167062421|412|390|163.172.53.229|-|https://bunnycdn.b-cdn.net/assets/video.m4v|WA|Mozilla/5.0 (Windows NT 10.0) Chrome/65.0|322b688bd63fb63f2babe9de30a5d262|DE';
const F = EXAMPLE.split('|');
const withField = (i: number, v: string) => F.map((x, j) => (j === i ? v : x)).join('|');

function parseAll(input: string | Buffer, chunks: readonly number[] = [], options?: V1ParserOptions) {
  const bytes = typeof input === 'string' ? Buffer.from(input, 'utf8') : input;
  const store = new ColumnStore(16);
  const parser = new V1StreamParser(store, options);
  let at = 0;
  for (const cut of [...chunks].sort((a, b) => a - b)) {
    parser.push(bytes.subarray(at, Math.max(at, cut)));
    at = Math.max(at, cut);
  }
  parser.push(bytes.subarray(at));
  parser.end();
  const rows = Array.from({ length: store.length }, (_, i) => store.record(i));
  return { store, parser, rows };
}

/** Lines the stream parser must read exactly as parseV1Line does: accepted the same, refused for the same reason. */
const TABLE: readonly string[] = [
  EXAMPLE,
  `${EXAMPLE}|300|bytes=0-1023|-`,
  `${EXAMPLE}|300|-|Basic abc`,
  withField(0, 'EXPIRED'),
  withField(0, '-'),
  withField(1, '099'),
  withField(2, '0007'),
  withField(2, '9007199254740991'),
  withField(5, ''),
  withField(6, 'https://ref.example/page?q=ü'),
  withField(9, '-'),
  withField(9, ''),
  withField(10, '322B688BD63FB63F2BABE9DE30A5D262'),
  withField(11, '-'),
  withField(11, 'de'),
  withField(11, 'a1'),
  withField(8, 'Frankfurt am Main'),
  // malformed
  '',
  '   ',
  '\u00a0\u2003',
  'HIT|200|123',
  withField(0, 'hit'),
  withField(0, 'WARM'),
  withField(1, '20x'),
  withField(1, '2000'),
  withField(2, '2024-01-01'),
  withField(2, '9007199254740992'),
  withField(2, '99999999999999999'),
  withField(2, ''),
  withField(3, '-5'),
  withField(3, '1.5'),
  withField(4, 'zone'),
  withField(7, '-'),
  withField(7, ''),
  withField(8, ''),
  withField(8, '-'),
  withField(10, 'abc'),
  withField(10, '322b688bd63fb63f2babe9de30a5d26g'),
  withField(11, 'DEU'),
  withField(11, 'D-'),
  withField(11, ''),
  `${EXAMPLE}|lots|-|-`,
  `${EXAMPLE}|-|-|-`,
  // pipes inside fields
  withField(7, 'https://h/a|b'),
  withField(9, 'agent|with|pipes'),
  withField(6, 'https://r/|x|y'),
  withField(9, 'a|b|c'),
  `${EXAMPLE}|extra`,
  `${EXAMPLE}|1|2|3|4`,
  // truncated
  EXAMPLE.slice(0, 40),
  EXAMPLE.slice(0, EXAMPLE.lastIndexOf('|')),
  EXAMPLE.slice(0, -1),
  EXAMPLE.slice(0, -2),
  `${EXAMPLE}|300|bytes=0-1023`,
  '|||||||||||',
  '||||||||||||||',
];

/** Records a real zone's log may hold: ids of 1 to 32 hex digits or none, any cache status or none, no URL or edge. */
const realRecordArb: fc.Arbitrary<CdnLogRecord> = fc.record({
  timestampMs: fc.integer({ min: 0, max: 2 ** 45 }),
  pullZoneId: fc.integer({ min: 0, max: 2 ** 40 }),
  requestId: fc.option(fc.stringMatching(/^[0-9a-f]{1,32}$/), { nil: null }),
  cacheStatus: fc.option(fc.oneof(fc.constantFrom(...ALL_CACHE_STATUSES), fc.stringMatching(/^[A-Z_]{1,12}$/)), { nil: null }),
  statusCode: fc.integer({ min: 100, max: 999 }),
  bytesSent: fc.integer({ min: 0, max: 2 ** 45 }),
  remoteIp: fc.option(fc.constantFrom('1.2.3.0', '2001:db8::'), { nil: null }),
  countryCode: fc.option(fc.constantFrom('DE', 'US', 'A1'), { nil: null }),
  edgeLocation: fc.option(fc.stringMatching(/^[A-Z]{2,3}$/), { nil: null }),
  url: fc.oneof(fc.constant(''), fc.stringMatching(/^https:\/\/[a-z]{1,8}\.b-cdn\.net\/[a-z0-9/?=]{0,20}$/)),
  userAgent: fc.option(fc.constantFrom('curl/8', 'Mozilla/5.0 (X11)'), { nil: null }),
  referer: fc.option(fc.constant('https://example.com/'), { nil: null }),
});

describe('V1StreamParser', () => {
  it('reads every line written from a record a real log may hold, as parseV1Line does, and drops none', () => {
    fc.assert(
      fc.property(realRecordArb, (r) => {
        const line = formatV1Line(r);
        const expected = parseV1Line(line);
        expect(expected).toEqual({ ok: true, record: r });
        const { parser, rows } = parseAll(`${line}\n`);
        expect(parser.malformed).toBe(0);
        expect(rows).toEqual([r]);
      }),
      { numRuns: 10_000 },
    );
  }, 60_000);


  it('keeps a real line: a request id without its leading zeros, a cache status it has no words for, no URL or edge', () => {
    const lines = [
      withField(10, 'd2af1ddaf9efe0fe3cc9739c40413'),
      withField(0, 'DEFERRED'),
      F.map((x, j) => (j === 7 || j === 8 || j === 10 ? '-' : j === 0 ? '' : x)).join('|'),
      withField(10, 'D2AF1DDAF9EFE0FE3CC9739C40413'),
    ];
    const { parser, rows } = parseAll(`${lines.join('\n')}\n`);
    expect(parser.malformed).toBe(0);
    expect(rows.map((r) => [r.requestId, r.cacheStatus, r.url, r.edgeLocation])).toEqual([
      ['d2af1ddaf9efe0fe3cc9739c40413', 'HIT', 'https://bunnycdn.b-cdn.net/assets/video.m4v', 'WA'],
      ['322b688bd63fb63f2babe9de30a5d262', 'DEFERRED', 'https://bunnycdn.b-cdn.net/assets/video.m4v', 'WA'],
      [null, null, '', null],
      ['D2AF1DDAF9EFE0FE3CC9739C40413', 'HIT', 'https://bunnycdn.b-cdn.net/assets/video.m4v', 'WA'],
    ]);
    expect(rows).toEqual(lines.map((l) => (parseV1Line(l) as { record: CdnLogRecord }).record));
  });


  it('agrees with parseV1Line on every line of the table: same acceptance, same reason, same record', () => {
    for (const line of TABLE) {
      const expected = parseV1Line(line);
      const { parser, rows } = parseAll(`${line}\n`);
      if (expected.ok) {
        expect(rows, line).toEqual([expected.record]);
        expect(parser.malformed, line).toBe(0);
      } else {
        expect(rows, line).toEqual([]);
        expect(parser.samples().map((s) => s.reason), line).toEqual([expected.reason]);
      }
      expect(parser.lines).toBe(1);
    }
  });

  it('reads the whole table as one stream with line numbers for the refused lines', () => {
    const { parser, rows } = parseAll(TABLE.join('\r\n'), [1, 50, 51, 700, 2000]);
    const results = TABLE.map((l) => parseV1Line(l));
    expect(rows).toEqual(results.flatMap((r) => (r.ok ? [r.record] : [])));
    expect(parser.lines).toBe(TABLE.length);
    expect(parser.malformed).toBe(results.filter((r) => !r.ok).length);
    expect(parser.samples().map((s) => s.line)).toEqual(results.flatMap((r, i) => (r.ok ? [] : [i + 1])));
    expect(parser.samples().find((s) => s.reason === 'status-code')?.text).toBe(TABLE.find((l) => parseV1Line(l).ok === false && (parseV1Line(l) as { reason: string }).reason === 'status-code'));
    // A line without a URL is a row (shown with an empty URL), not a malformed line.
    expect(rows.some((r) => r.url === '')).toBe(true);
    expect(parser.malformedByReason.get('field-count')).toBe(results.filter((r) => !r.ok && r.reason === 'field-count').length);
  });

  it('reads the same whatever byte a chunk boundary falls on, including one-byte chunks', () => {
    const text = Buffer.from(`\ufeff${EXAMPLE}\r\n${EXAMPLE}|300|bytes=0-1023|-\n${withField(2, 'x')}\n\n${withField(11, 'de')}\r\n${EXAMPLE}`, 'utf8');
    const whole = parseAll(text);
    const reading = (r: ReturnType<typeof parseAll>) => ({ rows: r.rows, lines: r.parser.lines, samples: r.parser.samples() });
    expect(whole.rows).toHaveLength(4);
    for (let cut = 0; cut <= text.length; cut++) {
      expect(reading(parseAll(text, [cut])), String(cut)).toEqual(reading(whole));
      expect(reading(parseAll(text, [cut, cut + 1])), `${cut}+1`).toEqual(reading(whole));
    }
  });

  it('keeps at most maxSamples samples, each cut to sampleChars, while counting them all', () => {
    const bad = `WARM|${'x'.repeat(500)}\n`;
    const { parser } = parseAll(bad.repeat(30), [], { maxSamples: 5, sampleChars: 20 });
    expect(parser.malformed).toBe(30);
    expect(parser.samples()).toHaveLength(5);
    expect(parser.samples()[4]).toEqual({ line: 5, reason: 'field-count', text: `WARM|${'x'.repeat(15)}` });
  });

  it('refuses a line longer than maxLineBytes, whether it arrives whole or in pieces, and goes on', () => {
    const long = withField(7, `https://h/${'a'.repeat(3000)}`);
    const text = `${long}\n${EXAMPLE}\n${long}`;
    for (const cuts of [[], [100, 200, 1500, 2900, 3100]]) {
      const { parser, rows } = parseAll(text, cuts, { maxLineBytes: 1000, sampleChars: 10 });
      expect(rows).toHaveLength(1);
      expect(parser.samples()).toEqual([
        { line: 1, reason: 'line-too-long', text: 'HIT|200|15' },
        { line: 3, reason: 'line-too-long', text: 'HIT|200|15' },
      ]);
    }
  });

  it('handles CRLF, a missing last newline, a byte order mark and a final newline that ends no line', () => {
    const { parser, rows } = parseAll(`\ufeff${EXAMPLE}\r\n${EXAMPLE}\n${EXAMPLE}`, [1, 2]);
    expect(rows).toHaveLength(3);
    expect(parser.lines).toBe(3);
    const trailing = parseAll(`${EXAMPLE}\n${EXAMPLE}\n`);
    expect([trailing.rows.length, trailing.parser.lines, trailing.parser.malformed]).toEqual([2, 2, 0]);
    const blank = parseAll(`${EXAMPLE}\n\n${EXAMPLE}\n`);
    expect(blank.parser.samples()).toEqual([{ line: 2, reason: 'empty', text: '' }]);
  });

  it('skips a byte order mark only where the file starts, not at the start of a later part of it', () => {
    const text = `\ufeff${EXAMPLE}\n`;
    expect(parseAll(text).rows).toHaveLength(1);
    const part = parseAll(text, [], { startsFile: false });
    expect(part.rows).toEqual([]);
    // Mid-file the mark is just text, glued to the cache status, as the line format reads it.
    expect(parseV1Line(`\ufeff${EXAMPLE}`)).toMatchObject({ ok: false, reason: 'cache-status' });
    expect(part.parser.samples().map((x) => x.reason)).toEqual(['cache-status']);
  });

  it('feeds any row sink, so an aggregate can run without keeping rows', () => {
    const statuses = new Map<number, number>();
    let bytes = 0;
    const parser = new V1StreamParser({
      appendBytes: (row) => {
        statuses.set(row.statusCode, (statuses.get(row.statusCode) ?? 0) + 1);
        bytes += row.bytesSent;
      },
    });
    parser.push(Buffer.from([EXAMPLE, withField(1, '503'), withField(1, '5x3'), withField(3, '88')].join('\n')));
    parser.end();
    expect([...statuses]).toEqual([[200, 2], [503, 1]]);
    expect([bytes, parser.malformed]).toEqual([412 * 2 + 88, 1]);
  });

  const text = (min = 1) => fc.string({ minLength: min, maxLength: 40, unit: 'grapheme' }).filter((s) => !/[|\r\n]/.test(s) && s !== '-' && s.trim() !== '');
  const optText = fc.option(text(), { nil: null });
  const recordArb: fc.Arbitrary<CdnLogRecord> = fc
    .record({
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
      extended: fc.option(fc.record({ bodyBytesSent: fc.integer({ min: 0, max: 2 ** 40 }), contentRange: optText, authorizationHeader: optText }), { nil: undefined }),
    })
    .map(({ extended, ...r }) => (extended === undefined ? r : { ...r, extended }));

  it('reads back any formatted records, whatever the chunk boundaries and line endings', () => {
    fc.assert(
      fc.property(fc.array(recordArb, { maxLength: 30 }), fc.array(fc.nat(), { maxLength: 12 }), fc.boolean(), fc.boolean(), (records, cutSeeds, crlf, finalNewline) => {
        const body = records.map(formatV1Line).join(crlf ? '\r\n' : '\n') + (finalNewline && records.length > 0 ? '\n' : '');
        const bytes = Buffer.from(body, 'utf8');
        const cuts = cutSeeds.map((c) => c % (bytes.length + 1));
        const { parser, rows } = parseAll(bytes, cuts);
        expect(rows).toEqual(records);
        expect([parser.lines, parser.malformed]).toEqual([records.length, 0]);
      }),
      { numRuns: 300 },
    );
  });

  it('agrees with parseV1Line on lines built from likely and unlikely field values, and never throws', () => {
    const field = fc.oneof(
      fc.constantFrom('HIT', 'MISS', '200', '-', '', '1507167062421', '390', 'DE', 'de', 'WA', '322b688bd63fb63f2babe9de30a5d262', 'https://h/x', ' '),
      fc.string({ maxLength: 8, unit: 'binary' }).map((s) => s.replace(/[\r\n]/g, '')),
    );
    const line = fc.oneof(fc.array(field, { minLength: 12, maxLength: 12 }), fc.array(field, { minLength: 15, maxLength: 15 }), fc.array(field, { maxLength: 18 })).map((f) => f.join('|'));
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 10 }), fc.array(fc.nat(), { maxLength: 6 }), (lines, cutSeeds) => {
        const bytes = Buffer.from(lines.join('\n'), 'utf8');
        const { parser, rows } = parseAll(bytes, cutSeeds.map((c) => c % (bytes.length + 1)));
        // A byte order mark can only open the stream; the line format has no such rule.
        const results = lines.map((l, i) => parseV1Line(i === 0 ? l.replace(/^\ufeff/, '') : l));
        // An empty last line is only the newline that ends the one before it (or an empty stream).
        if (lines.at(-1) === '') results.pop();
        expect(rows).toEqual(results.flatMap((r) => (r.ok ? [r.record] : [])));
        expect(parser.samples().map((s) => s.reason)).toEqual(results.flatMap((r) => (r.ok ? [] : [r.reason])));
      }),
      { numRuns: 400 },
    );
  });
});
