/**
 * In the `burrow` bundle undici sits in a chunk of its own that only a proxied request imports: the command
 * runs direct requests with that chunk deleted, needs it once a proxy applies, and goes through the proxy.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../sandbox/server.js';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../..', import.meta.url));
/** A platform host name that only ever reaches the local proxy: nothing resolves it, the proxy tunnels to the sandbox. */
const REMOTE_HOST = 'api.burrow-test.example';

interface Meta {
  readonly outputs: Readonly<Record<string, { readonly inputs: Readonly<Record<string, unknown>>; readonly imports: readonly { readonly path: string; readonly kind: string }[] }>>;
}

let sandbox: Sandbox;
let dir: string;
let meta: Meta;
const cleanups: (() => Promise<unknown> | void)[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  // Shaped like the package: bin/burrow.cjs looks for dist-cli/ beside itself; no sources, no node_modules.
  dir = mkdtempSync(join(tmpdir(), 'burrow-transport-'));
  mkdirSync(join(dir, 'bin'));
  copyFileSync(join(root, 'bin/burrow.cjs'), join(dir, 'bin/burrow.cjs'));
  copyFileSync(join(root, 'package.json'), join(dir, 'package.json'));
  await run(process.execPath, [join(root, 'scripts/build-cli.mjs'), '--outdir', join(dir, 'dist-cli')]);
  meta = JSON.parse(readFileSync(join(dir, 'dist-cli/meta.json'), 'utf8')) as Meta;
}, 60_000);
afterAll(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
  await sandbox?.close();
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
});

/** The output file (relative to dist-cli/) holding undici's modules. */
function undiciChunk(): string {
  const holding = Object.entries(meta.outputs).filter(([, o]) => Object.keys(o.inputs).some((i) => i.includes('node_modules/undici/')));
  expect(holding).toHaveLength(1);
  return holding[0]![0].replace(/^.*dist-cli\//, '');
}

function burrow(env: Readonly<Record<string, string>>, baseUrl = sandbox.apiUrl) {
  const home = join(dir, 'home');
  return run(process.execPath, [join(dir, 'bin/burrow.cjs'), 'api', 'get', '/pullzone'], {
    env: { PATH: process.env.PATH ?? '', HOME: home, XDG_CONFIG_HOME: home, BUNNYNET_API_URL: baseUrl, BUNNYNET_API_KEY: sandbox.accountKey, ...env },
  });
}

/** Why a run failed: its stderr, or the error itself when it did not fail. */
async function failedRun(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    return String((e as { stderr?: unknown }).stderr ?? e);
  }
  throw new Error('expected the command to fail');
}

/** A local proxy that tunnels every CONNECT to the sandbox, whatever host it names; keeps the targets. */
async function tunnellingProxy(): Promise<{ readonly url: string; readonly connects: string[] }> {
  const connects: string[] = [];
  const sockets = new Set<Socket>();
  const proxy = createServer((_req, res) => {
    res.writeHead(501);
    res.end();
  });
  proxy.on('connect', (req, client: Socket, head: Buffer) => {
    connects.push(req.url ?? '');
    client.on('error', () => undefined);
    const upstream = connect(Number(new URL(sandbox.apiUrl).port), '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream).add(client);
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  cleanups.push(async () => {
    const done = new Promise((resolve) => proxy.close(resolve));
    for (const s of sockets) s.destroy();
    await done;
  });
  return { url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`, connects };
}

const remoteUrl = () => `http://${REMOTE_HOST}:${new URL(sandbox.apiUrl).port}`;
const zoneNames = (stdout: string) => (JSON.parse(stdout) as { Name: string }[]).map((z) => z.Name);

/** Output files by their name under dist-cli/, and the files one of them loads before its first line runs. */
function outputs(): Record<string, Meta['outputs'][string]> {
  return Object.fromEntries(Object.entries(meta.outputs).map(([name, o]) => [name.replace(/^.*dist-cli\//, 'dist-cli/'), o]));
}
/** The dist-cli/ files a run of `burrow api get /pullzone` loaded, read from Node's module cache as it exits. */
async function loadedByApi(): Promise<string[]> {
  const out = join(dir, 'loaded.json');
  const hook = join(dir, 'record-loaded.cjs');
  writeFileSync(hook, `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(out)}, JSON.stringify(Object.keys(require.cache))));\n`);
  await burrow({ NODE_OPTIONS: `--require ${hook}` });
  const files = JSON.parse(readFileSync(out, 'utf8')) as string[];
  return files.filter((f) => f.includes(`${join(dir, 'dist-cli')}/`)).map((f) => f.replace(/^.*dist-cli\//, 'dist-cli/'));
}

describe('undici in the burrow bundle', () => {
  it('sits in one chunk of its own, which the other files reach by a require call (made on demand: see the last test)', () => {
    const file = undiciChunk();
    const importers = Object.values(outputs()).flatMap((o) => o.imports.filter((i) => i.path.replace(/^.*\//, '') === file).map((i) => i.kind));
    // The core and each area command bundled on its own (videos, logs, apps) may load it, always by a call.
    expect(importers.length).toBeGreaterThan(0);
    expect(new Set(importers)).toEqual(new Set(['require-call']));
  });

  it('burrow.cjs, all that `burrow api` loads, holds the core with its console area and neither zod nor another area', async () => {
    expect(await loadedByApi()).toEqual(['dist-cli/burrow.cjs']);
    const inputs = Object.keys(outputs()['dist-cli/burrow.cjs']!.inputs);
    expect(inputs).toEqual(expect.arrayContaining(['cli/api.ts', 'electron/core/index.ts', 'electron/core/router.ts', 'electron/core/console/index.ts']));
    const unwanted = /node_modules\/zod\/|shared\/contract\/index\.ts|cli\/(videos|logs|apps)\.ts$|electron\/core\/(videos|logs|apps|settings|desktop)\/|electron\/core\/console\/send\.ts/;
    expect(inputs.filter((i) => unwanted.test(i))).toEqual([]);
  });

  it('through HTTP_PROXY, `burrow api get` reaches the platform by a CONNECT tunnel', async () => {
    const proxy = await tunnellingProxy();
    const r = await burrow({ HTTP_PROXY: proxy.url }, remoteUrl());
    expect(zoneNames(r.stdout)).toContain('demo-site');
    expect(proxy.connects).toEqual([`${REMOTE_HOST}:${new URL(sandbox.apiUrl).port}`]);
  }, 30_000);

  it('with the chunk deleted, a direct request still works (even with a proxy set, for a loopback host); a proxied one needs it', async () => {
    const chunk = join(dir, 'dist-cli', undiciChunk());
    renameSync(chunk, `${chunk}.away`);
    cleanups.push(() => renameSync(`${chunk}.away`, chunk));
    expect(zoneNames((await burrow({})).stdout)).toContain('demo-site');
    const proxy = await tunnellingProxy();
    expect(zoneNames((await burrow({ HTTP_PROXY: proxy.url })).stdout)).toContain('demo-site');
    expect(proxy.connects).toEqual([]);
    // The control: once the proxy applies, the command needs the chunk and fails without it.
    expect(await failedRun(burrow({ HTTP_PROXY: proxy.url }, remoteUrl()))).toContain(undiciChunk().replace(/\.[cm]?js$/, ''));
    expect(proxy.connects).toEqual([]);
  }, 30_000);
});
