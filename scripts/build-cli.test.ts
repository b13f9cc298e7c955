/** bin/burrow.cjs picks the bundle when it is built and current, and the TypeScript sources otherwise. */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../sandbox/server.js';

const run = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));
const temps: string[] = [];
let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});
afterAll(async () => {
  await sandbox.close();
  for (const t of temps) rmSync(t, { recursive: true, force: true });
});

/** A folder shaped like the package: bin/burrow.cjs copied (so it looks for dist-cli/ beside itself) and package.json. */
function layout(): string {
  const dir = mkdtempSync(join(tmpdir(), 'burrow-bin-'));
  temps.push(dir);
  mkdirSync(join(dir, 'bin'));
  copyFileSync(join(root, 'bin/burrow.cjs'), join(dir, 'bin/burrow.cjs'));
  copyFileSync(join(root, 'package.json'), join(dir, 'package.json'));
  return dir;
}

/** Links the sources and node_modules in, so the tsx fallback can run. */
function withSources(dir: string): string {
  for (const name of ['cli', 'shared', 'electron', 'sandbox', 'node_modules']) symlinkSync(join(root, name), join(dir, name));
  return dir;
}

function burrow(dir: string, args: readonly string[]) {
  const home = join(dir, 'home');
  return run(process.execPath, [join(dir, 'bin/burrow.cjs'), ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: home, XDG_CONFIG_HOME: home, BUNNYNET_API_URL: sandbox.apiUrl, BUNNYNET_API_KEY: sandbox.accountKey },
  });
}

describe('the bundle', () => {
  it('runs `burrow api get /pullzone` with no sources and no node_modules beside it', async () => {
    const dir = layout();
    await run(process.execPath, [join(root, 'scripts/build-cli.mjs'), '--outdir', join(dir, 'dist-cli')]);
    const r = await burrow(dir, ['api', 'get', '/pullzone']);
    expect((JSON.parse(r.stdout) as { Name: string }[]).map((z) => z.Name)).toContain('demo-site');
    const v = await burrow(dir, ['--version']);
    expect(v.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    expect(v.stdout.trim()).not.toBe('0.0.0');
  }, 60_000);
});

describe('which one bin/burrow.cjs runs', () => {
  /** A stand-in bundle that says it ran, with a manifest built at `builtAtMs` listing one real source. */
  function fakeBundle(dir: string, manifest: string | null): void {
    mkdirSync(join(dir, 'dist-cli'));
    writeFileSync(join(dir, 'dist-cli/burrow.cjs'), "exports.runProcess = async () => { process.stdout.write('from the bundle\\n'); };\n");
    if (manifest !== null) writeFileSync(join(dir, 'dist-cli/sources.json'), manifest);
  }
  const manifestAt = (builtAtMs: number) => JSON.stringify({ builtAtMs, sources: ['cli/main.ts', 'cli/no-such-file.ts'] });

  it('the bundle, when no source changed since it was built (a missing source does not count)', async () => {
    const dir = withSources(layout());
    fakeBundle(dir, manifestAt(Date.now() + 60_000));
    expect((await burrow(dir, ['--version'])).stdout).toBe('from the bundle\n');
  });

  it('the sources through tsx, when a source is newer than the bundle', async () => {
    const dir = withSources(layout());
    fakeBundle(dir, manifestAt(0));
    const r = await burrow(dir, ['api', 'get', '/pullzone']);
    expect((JSON.parse(r.stdout) as { Name: string }[]).map((z) => z.Name)).toContain('demo-site');
  }, 60_000);

  it('`burrow api` checks only its own sources: another command\'s edited source leaves it on the bundle', async () => {
    const dir = withSources(layout());
    // cli/main.ts is newer than a bundle built at 0: stale for every command but api, whose list holds only a missing file.
    fakeBundle(dir, JSON.stringify({ builtAtMs: 0, sources: ['cli/main.ts'], byCommand: { api: ['cli/no-such-file.ts'] } }));
    expect((await burrow(dir, ['api', 'get', '/pullzone'])).stdout).toBe('from the bundle\n');
    expect((await burrow(dir, ['--version'])).stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  }, 60_000);

  it('the sources through tsx, when the build did not finish (no manifest) or there is no bundle', async () => {
    const partial = withSources(layout());
    fakeBundle(partial, null);
    expect((await burrow(partial, ['--help'])).stdout).toContain('usage: burrow <command>');
    const none = withSources(layout());
    expect((await burrow(none, ['--help'])).stdout).toContain('usage: burrow <command>');
  }, 60_000);
});

describe('the build script', () => {
  // Run on a copy whose "repository" is a temp folder, so a broken guard could only ever replace that folder.
  it.each([['--outdir'], ['--outdir', '.'], ['--outdir', '..']])('refuses to replace the repository: %s', async (...args) => {
    const repo = mkdtempSync(join(tmpdir(), 'burrow-build-guard-'));
    temps.push(repo);
    mkdirSync(join(repo, 'scripts'));
    for (const script of ['build-cli.mjs', 'zod-english.mjs']) copyFileSync(join(root, 'scripts', script), join(repo, 'scripts', script));
    writeFileSync(join(repo, 'marker'), 'still here');
    const r = await run(process.execPath, [join(repo, 'scripts/build-cli.mjs'), ...args], { cwd: repo }).then(
      () => ({ code: 0, stderr: '' }),
      (e: { code: number; stderr: string }) => e,
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/refusing to build into/);
    expect(readFileSync(join(repo, 'marker'), 'utf8')).toBe('still here');
  });
});
