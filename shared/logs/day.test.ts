/** Planning a whole day: local midnights (DST included), the UTC files, retention and the future. */
import { describe, expect, it } from 'vitest';
import { localDate, planDay, zonedMidnight } from './day.js';

const NOW = Date.UTC(2026, 10, 23, 10, 30);

describe('planDay', () => {
  it('a UTC day is one file; a local day off UTC is two', () => {
    expect(planDay('2026-11-22', 'UTC', NOW)).toMatchObject({ ok: true, from: Date.UTC(2026, 10, 22), to: Date.UTC(2026, 10, 23), files: [{ date: '11-22-26' }], partial: false });
    const berlin = planDay('2026-11-22', 'Europe/Berlin', NOW);
    expect(berlin).toMatchObject({ ok: true, from: Date.UTC(2026, 10, 21, 23), to: Date.UTC(2026, 10, 22, 23), files: [{ date: '11-21-26' }, { date: '11-22-26' }] });
  });

  it('DST days are 23 and 25 hours long', () => {
    expect(zonedMidnight(2026, 3, 30, 'Europe/Berlin') - zonedMidnight(2026, 3, 29, 'Europe/Berlin')).toBe(23 * 3_600_000);
    expect(zonedMidnight(2026, 10, 26, 'Europe/Berlin') - zonedMidnight(2026, 10, 25, 'Europe/Berlin')).toBe(25 * 3_600_000);
    expect(localDate(zonedMidnight(2026, 3, 29, 'America/New_York'), 'America/New_York')).toBe('2026-03-29');
  });

  it('refuses old, future, malformed days and unknown zones; a day at the retention edge skips the file no longer kept', () => {
    expect(planDay('2026-11-19', 'UTC', NOW)).toMatchObject({ ok: false, rule: 'retention' });
    expect(planDay('2026-11-24', 'UTC', NOW)).toMatchObject({ ok: false, rule: 'future' });
    expect(planDay('2026-13-01', 'UTC', NOW)).toMatchObject({ ok: false, rule: 'syntax' });
    expect(planDay('2026-11-22', 'Mars/Olympus', NOW)).toMatchObject({ ok: false, rule: 'zone' });
    // 2026-11-20 in UTC: 10:30 on it is the retention's edge, so it is partial but asked for.
    expect(planDay('2026-11-20', 'UTC', NOW)).toMatchObject({ ok: true, partial: true, files: [{ date: '11-20-26' }] });
    // Tokyo's 2026-11-20 began on the 19th UTC, a file wholly past the edge: only the 20th's is asked for.
    expect(planDay('2026-11-20', 'Asia/Tokyo', NOW)).toMatchObject({ ok: true, files: [{ date: '11-20-26' }] });
  });
});
