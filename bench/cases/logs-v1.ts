/**
 * `logs-v1-parse`: lines per second of the core's v1 parser streaming a generated million-line day file into an
 * aggregating sink (status histogram, cache histogram, bytes), against `mawk -F'|'` computing the same in the same
 * run; both results must be equal. Ours reads the file the way the app does: cut at line breaks into as many parts
 * as the app would use (two on a machine with two cores or more), each parsed on a worker thread. It is timed
 * inside its process (module loading excluded, the workers' too), mawk from spawn to exit. The same parser on one
 * thread is measured in each round as well and printed for contrast. `logs-model-1m`: resident memory of a process holding the file's rows in the core's column store
 * (absolute gate), with the same rows held as arrays of strings printed for contrast; the file is also opened once
 * as the app opens it (worker threads, the app's rows ceiling), which must keep every line.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { stdoutOf } from '../process.js';
import type { CaseResult } from '../line.js';
import type { BenchCase } from './case.js';
import { logsFile } from './logs-data.js';

const LINES = 1_000_000;

interface Tally {
  readonly lines: number;
  readonly status: Record<string, number>;
  readonly cache: Record<string, number>;
  readonly bytes: number;
}

const MAWK = `{ s[$2]++; c[$1]++; b += $4; n++ } END { for (k in s) printf "s %s %d\\n", k, s[k]; for (k in c) printf "c %s %d\\n", k, c[k]; printf "b %.0f\\nn %d\\n", b, n }`;

async function mawk(file: string): Promise<{ ms: number; tally: Tally }> {
  const t0 = performance.now();
  const child = spawn('mawk', ['-F|', MAWK, file], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  const code = await new Promise<number | null>((r) => child.on('close', r));
  const ms = performance.now() - t0;
  if (code !== 0) throw new Error(`mawk exited ${code}`);
  const status: Record<string, number> = {};
  const cache: Record<string, number> = {};
  let bytes = 0;
  let lines = 0;
  for (const line of out.trim().split('\n')) {
    const [kind, key, value] = line.split(' ');
    if (kind === 's') status[key!] = Number(value);
    else if (kind === 'c') cache[key!] = Number(value);
    else if (kind === 'b') bytes = Number(key);
    else if (kind === 'n') lines = Number(key);
  }
  return { ms, tally: { lines, status, cache, bytes } };
}

const sorted = (o: Record<string, number>) => JSON.stringify(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : 1)));
function same(a: Tally, b: Tally): boolean {
  return a.lines === b.lines && a.bytes === b.bytes && sorted(a.status) === sorted(b.status) && sorted(a.cache) === sorted(b.cache);
}

export const logsV1: BenchCase = {
  name: 'logs-v1',
  needs: [],
  async run(ctx) {
    const { smoke } = ctx;
    const file = await logsFile(ctx.root, smoke ? 20_000 : LINES);
    const child = async (mode: string, extra: string[] = []) =>
      JSON.parse(await stdoutOf({ file: process.execPath, args: [...extra, '--import', 'tsx', join(ctx.root, 'bench/cases/logs-child.ts'), mode, file] })) as Record<string, unknown>;
    const ours: number[] = [];
    const peer: number[] = [];
    const single: number[] = [];
    type Parsed = Tally & { ms: number; malformed: number; workers: number };
    for (let i = 0; i < ctx.rounds; i++) {
      const o = (await child('parse')) as unknown as Parsed;
      const p = await mawk(file);
      const one = (await child('parse-one')) as unknown as Parsed;
      for (const r of [o, one]) if (r.malformed !== 0 || !same(r, p.tally)) throw new Error(`logs-v1-parse: the parser and mawk disagree (${JSON.stringify({ ours: r, mawk: p.tally })})`);
      ours.push(o.lines / (o.ms / 1000));
      peer.push(p.tally.lines / (p.ms / 1000));
      single.push(one.lines / (one.ms / 1000));
      const m = (x: number) => `${(x / 1e6).toFixed(2)} M lines/s`;
      ctx.log(`logs-v1-parse round ${i + 1}/${ctx.rounds}: ours ${m(ours.at(-1)!)} on ${o.workers} thread(s), mawk ${m(peer.at(-1)!)}, results equal; one thread ${m(single.at(-1)!)}`);
    }
    const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
    ctx.log(`logs-v1-parse on one thread: median ${(mid(single) / 1e6).toFixed(2)} M lines/s, ratio to mawk ${(mid(single) / mid(peer)).toFixed(2)} (for contrast, not gated)`);
    const model: number[] = [];
    const strings: number[] = [];
    for (let i = 0; i < Math.min(ctx.rounds, 2); i++) {
      model.push(Number((await child('model', ['--expose-gc'])).rss) / 2 ** 20);
      strings.push(Number((await child('strings', ['--expose-gc'])).rss) / 2 ** 20);
      ctx.log(`logs-model-1m round ${i + 1}: column store ${model.at(-1)!.toFixed(0)} MiB, string arrays ${strings.at(-1)!.toFixed(0)} MiB`);
    }
    // The file as the app opens it: its rows ceiling must hold every line of a million-line day.
    const app = (await child('model-app', ['--expose-gc'])) as { rows: number; lines: number; truncated: boolean; columnBytes: number; rss: number; peakRss: number };
    const mib = (x: number) => `${(x / 2 ** 20).toFixed(0)} MiB`;
    ctx.log(`logs-model-1m as the app opens the file: ${app.rows} of ${app.lines} rows, columns ${mib(app.columnBytes)}, resident ${mib(app.rss)} (peak while reading ${mib(app.peakRss)})`);
    if (app.truncated || app.rows !== (smoke ? 20_000 : LINES)) throw new Error(`logs-model-1m: the app's rows ceiling cuts the file at ${app.rows} rows`);
    const results: CaseResult[] = [
      { name: 'logs-v1-parse', unit: 'lines/s', ours, peerName: 'mawk', peer, gate: { op: '>=', value: 1.5 } },
      { name: 'logs-model-1m', unit: 'MiB', ours: model, peerName: 'string arrays', peer: strings, gate: { op: '<=', value: 300, unit: 'MiB' } },
    ];
    return results;
  },
};
