/**
 * `logs-v1-download`: a generated million-line v1 day file served from disk by a sandbox day-file server in the
 * harness process (sandbox/logs/day-files.ts; gzip-encoded, as the platform sends it to a client that asks),
 * downloaded and parsed by the core as the app's "Whole day" does it — the platform client, the zone's budget, the
 * bytes passed with credit to the rows worker and parsed there. Time from the open to the last row, against, in the
 * same round, `curl --compressed -o /dev/null` of the same URL plus our parse of the same (gzip) file from disk
 * alone: the stream must add no stall (gate ratio <= 1.5). `logs-v1-download-rss`: the process's peak resident
 * memory while doing it (gate <= 300 MiB absolute; the parse alone is printed for scale).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream, createWriteStream, existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { startDayFileServer } from '../../sandbox/logs/day-files.js';
import { bundleChild } from '../bundle.js';
import type { CaseResult } from '../line.js';
import { stdoutOf } from '../process.js';
import type { BenchCase } from './case.js';
import { logsFile } from './logs-data.js';

const LINES = 1_000_000;
/** The generated file's day (logs-data.ts) and a now that keeps it inside the 3 days. */
const DAY = '2026-11-22';
const NOW = Date.UTC(2026, 10, 23, 12);
const KEY = 'bench-account-key';

async function gzipOnce(file: string): Promise<string> {
  const gz = `${file}.gz`;
  if (existsSync(gz)) return gz;
  await pipeline(createReadStream(file), createGzip(), createWriteStream(`${gz}.partial`));
  renameSync(`${gz}.partial`, gz);
  return gz;
}

async function curlMs(url: string): Promise<number> {
  const t0 = performance.now();
  const child = spawn('curl', ['-sS', '--fail', '--compressed', '-o', '/dev/null', '-H', `AccessKey: ${KEY}`, url], { stdio: ['ignore', 'ignore', 'inherit'] });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`curl exited ${code}`);
  return performance.now() - t0;
}

export const logsV1Download: BenchCase = {
  name: 'logs-v1-download',
  needs: ['build:electron'],
  async run(ctx) {
    const { smoke } = ctx;
    const lines = smoke ? 20_000 : LINES;
    const file = await logsFile(ctx.root, lines);
    const gz = await gzipOnce(file);
    const server = await startDayFileServer({ [`11-22-26/1004747.log`]: file }, KEY);
    const url = `${server.url}/11-22-26/1004747.log`;
    // The rows worker as the app starts it (built by build:electron; the smoke round, which builds nothing, runs the source).
    const built = join(ctx.root, 'dist-electron/logsworker.cjs');
    const worker = existsSync(built) ? built : join(ctx.root, 'electron/core/logs/rows/rows-worker.ts');
    const script = await bundleChild(ctx.root, 'logs-v1-download-child');
    const child = async (args: string[]) => JSON.parse(await stdoutOf({ file: process.execPath, args: [script, ...args] })) as Record<string, number>;
    const ours: number[] = [];
    const peer: number[] = [];
    const rss: number[] = [];
    const parseRss: number[] = [];
    try {
      // Once unmeasured, so the file is in the page cache for every side alike.
      await curlMs(url);
      for (let i = 0; i < ctx.rounds; i++) {
        const o = await child(['download', server.url, KEY, DAY, String(NOW), worker]);
        if (o.rows !== lines || o.lines !== lines) throw new Error(`logs-v1-download: ${o.rows} rows of ${o.lines} lines, expected ${lines}`);
        const c = await curlMs(url);
        const p = await child(['parse', gz]);
        if (p.rows !== lines) throw new Error(`logs-v1-download: the parse alone read ${p.rows} rows`);
        ours.push(o.ms!);
        peer.push(c + p.ms!);
        rss.push(o.rss!);
        parseRss.push(p.rss!);
        ctx.log(
          `logs-v1-download round ${i + 1}/${ctx.rounds}: ours ${o.ms!.toFixed(0)} ms (${(o.bytes! / 1e6).toFixed(1)} MB gzip, peak ${o.rss!.toFixed(0)} MiB, ${o.before!.toFixed(0)} MiB before the open), curl ${c.toFixed(0)} ms + parse alone ${p.ms!.toFixed(0)} ms (peak ${p.rss!.toFixed(0)} MiB)`,
        );
      }
    } finally {
      await server.close();
    }
    const results: CaseResult[] = [
      { name: 'logs-v1-download', unit: 'ms', ours, peerName: 'curl --compressed + parse from disk', peer, gate: { op: '<=', value: 1.5 } },
      { name: 'logs-v1-download-rss', unit: 'MiB', ours: rss, peerName: 'parse from disk alone', peer: parseRss, gate: { op: '<=', value: 300, unit: 'MiB' } },
    ];
    return results;
  },
};
