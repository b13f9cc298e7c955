/**
 * The value axes' ticks and labels. Counts tick on whole numbers only, so small counts never read "0 0 1 1 1";
 * bytes tick on round numbers of bytes and read in kB, MB or GB with just as many decimals as tell the ticks apart.
 * Ticks start at zero (the charts' value scales do) and step by 1, 2 or 5 times a power of ten.
 */

/** The most ticks a value axis gets; a chart ~160 px tall holds this many labels without crowding. */
export const MAX_VALUE_TICKS = 5;

/** The smallest round step (1, 2 or 5 × 10^k, at least `floor`) that covers [0, max] in at most `maxTicks` steps. */
export function roundStep(max: number, maxTicks: number, floor: number): number {
  if (!(max > 0) || !Number.isFinite(max)) return floor;
  const rough = max / Math.max(1, maxTicks);
  let power = Math.pow(10, Math.floor(Math.log10(rough)));
  for (;;) {
    for (const m of [1, 2, 5]) {
      const step = m * power;
      if (step >= floor && step >= rough) return step;
    }
    power *= 10;
  }
}

/** Ticks from 0 up to `max` by `step`. */
function ticksUpTo(max: number, step: number): number[] {
  const out: number[] = [];
  for (let v = 0; v <= max + step * 1e-9; v += step) out.push(Math.round(v / step) * step);
  return out;
}

/** A count axis' ticks over [0, max]: whole numbers, at most `maxTicks` steps, each label different. */
export function countTicks(max: number, maxTicks = MAX_VALUE_TICKS): number[] {
  return ticksUpTo(Math.max(max, 1), roundStep(max, maxTicks, 1));
}

/** A byte axis' ticks over [0, max]: whole bytes, round steps. */
export function byteTicks(max: number, maxTicks = MAX_VALUE_TICKS): number[] {
  return ticksUpTo(Math.max(max, 1), roundStep(max, maxTicks, 1));
}

const BYTE_UNITS = [
  [1e9, 'GB'],
  [1e6, 'MB'],
  [1e3, 'kB'],
] as const;

/** The unit for a byte value: the largest of GB, MB and kB it reaches, bytes below 1 kB. */
function byteUnit(v: number): readonly [number, string] {
  for (const u of BYTE_UNITS) if (Math.abs(v) >= u[0]) return u;
  return [1, 'B'];
}

/** A byte count in decimal units ("1.5 MB", "12.0 kB", "800 B"), with one decimal from kB up. */
export function formatChartBytes(v: number): string {
  const decimals = 1;
  if (!Number.isFinite(v) || v <= 0) return '0 B';
  const [size, name] = byteUnit(v);
  return size === 1 ? `${Math.round(v)} B` : `${(v / size).toFixed(decimals)} ${name}`;
}

/**
 * The labels of byte ticks `step` apart, all in the unit of the largest (one unit per axis reads at a glance), with
 * the decimals a step of that size needs so that neighbours never read the same ("0.5 MB", "1.0 MB", "1.5 MB").
 */
export function byteTickLabels(ticks: readonly number[], step: number): string[] {
  const [size, name] = byteUnit(Math.max(0, ...ticks));
  const decimals = size === 1 ? 0 : Math.min(3, Math.max(0, Math.ceil(-Math.log10(step / size) - 1e-9)));
  return ticks.map((v) => (v <= 0 ? '0 B' : size === 1 ? `${Math.round(v)} B` : `${(v / size).toFixed(decimals)} ${name}`));
}
