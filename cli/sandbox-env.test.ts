/**
 * Pointing `burrow` at a sandbox in one step, as real processes: `burrow sandbox --env` (its lines sourced by a real
 * shell), `burrow --sandbox <command…>` (a sandbox of its own, closed after, the command's status kept), and every
 * command's help naming the environment variables it reads.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, runBurrow, spawnBurrow } from './testing/support.js';

/** Runs a POSIX shell script with only PATH set; resolves with its status and output. */
function sh(script: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile('sh', ['-c', script], { env: { PATH: process.env.PATH ?? '' } }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : -1, stdout, stderr });
    });
  });
}

describe('burrow sandbox --env', () => {
  it('prints export lines that a shell sources to reach the running sandbox with every command, then exits 0 on SIGTERM', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'burrow-env-'));
    const running = spawnBurrow(['sandbox', '--env', '--port', '0'], { TMPDIR: dir });
    try {
      await running.waitFor('unset ');
      const lines = running.stdout().trimEnd().split('\n');
      expect(lines.map((l) => l.split('=')[0])).toEqual([
        'export BUNNYNET_API_URL',
        'export BUNNYNET_API_KEY',
        'export BURROW_CONTAINERS_URL',
        'export BURROW_VIDEO_URL',
        'export BURROW_LOGGING_URL',
        'export BURROW_STATE_DIR',
        'unset BUNNYNET_LIBRARY_KEY BUNNYNET_LOGGING_TOKEN',
      ]);
      const envFile = join(dir, 'sandbox.env');
      writeFileSync(envFile, running.stdout());
      // A real shell sources the lines; a stale real key in the shell is replaced, a real library key dropped.
      const burrow = `"${process.execPath}" "${BIN}"`;
      const reached = await sh(
        `export BUNNYNET_API_KEY=not-the-sandbox-key BUNNYNET_LIBRARY_KEY=wrong-library-key-0000; . '${envFile}' && ` +
          `${burrow} api GET /pullzone >/dev/null && ${burrow} apps list --json >/dev/null && ${burrow} videos list --library 105643 --json`,
      );
      expect(reached.stderr).toBe('');
      expect(reached.code).toBe(0);
      expect(JSON.parse(reached.stdout)).toHaveProperty('totalItems');
    } finally {
      running.child.kill('SIGTERM');
      expect(await running.exited).toBe(0);
      // It closed: the sandbox's own temporary folder (and the queue folder inside it) is gone.
      expect(readdirSync(dir).filter((n) => n.startsWith('burrow-sandbox-'))).toEqual([]);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a value for --env', async () => {
    const r = await runBurrow(['sandbox', '--env=yes']);
    expect(r).toMatchObject({ code: 2, stdout: '' });
    expect(r.stderr).toContain('--env takes no value');
  });
});

