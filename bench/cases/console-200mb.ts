/**
 * `console-200mb`: how far the process's resident memory rises while a 200 MB answer streams through the
 * console service, against a plain node:http client dropping the same bytes. The gate is absolute, 96 MiB on
 * ours: the console keeps a 10 MB display copy (and its text and redacted forms) by design, so a ratio to a
 * client that keeps nothing would gate that design, not a leak; 200 MB piling up in memory fails it at once.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { stdoutOf } from '../process.js';
import type { BenchCase } from './case.js';

const CHUNK = Buffer.alloc(1024 * 1024, 'a');
const CHUNKS = 200;

export const console200mb: BenchCase = {
  name: 'console-200mb',
  needs: [],
  async run(ctx) {
    // Served from the harness, so the server's own buffers never count against either side.
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(CHUNKS * CHUNK.length) });
      let sent = 0;
      const pump = () => {
        while (sent < CHUNKS) {
          sent++;
          if (!res.write(CHUNK)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const measure = async (which: 'ours' | 'peer') =>
        Number((await stdoutOf({ file: process.execPath, args: ['--expose-gc', '--import', 'tsx', join(ctx.root, 'bench/cases/console-200mb-child.ts'), which, base] })).trim()) / (1024 * 1024);
      const ours: number[] = [];
      const peer: number[] = [];
      for (let i = 0; i < ctx.rounds; i++) {
        ours.push(await measure('ours'));
        peer.push(await measure('peer'));
        ctx.log(`console-200mb round ${i + 1}/${ctx.rounds}: +${ours.at(-1)?.toFixed(1)} MiB vs +${peer.at(-1)?.toFixed(1)} MiB`);
      }
      return [{ name: 'console-200mb', unit: 'MiB', ours, peerName: 'node:http', peer, gate: { op: '<=', value: 96, unit: 'MiB' } }];
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  },
};
