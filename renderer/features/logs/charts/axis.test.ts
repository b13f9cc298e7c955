import { describe, expect, it } from 'vitest';
import { byteTickLabels, byteTicks, countTicks, formatChartBytes, MAX_VALUE_TICKS } from './axis';
import { formatCount } from './chart-data';

describe('the count axis', () => {
  it('ticks on whole numbers whose labels never repeat, for small and large counts alike', () => {
    for (let max = 0; max <= 5000; max += max < 40 ? 1 : 37) {
      // The scale reaches 5 % above the tallest bar.
      const ticks = countTicks(max * 1.05);
      const labels = ticks.map(formatCount);
      expect(ticks.every(Number.isInteger), `max ${max}: ${labels.join(' ')}`).toBe(true);
      expect(new Set(labels).size, `max ${max}: ${labels.join(' ')}`).toBe(labels.length);
      expect(ticks.length - 1).toBeLessThanOrEqual(MAX_VALUE_TICKS);
      expect(ticks.at(-1)! + (ticks[1] ?? 1)).toBeGreaterThan(max * 1.05);
    }
    expect(countTicks(1.05)).toEqual([0, 1]);
    expect(countTicks(2.1)).toEqual([0, 1, 2]);
    expect(countTicks(7.35)).toEqual([0, 2, 4, 6]);
    expect(countTicks(1260)).toEqual([0, 500, 1000]);
  });
});

describe('the byte axis', () => {
  it('reads in kB, MB and GB with labels that never repeat', () => {
    expect(byteTickLabels(byteTicks(1_260_000), 500_000)).toEqual(['0 B', '0.5 MB', '1.0 MB']);
    expect(byteTickLabels([0, 200, 400, 600, 800, 1000], 200)).toEqual(['0 B', '0.2 kB', '0.4 kB', '0.6 kB', '0.8 kB', '1.0 kB']);
    expect(byteTickLabels([0, 2e9, 4e9], 2e9)).toEqual(['0 B', '2 GB', '4 GB']);
    for (let max = 1; max < 1e11; max *= 1.37) {
      const ticks = byteTicks(max);
      const labels = byteTickLabels(ticks, (ticks[1] ?? 1) - (ticks[0] ?? 0));
      expect(new Set(labels).size, labels.join(' ')).toBe(labels.length);
      expect(labels.every((l) => /^\d+(\.\d+)? (B|kB|MB|GB)$/.test(l)), labels.join(' ')).toBe(true);
    }
  });

  it('writes one value with one decimal from kB up', () => {
    expect([0, 999, 1500, 2_500_000, 3.25e9].map((v) => formatChartBytes(v))).toEqual(['0 B', '999 B', '1.5 kB', '2.5 MB', '3.3 GB']);
  });
});
