import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
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
      options: { port: 8080, dataDir: resolve('rel/dir'), seed: 42, appLimit: 3, fetchQueueLimit: 0 },
    });
    expect(parseSandboxArgs(['--help'])).toEqual({ kind: 'help' });
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
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string; stdout: string }>;
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null && c.pid) {
    try {
      process.kill(-c.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

/** Spawns a command in its own process group and collects its output. */
function run(command: string, args: readonly string[]): Run {
  const child = spawn(command, args, { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
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
  return { child, firstLine, exited };
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
    // npm does not pass SIGTERM on through its `sh -c`, so signal the whole group, as a terminal's Ctrl+C does.
    process.kill(-p.child.pid!, 'SIGTERM');
    await p.exited;
    expect(await refused(`${info.apiUrl}/pullzone`)).toBe(true);
  });
});
