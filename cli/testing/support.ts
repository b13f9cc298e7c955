/** Test helpers: run `burrow` as a real process against a sandbox started in the test process. */
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SandboxOptions } from '../../sandbox/context.js';
import { startSandbox, type Sandbox } from '../../sandbox/server.js';

/** The installed entry point, run exactly as npm's bin link runs it. */
export const BIN = fileURLToPath(new URL('../../bin/burrow.cjs', import.meta.url));

/** What a finished process left behind. */
export interface Ran {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** How to run one command. */
export interface RunOptions {
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Text written to a pipe and closed; a file descriptor (redirection); 'open' keeps a pipe open and never writes; default /dev/null. */
  readonly stdin?: string | number | 'open';
}

/** Runs `node bin/burrow.cjs …args` and waits for it to exit. */
export function runBurrow(args: readonly string[], opts: RunOptions = {}): Promise<Ran> {
  const stdin = opts.stdin;
  const stdio: StdioOptions = [typeof stdin === 'number' ? stdin : stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'];
  const env: Record<string, string> = { PATH: process.env.PATH ?? '' };
  for (const [k, v] of Object.entries(opts.env ?? {})) if (v !== undefined) env[k] = v;
  const child = spawn(process.execPath, [BIN, ...args], { env, stdio });
  // The command may stop reading early (a body over the cap): a broken pipe here is expected.
  child.stdin?.on('error', () => undefined);
  if (typeof stdin === 'string' && stdin !== 'open') child.stdin?.end(stdin);
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr?.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      child.stdin?.destroy();
      resolve({ code, signal, stdout, stderr });
    });
  });
}

/** A sandbox plus a temp home, and the environment that points `burrow` at them. */
export interface Fixture {
  readonly sandbox: Sandbox;
  readonly home: string;
  readonly env: Record<string, string>;
  close(): Promise<void>;
}

/** Starts a sandbox on port 0 (with the options given) and a fresh temp HOME / XDG_CONFIG_HOME; the env carries the sandbox URL and key. */
export async function startFixture(options: Omit<SandboxOptions, 'port'> = {}): Promise<Fixture> {
  const sandbox = await startSandbox({ ...options, port: 0 });
  const home = mkdtempSync(join(tmpdir(), 'burrow-cli-'));
  const env = { HOME: home, XDG_CONFIG_HOME: join(home, 'xdg'), BUNNYNET_API_URL: sandbox.apiUrl, BUNNYNET_API_KEY: sandbox.accountKey };
  return {
    sandbox,
    home,
    env,
    async close() {
      await sandbox.close();
      rmSync(home, { recursive: true, force: true });
    },
  };
}

/** A running `burrow` whose output can be waited on (for what it prints, never for time) and which can be signalled. */
export interface Spawned {
  readonly child: ChildProcess;
  /** Resolves with the exit code once the process has ended and its output is read. */
  readonly exited: Promise<number | null>;
  stdout(): string;
  stderr(): string;
  /** Resolves once stdout passes `test`; rejects if the process ends first. */
  until(test: (out: string) => boolean): Promise<void>;
  /** Resolves once stdout holds `text`; rejects if the process ends first. */
  waitFor(text: string): Promise<void>;
}

/** Starts `node bin/burrow.cjs …args` with only PATH and `env` in its environment, and follows its output. */
export function spawnBurrow(args: readonly string[], env: Readonly<Record<string, string>>): Spawned {
  const child = spawn(process.execPath, [BIN, ...args], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  const waiters: { test: (out: string) => boolean; resolve: () => void }[] = [];
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  child.stdout.setEncoding('utf8').on('data', (d: string) => {
    stdout += d;
    for (const w of waiters.splice(0)) if (w.test(stdout)) w.resolve();
    else waiters.push(w);
  });
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const until = (test: (out: string) => boolean) =>
    Promise.race([
      new Promise<void>((resolve) => (test(stdout) ? resolve() : waiters.push({ test, resolve }))),
      exited.then((code) => Promise.reject(new Error(`exited with ${code} first: ${stdout}\n${stderr}`))),
    ]);
  return { child, exited, stdout: () => stdout, stderr: () => stderr, until, waitFor: (text) => until((out) => out.includes(text)) };
}

/** The `burrow logs` tests' fixture: a sandbox, one zone with logging on, and the env that points the logging API at it. */
export interface LogsFixture extends Fixture {
  readonly zone: number;
  readonly loggingEnv: Record<string, string>;
}

/** Starts a fixture for `burrow logs` (see startFixture). */
export async function startLogsFixture(): Promise<LogsFixture> {
  const fx = await startFixture();
  return { ...fx, zone: fx.sandbox.pullZones.find((z) => z.loggingEnabled)!.id, loggingEnv: { ...fx.env, BURROW_LOGGING_URL: fx.sandbox.loggingUrl } };
}

/** NDJSON output as one value per non-empty line. */
export function ndjsonRows<T>(text: string): T[] {
  return text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as T);
}
