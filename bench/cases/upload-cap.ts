/**
 * `upload-cap`: how close the global upload cap holds the rate the user set. `burrow videos upload --limit-rate 1M`
 * sends two files at once (two rows sharing the one cap) to a sandbox in this process, which counts the bytes it
 * receives; the rate is what arrived over ten seconds from the first byte. The peer is `curl --limit-rate`, one
 * file, measured the same way at the same sandbox. The line gates how far ours lands from the cap, in percent.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startSandbox, type Sandbox } from '../../sandbox/server.js';
import type { CaseResult } from '../line.js';
import type { BenchCase, CaseContext } from './case.js';
import { randomFile } from './random-file.js';
import { createVideo } from './upload-put.js';

const CAP = 1_000_000;
/** Each file holds more than the window can carry, so both sides are still sending when it closes. */
const FILE_BYTES = 12 * 1024 * 1024;
const SAMPLE_MS = 25;

/** Bytes per second the sandbox received over `windowMs` from the first byte; the sender is killed afterwards. */
async function measure(sandbox: Sandbox, file: string, args: readonly string[], env: Readonly<Record<string, string>>, windowMs: number): Promise<number> {
  sandbox.uploads.reset();
  const child = spawn(file, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  let exited = false;
  child.on('exit', () => (exited = true));
  try {
    let start: { at: number; bytes: number } | undefined;
    for (;;) {
      await sleep(SAMPLE_MS);
      const at = performance.now();
      const bytes = sandbox.uploads.stats().bytes;
      if (start === undefined) {
        if (bytes > 0) start = { at, bytes };
        else if (exited) throw new Error(`${args.join(' ')} ended before sending: ${stderr.trim().slice(0, 300)}`);
        continue;
      }
      if (at - start.at >= windowMs) return ((bytes - start.bytes) * 1000) / (at - start.at);
      if (exited) throw new Error(`${args.join(' ')} ended inside the window: ${stderr.trim().slice(0, 300)}`);
    }
  } finally {
    if (!exited) {
      child.kill('SIGKILL');
      await once(child, 'exit');
    }
  }
}

export const uploadCap: BenchCase = {
  name: 'upload-cap',
  needs: ['build:cli'],
  async run(ctx: CaseContext) {
    const { smoke } = ctx;
    const windowMs = smoke ? 2_000 : 10_000;
    const dataDir = join(ctx.root, '.bench-data');
    // Two different files (the queue would take one path twice as the same upload).
    const [a, b] = [await randomFile(dataDir, FILE_BYTES), await randomFile(dataDir, FILE_BYTES + 1)];
    const sandbox = await startSandbox({ liveTraffic: false, discardUploads: true });
    const lib = sandbox.libraries[0]!;
    const percentOff = (rate: number) => Math.abs(rate / CAP - 1) * 100;
    try {
      const o: number[] = [];
      const p: number[] = [];
      for (let i = 0; i < ctx.rounds; i++) {
        const state = mkdtempSync(join(tmpdir(), 'burrow-bench-cap-'));
        try {
          o.push(
            await measure(
              sandbox,
              process.execPath,
              [join(ctx.root, 'bin/burrow.cjs'), 'videos', 'upload', a, b, '--library', String(lib.id), '--concurrency', '2', '--limit-rate', String(CAP), '--no-wait', '--json'],
              { BURROW_STATE_DIR: state, BURROW_VIDEO_URL: sandbox.videoUrl, BUNNYNET_LIBRARY_KEY: lib.key },
              windowMs,
            ),
          );
        } finally {
          rmSync(state, { recursive: true, force: true });
        }
        const id = await createVideo({ videoUrl: sandbox.videoUrl, libraryId: lib.id, key: lib.key }, 'cap peer');
        p.push(
          await measure(
            sandbox,
            'curl',
            ['-sS', '--fail', '-o', '/dev/null', '-H', 'Expect:', '-H', `AccessKey: ${lib.key}`, '--limit-rate', String(CAP), '-T', a, `${sandbox.videoUrl}/library/${lib.id}/videos/${id}`],
            {},
            windowMs,
          ),
        );
        ctx.log(`upload-cap round ${i + 1}/${ctx.rounds}: ours ${(o.at(-1)! / 1e6).toFixed(3)} MB/s, curl ${(p.at(-1)! / 1e6).toFixed(3)} MB/s over ${windowMs / 1000} s (cap ${CAP / 1e6} MB/s)`);
      }
      const result: CaseResult = { name: 'upload-cap', unit: '%', ours: o.map(percentOff), peerName: 'curl --limit-rate', peer: p.map(percentOff), gate: { op: '<=', value: 10, unit: '%' } };
      return [result];
    } finally {
      await sandbox.close();
    }
  },
};
