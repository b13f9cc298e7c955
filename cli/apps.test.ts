/** `burrow apps` spawned as a real process against a sandbox: list, get, delete, create (and --dry-run), the platform's errors and exit statuses. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fullApp, setPath } from '../sandbox/apps/testing/harness.js';
import { APPS_ERROR_TEXTS } from '../electron/core/apps/index.js';
import { runBurrow, startFixture, type Fixture } from './testing/support.js';

let fx: Fixture;
let env: Record<string, string>;
let appFile: string;

beforeAll(async () => {
  fx = await startFixture();
  env = { ...fx.env, BURROW_CONTAINERS_URL: fx.sandbox.containersUrl };
  appFile = join(fx.home, 'app.json');
  writeFileSync(appFile, JSON.stringify(fullApp(), null, 2));
});
afterAll(() => fx.close());
beforeEach(() => fx.sandbox.faults.reset());

/** The apps the sandbox holds, asked directly. */
async function appIds(): Promise<string[]> {
  const res = await fetch(`${fx.sandbox.containersUrl}/apps?limit=1000`, { headers: { AccessKey: fx.sandbox.accountKey } });
  return ((await res.json()) as { items: { id: string }[] }).items.map((a) => a.id);
}

function fileWith(name: string, body: unknown): string {
  const path = join(fx.home, name);
  writeFileSync(path, typeof body === 'string' ? body : JSON.stringify(body));
  return path;
}

