import { describe, expect, it } from 'vitest';
import { makeRow } from './test-table';
import { countryName, curlCommand, drillToken, formatByteCount, formatTime, pathOnly, queryPairs, rowJson, statusClass, zoneName } from './row-format';

describe('how a log row reads', () => {
  it('writes times with milliseconds in UTC or the machine zone', () => {
    expect(formatTime('2024-05-01T12:34:56.789Z', 'utc')).toBe('2024-05-01 12:34:56.789');
    const d = new Date('2024-05-01T12:34:56.789Z');
    const local = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')} ${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}:56.789`;
    expect(formatTime('2024-05-01T12:34:56.789Z', 'local')).toBe(local);
    expect(formatTime('not a date', 'utc')).toBe('not a date');
    expect(zoneName('utc')).toBe('UTC');
    expect(zoneName('local')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('groups bytes, classes statuses and names countries', () => {
    expect(formatByteCount(1234567)).toBe('1,234,567');
    expect(statusClass(404)).toBe('4xx');
    expect(statusClass(99)).toBe('other');
    expect(countryName('de', 'en')).toBe('Germany');
    expect(countryName(null)).toBeNull();
    expect(countryName('xx1')).toBeNull();
  });

  it('decodes the query string, keeping order, repeats and empty values', () => {
    expect(queryPairs('/a?x=1&x=2&s=caf%C3%A9+au+lait&e=#frag')).toEqual([
      ['x', '1'],
      ['x', '2'],
      ['s', 'café au lait'],
      ['e', ''],
    ]);
    expect(queryPairs('/plain')).toEqual([]);
    expect(pathOnly('/a/b?c=d')).toBe('/a/b');
  });

  it('builds filter tokens the filter text reads back, quoted where needed', () => {
    expect(drillToken('cache', 'MISS')).toBe('cache:MISS');
    expect(drillToken('country', 'DE')).toBe('country:DE');
    expect(drillToken('status', '404')).toBe('status:404');
    expect(drillToken('ip', '1.2.3.0')).toBe('ip:1.2.3.0');
    expect(drillToken('url', '/my file.mp4')).toBe('url:"/my file.mp4"');
    expect(drillToken('ua', 'say "hi"')).toBe('ua:"say \\"hi\\""');
    expect(drillToken('ip', 'not an ip')).toBeNull();
  });

  it('copies the entry as JSON without its table index, and as a cURL command quoted for a shell', () => {
    const row = { ...makeRow(5), userAgent: "it's me", referer: 'https://ref.example/' };
    const json = JSON.parse(rowJson(row));
    expect(json).not.toHaveProperty('index');
    expect(json.requestId).toBe(row.requestId);
    expect(curlCommand(row)).toBe(`curl 'https://cdn.example.com/video/5.mp4' -H 'User-Agent: it'\\''s me' -H 'Referer: https://ref.example/'`);
  });
});
