/**
 * `upload-queue-1k`: the persisted queue's own cost. Adding 1,000 files at once (absolute: the rows must be there
 * within a second), and the time to persist one state change in a queue of 10,000 jobs against the same in a queue
 * of 10 (the ratio must stay flat: persisting is an append, never a rewrite of the whole queue).
 */
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stdoutOf } from '../process.js';
import type { BenchCase } from './case.js';

const MAX_JOBS = 10_000;
const CHANGES = 5_000;

/** Small distinct files (the queue fingerprints each one it adds), made once. */
function queueFiles(root: string): string {
  const dir = join(root, '.bench-data', 'queue-files');
  mkdirSync(dir, { recursive: true });
  for (let i = 0; i < MAX_JOBS; i++) {
    const path = join(dir, `clip-${i}.mp4`);
    try {
      statSync(path);
    } catch {
      writeFileSync(path, `clip ${i}\n`);
    }
  }
  return dir;
}

export const uploadQueue1k: BenchCase = {
  name: 'upload-queue-1k',
  needs: [],
  async run(ctx) {
    const files = queueFiles(ctx.root);
    const child = async (jobs: number) =>
      JSON.parse(await stdoutOf({ file: process.execPath, args: ['--import', 'tsx', join(ctx.root, 'bench/cases/upload-queue-child.ts'), files, String(jobs), String(CHANGES)] })) as {
        addMs: number;
        perChangeUs: number;
      };
    const big: number[] = [];
    const small: number[] = [];
    const add: number[] = [];
    for (let i = 0; i < ctx.rounds; i++) {
      const b = await child(MAX_JOBS);
      const s = await child(10);
      big.push(b.perChangeUs);
      small.push(s.perChangeUs);
      add.push(b.addMs);
      ctx.log(`upload-queue-1k round ${i + 1}/${ctx.rounds}: add 1,000 in ${b.addMs.toFixed(0)} ms; a change costs ${b.perChangeUs.toFixed(1)} µs at ${MAX_JOBS} jobs, ${s.perChangeUs.toFixed(1)} µs at 10`);
    }
    return [
      { name: 'upload-queue-1k', unit: 'us', ours: big, peerName: '10 jobs', peer: small, gate: { op: '<=', value: 1.5 } },
      { name: 'upload-queue-add-1k', unit: 'ms', ours: add, peerName: 'budget', peer: [1000], gate: { op: '<=', value: 1000, unit: 'ms' } },
    ];
  },
};
