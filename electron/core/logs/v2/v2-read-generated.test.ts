/**
 * Pages generated from the logging API's published schema (nulls wherever nullable, missing optional keys, extra
 * keys, unknown enum values, boundary integers, date-times with and without a zone, and one row in ten broken on a
 * field every row must have) go through the page reader: it never throws, every row the schema allows reaches the
 * rows, and the rows read plus the rows skipped are the rows sent.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answerArbitrary, readableBySchema } from '../../../../sandbox/testing/openapi-arbitrary.js';
import { readLogPage } from '../../../../shared/logs/v2-response.js';

describe('readLogPage over generated LogQueryResponse pages', () => {
  it('never throws, keeps every readable row and counts every other one', () => {
    fc.assert(
      fc.property(answerArbitrary('logging', 'LogQueryResponse', { broken: { LogEntry: 0.1 } }), (page) => {
        const body = page as { data?: unknown; pagination?: unknown };
        const sent = Array.isArray(body.data) ? (body.data as unknown[]) : [];
        const read = readLogPage(page);
        if (!read.ok) {
          // Only an envelope the schema itself does not allow may fail the page.
          expect(readableBySchema('logging', 'PaginationInfo', body.pagination) && (body.data === null || Array.isArray(body.data))).toBe(false);
          return;
        }
        const readable = sent.filter((row) => readableBySchema('logging', 'LogEntry', row));
        expect(read.page.rows.length).toBeGreaterThanOrEqual(readable.length);
        expect(read.page.rows.length + read.page.skipped).toBe(sent.length);
        expect(read.page.entries).toHaveLength(read.page.rows.length);
        // Each readable row is there (rows keep the order they came in).
        const times = new Set(read.page.rows.map((r) => r.timestampMs));
        for (const row of readable) expect(times.has(Date.parse(normalised((row as { timestamp: string }).timestamp)))).toBe(true);
      }),
      { numRuns: 10_000 },
    );
  }, 60_000);
});

/** A date-time without a zone is UTC to the logging API. */
function normalised(t: string): string {
  return /(?:[Zz]|[+-]\d{2}:?\d{2})$/.test(t) ? t : `${t}Z`;
}
