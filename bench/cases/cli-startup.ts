/**
 * `cli-startup`: `burrow api get /pullzone` against a sandbox, against `node -e 0` — wall time, gated at 1.5×
 * the bare runtime; and `cli-startup-rss`: its peak resident memory, gated at 80 MiB absolute (node -e 0's
 * figure is printed as the peer for scale; a ratio to it would gate Node's own baseline, which is not ours).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startSandbox } from '../../sandbox/server.js';
import type { CaseResult } from '../line.js';
import { peakRssMiB, wallMs, type Command } from '../process.js';
import type { BenchCase } from './case.js';

export const cliStartup: BenchCase = {
  name: 'cli-startup',
  needs: ['build:cli'],
  async run(ctx) {
    const sandbox = await startSandbox({ port: 0 });
    try {
      // Only what `burrow api` reads: the key and the URL, and a HOME with no config file in it.
      const home = join(ctx.root, '.bench-data', 'cli-home');
      mkdirSync(home, { recursive: true });
      const env = { BUNNYNET_API_URL: sandbox.apiUrl, BUNNYNET_API_KEY: sandbox.accountKey, HOME: home, XDG_CONFIG_HOME: home };
      const ours: Command = { file: process.execPath, args: [join(ctx.root, 'bin/burrow.cjs'), 'api', 'get', '/pullzone'], env };
      const peer: Command = { file: process.execPath, args: ['-e', '0'] };
      // One unmeasured run each: the first run after a build pays for the disk cache.
      await wallMs(ours);
      await wallMs(peer);
      const wall = { ours: [] as number[], peer: [] as number[] };
      const rss = { ours: [] as number[], peer: [] as number[] };
      for (let i = 0; i < ctx.rounds; i++) {
        wall.ours.push(await wallMs(ours));
        wall.peer.push(await wallMs(peer));
        rss.ours.push(await peakRssMiB(ours));
        rss.peer.push(await peakRssMiB(peer));
        ctx.log(`cli-startup round ${i + 1}/${ctx.rounds}: ${wall.ours.at(-1)?.toFixed(0)} ms vs ${wall.peer.at(-1)?.toFixed(0)} ms`);
      }
      const results: CaseResult[] = [
        { name: 'cli-startup', unit: 'ms', ours: wall.ours, peerName: 'node -e 0', peer: wall.peer, gate: { op: '<=', value: 1.5 } },
        { name: 'cli-startup-rss', unit: 'MiB', ours: rss.ours, peerName: 'node -e 0', peer: rss.peer, gate: { op: '<=', value: 80, unit: 'MiB' } },
      ];
      return results;
    } finally {
      await sandbox.close();
    }
  },
};
