/**
 * `launch`: the Chromium shell from start to `data-app-state="ready"`, against Chromium opening a blank page
 * with the same arguments in the same run; gated at 1.5× the blank page. Each launch is a fresh process
 * (launch-child.ts), timed from inside it, so loading the TypeScript sources is not counted on either side.
 */
import { join } from 'node:path';
import { stdoutOf, type Command } from '../process.js';
import type { BenchCase } from './case.js';

export const launch: BenchCase = {
  name: 'launch',
  needs: ['build:renderer'],
  async run(ctx) {
    const child = (which: 'shell' | 'blank'): Command => ({ file: process.execPath, args: ['--import', 'tsx', join(ctx.root, 'bench/cases/launch-child.ts'), which] });
    const measure = async (which: 'shell' | 'blank') => Number((await stdoutOf(child(which))).trim());
    // One unmeasured pair: the first Chromium start of a run pays for the disk cache.
    await measure('shell');
    await measure('blank');
    const ours: number[] = [];
    const peer: number[] = [];
    for (let i = 0; i < ctx.rounds; i++) {
      ours.push(await measure('shell'));
      peer.push(await measure('blank'));
      ctx.log(`launch round ${i + 1}/${ctx.rounds}: ${ours.at(-1)?.toFixed(0)} ms vs ${peer.at(-1)?.toFixed(0)} ms`);
    }
    return [{ name: 'launch', unit: 'ms', ours, peerName: 'blank page', peer, gate: { op: '<=', value: 1.5 } }];
  },
};
