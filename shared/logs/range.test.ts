import { describe, expect, it } from 'vitest';
import {
  bucketCount,
  bucketSizeMs,
  bucketStart,
  earliestFrom,
  formatSpan,
  logRangeSchema,
  parseDuration,
  parseWhen,
  rangeFromFlags,
  RANGE_PRESETS,
  resolveRange,
  RETENTION_MARGIN_MS,
} from './range.js';
import { LOG_RETENTION_MS, parseV2Query } from './v2-query.js';

const NOW = Date.UTC(2026, 4, 9, 12, 0, 0);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('resolveRange', () => {
  it('ends presets now and starts the 3-day one just inside retention', () => {
    const spans = RANGE_PRESETS.map((preset) => {
      const r = resolveRange({ kind: 'preset', preset }, NOW);
      if (!r.ok) throw new Error(r.message);
      expect(r.to).toBe(NOW);
      return r.to - r.from;
    });
    expect(spans).toEqual([15 * MIN, HOUR, 6 * HOUR, DAY, 3 * DAY - RETENTION_MARGIN_MS]);
  });

  it('gives every resolved range a query the platform accepts even a few seconds later', () => {
    for (const preset of RANGE_PRESETS) {
      const r = resolveRange({ kind: 'preset', preset }, NOW);
      if (!r.ok) throw new Error(r.message);
      const q = parseV2Query({ from: new Date(r.from).toISOString(), to: new Date(r.to).toISOString() }, NOW + 30_000);
      expect(q.ok, preset).toBe(true);
    }
  });

  it('accepts an absolute range inside the rules', () => {
    expect(resolveRange({ kind: 'absolute', from: NOW - 2 * DAY, to: NOW - DAY }, NOW)).toEqual({ ok: true, from: NOW - 2 * DAY, to: NOW - DAY });
    const edge = earliestFrom(NOW);
    expect(resolveRange({ kind: 'absolute', from: edge, to: edge + 3 * DAY }, NOW).ok).toBe(true);
  });

  it.each([
    [NOW - HOUR, NOW - HOUR, 'order', 'from (2026-05-09T11:00:00.000Z) must be before to (2026-05-09T11:00:00.000Z)'],
    [NOW, NOW - HOUR, 'order', 'from (2026-05-09T12:00:00.000Z) must be before to (2026-05-09T11:00:00.000Z)'],
    [NOW - 4 * DAY, NOW, 'span', 'the range is 4d long; one query covers at most 3 days'],
    [NOW - DAY, NOW + 2 * DAY + 1000, 'span', 'the range is 3d 1s long; one query covers at most 3 days'],
    [
      NOW - LOG_RETENTION_MS,
      NOW - DAY,
      'retention',
      'from (2026-05-06T12:00:00.000Z) is older than the 3-day log retention; start at 2026-05-06T12:01:00.000Z or later',
    ],
  ])('refuses %d → %d by the %s rule', (from, to, rule, message) => {
    expect(resolveRange({ kind: 'absolute', from, to }, NOW)).toEqual({ ok: false, rule, message });
  });

  it('validates stored ranges', () => {
    expect(logRangeSchema.safeParse({ kind: 'preset', preset: '24h' }).success).toBe(true);
    expect(logRangeSchema.safeParse({ kind: 'preset', preset: '2h' }).success).toBe(false);
    expect(logRangeSchema.safeParse({ kind: 'absolute', from: 1.5, to: 2 }).success).toBe(false);
  });
});