describe('burrow apps', () => {
  it('list shows apps whatever members they leave out or add, in any letter case, and counts the one it cannot read', async () => {
    const items = [
      { id: 'aaaaaaaaaaaaaa1', name: 'Shop', status: 'HIBERNATING', description: null, displayEndpoint: null, somethingNew: 1 },
      { name: 'Nameless id' },
      { id: 'aaaaaaaaaaaaaa2' },
    ];
    fx.sandbox.faults.add({ method: 'GET', path: '/mc/apps', times: 1, action: { kind: 'status', status: 200, body: { items, meta: { totalItems: 3 }, cursor: null } } });
    const list = await runBurrow(['apps', 'list'], { env });
    expect(list.code).toBe(0);
    expect(list.stdout.split('\n').filter(Boolean)).toEqual(['aaaaaaaaaaaaaa1  HIBERNATING  Shop', 'aaaaaaaaaaaaaa2  -           aaaaaaaaaaaaaa2']);
    expect(list.stderr).toBe('burrow apps: 1 app could not be read: item 2: it has no id\n');
  });

  it('list with no apps says "No apps." on stderr; --json prints [] and nothing else', async () => {
    const empty = { items: [], meta: { totalItems: 0 }, cursor: null };
    fx.sandbox.faults.add({ method: 'GET', path: '/mc/apps', times: 2, action: { kind: 'status', status: 200, body: empty } });
    const list = await runBurrow(['apps', 'list'], { env });
    expect(list).toMatchObject({ code: 0, stdout: '', stderr: 'No apps.\n' });
    const listJson = await runBurrow(['apps', 'list', '--json'], { env });
    expect(listJson).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(listJson.stdout)).toEqual([]);
  });

  it('create prints the id; list, get and delete see it; get after delete explains the 404 (exit 1)', async () => {
    const created = await runBurrow(['apps', 'create', '--file', appFile], { env });
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    const id = created.stdout.trim();
    expect(id).toMatch(/^[0-9A-Za-z]{15}$/);
    expect(await appIds()).toContain(id);

    const list = await runBurrow(['apps', 'list'], { env });
    expect(list.code).toBe(0);
    expect(list.stdout.split('\n').find((l) => l.startsWith(id))).toMatch(new RegExp(`^${id}\\s+inactive\\s+Demo app 1$`));
    const listJson = await runBurrow(['apps', 'list', '--json'], { env });
    expect((JSON.parse(listJson.stdout) as { id: string }[]).map((a) => a.id)).toEqual(await appIds());

    const got = await runBurrow(['apps', 'get', id, '--json'], { env });
    expect(got.code).toBe(0);
    expect(JSON.parse(got.stdout)).toMatchObject({ id, name: 'Demo app 1', volumes: [{ name: 'data', size: 5 }] });

    const deleted = await runBurrow(['apps', 'delete', id], { env });
    expect(deleted).toMatchObject({ code: 0, stdout: `deleted ${id}\n` });
    expect(await appIds()).not.toContain(id);
    const gone = await runBurrow(['apps', 'get', id], { env });
    expect(gone.code).toBe(1);
    expect(gone.stderr).toContain(APPS_ERROR_TEXTS[404]!.sentence);
    expect(gone.stdout).toBe('');
  });

  it('create --json prints the platform’s whole answer', async () => {
    const r = await runBurrow(['apps', 'create', '--file', appFile, '--json'], { env });
    expect(r.code).toBe(0);
    const body = JSON.parse(r.stdout) as { id: string };
    expect(Object.keys(body)).toEqual(['id']);
    expect(await appIds()).toContain(body.id);
  });

  it('--dry-run sends nothing: valid → "valid", exit 0; violations → one <path>: <rule> line each, exit 2', async () => {
    const before = await appIds();
    const ok = await runBurrow(['apps', 'create', '--file', appFile, '--dry-run'], { env: { PATH: env.PATH ?? '' } });
    expect(ok).toMatchObject({ code: 0, stdout: 'valid\n', stderr: '' });
    const body = setPath(setPath(setPath(fullApp(), 'name', ''), 'containerTemplates.0.endpoints.0.cdn.portMappings', [{ containerPort: 80 }, { containerPort: 81 }]), 'volumes.0.size', 101);
    const bad = await runBurrow(['apps', 'create', '--file', fileWith('bad.json', body), '--dry-run'], { env });
    expect(bad.code).toBe(2);
    expect(bad.stdout.trimEnd().split('\n').map((l) => l.slice(0, l.indexOf(': ')))).toEqual([
      'name',
      'containerTemplates[0].endpoints[0].cdn.portMappings',
      'volumes[0].size',
    ]);
    // Each rule in words, the field named as the form labels it with the rows around it.
    expect(bad.stdout).toContain('volumes[0].size: Volume 1 (data) › Size (GB): a whole number of GB, 1–100\n');
    expect(bad.stdout).toContain('name: Name: required (1–100 characters — letters, digits, hyphens and spaces)\n');
    // The rules spanning fields too, as the form applies them: min above max is refused on max.
    const minMax = await runBurrow(['apps', 'create', '--file', fileWith('minmax.json', setPath(setPath(fullApp(), 'autoScaling.min', 3), 'autoScaling.max', 1)), '--dry-run'], { env });
    expect(minMax).toMatchObject({ code: 2, stdout: 'autoScaling.max: Maximum instances per region: at least the minimum (3); the platform refuses a max below the min\n' });
    const broken = await runBurrow(['apps', 'create', '--file', fileWith('broken.json', '{\n  "name": "x",\n  ]'), '--dry-run'], { env });
    expect(broken.code).toBe(2);
    expect(broken.stdout).toMatch(/^\$: Invalid JSON body at position \d+ \(line 3, column 3\)/);
    // Without --dry-run a broken request is refused the same way, on stderr, and still nothing is sent.
    const refused = await runBurrow(['apps', 'create', '--file', fileWith('bad2.json', body)], { env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('volumes[0].size: Volume 1 (data) › Size (GB): a whole number of GB, 1–100\n');
    expect(await appIds()).toEqual(before);
  });

  it('a variable named twice in one container is refused by --dry-run and create, as by the env action (nothing sent)', async () => {
    const before = await appIds();
    const body = setPath(fullApp(), 'containerTemplates.0.environmentVariables', [{ name: 'MODE', value: 'a' }, { name: 'MODE', value: 'b' }]);
    const line = 'containerTemplates[0].environmentVariables[1].name: Container 1 (web) › Variable 2 (MODE) › Variable name: another variable of this container is already named “MODE”; variable names must be unique\n';
    const dry = await runBurrow(['apps', 'create', '--file', fileWith('twice.json', body), '--dry-run'], { env });
    expect(dry).toMatchObject({ code: 2, stdout: line });
    const refused = await runBurrow(['apps', 'create', '--file', fileWith('twice.json', body)], { env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(line);
    expect(await appIds()).toEqual(before);
  });

  it('a 400 from the platform prints its field errors as <path>: <rule> lines, exit 1', async () => {
    fx.sandbox.faults.add({
      method: 'POST',
      path: '/mc/apps',
      times: 1,
      action: {
        kind: 'status',
        status: 400,
        body: { title: 'One or more validation errors occurred.', status: 400, detail: 'See the errors for details.', errors: [
          { field: 'containerTemplates[1].endpoints[1].cdn.portMappings', message: 'Port 80 is mapped twice.' },
          { field: 'name', message: 'An app with this name exists.' },
        ] },
      },
    });
    const r = await runBurrow(['apps', 'create', '--file', appFile], { env });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    const lines = r.stderr.split('\n');
    // Burrow's words for the field, then the platform's own on a "platform says" line.
    const at = lines.indexOf('name: Name: 1–100 characters — letters, digits, hyphens and spaces');
    expect(at).toBeGreaterThanOrEqual(0);
    expect(lines[at + 1]).toBe('  platform says: An app with this name exists.');
    const mapped = lines.indexOf('containerTemplates[1].endpoints[1].cdn.portMappings: Container 2 › Endpoint 2 › CDN › Port mappings: exactly one port mapping for a CDN endpoint');
    expect(lines[mapped + 1]).toBe('  platform says: Port 80 is mapped twice.');
    expect(r.stderr).toContain(APPS_ERROR_TEXTS[400]!.sentence);
  });

  it('the application limit (409) and a suspended account (403) are explained, exit 1; the key never shows', async () => {
    fx.sandbox.faults.add({ method: 'POST', path: '/mc/apps', times: 1, action: { kind: 'status', status: 409, body: { title: 'Conflict', status: 409, detail: `Application count limit is reached (${fx.sandbox.accountKey}).` } } });
    const limit = await runBurrow(['apps', 'create', '--file', appFile], { env });
    expect(limit.code).toBe(1);
    expect(limit.stderr).toContain(APPS_ERROR_TEXTS[409]!.sentence);
    expect(limit.stderr).toContain(APPS_ERROR_TEXTS[409]!.action);
    expect(limit.stderr).not.toContain(fx.sandbox.accountKey);
    fx.sandbox.setSuspended(true);
    try {
      const suspended = await runBurrow(['apps', 'create', '--file', appFile], { env });
      expect(suspended.code).toBe(1);
      expect(suspended.stderr).toContain(APPS_ERROR_TEXTS[403]!.sentence);
    } finally {
      fx.sandbox.setSuspended(false);
    }
  });

  it('unreachable → exit 3; no key → exit 2; usage errors → exit 2 with the usage', async () => {
    const down = await runBurrow(['apps', 'create', '--file', appFile, '--containers-url', 'http://127.0.0.1:9/mc'], { env });
    expect(down.code).toBe(3);
    const { BUNNYNET_API_KEY: _key, ...noKey } = env;
    const nokey = await runBurrow(['apps', 'list'], { env: noKey });
    expect(nokey.code).toBe(2);
    expect(nokey.stderr).toContain('Not logged in');
    for (const args of [['apps', 'create'], ['apps', 'get'], ['apps', 'frob'], ['apps', 'list', '--dry-run'], ['apps', 'get', 'a/b']]) {
      const r = await runBurrow(args, { env });
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toContain('usage: burrow apps list');
    }
    const help = await runBurrow(['apps', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--dry-run');
    const top = await runBurrow(['--help']);
    expect(top.stdout).toContain('apps list | get <id> | delete <id> | create --file <app.json>');
    expect(top.stdout).toContain('deploy|undeploy|restart <id> [--wait]');
  });
});
