/**
 * `logs-scroll-1m`: in Chromium, the Logs table scrolled from the first to the last of a million rows (a v1 file
 * opened in the screen): the 95th percentile of frame times (absolute gate, 16.7 ms: one frame at 60 Hz), and the
 * last row must be reached. The peer is the same scroll over an empty box in the same window, for scale.
 *
 * A frame's time is how long the page took to produce it, from the frame's start to the end of its rendering and
 * of the work queued before that end (see logs-scroll-child.ts). The gap between requestAnimationFrame callbacks,
 * the measure this gate used before, is printed beside it with the frames it shows as missed: it follows the
 * display's pacing, and under a virtual display even the empty box misses the gate by it.
 */
import { join } from 'node:path';
import { stdoutOf } from '../process.js';
import type { BenchCase } from './case.js';
import { logsFile } from './logs-data.js';

interface Scroll {
  /** 95th percentile of frame times, ms. */
  readonly p95: number;
  readonly frames: number;
  readonly lastRowReached: boolean;
  /** 95th percentile of the gaps between frames, ms, and how many gaps were over one and a half frames. */
  readonly intervalP95: number;
  readonly missed: number;
}

export const logsScroll: BenchCase = {
  name: 'logs-scroll-1m',
  needs: ['build:renderer'],
  async run(ctx) {
    // A million rows even in a smoke round: the point is the last of them.
    const file = await logsFile(ctx.root, 1_000_000);
    const child = async (which: 'ours' | 'peer') =>
      JSON.parse(await stdoutOf({ file: process.execPath, args: ['--import', 'tsx', join(ctx.root, 'bench/cases/logs-scroll-child.ts'), which, file] })) as Scroll;
    const ours: number[] = [];
    const peer: number[] = [];
    for (let i = 0; i < ctx.rounds; i++) {
      const o = await child('ours');
      const p = await child('peer');
      if (!o.lastRowReached) throw new Error('logs-scroll-1m: the last row was never drawn');
      ours.push(o.p95);
      peer.push(p.p95);
      ctx.log(
        `logs-scroll-1m round ${i + 1}/${ctx.rounds}: frame time p95 ${o.p95.toFixed(1)} ms over ${o.frames} frames, last row drawn; empty box ${p.p95.toFixed(1)} ms` +
          ` | rAF gaps p95 ${o.intervalP95.toFixed(1)} ms, ${o.missed} missed; empty box ${p.intervalP95.toFixed(1)} ms, ${p.missed} missed`,
      );
    }
    return [{ name: 'logs-scroll-1m', unit: 'ms', ours, peerName: 'empty box', peer, gate: { op: '<=', value: 16.7, unit: 'ms' } }];
  },
};
