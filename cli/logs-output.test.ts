import { describe, expect, it } from 'vitest';
import { recordToLogEntry } from '../shared/logs/v2-response.js';
import { CSV_FIELDS, csvHeader, csvLine, csvValue, ndjsonLine, tableHeader, tableLine } from './logs-output.js';

const entry = recordToLogEntry({
  timestampMs: Date.UTC(2026, 10, 22, 8, 30, 5, 123),
  pullZoneId: 42,
  requestId: 'ab'.repeat(16),
  cacheStatus: 'MISS',
  statusCode: 404,
  bytesSent: 512,
  remoteIp: '10.1.2.0',
  countryCode: null,
  edgeLocation: 'WA',
  url: 'https://cdn.example/a,b?q="x"',
  userAgent: 'Mozilla/5.0 (X11, Linux)',
  referer: null,
});

describe('burrow logs output', () => {
  it('NDJSON is one v2 entry per line', () => {
    const line = ndjsonLine(entry);
    expect(line.endsWith('\n')).toBe(true);
    expect(JSON.parse(line)).toEqual(entry);
  });

  it('CSV has a header of v2 field names and quotes what needs it', () => {
    expect(csvHeader()).toBe(`${CSV_FIELDS.join(',')}\r\n`);
    expect(csvHeader().startsWith('timestamp,pullZoneId,requestId,cacheStatus,statusCode')).toBe(true);
    const cells = csvLine(entry).trimEnd();
    expect(cells).toContain('"https://cdn.example/a,b?q=""x"""');
    expect(cells).toContain('"Mozilla/5.0 (X11, Linux)"');
    expect(cells.startsWith('2026-11-22T08:30:05.123Z,42,')).toBe(true);
    // Absent values are empty cells, so every line has the same number of them.
    expect(csvValue(null)).toBe('');
    expect(csvValue(' lead')).toBe('" lead"');
    expect(csvValue('a\nb')).toBe('"a\nb"');
  });

  it('the table aligns its columns and cuts a long line to the terminal', () => {
    expect(tableHeader()).toMatch(/^Time \(UTC\)\s+Status\s+Cache\s+Bytes\s+Country\s+POP\s+Path\n$/);
    const line = tableLine(entry, 200);
    expect(line).toMatch(/^2026-11-22 08:30:05\.123\s+404\s+MISS\s+512\s+-\s+WA\s+\/a,b\?q="x"\n$/);
    expect(tableLine({ ...entry, path: `/${'x'.repeat(300)}` }, 80).trimEnd()).toHaveLength(80);
  });
});
