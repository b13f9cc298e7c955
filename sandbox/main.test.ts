import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { parseSandboxArgs } from './main.js';
import { createSeed } from './seed.js';
import type { SandboxInfo } from './server.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TSX = join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');

describe('parseSandboxArgs', () => {
  it('reads every flag, in both the spaced and the = form', () => {
    expect(parseSandboxArgs([])).toEqual({ kind: 'options', options: {} });
    expect(parseSandboxArgs(['--port', '8080', '--data-dir', 'rel/dir', '--seed=42', '--app-limit', '3', '--fetch-queue-limit=0'])).toEqual({
      kind: 'options',
      options: { port: 8080, dataDir: resolve('rel/dir'), persist: true, seed: 42, appLimit: 3, fetchQueueLimit: 0 },
    });
    expect(parseSandboxArgs(['--help'])).toEqual({ kind: 'help' });
  });

  it('reads --no-realism as a switch that turns the platform variety off', () => {
    expect(parseSandboxArgs(['--no-realism'])).toEqual({ kind: 'options', options: { realism: false } });
    expect(parseSandboxArgs(['--app-transition-ms', '250'])).toEqual({ kind: 'options', options: { appTransitionMs: 250 } });
    expect(parseSandboxArgs(['--app-transition-ms=-1'])).toMatchObject({ kind: 'error' });
    expect(parseSandboxArgs(['--no-realism=1'])).toEqual({ kind: 'error', message: '--no-realism takes no value' });
  });

  it('reads --discard-uploads as a switch that takes no value', () => {
    expect(parseSandboxArgs(['--discard-uploads', '--seed', '2'])).toEqual({ kind: 'options', options: { discardUploads: true, seed: 2 } });
    expect(parseSandboxArgs(['--seed', '2'])).toEqual({ kind: 'options', options: { seed: 2 } });
    const valued = parseSandboxArgs(['--discard-uploads=yes']);
    expect(valued).toEqual({ kind: 'error', message: '--discard-uploads takes no value' });
  });

  it('names the first bad flag', () => {
    const cases: [string[], RegExp][] = [
      [['--verbose'], /unknown argument "--verbose"/],
      [['8080'], /unknown argument "8080"/],
      [['--port'], /--port needs a value/],
      [['--port', '--seed', '3'], /--port needs a value/],
      [['--data-dir='], /--data-dir needs a value/],
      [['--port', '65536'], /--port must be a whole number from 0 to 65535/],
      [['--seed', '-1'], /--seed must be/],
      [['--app-limit', '1.5'], /--app-limit must be/],
      [['--fetch-queue-limit', 'five'], /--fetch-queue-limit must be/],
    ];
    for (const [argv, message] of cases) {
      const result = parseSandboxArgs(argv);
      expect(result.kind, argv.join(' ')).toBe('error');
      if (result.kind === 'error') expect(result.message).toMatch(message);
    }
  });
});

interface Run {
  readonly child: ChildProcess;
  readonly firstLine: Promise<string>;
  /** Resolves once every process holding our stdout pipe (children's children too) has let go of it. */
  readonly stdoutClosed: Promise<void>;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string; stdout: string }>;
}

