/** The one line every bench case ends with, and the statistics in it. */

/**
 * How a gate compares: a bare number gates the ratio ours/peer; a number with a unit gates ours itself. `>=` is for
 * measures where more is better (throughput).
 */
export interface Gate {
  readonly op: '<=' | '>=';
  readonly value: number;
  /** Set for an absolute gate on ours, in the case's unit; absent for a gate on the ratio. */
  readonly unit?: string;
}

/** What a case measured: its own samples and the peer's, in one unit. */
export interface CaseResult {
  readonly name: string;
  readonly unit: string;
  readonly ours: readonly number[];
  readonly peerName: string;
  readonly peer: readonly number[];
  readonly gate: Gate;
}

/** The median (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('no samples');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Three significant figures at most, never in exponent form: 0.0123, 1.23, 123, 12345. */
export function fmt(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const abs = Math.abs(n);
  const decimals = abs >= 100 ? 0 : abs >= 10 ? 1 : abs >= 1 ? 2 : 3;
  return String(Number(n.toFixed(decimals)));
}

/** ours/peer; `inf` when the peer measured nothing. */
function ratioText(ours: number, peer: number): string {
  return peer > 0 ? fmt(ours / peer) : 'inf';
}

/** True when the case meets its gate. */
export function passes(r: CaseResult): boolean {
  const ours = median(r.ours);
  const meets = (x: number) => (r.gate.op === '<=' ? x <= r.gate.value : x >= r.gate.value);
  if (r.gate.unit !== undefined) return meets(ours);
  const peer = median(r.peer);
  return peer > 0 && meets(ours / peer);
}

/** `bench <case>: ours <median> <unit> (min <x>, max <y>), <peer-name> <median> <unit>, ratio <r>, gate <op> <g>: PASS|FAIL` */
export function formatLine(r: CaseResult): string {
  const ours = median(r.ours);
  const peer = median(r.peer);
  const gate = `${r.gate.op} ${fmt(r.gate.value)}${r.gate.unit !== undefined ? ` ${r.gate.unit}` : ''}`;
  return (
    `bench ${r.name}: ours ${fmt(ours)} ${r.unit} (min ${fmt(Math.min(...r.ours))}, max ${fmt(Math.max(...r.ours))}), ` +
    `${r.peerName} ${fmt(peer)} ${r.unit}, ratio ${ratioText(ours, peer)}, gate ${gate}: ${passes(r) ? 'PASS' : 'FAIL'}`
  );
}

/** Reads a line back (for the harness's own test and for tools that collect the results). */
export const LINE_PATTERN =
  /^bench (?<name>[a-z0-9-]+): ours (?<ours>[\d.]+) (?<unit>\S+) \(min (?<min>[\d.]+), max (?<max>[\d.]+)\), (?<peerName>.+) (?<peer>[\d.]+) \k<unit>, ratio (?<ratio>[\d.]+|inf), gate (?<op><=|>=) (?<gate>[\d.]+)(?: (?<gateUnit>\S+))?: (?<verdict>PASS|FAIL)$/;
