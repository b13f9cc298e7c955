/**
 * `launch`: the Chromium shell from start to its first painted frame (sidebar and the area's skeleton), against
 * Chromium opening a blank page with the same arguments in the same run; gated at 1.3× the blank page (1.5× in
 * `--smoke`), with a second process keeping one core busy throughout, for ours and the peer alike. Each launch is a
 * fresh process (launch-child.ts), timed from inside it, so loading the TypeScript sources is not counted on either
 * side. Sub-lines say where the time goes, each against the same blank page (see bench/README.md).
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { CaseResult } from '../line.js';
import { stdoutOf, type Command } from '../process.js';
import type { BenchCase } from './case.js';

/** What launch-child.ts prints for ours; the blank page has `chromium` and `painted` only. */
interface Times {
  readonly chromium: number;
  readonly painted: number;
  readonly core: number;
  readonly sandbox: number;
  readonly firstData: number;
}

/**
 * The sub-lines, each against the same blank page: where the time goes (ms from the start, or the sandbox's own
 * start). Their gates only track, with room over what each measured with the burner on (see bench/README.md).
 */
const PHASES = [
  { name: 'launch-chromium', of: (t: Times) => t.chromium, gate: 1.2 },
  { name: 'launch-page', of: (t: Times) => t.painted - t.chromium, gate: 0.7 },
  { name: 'launch-core', of: (t: Times) => t.core, gate: 2.5 },
  { name: 'launch-sandbox', of: (t: Times) => t.sandbox, gate: 0.5 },
  { name: 'launch-first-data', of: (t: Times) => t.firstData, gate: 2.5 },
] as const;

/** A process spinning on one core until killed. */
function burnOneCore() {
  return spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
}

export const launch: BenchCase = {
  name: 'launch',
  needs: ['build:renderer'],
  async run(ctx) {
    const child = (which: 'shell' | 'blank'): Command => ({ file: process.execPath, args: ['--import', 'tsx', join(ctx.root, 'bench/cases/launch-child.ts'), which] });
    const measure = async <W extends 'shell' | 'blank'>(which: W) => JSON.parse(await stdoutOf(child(which))) as W extends 'shell' ? Times : Pick<Times, 'chromium' | 'painted'>;
    const burner = burnOneCore();
    const ours: Times[] = [];
    const peer: number[] = [];
    try {
      // One unmeasured pair: the first Chromium start of a run pays for the disk cache.
      await measure('shell');
      await measure('blank');
      for (let i = 0; i < ctx.rounds; i++) {
        const o = await measure('shell');
        ours.push(o);
        peer.push((await measure('blank')).painted);
        const parts = PHASES.map((p) => `${p.name.slice('launch-'.length)} ${p.of(o).toFixed(0)}`).join(', ');
        ctx.log(`launch round ${i + 1}/${ctx.rounds}: painted ${o.painted.toFixed(0)} ms vs ${peer.at(-1)?.toFixed(0)} ms (${parts} ms)`);
      }
    } finally {
      burner.kill();
    }
    const line = (name: string, values: number[], gate: number): CaseResult => ({ name, unit: 'ms', ours: values, peerName: 'blank page', peer, gate: { op: '<=', value: gate } });
    return [line('launch', ours.map((o) => o.painted), ctx.smoke ? 1.5 : 1.3), ...PHASES.map((p) => line(p.name, ours.map(p.of), p.gate))];
  },
};