const children: ChildProcess[] = [];
afterEach(() => {
  // The whole group, even when its leader is gone: a failed test may have left an orphaned sandbox in it.
  for (const c of children.splice(0)) if (c.pid) {
    try {
      process.kill(-c.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

/** Spawns a command in its own process group and collects its output. */
function run(command: string, args: readonly string[], env: NodeJS.ProcessEnv = process.env): Run {
  const child = spawn(command, args, { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const stdoutClosed = new Promise<void>((r) => child.stdout?.on('close', () => r()));
  children.push(child);
  let stdout = '';
  let stderr = '';
  let gotLine: (line: string) => void = () => undefined;
  const firstLine = new Promise<string>((r) => (gotLine = r));
  child.stdout?.on('data', (d: Buffer) => {
    stdout += d.toString('utf8');
    const nl = stdout.indexOf('\n');
    if (nl !== -1) gotLine(stdout.slice(0, nl));
  });
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string; stdout: string }>((r) =>
    child.on('exit', (code, signal) => {
      gotLine(stdout);
      r({ code, signal, stderr, stdout });
    }),
  );
  return { child, firstLine, stdoutClosed, exited };
}

/** The sandbox's own temp data dirs left in `dir` (a clean close removes its one). */
function leftDataDirs(dir: string): string[] {
  return readdirSync(dir).filter((name) => name.startsWith('burrow-sandbox-'));
}

async function refused(url: string): Promise<boolean> {
  for (let i = 0; i < 200; i++) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(1000) });
    } catch {
      return true;
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  return false;
}

function checkInfo(info: SandboxInfo, seed: number): void {
  const expected = createSeed(seed);
  expect(info.apiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  expect([info.containersUrl, info.videoUrl, info.loggingUrl]).toEqual([`${info.apiUrl}/mc`, `${info.apiUrl}/video`, `${info.apiUrl}/logging`]);
  expect(info.accountKey).toBe(expected.accountKey);
  expect(info.loggingJwt.split('.')).toHaveLength(3);
  expect(info.libraries.map((l) => l.key)).toEqual(expected.libraries.map((l) => l.key));
  expect(info.pullZones.map((p) => p.loggingEnabled)).toEqual(expected.pullZones.map((p) => p.loggingEnabled));
}

describe('sandbox/main.ts as a process', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`prints the SandboxInfo first, serves, and exits 0 on ${signal}`, async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'sandbox-main-'));
      try {
        const p = run(process.execPath, [TSX, 'sandbox/main.ts', '--seed', '3', '--data-dir', dataDir]);
        const info = JSON.parse(await p.firstLine) as SandboxInfo;
        checkInfo(info, 3);
        const res = await fetch(`${info.apiUrl}/pullzone`, { headers: { AccessKey: info.accountKey } });
        expect(res.status).toBe(200);
        expect(Array.isArray(await res.json())).toBe(true);
        p.child.kill(signal);
        const { code, stdout } = await p.exited;
        expect(code).toBe(0);
        expect(stdout.trim().split('\n')).toHaveLength(1);
        expect(await refused(`${info.apiUrl}/pullzone`)).toBe(true);
        expect(existsSync(dataDir)).toBe(true);
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    });
  }

  it('closes cleanly when one signal arrives twice at once (a group kill plus npm forwarding it)', async () => {
    const tmp = await mkdtemp(join(tmpdir(), 'sandbox-twice-'));
    try {
      const p = run(process.execPath, ['--import', 'tsx', 'sandbox/main.ts'], { ...process.env, TMPDIR: tmp });
      JSON.parse(await p.firstLine);
      expect(leftDataDirs(tmp)).toHaveLength(1);
      p.child.kill('SIGINT');
      p.child.kill('SIGINT');
      expect((await p.exited).code).toBe(0);
      expect(leftDataDirs(tmp)).toEqual([]);
    } finally {
      await rm(tmp, { recursive: true, force: true });
    }
  });

  it('stops by itself, cleanly, when its parent dies without passing a signal on', async () => {
    const tmp = await mkdtemp(join(tmpdir(), 'sandbox-orphan-'));
    // The parent keeps the sandbox's stderr on a pipe of its own, so its death also breaks that pipe.
    const parent = [
      "const { spawn } = require('node:child_process');",
      "const c = spawn(process.execPath, ['--import', 'tsx', 'sandbox/main.ts'], { stdio: ['ignore', 'inherit', 'pipe'] });",
      'c.stderr.resume();',
    ].join('\n');
    try {
      const p = run(process.execPath, ['-e', parent], { ...process.env, TMPDIR: tmp });
      const info = JSON.parse(await p.firstLine) as SandboxInfo;
      expect((await fetch(`${info.apiUrl}/region`, { headers: { AccessKey: info.accountKey } })).status).toBe(200);
      p.child.kill('SIGKILL');
      await p.exited;
      await p.stdoutClosed;
      expect(await refused(`${info.apiUrl}/region`)).toBe(true);
      expect(leftDataDirs(tmp)).toEqual([]);
    } finally {
      await rm(tmp, { recursive: true, force: true });
    }
  });

  it('answers a bad flag with one usage line on stderr and exit 2', async () => {
    const { code, stderr, stdout } = await run(process.execPath, [TSX, 'sandbox/main.ts', '--port', 'x']).exited;
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toEqual([expect.stringMatching(/^sandbox: --port must be .*; usage: sandbox \[--port N\]/)]);
  });

  it('works through `npm run --silent sandbox` (stdout starts with the JSON line)', async () => {
    const p = run('npm', ['run', '--silent', 'sandbox', '--', '--seed', '5']);
    const info = JSON.parse(await p.firstLine) as SandboxInfo;
    checkInfo(info, 5);
    expect((await fetch(`${info.apiUrl}/pullzone`, { headers: { AccessKey: info.accountKey } })).status).toBe(200);
    // As a terminal's Ctrl+C does: the whole group gets the signal, and npm forwards it once more.
    process.kill(-p.child.pid!, 'SIGTERM');
    await p.exited;
    await p.stdoutClosed;
    expect(await refused(`${info.apiUrl}/pullzone`)).toBe(true);
  });

  it('stops under `npm run sandbox` when only npm gets SIGTERM', async () => {
    const tmp = await mkdtemp(join(tmpdir(), 'sandbox-npm-'));
    try {
      const p = run('npm', ['run', '--silent', 'sandbox'], { ...process.env, TMPDIR: tmp });
      const info = JSON.parse(await p.firstLine) as SandboxInfo;
      // npm forwards it to its `sh -c`, which dies without passing it on: the sandbox is orphaned.
      p.child.kill('SIGTERM');
      await p.exited;
      await p.stdoutClosed;
      expect(await refused(`${info.apiUrl}/pullzone`)).toBe(true);
      expect(leftDataDirs(tmp)).toEqual([]);
    } finally {
      await rm(tmp, { recursive: true, force: true });
    }
  });
});