describe('burrow --sandbox <command…>', () => {
  it('runs the command against a sandbox of its own, over the shell’s variables, and removes it after', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'burrow-throwaway-'));
    try {
      const env = { TMPDIR: dir, HOME: dir, BUNNYNET_API_URL: 'http://127.0.0.1:9', BUNNYNET_API_KEY: 'not-the-sandbox-key', BUNNYNET_LIBRARY_KEY: 'wrong-library-key-0000' };
      const listed = await runBurrow(['--sandbox', 'videos', 'list', '--library', '105643', '--json'], { env });
      expect(listed.stderr).toBe('');
      expect(listed.code).toBe(0);
      expect(JSON.parse(listed.stdout)).toMatchObject({ page: 1 });

      // An upload reaches the throwaway sandbox, with its queue in a folder of the sandbox's own.
      const file = join(dir, 'clip.mp4');
      writeFileSync(file, Buffer.alloc(4096, 7));
      const uploaded = await runBurrow(['--sandbox', 'videos', 'upload', file, '--library', '105643', '--no-wait', '--json'], { env });
      expect(uploaded.code, uploaded.stderr).toBe(0);

      expect(readdirSync(dir).filter((n) => n.startsWith('burrow-sandbox-'))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps the command’s exit status: an HTTP error is 1, a usage error 2', async () => {
    const missing = await runBurrow(['--sandbox', 'api', 'GET', '/no-such-route']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No route for GET /no-such-route');
    const usage = await runBurrow(['--sandbox', 'videos', 'list']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('--library <id> is required');
  });

  it('the example in its help runs as written, against the sandbox’s demo library', async () => {
    const help = await runBurrow(['sandbox', '--help']);
    const example = /exits with that command's status: (burrow --sandbox [^\n]+)\n/.exec(help.stdout)?.[1];
    expect(example).toBeDefined();
    const dir = mkdtempSync(join(tmpdir(), 'burrow-example-'));
    try {
      const r = await runBurrow(example!.split(' ').slice(1), { env: { TMPDIR: dir, HOME: dir } });
      expect(r.stderr).not.toContain('404');
      expect(r.code, r.stderr).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('--help right after --sandbox shows the sandbox’s help, exit 0', async () => {
    for (const flag of ['--help', '-h']) {
      const r = await runBurrow(['--sandbox', flag]);
      expect(r.code, flag).toBe(0);
      expect(r.stdout).toContain('burrow --sandbox <command>...');
      expect(r.stdout).toContain('usage: burrow sandbox');
    }
  });

  it('asks for a command when none is given', async () => {
    for (const args of [['--sandbox'], ['--sandbox', '--port'], ['--sandbox', 'sandbox']]) {
      const r = await runBurrow(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toContain('name the command to run against a sandbox of its own');
    }
  });
});

/** The variables each command reads, as the code that reads them does (cli/config.ts, videos-setup.ts, logs*.ts, the proxy). */
const READS: Readonly<Record<string, readonly string[]>> = {
  '': ['BUNNYNET_API_KEY', 'BUNNYNET_API_URL', 'BUNNYNET_LIBRARY_KEY', 'BUNNYNET_LOGGING_TOKEN', 'BURROW_CONTAINERS_URL', 'BURROW_VIDEO_URL', 'BURROW_LOGGING_URL', 'BURROW_STATE_DIR', 'XDG_STATE_HOME', 'XDG_CONFIG_HOME', 'TZ', 'TMPDIR', 'HTTPS_PROXY'],
  api: ['BUNNYNET_API_KEY', 'BUNNYNET_API_URL', 'BURROW_CONTAINERS_URL', 'BURROW_VIDEO_URL', 'BURROW_LOGGING_URL', 'XDG_CONFIG_HOME', 'HTTPS_PROXY'],
  apps: ['BUNNYNET_API_KEY', 'BUNNYNET_API_URL', 'BUNNYNET_LOGGING_TOKEN', 'BURROW_CONTAINERS_URL', 'BURROW_LOGGING_URL', 'XDG_CONFIG_HOME', 'HTTPS_PROXY'],
  'apps health': ['BUNNYNET_API_KEY', 'BUNNYNET_API_URL', 'BUNNYNET_LOGGING_TOKEN', 'BURROW_CONTAINERS_URL', 'BURROW_LOGGING_URL', 'XDG_CONFIG_HOME', 'HTTPS_PROXY'],
  logs: ['BUNNYNET_API_KEY', 'BUNNYNET_API_URL', 'BUNNYNET_LOGGING_TOKEN', 'BURROW_LOGGING_URL', 'TZ', 'XDG_CONFIG_HOME', 'HTTPS_PROXY'],
  videos: ['BUNNYNET_API_KEY', 'BUNNYNET_API_URL', 'BUNNYNET_LIBRARY_KEY', 'BUNNYNET_LOGGING_TOKEN', 'BURROW_VIDEO_URL', 'BURROW_LOGGING_URL', 'BURROW_STATE_DIR', 'XDG_STATE_HOME', 'XDG_CONFIG_HOME', 'HTTPS_PROXY'],
  'videos stats': ['BUNNYNET_API_KEY', 'BUNNYNET_API_URL', 'BUNNYNET_LOGGING_TOKEN', 'BURROW_LOGGING_URL', 'XDG_CONFIG_HOME', 'HTTPS_PROXY'],
  'videos top': ['BUNNYNET_API_KEY', 'BUNNYNET_API_URL', 'BUNNYNET_LIBRARY_KEY', 'BUNNYNET_LOGGING_TOKEN', 'BURROW_VIDEO_URL', 'BURROW_LOGGING_URL', 'XDG_CONFIG_HOME', 'HTTPS_PROXY'],
  'videos upload': ['BUNNYNET_API_KEY', 'BUNNYNET_API_URL', 'BUNNYNET_LIBRARY_KEY', 'BURROW_VIDEO_URL', 'BURROW_STATE_DIR', 'XDG_STATE_HOME', 'XDG_CONFIG_HOME', 'HTTPS_PROXY'],
  'videos fetch': ['BUNNYNET_API_KEY', 'BUNNYNET_API_URL', 'BUNNYNET_LIBRARY_KEY', 'BURROW_VIDEO_URL', 'XDG_CONFIG_HOME', 'HTTPS_PROXY'],
  'videos list': ['BUNNYNET_API_KEY', 'BUNNYNET_API_URL', 'BUNNYNET_LIBRARY_KEY', 'BURROW_VIDEO_URL', 'XDG_CONFIG_HOME', 'HTTPS_PROXY'],
  sandbox: ['TMPDIR'],
};

describe('help names the environment variables', () => {
  it.each(Object.entries(READS))('burrow %s --help lists exactly what it reads under "Environment:"', async (command, variables) => {
    const r = await runBurrow([...command.split(' ').filter((w) => w !== ''), '--help']);
    expect(r.code).toBe(0);
    const section = r.stdout.slice(r.stdout.indexOf('\nEnvironment:\n'));
    expect(section.startsWith('\nEnvironment:\n'), r.stdout).toBe(true);
    const named = [...section.matchAll(/^ {2}([A-Z][A-Z_]+) /gm)].map((m) => m[1]);
    expect(new Set(named)).toEqual(new Set(variables));
  });
});
