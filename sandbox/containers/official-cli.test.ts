/**
 * The official bunny CLI (npm @bunny.net/cli-linux-x64, a development dependency) is the judge of the emulation: its
 * `apps` commands — list, link, show, env list, regions show, endpoints list, volumes list, restart, undeploy,
 * delete — run against a started sandbox, print what the sandbox holds, and change its state where they should.
 * The CLI takes its Magic Containers base URL from BUNNYNET_API_URL whole (it adds no /mc), so it gets containersUrl.
 * It runs with a HOME of its own, so it reads no real configuration.
 */
import { execFile, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../server.js';
import { fullApp } from './test-harness.js';

const PACKAGE_DIR = resolve(import.meta.dirname, '../../node_modules/@bunny.net/cli-linux-x64');

/** The CLI binary that runs on this machine: the default build, or the baseline one for CPUs without AVX2. */
function cliBinary(): string {
  for (const name of ['bunny', 'bunny-baseline']) {
    const file = join(PACKAGE_DIR, name);
    if (existsSync(file) && spawnSync(file, ['--version'], { encoding: 'utf8', timeout: 30_000 }).status === 0) return file;
  }
  throw new Error(`No runnable bunny CLI in ${PACKAGE_DIR}: install the development dependencies`);
}

interface Run {
  readonly code: number;
  readonly out: string;
}

let sb: Sandbox;
let home: string;
let cli: string;
let now = Date.parse('2026-04-01T09:00:00Z');
const TRANSITION = 10_000;

/** Runs `bunny …args` in the test's folder, against the sandbox, with colours off. */
function bunny(...args: string[]): Promise<Run> {
  return new Promise((done) => {
    execFile(
      cli,
      args,
      {
        cwd: home,
        timeout: 60_000,
        env: {
          PATH: process.env['PATH'] ?? '',
          HOME: home,
          XDG_CONFIG_HOME: join(home, '.config'),
          NO_COLOR: '1',
          BUNNYNET_API_KEY: sb.accountKey,
          BUNNYNET_API_URL: sb.containersUrl,
        },
      },
      (err, stdout, stderr) => done({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, out: `${stdout}${stderr}` }),
    );
  });
}

async function mc(method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  const res = await fetch(`${sb.containersUrl}${path}`, {
    method,
    headers: { AccessKey: sb.accountKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, json: text === '' ? undefined : JSON.parse(text) };
}

interface AppView {
  readonly status: string;
  readonly containerInstances: readonly { podId: string }[];
}
const appOf = async (id: string) => (await mc('GET', `/apps/${id}`)).json as AppView;

beforeAll(async () => {
  cli = cliBinary();
  home = await mkdtemp(join(tmpdir(), 'burrow-bunny-cli-'));
  sb = await startSandbox({ liveTraffic: false, realism: false, now: () => now, appTransitionMs: TRANSITION });
}, 60_000);

afterAll(async () => {
  await sb?.close();
  if (home) await rm(home, { recursive: true, force: true });
});

describe('the official bunny CLI against the sandbox', () => {
  it('lists, links, shows, restarts, undeploys and deletes an app, as the sandbox holds it', async () => {
    const { json } = await mc('POST', '/apps', { ...fullApp(), name: 'Judge shop' });
    const id = (json as { id: string }).id;
    const { json: otherJson } = await mc('POST', '/apps', { ...fullApp(), name: 'Judge idle' });
    const other = (otherJson as { id: string }).id;
    expect((await mc('POST', `/apps/${id}/deploy`)).status).toBe(200);
    now += TRANSITION;
    const web = ((await mc('GET', `/apps/${id}`)).json as { containerTemplates: { id: string; endpoints: { publicHost: string }[] }[] }).containerTemplates[0]!;
    const host = web.endpoints[0]!.publicHost;

    const list = await bunny('apps', 'list');
    expect(list.code, list.out).toBe(0);
    expect(list.out).toMatch(new RegExp(`${id}\\s+Judge shop\\s+Active\\s+${host.replace(/\./g, '\\.')}`));
    expect(list.out).toMatch(new RegExp(`${other}\\s+Judge idle\\s+Inactive`));

    const link = await bunny('apps', 'link', id);
    expect(link.code, link.out).toBe(0);
    expect(link.out).toContain(`Linked to ${id}`);
    const manifest = JSON.parse(await readFile(join(home, '.bunny', 'app.json'), 'utf8')) as { id: string; containers: Record<string, { id: string }> };
    expect(manifest).toMatchObject({ id, containers: { web: { id: web.id } } });

    const show = await bunny('apps', 'show');
    expect(show.code, show.out).toBe(0);
    for (const line of [/Name\s+Judge shop/, /Status\s+Active/, /Regions\s+DE/, /Scaling\s+1–3 instances/, /Monthly Cost\s+\$\d+\.\d\d/, /Active Instances\s+1/]) expect(show.out).toMatch(line);
    expect(show.out).toMatch(/web\s+docker\.io\/library\/nginx:1\.27/);

    const env = await bunny('apps', 'env', 'list');
    expect(env.code, env.out).toBe(0);
    expect(env.out).toMatch(/MODE\s+demo/);

    const regions = await bunny('apps', 'regions', 'show');
    expect(regions.code, regions.out).toBe(0);
    expect(regions.out).toMatch(/Allowed Regions\s+DE, UK/);
    expect(regions.out).toMatch(/Required Regions\s+DE/);
    expect(regions.out).toMatch(/Max Allowed Regions\s+2/);

    const endpoints = await bunny('apps', 'endpoints', 'list');
    expect(endpoints.code, endpoints.out).toBe(0);
    expect(endpoints.out).toMatch(new RegExp(`web\\s+cdn\\s+${host.replace(/\./g, '\\.')}\\s+Yes\\s+80→80`));
    expect(endpoints.out).toMatch(/web\s+anycast\s+\d+\.\d+\.\d+\.\d+\s+No\s+53→53/);

    const volumes = await bunny('apps', 'volumes', 'list');
    expect(volumes.code, volumes.out).toBe(0);
    expect(volumes.out).toMatch(/data\s+data\s+5 GB\s+[\d.]+ GB\s+1/);

    const pods = (await appOf(id)).containerInstances.map((i) => i.podId);
    const restart = await bunny('apps', 'restart');
    expect(restart.code, restart.out).toBe(0);
    expect(restart.out).toContain('App restarted.');
    expect((await appOf(id)).status).toBe('progressing');
    now += TRANSITION;
    const restarted = await appOf(id);
    expect(restarted.status).toBe('active');
    expect(restarted.containerInstances.map((i) => i.podId)).not.toEqual(pods);

    const undeploy = await bunny('apps', 'undeploy', '--force');
    expect(undeploy.code, undeploy.out).toBe(0);
    expect(undeploy.out).toContain('App undeployed.');
    expect((await appOf(id)).status).toBe('progressing');
    now += TRANSITION;
    expect(await appOf(id)).toMatchObject({ status: 'inactive', containerInstances: [] });
    const stoppedShow = await bunny('apps', 'show');
    expect(stoppedShow.out).toMatch(/Status\s+Inactive/);
    expect(stoppedShow.out).toMatch(/Active Instances\s+0/);

    const del = await bunny('apps', 'delete', '--force');
    expect(del.code, del.out).toBe(0);
    expect(del.out).toContain('App deleted.');
    expect((await mc('GET', `/apps/${id}`)).status).toBe(404);
    expect((await mc('GET', `/apps/${other}`)).status).toBe(200);
    const after = await bunny('apps', 'list');
    expect(after.out).not.toContain(id);
    expect(after.out).toContain(other);
  }, 180_000);
});
