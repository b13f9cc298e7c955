/** The big day file for end-to-end runs: exactly the lines asked for, each a v1 line the parser takes, over one day. */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseV1Line } from '../../shared/logs/testing/v1-line.js';
import { writeBigDayFile } from './big-day-file.js';

const dir = mkdtempSync(join(tmpdir(), 'burrow-big-day-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('writeBigDayFile', () => {
  it('writes exactly the lines asked for, each parsing, ascending over the day, every request id once', async () => {
    // More lines than one block of generated traffic, and not a multiple of it.
    const day = Date.UTC(2026, 10, 22);
    const f = await writeBigDayFile(dir, { lines: 45_001, day: day + 5_000 });
    expect(f.path).toBe(join(dir, '11-22-26.log'));
    const text = readFileSync(f.path, 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    const lines = text.slice(0, -1).split('\n');
    expect(lines).toHaveLength(45_001);
    expect(f.lines).toBe(45_001);
    expect(f.bytes).toBe(statSync(f.path).size);
    const records = lines.map((l, i) => {
      const r = parseV1Line(l);
      if (!r.ok) throw new Error(`line ${i + 1}: ${r.message}`);
      return r.record;
    });
    expect(records[0]!.timestampMs).toBe(day);
    expect(records[0]!.timestampMs).toBe(f.first);
    expect(records.at(-1)!.timestampMs).toBe(f.last);
    expect(f.last).toBeLessThan(day + 86_400_000);
    expect(records.every((r, i) => i === 0 || r.timestampMs >= records[i - 1]!.timestampMs)).toBe(true);
    expect(new Set(records.map((r) => r.requestId)).size).toBe(records.length);
    expect(records.every((r) => r.pullZoneId === f.zoneId && r.url.includes('://'))).toBe(true);
    // The sandbox's variety, not one line repeated: several statuses, cache statuses, countries and agents.
    for (const field of ['statusCode', 'cacheStatus', 'countryCode', 'userAgent', 'url'] as const) {
      expect(new Set(records.map((r) => r[field])).size, field).toBeGreaterThan(3);
    }
  });

  it('names the file as asked', async () => {
    const f = await writeBigDayFile(dir, { lines: 3, name: 'three.log' });
    expect(readFileSync(f.path, 'utf8').split('\n')).toHaveLength(4);
    expect(f.path).toBe(join(dir, 'three.log'));
  });
});
