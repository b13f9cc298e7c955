import { describe, expect, it } from 'vitest';
import { isTimeZone } from './day.js';
import { csvValue, isoWithOffset, offsetResolver } from './export-format.js';

describe('CSV values', () => {
  it('quote commas, quotes and line breaks, and leave plain text and numbers as they are', () => {
    expect(csvValue('a,b')).toBe('"a,b"');
    expect(csvValue('say "hi"')).toBe('"say ""hi"""');
    expect(csvValue('two\nlines')).toBe('"two\nlines"');
    expect(csvValue('Mozilla/5.0')).toBe('Mozilla/5.0');
    expect(csvValue(-5)).toBe('-5');
    expect(csvValue(null)).toBe('');
  });

  it('write text a spreadsheet would run as a formula with a leading apostrophe, and "-" or a negative number as they are', () => {
    expect(csvValue('=cmd|" /C calc"!A0')).toBe(`"'=cmd|"" /C calc""!A0"`);
    expect(csvValue('+1+2')).toBe("'+1+2");
    expect(csvValue('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvValue('-2+3')).toBe("'-2+3");
    expect(csvValue('\tx')).toBe("'\tx");
    expect(csvValue('-')).toBe('-');
    expect(csvValue('-12.5')).toBe('-12.5');
    expect(csvValue('https://a.example/=x')).toBe('https://a.example/=x');
  });
});

describe('export times', () => {
  it('write ISO 8601 with milliseconds and an explicit offset', () => {
    const t = Date.UTC(2026, 10, 21, 14, 3, 7, 123);
    expect(isoWithOffset(t, 0)).toBe('2026-11-21T14:03:07.123+00:00');
    expect(isoWithOffset(t, 60)).toBe('2026-11-21T15:03:07.123+01:00');
    expect(isoWithOffset(t, -330)).toBe('2026-11-21T08:33:07.123-05:30');
  });

  it('follow a named zone across its daylight-saving change, and UTC without one', () => {
    const berlin = offsetResolver('Europe/Berlin');
    expect(berlin(Date.UTC(2026, 2, 29, 0, 59))).toBe(60);
    expect(berlin(Date.UTC(2026, 2, 29, 1, 0))).toBe(120);
    expect(offsetResolver('Asia/Kolkata')(Date.UTC(2026, 0, 1))).toBe(330);
    expect(offsetResolver()(Date.UTC(2026, 0, 1))).toBe(0);
    const t = Date.UTC(2026, 5, 1, 12);
    expect(new Date(isoWithOffset(t, berlin(t))).getTime()).toBe(t);
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
