/** `burrow` as a spawned process: help (with `burrow videos`), unknown commands, and `burrow sandbox` (first-line JSON, clean exit on SIGTERM). */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, runBurrow } from './testing/support.js';

describe('help', () => {
  it.each([['--help'], ['-h'], ['help']])('burrow %s → usage on stdout, exit 0', async (flag) => {
    const r = await runBurrow([flag]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('usage: burrow <command>');
    expect(r.stdout).toContain('api <METHOD> <path>');
    expect(r.stdout).toContain('sandbox');
    expect(r.stdout).toContain('videos upload <file|folder>... --library <id>');
  });

  it('an unknown command names the three commands, exit 2', async () => {
    const r = await runBurrow(['vidoes']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('burrow: unknown command "vidoes"; the commands are api, apps, videos, logs and sandbox (burrow --help)\n');
  });

  it('burrow videos --help, burrow videos upload --help, and a usage error as a process (exit 2, one line)', async () => {
    const videos = await runBurrow(['videos', '--help']);
    expect(videos.code).toBe(0);
    expect(videos.stdout).toContain('usage: burrow videos <command>');
    const upload = await runBurrow(['videos', 'upload', '--help']);
    expect(upload.code).toBe(0);
    expect(upload.stdout).toContain('usage: burrow videos upload <file|folder>...');
    const bad = await runBurrow(['videos', 'upload', 'x.mp4', '--concurrency', '9', '--library', '1']);
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr.trimEnd().split('\n')).toEqual([expect.stringContaining('--concurrency must be a whole number from 1 to 6')]);
  });

  it('burrow api --help (even after other words) → api usage, exit 0, nothing sent', async () => {
    for (const args of [['api', '--help'], ['api', 'GET', '/x', '-h']]) {
      const r = await runBurrow(args);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('usage: burrow api <METHOD> <path> [--body|-b <json>]');
      expect(r.stdout).toContain('Exit status: 0 success (2xx), 1 HTTP error, 2 usage or bad JSON, 3 network failure.');
    }
  });

  it('burrow sandbox --help and a bad sandbox flag', async () => {
    const help = await runBurrow(['sandbox', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('usage: burrow sandbox [--env] [--port N]');
    const bad = await runBurrow(['sandbox', '--port', 'x']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--port must be a whole number');
  });
});

describe('burrow sandbox', () => {
  it('prints the SandboxInfo JSON as the first stdout line, serves, and exits 0 on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'burrow-sandbox-'));
    const child = spawn(process.execPath, [BIN, 'sandbox', '--port', '0', '--data-dir', dataDir], { stdio: ['ignore', 'pipe', 'pipe'], env: { PATH: process.env.PATH ?? '' } });
    try {
      let stdout = '';
      child.stdout.setEncoding('utf8');
      const firstLine = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (d: string) => {
          stdout += d;
          const nl = stdout.indexOf('\n');
          if (nl !== -1) resolve(stdout.slice(0, nl));
        });
        child.on('exit', (code) => reject(new Error(`exited early with ${code}`)));
      });
      const info = JSON.parse(firstLine) as { apiUrl: string; accountKey: string; containersUrl: string };
      expect(info.apiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(info.containersUrl).toBe(`${info.apiUrl}/mc`);

      // The running sandbox answers `burrow api` with the key it printed.
      const r = await runBurrow(['api', 'GET', '/pullzone'], { env: { HOME: dataDir, BUNNYNET_API_URL: info.apiUrl, BUNNYNET_API_KEY: info.accountKey } });
      expect(r.code).toBe(0);
      expect(Array.isArray(JSON.parse(r.stdout))).toBe(true);

      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
      child.kill('SIGTERM');
      expect(await exited).toEqual({ code: 0, signal: null });
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('exits 0, not by the signal, when SIGTERM comes the moment the JSON line is out (5 runs)', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'burrow-sandbox-term-'));
    try {
      for (let i = 0; i < 5; i++) {
        const child = spawn(process.execPath, [BIN, 'sandbox', '--port', '0'], { stdio: ['ignore', 'pipe', 'ignore'], env: { PATH: process.env.PATH ?? '', TMPDIR: tmp } });
        try {
          const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
          let stdout = '';
          child.stdout.setEncoding('utf8').on('data', (d: string) => {
            stdout += d;
            if (stdout.includes('\n') && child.exitCode === null) child.kill('SIGTERM');
          });
          expect(await exited, `run ${i + 1}`).toEqual({ code: 0, signal: null });
          expect(JSON.parse(stdout.split('\n')[0] ?? '')).toHaveProperty('apiUrl');
          // Closed, not just killed: its own temp data dir is gone (tsx keeps its cache there too).
          expect(readdirSync(tmp).filter((name) => name.startsWith('burrow-sandbox-')), `run ${i + 1}`).toEqual([]);
        } finally {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        }
      }
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});
