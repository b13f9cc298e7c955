/**
 * `burrow apps` after create, spawned as a real process against a sandbox: get in words, deploy/undeploy/restart with
 * --wait (settled, failed, timed out, suspended), update (diff, --dry-run, the question off a terminal, --yes), env
 * with masked values, scale (the rule and what arrived), and create --deploy --wait.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fullApp, setPath } from '../sandbox/apps/testing/harness.js';
import { runApps } from './apps.js';
import type { CliIo } from './io.js';
import { runBurrow, startFixture, type Fixture } from './testing/support.js';

/**
 * The sandbox keeps an app progressing this long after deploy, undeploy or restart: long enough that a command which
 * did not wait would leave it still progressing when the test looks, short enough to keep the test quick.
 */
const TRANSITION_MS = 1500;
/** How often --wait looks, in seconds: often, so the test ends soon after the app settles. */
const FAST = ['--interval', '0.1'];

let fx: Fixture;
let env: Record<string, string>;

beforeAll(async () => {
  fx = await startFixture({ appTransitionMs: TRANSITION_MS });
  env = { ...fx.env, BURROW_CONTAINERS_URL: fx.sandbox.containersUrl };
});
afterAll(() => fx.close());
beforeEach(() => {
  fx.sandbox.faults.reset();
  fx.sandbox.containers.resetReceived();
});

function fileWith(name: string, body: unknown): string {
  const path = join(fx.home, name);
  writeFileSync(path, typeof body === 'string' ? body : JSON.stringify(body, null, 2));
  return path;
}

/** A GET on the sandbox's container API, as JSON. */
async function direct<T>(path: string): Promise<T> {
  const res = await fetch(`${fx.sandbox.containersUrl}${path}`, { headers: { AccessKey: fx.sandbox.accountKey } });
  return (await res.json()) as T;
}

type App = { id: string; name: string; containerTemplates: { id: string; name: string; imageTag: string; environmentVariables: { name: string; value: string }[] }[] };
const statusOf = async (id: string) => (await direct<{ status: string }>(`/apps/${id}/overview`)).status.toLowerCase();

