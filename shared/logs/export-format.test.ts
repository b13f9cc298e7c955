import { describe, expect, it } from 'vitest';
import { isKnownTimeZone, isoWithOffset, offsetResolver } from './export-format.js';

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
    expect(isKnownTimeZone('Europe/Berlin')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus')).toBe(false);
  });
});
