/**
 * `npm run bench [case…] [-- --rounds N | --smoke]`: runs each case (all when none is named) as fresh processes,
 * ours interleaved with the peer, and prints one final line per result on stdout (see bench/README.md).
 * Rounds: --rounds N or BENCH_ROUNDS (default 5); --smoke or BENCH_SMOKE=1 runs one round and builds nothing.
 * Exit status: 0 when every gate passes, 1 when one fails, 2 for a usage error.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { formatLine, passes, type CaseResult } from './line.js';
import type { BenchCase } from './cases/case.js';
import { cliStartup } from './cases/cli-startup.js';
import { console200mb } from './cases/console-200mb.js';
import { launch } from './cases/launch.js';
import { logsFacets } from './cases/logs-facets.js';
import { logsPage } from './cases/logs-page.js';
import { logsScroll } from './cases/logs-scroll.js';
import { logsV1 } from './cases/logs-v1.js';
import { logsV1Download } from './cases/logs-v1-download.js';
import { rendererInitialJs } from './cases/renderer-initial-js.js';
import { uploadCap } from './cases/upload-cap.js';
import { uploadPut } from './cases/upload-put.js';
import { uploadQueue1k } from './cases/upload-queue-1k.js';
import { uploadTusCase } from './cases/upload-tus.js';

/** Every case, in the order `npm run bench` runs them. */
export const CASES: readonly BenchCase[] = [cliStartup, rendererInitialJs, launch, console200mb, uploadQueue1k, uploadPut, uploadTusCase, uploadCap, logsV1, logsScroll, logsPage, logsV1Download, logsFacets];

const DEFAULT_ROUNDS = 5;

interface Options {
  readonly cases: readonly BenchCase[];
  readonly rounds: number;
  readonly build: boolean;
  readonly smoke: boolean;
}

function parse(argv: readonly string[], env: NodeJS.ProcessEnv): Options | string {
  const names: string[] = [];
  let rounds = env.BENCH_ROUNDS !== undefined && env.BENCH_ROUNDS !== '' ? Number(env.BENCH_ROUNDS) : DEFAULT_ROUNDS;
  let smoke = env.BENCH_SMOKE === '1';
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--smoke') smoke = true;
    else if (a === '--rounds') rounds = Number(argv[++i]);
    else if (a.startsWith('--rounds=')) rounds = Number(a.slice('--rounds='.length));
    else if (a.startsWith('-')) return `unknown option ${a}`;
    else names.push(a);
  }
  if (smoke) rounds = 1;
  if (!Number.isInteger(rounds) || rounds < 1) return 'rounds must be a whole number of at least 1';
  const cases: BenchCase[] = [];
  for (const name of names) {
    const c = CASES.find((k) => k.name === name);
    if (c === undefined) return `unknown case ${JSON.stringify(name)}; the cases are ${CASES.map((k) => k.name).join(', ')}`;
    if (!cases.includes(c)) cases.push(c);
  }
  return { cases: cases.length > 0 ? cases : CASES, rounds, build: !smoke, smoke };
}

async function main(): Promise<number> {
  const root = resolve(import.meta.dirname, '..');
  const options = parse(process.argv.slice(2), process.env);
  if (typeof options === 'string') {
    process.stderr.write(`bench: ${options}\nusage: npm run bench [${CASES.map((c) => c.name).join('|')}…] [-- --rounds N | --smoke]\n`);
    return 2;
  }
  mkdirSync(join(root, '.bench-data'), { recursive: true });
  const log = (line: string) => process.stderr.write(`${line}\n`);
  // Measure what the sources say now, not an older build: each needed build script runs once, first.
  if (options.build) {
    for (const script of new Set(options.cases.flatMap((c) => c.needs))) {
      log(`bench: npm run ${script}`);
      // Build output goes to stderr with the progress: stdout holds the result lines only.
      const r = spawnSync('npm', ['run', '--silent', script], { cwd: root, stdio: ['ignore', 2, 2] });
      if (r.status !== 0) throw new Error(`npm run ${script} failed`);
    }
  }
  const lines: string[] = [];
  let failed = false;
  for (const c of options.cases) {
    const results: readonly CaseResult[] = await c.run({ rounds: options.rounds, root, smoke: options.smoke, log });
    for (const r of results) {
      const line = formatLine(r);
      lines.push(line);
      failed ||= !passes(r);
      // Each as soon as it is known, so a long run shows progress; repeated together at the end.
      log(line);
    }
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  return failed ? 1 : 0;
}

process.exitCode = await main();
