/**
 * The official bunny CLI (npm @bunny.net/cli-linux-x64, a development dependency) is the judge of the emulation: its
 * `apps` commands — list, link, show, env list, regions show, endpoints list, volumes list, pull, deploy (of a linked
 * app, and of a new app from a bunny.jsonc), restart, undeploy, delete — run against a started sandbox, print what the
 * sandbox holds, and change its state where they should. A first deploy without a bunny.jsonc asks the sandbox for
 * config suggestions, then needs a terminal to choose a region.
 * The CLI takes its Magic Containers base URL from BUNNYNET_API_URL whole (it adds no /mc), so it gets containersUrl.
 * It runs with a HOME of its own, so it reads no real configuration.
 */
import { execFile, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../server.js';
import { fullApp } from './testing/harness.js';

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
  return bunnyIn(home, ...args);
}

/** Runs `bunny …args` in `cwd` (a project folder of its own), otherwise as `bunny`. */
function bunnyIn(cwd: string, ...args: string[]): Promise<Run> {
  return new Promise((done) => {
    execFile(
      cli,
      args,
      {
        cwd,
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

    // pull writes the linked app's config; deploy of a new image PATCHes the app and its container, then deploys.
    const pull = await bunny('apps', 'pull');
    expect(pull.code, pull.out).toBe(0);
    expect(await readFile(join(home, 'bunny.jsonc'), 'utf8')).toContain('docker.io/library/nginx:1.27');
    sb.containers.resetReceived();
    const deploy = await bunny('apps', 'deploy', 'docker.io/library/nginx:1.29');
    expect(deploy.code, deploy.out).toBe(0);
    expect(deploy.out).toContain('deployed successfully');
    expect(sb.containers.receivedUpdates().map((u) => `${u.method} ${u.path}`)).toEqual([`PATCH /apps/${id}`, `PATCH /apps/${id}/containers/${web.id}`]);
    const deployed = (await mc('GET', `/apps/${id}`)).json as AppView & { containerTemplates: { id: string; imageTag: string; image: string }[] };
    expect(deployed.status).toBe('progressing');
    expect(deployed.containerTemplates).toEqual([expect.objectContaining({ id: web.id, imageTag: '1.29', image: 'docker.io/library/nginx:1.29' })]);
    now += TRANSITION;

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

  it('deploys a new app from a bunny.jsonc: creates it, sets the image, deploys; it runs once settled', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'burrow-bunny-fresh-'));
    const config = {
      version: '2026-05-11',
      app: {
        name: 'Judge fresh',
        containers: { web: { image: 'docker.io/library/nginx:1.27', env: { MODE: 'fresh' }, endpoints: [{ type: 'cdn', ssl: true, ports: [{ public: 80, container: 80 }] }] } },
        scaling: { min: 1, max: 2 },
        regions: ['DE'],
      },
    };
    await writeFile(join(dir, 'bunny.jsonc'), JSON.stringify(config, null, 2));
    const deploy = await bunnyIn(dir, 'apps', 'deploy', 'docker.io/library/nginx:1.27');
    expect(deploy.code, deploy.out).toBe(0);
    expect(deploy.out).toContain('Judge fresh');
    expect(deploy.out).toContain('deployed successfully');
    const manifest = JSON.parse(await readFile(join(dir, '.bunny', 'app.json'), 'utf8')) as { id: string };
    const app = (await mc('GET', `/apps/${manifest.id}`)).json as AppView & {
      name: string;
      autoScaling: { min: number; max: number };
      containerTemplates: { name: string; imageTag: string; environmentVariables: { name: string; value: string }[] }[];
    };
    expect(app).toMatchObject({ name: 'Judge fresh', status: 'progressing', autoScaling: { min: 1, max: 2 } });
    expect(app.containerTemplates).toEqual([expect.objectContaining({ name: 'web', imageTag: '1.27', environmentVariables: [{ name: 'MODE', value: 'fresh' }] })]);
    now += TRANSITION;
    expect((await appOf(manifest.id)).status).toBe('active');
    expect((await appOf(manifest.id)).containerInstances.length).toBeGreaterThan(0);
    await rm(dir, { recursive: true, force: true });
  }, 120_000);

  it('a first deploy without a bunny.jsonc gets the image\'s config suggestions, then needs a terminal for the region', async () => {
    // Outside the test's folder: the CLI looks for a bunny.jsonc in the parent folders too.
    const dir = await mkdtemp(join(tmpdir(), 'burrow-bunny-walk-'));
    const before = ((await mc('GET', '/apps')).json as { items: unknown[] }).items.length;
    const walk = await bunnyIn(dir, 'apps', 'deploy', 'docker.io/library/nginx:1.27', '--name', 'Judge walk', '--verbose');
    const asked = walk.out.indexOf('POST ' + sb.containersUrl + '/registries/config-suggestions');
    expect(asked, walk.out).toBeGreaterThan(-1);
    const answer = walk.out.slice(asked);
    expect(answer).toMatch(/^[^\n]*\n(?:.*\n)*?\[debug\] ← 200 OK/);
    expect(answer).toContain('"appName": "nginx"');
    expect(walk.out).toContain('A region must be selected.');
    expect(walk.out).not.toContain('No route');
    expect(walk.code).toBe(1);
    expect(((await mc('GET', '/apps')).json as { items: unknown[] }).items.length).toBe(before);
    await rm(dir, { recursive: true, force: true });
  }, 120_000);
});
