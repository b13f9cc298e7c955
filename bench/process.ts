/** Runs one fresh process and measures it: wall time from spawn to exit, or its peak resident memory. */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** One command to measure. */
export interface Command {
  readonly file: string;
  readonly args: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
}

/** What a finished run left behind. */
interface Finished {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly ms: number;
}

function run(file: string, args: readonly string[], env: Readonly<Record<string, string>> | undefined): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(file, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    // 'exit', not 'close': the process is done; its pipes draining is our cost, not its.
    child.on('exit', (code) => {
      const ms = performance.now() - started;
      child.on('close', () => resolve({ code, stdout, stderr, ms }));
    });
  });
}

function check(what: string, r: Finished): Finished {
  if (r.code !== 0) throw new Error(`${what} exited with ${r.code}: ${r.stderr.trim().slice(0, 500)}`);
  return r;
}

/** Wall time of one run, in ms; a failed run is an error, never a fast sample. */
export async function wallMs(cmd: Command): Promise<number> {
  return check(cmd.args.join(' '), await run(cmd.file, cmd.args, cmd.env)).ms;
}

/** Runs the command and returns its standard output (the child reports its own figure). */
export async function stdoutOf(cmd: Command): Promise<string> {
  return check(cmd.args.join(' '), await run(cmd.file, cmd.args, cmd.env)).stdout;
}

const GNU_TIME = '/usr/bin/time';

/**
 * Peak resident memory of one run, in MiB. GNU time (`/usr/bin/time`, Debian package `time`) reads it from the
 * kernel when the process ends. Without it, Node's own `process.resourceUsage().maxRSS` is written at exit by a
 * preloaded module — the same kernel figure, read from inside, so only Node commands can be measured then.
 */
export async function peakRssMiB(cmd: Command): Promise<number> {
  if (existsSync(GNU_TIME)) {
    const dir = mkdtempSync(join(tmpdir(), 'burrow-bench-'));
    try {
      const out = join(dir, 'rss');
      check(cmd.args.join(' '), await run(GNU_TIME, ['-f', '%M', '-o', out, cmd.file, ...cmd.args], cmd.env));
      return Number(readFileSync(out, 'utf8').trim().split('\n').pop()) / 1024;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (cmd.file !== process.execPath) throw new Error(`${GNU_TIME} is missing (apt-get install time) and ${cmd.file} is not node`);
  const dir = mkdtempSync(join(tmpdir(), 'burrow-bench-'));
  try {
    const out = join(dir, 'rss');
    const hook = `import{writeFileSync}from'node:fs';process.on('exit',()=>writeFileSync(${JSON.stringify(out)},String(process.resourceUsage().maxRSS)))`;
    check(cmd.args.join(' '), await run(cmd.file, ['--import', `data:text/javascript,${encodeURIComponent(hook)}`, ...cmd.args], cmd.env));
    return Number(readFileSync(out, 'utf8')) / 1024;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Wall time, CPU time and peak memory of one run, all from the same run. */
export interface Usage {
  readonly wallMs: number;
  /** User plus system CPU seconds. */
  readonly cpuS: number;
  readonly rssMiB: number;
  readonly stdout: string;
}

/** Runs the command under GNU time and reads wall, CPU and peak memory of that one run (GNU time required). */
export async function usageOf(cmd: Command): Promise<Usage> {
  if (!existsSync(GNU_TIME)) throw new Error(`${GNU_TIME} is missing (apt-get install time)`);
  const dir = mkdtempSync(join(tmpdir(), 'burrow-bench-'));
  try {
    const out = join(dir, 'usage');
    const r = check(cmd.args.join(' '), await run(GNU_TIME, ['-f', '%U %S %M', '-o', out, cmd.file, ...cmd.args], cmd.env));
    const [user, sys, rssKb] = readFileSync(out, 'utf8').trim().split('\n').pop()!.split(' ').map(Number) as [number, number, number];
    return { wallMs: r.ms, cpuS: user + sys, rssMiB: rssKb / 1024, stdout: r.stdout };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