/** An app made through the sandbox directly, with a secret-looking variable beside the plain one. */
async function created(): Promise<App> {
  const body = setPath(fullApp(), 'containerTemplates.0.environmentVariables', [{ name: 'MODE', value: 'demo' }, { name: 'API_TOKEN', value: 'tok-very-secret-1' }]);
  const res = await fetch(`${fx.sandbox.containersUrl}/apps`, { method: 'POST', headers: { AccessKey: fx.sandbox.accountKey, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const { id } = (await res.json()) as { id: string };
  return direct<App>(`/apps/${id}`);
}

describe('burrow apps get', () => {
  it('shows the app in words: not deployed, its container with image and tag, endpoints with public address, regions by name, scaling, volumes; secrets masked', async () => {
    const app = await created();
    const r = await runBurrow(['apps', 'get', app.id], { env });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe(`Demo app 1  ${app.id}`);
    expect(lines).toContain(`Status: Not deployed — no instances run; start it with: burrow apps deploy ${app.id}`);
    expect(lines).toContain(`  web [${app.containerTemplates[0]!.id}]: docker.io/library/nginx:1.27`);
    expect(lines).toContain('    environment: MODE=demo, API_TOKEN=••••••••');
    expect(lines.find((l) => l.startsWith('    endpoint cdn (cdn, port 80): '))).toMatch(/: mc-[a-z0-9]+-cdn\.b-cdn\.net$/);
    expect(lines.find((l) => l.startsWith('    endpoint anycast (anycast, port 53): '))).toMatch(/: \d+\.\d+\.\d+\.\d+$/);
    expect(lines).toContain('Regions: Frankfurt (DE), London (UK); required: Frankfurt (DE)');
    expect(lines).toContain('Scaling: 1–3 instances per region');
    expect(lines).toContain('Volumes: data (5 GB)');
    expect(r.stdout).not.toContain('tok-very-secret-1');

    const json = await runBurrow(['apps', 'get', app.id, '--json'], { env });
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ id: app.id, name: 'Demo app 1' });
  });
});

describe('burrow apps get, the overview', () => {
  it('says the monthly cost in dollars and cents, as the app\'s page does', async () => {
    const app = await created();
    fx.sandbox.faults.add({ method: 'GET', path: `/mc/apps/${app.id}/overview`, times: 1, action: { kind: 'status', status: 200, body: { status: 'active', activeInstances: { indicator: 2 }, monthlyCost: 14.6 } } });
    const r = await runBurrow(['apps', 'get', app.id], { env });
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')).toContain('Monthly cost: $14.60');
  });
});

describe('burrow apps deploy, undeploy, restart', () => {
  it('deploy --wait exits 0 once the app runs with instances; undeploy --wait once it is stopped; restart --wait once it runs again', async () => {
    const app = await created();
    const deploy = await runBurrow(['apps', 'deploy', app.id, '--wait', ...FAST], { env });
    expect(deploy.stderr).toBe('');
    expect(deploy.code).toBe(0);
    expect(deploy.stdout).toBe(`deploying ${app.id}\nrunning ${app.id}: 1 instance\n`);
    expect(await statusOf(app.id)).toBe('active');

    const restart = await runBurrow(['apps', 'restart', app.id, '--wait', ...FAST], { env });
    expect(restart).toMatchObject({ code: 0, stdout: `restarting ${app.id}\nrunning ${app.id}: 1 instance\n` });
    expect(await statusOf(app.id)).toBe('active');

    const undeploy = await runBurrow(['apps', 'undeploy', app.id, '--wait', ...FAST], { env });
    expect(undeploy).toMatchObject({ code: 0, stdout: `undeploying ${app.id}\nstopped ${app.id}\n` });
    expect(await statusOf(app.id)).toBe('inactive');
  });

  it('on a terminal, --wait shows each status it sees on stderr', async () => {
    const app = await created();
    let stdout = '';
    let stderr = '';
    const io: CliIo = {
      stdin: new PassThrough(),
      stdout: { isTTY: false, write: (c) => ((stdout += String(c)), true) },
      stderr: { isTTY: true, write: (c) => ((stderr += String(c)), true) },
      env,
      home: fx.home,
    };
    expect(await runApps(['deploy', app.id, '--wait', ...FAST], io)).toBe(0);
    expect(stdout).toBe(`deploying ${app.id}\nrunning ${app.id}: 1 instance\n`);
    const seen = stderr.trimEnd().split('\n');
    // Each status once, as it changes (the first look normally finds it changing), ending with it running.
    for (const line of seen) expect(line).toMatch(new RegExp(`^${app.id}: (Changing — 0 instances|Running — 1 instance) running$`));
    expect(seen.at(-1)).toBe(`${app.id}: Running — 1 instance running`);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('without --wait deploy only asks: exit 0 while the app is still changing', async () => {
    const app = await created();
    const r = await runBurrow(['apps', 'deploy', app.id], { env });
    expect(r).toMatchObject({ code: 0, stdout: `deploying ${app.id}\n` });
    expect(await statusOf(app.id)).not.toBe('inactive');
  });

  it('a deploy that ends failing exits 1 and says so; one that never settles exits 1 at --timeout', async () => {
    const app = await created();
    fx.sandbox.faults.add({ method: 'GET', path: `/mc/apps/${app.id}/overview`, times: 1000, action: { kind: 'status', status: 200, body: { status: 'Failing', activeInstances: { indicator: 0 } } } });
    // Failing from the first look may be the app before the deploy: believed once the grace (here the timeout) passed.
    const failing = await runBurrow(['apps', 'deploy', app.id, '--wait', '--timeout', '2', ...FAST], { env });
    expect(failing.code).toBe(1);
    expect(failing.stdout).toBe(`deploying ${app.id}\n`);
    expect(failing.stderr).toContain(`${app.id} is failing: it did not settle running`);

    fx.sandbox.faults.reset();
    fx.sandbox.faults.add({ method: 'GET', path: `/mc/apps/${app.id}/overview`, times: 1000, action: { kind: 'status', status: 200, body: { status: 'progressing' } } });
    const slow = await runBurrow(['apps', 'restart', app.id, '--wait', '--timeout', '1', ...FAST], { env });
    expect(slow.code).toBe(1);
    expect(slow.stderr).toContain(`${app.id} did not settle within 1 s; its status is progressing`);
  });

  it('a suspended app (409) and a deleted one (404) are explained in words, exit 1', async () => {
    const app = await created();
    fx.sandbox.containers.setAppSuspended(app.id, true);
    const suspended = await runBurrow(['apps', 'deploy', app.id, '--wait'], { env });
    expect(suspended.code).toBe(1);
    expect(suspended.stderr).toContain(`${app.id}: The platform would not deploy the app: the app or the account is suspended.`);
    expect(suspended.stderr).toContain('Application is suspended');
    await fetch(`${fx.sandbox.containersUrl}/apps/${app.id}`, { method: 'DELETE', headers: { AccessKey: fx.sandbox.accountKey } });
    const gone = await runBurrow(['apps', 'restart', app.id], { env });
    expect(gone.code).toBe(1);
    expect(gone.stderr).toContain(`${app.id} does not exist (any more)`);
  });

  it('restart --wait of a running app waits for the restart: the platform still showing it active right after the call does not end the wait', async () => {
    const app = await created();
    expect((await runBurrow(['apps', 'deploy', app.id, '--wait', ...FAST], { env })).code).toBe(0);
    // The first look after the call sees the app as it was (the platform has not started the restart yet).
    fx.sandbox.faults.add({ method: 'GET', path: `/mc/apps/${app.id}/overview`, times: 1, action: { kind: 'status', status: 200, body: { status: 'active', activeInstances: { indicator: 1 } } } });
    const restart = await runBurrow(['apps', 'restart', app.id, '--wait', ...FAST], { env });
    expect(restart).toMatchObject({ code: 0, stdout: `restarting ${app.id}\nrunning ${app.id}: 1 instance\n` });
    expect(await statusOf(app.id)).toBe('active');
  });

  it('a restart of an app that is not deployed says so (not "suspended", not the application limit), exit 1', async () => {
    const app = await created();
    const r = await runBurrow(['apps', 'restart', app.id, '--wait', ...FAST], { env });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`${app.id}: The platform would not restart the app as it is now: only a deployed app that has settled can be restarted.`);
    expect(r.stderr).toContain('The platform said: Application is not deployed; deploy it first.');
    expect(r.stderr).not.toMatch(/suspended|limit of applications/);
  });

  it('usage: one id; --timeout only with --wait', async () => {
    for (const args of [['apps', 'deploy'], ['apps', 'undeploy', 'a', 'b'], ['apps', 'restart', 'x', '--timeout', '5'], ['apps', 'deploy', 'x', '--wait', '--timeout', 'soon']]) {
      const r = await runBurrow(args, { env });
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toContain('usage: burrow apps list');
    }
  });
});

/** The app as `get --request` prints it (the request that changes nothing), edited: tag 1.28, MODE removed, the secret changed. */
async function edited(app: App): Promise<Record<string, unknown>> {
  const r = await runBurrow(['apps', 'get', app.id, '--request'], { env });
  expect(r.code, r.stderr).toBe(0);
  const request = JSON.parse(r.stdout) as Record<string, unknown>;
  expect(request).toMatchObject({ name: 'Demo app 1', containerTemplates: [{ id: app.containerTemplates[0]!.id, imageTag: '1.27' }] });
  let body = setPath(request, 'containerTemplates.0.imageTag', '1.28');
  body = setPath(body, 'containerTemplates.0.environmentVariables', [{ name: 'API_TOKEN', value: 'tok-new-secret-2' }]);
  return body;
}

describe('burrow apps update', () => {
  it('--dry-run shows the changes in words (removal named, secrets masked) and sends nothing', async () => {
    const app = await created();
    const r = await runBurrow(['apps', 'update', app.id, '--file', fileWith('edit.json', await edited(app)), '--dry-run'], { env });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`Changes to Demo app 1 (${app.id}):\n`);
    expect(r.stdout).toMatch(/Image tag: 1\.27 → 1\.28/);
    expect(r.stdout).toContain('Environment variable MODE of container web will be removed');
    expect(r.stdout).toMatch(/API_TOKEN.*••••••••/);
    expect(r.stdout).not.toMatch(/tok-(very|new)-secret/);
    expect(r.stdout).toContain('Dry run: nothing was sent.');
    expect(fx.sandbox.containers.receivedUpdates()).toEqual([]);
  });

  it('off a terminal without --yes it refuses, naming --yes, and sends nothing; with --yes the sandbox holds the change', async () => {
    const app = await created();
    const file = fileWith('edit2.json', await edited(app));
    const refused = await runBurrow(['apps', 'update', app.id, '--file', file], { env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--yes');
    expect(fx.sandbox.containers.receivedUpdates()).toEqual([]);

    const applied = await runBurrow(['apps', 'update', app.id, '--file', file, '--yes'], { env });
    expect(applied.stderr).toBe('');
    expect(applied.code).toBe(0);
    expect(applied.stdout).toContain(`updated ${app.id}\n`);
    expect(fx.sandbox.containers.receivedUpdates().map((u) => [u.method, u.path])).toEqual([['PATCH', `/apps/${app.id}`]]);
    const now = await direct<App>(`/apps/${app.id}`);
    expect(now.containerTemplates.map((c) => [c.id, c.imageTag])).toEqual([[app.containerTemplates[0]!.id, '1.28']]);
    expect(now.containerTemplates[0]!.environmentVariables).toEqual([{ name: 'API_TOKEN', value: 'tok-new-secret-2' }]);

    const again = await runBurrow(['apps', 'update', app.id, '--file', file, '--yes'], { env });
    expect(again).toMatchObject({ code: 0 });
    expect(again.stdout).toContain('No changes');
    expect(fx.sandbox.containers.receivedUpdates()).toHaveLength(1);
  });

  it('on a terminal it asks "Apply? [y/N]": n sends nothing (exit 1), y applies', async () => {
    const app = await created();
    const file = fileWith('edit3.json', await edited(app));
    /** runApps in this process, standard input a terminal that answers `answer` once asked. */
    const onTerminal = async (answer: string) => {
      const stdin = Object.assign(new PassThrough(), { isTTY: true });
      let stdout = '';
      let stderr = '';
      const io: CliIo = {
        stdin,
        stdout: { isTTY: false, write: (c) => ((stdout += String(c)), true) },
        stderr: {
          isTTY: false,
          write: (c) => {
            stderr += String(c);
            if (stderr.endsWith('Apply? [y/N] ')) stdin.write(`${answer}\n`);
            return true;
          },
        },
        env,
        home: fx.home,
      };
      const code = await runApps(['update', app.id, '--file', file], io);
      return { code, stdout, stderr };
    };
    const no = await onTerminal('n');
    expect(no.code).toBe(1);
    expect(no.stdout).toContain('Image tag: 1.27 → 1.28');
    expect(no.stderr).toContain('Apply? [y/N] ');
    expect(no.stderr).toContain('not applied; nothing was sent');
    expect(fx.sandbox.containers.receivedUpdates()).toEqual([]);
    const yes = await onTerminal('y');
    expect(yes.code).toBe(0);
    expect(yes.stdout).toContain(`updated ${app.id}`);
    expect(fx.sandbox.containers.receivedUpdates().map((u) => u.method)).toEqual(['PATCH']);
  });

  it('a request that breaks a rule is refused (exit 2) with the rule, and nothing is sent', async () => {
    const app = await created();
    const bad = setPath(setPath(await edited(app), 'autoScaling.min', 3), 'autoScaling.max', 1);
    const r = await runBurrow(['apps', 'update', app.id, '--file', fileWith('bad.json', bad), '--yes'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/autoScaling/);
    // The platform's answer (get --json) given as the file: said what it is, and where the request comes from.
    const answer = await runBurrow(['apps', 'update', app.id, '--file', fileWith('answer.json', await direct(`/apps/${app.id}`)), '--dry-run'], { env });
    expect(answer.code).toBe(2);
    expect(answer.stderr).toContain(`update takes the request — print it with: burrow apps get ${app.id} --request > app.json`);
    expect(fx.sandbox.containers.receivedUpdates()).toEqual([]);
  });
});

describe('burrow apps env', () => {
  it('--set and --unset show the change with secret values masked, then the sandbox holds the list; --dry-run sends nothing', async () => {
    const app = await created();
    const dry = await runBurrow(['apps', 'env', app.id, '--container', 'web', '--set', 'DB_PASSWORD=hunter2-secret', 'LOG_LEVEL=debug', '--dry-run'], { env });
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('Environment variable DB_PASSWORD of container web will be added: ••••••••');
    expect(dry.stdout).toContain('Environment variable LOG_LEVEL of container web will be added: debug');
    expect(dry.stdout).not.toContain('hunter2');
    expect(fx.sandbox.containers.receivedUpdates()).toEqual([]);

    const set = await runBurrow(['apps', 'env', app.id, '--container', 'web', '--set', 'DB_PASSWORD=hunter2-secret', '--set', 'MODE=live'], { env });
    expect(set.stderr).toBe('');
    expect(set.code).toBe(0);
    expect(set.stdout).toContain('Container web › Environment variable MODE: demo → live');
    expect(set.stdout).not.toContain('hunter2');
    const cid = app.containerTemplates[0]!.id;
    const arrived = fx.sandbox.containers.receivedUpdates();
    expect(arrived.map((u) => [u.method, u.path])).toEqual([['PUT', `/apps/${app.id}/containers/${cid}/env`]]);
    expect(JSON.parse(arrived[0]!.body)).toEqual({ MODE: 'live', API_TOKEN: 'tok-very-secret-1', DB_PASSWORD: 'hunter2-secret' });

    // The container by its id works as well as by its name.
    const unset = await runBurrow(['apps', 'env', app.id, '--container', cid, '--unset', 'MODE,API_TOKEN'], { env });
    expect(unset.code).toBe(0);
    expect(unset.stdout).toContain('Environment variable API_TOKEN of container web will be removed');
    expect(unset.stdout).not.toContain('tok-very-secret-1');
    const now = await direct<App>(`/apps/${app.id}`);
    expect(now.containerTemplates[0]!.environmentVariables).toEqual([{ name: 'DB_PASSWORD', value: 'hunter2-secret' }]);
  });

  it('--file makes the list the file’s; an unknown container is named with the ones there are', async () => {
    const app = await created();
    const r = await runBurrow(['apps', 'env', app.id, '--container', 'web', '--file', fileWith('.env', 'MODE=file\nexport NEW="a b"\n')], { env });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Environment variable API_TOKEN of container web will be removed');
    expect((await direct<App>(`/apps/${app.id}`)).containerTemplates[0]!.environmentVariables).toEqual([
      { name: 'MODE', value: 'file' },
      { name: 'NEW', value: 'a b' },
    ]);
    const none = await runBurrow(['apps', 'env', app.id, '--container', 'db', '--unset', 'MODE'], { env });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('has no container named "db"; its containers are web');
  });
});

describe('burrow apps scale', () => {
  it('min above max is refused with the rule and nothing sent; a good range arrives as the autoscaling body', async () => {
    const app = await created();
    const bad = await runBurrow(['apps', 'scale', app.id, '--min', '3', '--max', '1'], { env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('must not be above the maximum');
    expect(fx.sandbox.containers.receivedUpdates()).toEqual([]);
    const ok = await runBurrow(['apps', 'scale', app.id, '--min', '2', '--max', '5'], { env });
    expect(ok).toMatchObject({ code: 0, stdout: `scaled ${app.id}: 2–5 instances per region\n` });
    expect(fx.sandbox.containers.receivedUpdates().map((u) => JSON.parse(u.body) as unknown)).toEqual([{ min: 2, max: 5 }]);
  });
});

describe('burrow apps create --deploy --wait', () => {
  it('creates, deploys and exits 0 once the new app runs', async () => {
    const r = await runBurrow(['apps', 'create', '--file', fileWith('new.json', fullApp()), '--deploy', '--wait', ...FAST], { env });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const [id, ...rest] = r.stdout.trimEnd().split('\n');
    expect(id).toMatch(/^[0-9A-Za-z]{15}$/);
    expect(rest).toEqual([`deploying ${id}`, `running ${id}: 1 instance`]);
    expect(await statusOf(id!)).toBe('active');
    const noDeploy = await runBurrow(['apps', 'create', '--file', fileWith('new2.json', fullApp()), '--wait'], { env });
    expect(noDeploy.code).toBe(2);
    expect(noDeploy.stderr).toContain('--wait follows a deploy: add --deploy');
  });
});

describe('burrow apps --help', () => {
  it('names every subcommand with examples and the variables it reads', async () => {
    const r = await runBurrow(['apps', 'deploy', '--help']);
    expect(r.code).toBe(0);
    for (const words of ['apps update <id> --file', 'deploy|undeploy|restart <id> [--wait', 'apps scale <id> --min N --max N', 'apps env <id> --container', '--deploy', 'Examples:', 'BURROW_CONTAINERS_URL']) {
      expect(r.stdout).toContain(words);
    }
  });
});
