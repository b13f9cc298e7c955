import { describe, expect, it } from 'vitest';
import { makeRow } from './testing/table';
import { countryName, curlCommand, drillToken, formatByteCount, formatTime, middleEllipsis, pathOnly, queryPairs, rowJson, statusClass, zoneName, zoneShortName } from './row-format';

describe('how a log row reads', () => {
  it('writes times with milliseconds in UTC or the machine zone', () => {
    expect(formatTime('2024-05-01T12:34:56.789Z', 'utc')).toBe('2024-05-01 12:34:56.789');
    const d = new Date('2024-05-01T12:34:56.789Z');
    const local = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')} ${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}:56.789`;
    expect(formatTime('2024-05-01T12:34:56.789Z', 'local')).toBe(local);
    expect(formatTime('not a date', 'utc')).toBe('not a date');
    expect(zoneName('utc')).toBe('UTC');
    expect(zoneName('local')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(zoneShortName('utc')).toBe('UTC');
    // The machine's zone as its clock names it, short: no slash-separated region names in a narrow header.
    expect(zoneShortName('local')).toMatch(/^[A-Z][A-Za-z0-9+:−-]{1,9}$/);
  });

  it('cuts a long URL in its middle, keeping the path’s start and its last segment', () => {
    const url = '/videos/abcdefghijklmnopqrstuvwxyz0123456789/seg-00042.ts';
    expect(middleEllipsis(url, 26)).toBe('/videos/abcd…/seg-00042.ts');
    expect([...middleEllipsis(url, 26)].length).toBe(26);
    // Short enough: unchanged, whatever the room beyond.
    expect(middleEllipsis('/a.mp4', 6)).toBe('/a.mp4');
    expect(middleEllipsis('/a.mp4', 100)).toBe('/a.mp4');
    // A last segment too long for two thirds of the room: both ends get half of it.
    const long = '/v/' + 'x'.repeat(40) + '.ts';
    expect(middleEllipsis(long, 11)).toBe('/v/xx…xx.ts');
    // A query string does not count as the last segment's start.
    expect(middleEllipsis('/live/stream/chunk-17.m4s?t=1/2', 30)).toBe('/live/stre…/chunk-17.m4s?t=1/2');
    expect(middleEllipsis('/abc', 1)).toBe('…');
    expect(middleEllipsis('/abc', 0)).toBe('');
  });

  it('never returns more characters than asked and always keeps both ends', () => {
    for (let max = 3; max < 60; max++) {
      for (const text of ['/videos/abc/def/ghi/seg-00042.ts', '/' + 'é'.repeat(70), '/a/b?x=' + '9'.repeat(50)]) {
        const cut = middleEllipsis(text, max);
        const chars = [...cut];
        expect(chars.length).toBeLessThanOrEqual(max);
        if ([...text].length > max) {
          expect(chars.length).toBe(max);
          const [head, tail] = cut.split('…') as [string, string];
          expect(text.startsWith(head)).toBe(true);
          expect(text.endsWith(tail)).toBe(true);
          expect(tail.length).toBeGreaterThan(0);
        } else expect(cut).toBe(text);
      }
    }
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
