/**
 * `logs-v2-page`: while the Logs screen loads a zone's 10,000-row v2 pages (3 days of the sandbox's traffic, every
 * page), the longest task the window ran over 50 ms (a long-task observer; 0 when there was none). Absolute gate:
 * no task over 50 ms. The peer is the same window left idle, observed the same way.
 */
import { join } from 'node:path';
import { stdoutOf } from '../process.js';
import type { BenchCase } from './case.js';

interface Observed {
  readonly longest: number;
  readonly count: number;
}

export const logsPage: BenchCase = {
  name: 'logs-v2-page',
  needs: ['build:renderer'],
  async run(ctx) {
    const child = async (which: 'ours' | 'peer') =>
      JSON.parse(await stdoutOf({ file: process.execPath, args: ['--import', 'tsx', join(ctx.root, 'bench/cases/logs-page-child.ts'), which] })) as Observed;
    const ours: number[] = [];
    const peer: number[] = [];
    for (let i = 0; i < ctx.rounds; i++) {
      const o = await child('ours');
      const p = await child('peer');
      ours.push(o.longest);
      peer.push(p.longest);
      ctx.log(`logs-v2-page round ${i + 1}/${ctx.rounds}: longest task ${o.longest.toFixed(0)} ms (${o.count} over 50 ms) while loading; idle ${p.longest.toFixed(0)} ms (${p.count})`);
    }
    return [{ name: 'logs-v2-page', unit: 'ms', ours, peerName: 'idle window', peer, gate: { op: '<=', value: 50, unit: 'ms' } }];
  },
};