describe('parseWhen and parseDuration', () => {
  it.each([
    ['now', NOW],
    ['90m', NOW - 90 * MIN],
    ['1h', NOW - HOUR],
    ['2D', NOW - 2 * DAY],
    ['1h30m', NOW - 90 * MIN],
    ['45s', NOW - 45_000],
    ['2026-05-09T10:30:00Z', Date.UTC(2026, 4, 9, 10, 30)],
    // Without a zone a date-time is UTC; a date alone is midnight UTC.
    ['2026-05-09T10:30', Date.UTC(2026, 4, 9, 10, 30)],
    ['2026-05-09 10:30:15.250', Date.UTC(2026, 4, 9, 10, 30, 15, 250)],
    ['2026-05-08', Date.UTC(2026, 4, 8)],
    ['2026-05-09T12:30:00+02:00', Date.UTC(2026, 4, 9, 10, 30)],
    ['2026-05-09T05:30:00-05:00', Date.UTC(2026, 4, 9, 10, 30)],
  ])('reads %j', (text, ms) => {
    expect(parseWhen(text, NOW)).toEqual({ ok: true, ms });
  });

  it.each(['yesterday', '', '1y', '-1h', '1.5h', '2026-02-30T10:00Z', '2026-05-09T25:00Z', '10:30'])('refuses %j naming the forms', (text) => {
    const r = parseWhen(text, NOW);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(/ISO date-time .*without a zone it is UTC.*duration|is not a duration/);
  });

  it('refuses zero and unknown durations', () => {
    expect(parseDuration('0m')).toEqual({ ok: false, message: '"0m" must be longer than zero' });
    expect(parseDuration('3 days')).toEqual({ ok: false, message: '"3 days" is not a duration (such as 90m, 1h, 2d)' });
    expect(parseDuration(' 3d ')).toEqual({ ok: true, ms: 3 * DAY });
  });

  it('calls a huge duration too long, not zero; for a zone it names --last and the 3 days kept', () => {
    expect(parseDuration('99999999999d')).toEqual({ ok: false, message: '"99999999999d" is too long: a duration is at most 36500 days', tooLong: true });
    expect(parseDuration('36501d')).toMatchObject({ ok: false, tooLong: true });
    expect(parseDuration('36500d')).toEqual({ ok: true, ms: 36_500 * DAY });
    expect(rangeFromFlags({ last: '99999999999d' }, NOW)).toMatchObject({ ok: false, message: '--last: "99999999999d" is too long: the platform keeps logs for 3 days' });
  });

  it('writes spans for messages', () => {
    expect([formatSpan(0), formatSpan(90 * MIN), formatSpan(3 * DAY + 2 * HOUR + 5000)]).toEqual(['0s', '1h 30m', '3d 2h 5s']);
  });
});

describe('rangeFromFlags', () => {
  const ok = (from: number, to: number) => ({ ok: true, from, to });

  it('reads the CLI flag combinations', () => {
    expect(rangeFromFlags({}, NOW)).toEqual(ok(NOW - DAY, NOW));
    expect(rangeFromFlags({ last: '1h' }, NOW)).toEqual(ok(NOW - HOUR, NOW));
    expect(rangeFromFlags({ last: '2h', to: '1h' }, NOW)).toEqual(ok(NOW - 3 * HOUR, NOW - HOUR));
    expect(rangeFromFlags({ from: '6h' }, NOW)).toEqual(ok(NOW - 6 * HOUR, NOW));
    expect(rangeFromFlags({ from: '2026-05-08T00:00Z', to: '2026-05-09' }, NOW)).toEqual(ok(Date.UTC(2026, 4, 8), Date.UTC(2026, 4, 9)));
    // --to alone covers a day back, cut at the retention edge.
    expect(rangeFromFlags({ to: '2d' }, NOW)).toEqual(ok(earliestFrom(NOW), NOW - 2 * DAY));
  });

  it('names the flag and the rule when refusing', () => {
    expect(rangeFromFlags({ last: '1h', from: '2h' }, NOW)).toMatchObject({ ok: false, rule: 'syntax', message: expect.stringContaining('--last and --from') });
    expect(rangeFromFlags({ from: 'soon' }, NOW)).toMatchObject({ ok: false, rule: 'syntax', message: expect.stringMatching(/^--from: "soon" is not a time/) });
    expect(rangeFromFlags({ to: 'x' }, NOW)).toMatchObject({ ok: false, rule: 'syntax', message: expect.stringMatching(/^--to: /) });
    expect(rangeFromFlags({ last: 'forever' }, NOW)).toMatchObject({ ok: false, rule: 'syntax', message: expect.stringMatching(/^--last: /) });
    expect(rangeFromFlags({ last: '4d' }, NOW)).toMatchObject({ ok: false, rule: 'span' });
    expect(rangeFromFlags({ from: '2026-05-05T00:00Z', to: '2026-05-06T00:00Z' }, NOW)).toMatchObject({ ok: false, rule: 'retention' });
    expect(rangeFromFlags({ from: '1h', to: '2h' }, NOW)).toMatchObject({ ok: false, rule: 'order' });
  });
});

describe('chart buckets', () => {
  it('uses 1 minute up to a day and 5 minutes beyond', () => {
    expect([15 * MIN, HOUR, DAY, DAY + 1, 3 * DAY].map((span) => bucketSizeMs(NOW - span, NOW))).toEqual([MIN, MIN, MIN, 5 * MIN, 5 * MIN]);
  });

  it('aligns buckets to whole minutes and counts the partial ones at the ends', () => {
    const from = NOW - DAY + 30_000;
    expect(bucketStart(from, MIN)).toBe(NOW - DAY);
    expect(bucketCount(from, NOW, MIN)).toBe(1440);
    expect(bucketCount(NOW - DAY, NOW, MIN)).toBe(1440);
    expect(bucketCount(NOW - DAY, NOW + 1, MIN)).toBe(1441);
    expect(bucketCount(NOW - 3 * DAY, NOW, 5 * MIN)).toBe(864);
    expect(bucketCount(NOW, NOW, MIN)).toBe(0);
  });
});
