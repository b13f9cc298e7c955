/** apps.importCompose through the whole core: the open dialog (mocked), real files on disk, the sandbox's registries. */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ComposeImportResult } from '../../../shared/contract/apps.js';
import type { ProfileView } from '../../../shared/settings/profiles.js';
import type { AppError } from '../../../shared/contract/result.js';
import { startSandbox, type Sandbox } from '../../../sandbox/server.js';
import { endpointsOf } from '../platform/testing/support.js';
import { startCore, type Harness } from '../testing/core-harness.js';

let sandbox: Sandbox;
let h: Harness;
let dir: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  h = await startCore();
  const p = await h.call<ProfileView>('settings.createProfile', { name: 'Containers', endpoints: endpointsOf(sandbox) });
  await h.call('settings.setKey', { profileId: p.id, slot: { kind: 'account' }, value: sandbox.accountKey });
  await h.call('settings.activateProfile', { id: p.id });
  dir = await mkdtemp(join(tmpdir(), 'burrow-compose-'));
});
afterAll(async () => {
  await h.core.close();
  await sandbox.close();
});

async function failure(): Promise<AppError> {
  const r = await h.core.invoke('apps.importCompose', {});
  if (r.ok) throw new Error(`importCompose succeeded: ${JSON.stringify(r.value)}`);
  return r.error;
}

describe('apps.importCompose', () => {
  it('is null when the dialog is cancelled', async () => {
    expect(await h.call('apps.importCompose')).toBeNull();
  });

  it('reads the chosen file and its env_file beside it, maps it with the account’s registries, and the body creates the app', async () => {
    const project = join(dir, 'guestbook');
    await mkdir(join(project, 'config'), { recursive: true });
    await writeFile(join(project, 'config', 'web.env'), 'GREETING="hello there"\n# a comment\nREDIS_URL=redis://localhost:6379\n');
    await writeFile(
      join(project, 'compose.yaml'),
      `services:
  web:
    image: ghcr.io/acme/guestbook:1.4
    env_file: config/web.env
    ports: ["80:8080", "443"]
  redis:
    image: redis:7
    volumes: [cache:/data]
    depends_on: [web]
volumes:
  cache: {}
`,
    );
    h.openAnswers.push([join(project, 'compose.yaml')]);
    const result = await h.call<ComposeImportResult>('apps.importCompose');
    expect(result.fileName).toBe('compose.yaml');
    expect(result.body).toMatchObject({
      name: 'guestbook',
      containerTemplates: [
        {
          name: 'web',
          imageNamespace: 'acme',
          imageName: 'guestbook',
          imageTag: '1.4',
          imageRegistryId: '2',
          environmentVariables: [
            { name: 'GREETING', value: 'hello there' },
            { name: 'REDIS_URL', value: 'redis://localhost:6379' },
          ],
        },
        { name: 'redis', imageNamespace: 'library', imageName: 'redis', imageTag: '7', imageRegistryId: '1', volumeMounts: [{ name: 'cache', mountPath: '/data' }] },
      ],
      volumes: [{ name: 'cache', size: 10 }],
    });
    expect(result.endpoints.map((e) => [e.displayName, e.kind])).toEqual([
      ['web-8080', 'anycast'],
      ['web-443', 'cdn'],
    ]);
    expect(result.unmapped.map((u) => `${u.service} ${u.key}`)).toEqual(['redis depends_on', 'null volumes']);

    const { id } = await h.call<{ id: string }>('apps.create', { body: result.body });
    const app = await h.call<{ name: string; containerTemplates: { name: string }[] }>('apps.get', { id });
    expect(app.name).toBe('guestbook');
    expect(app.containerTemplates.map((c) => c.name)).toEqual(['web', 'redis']);
  });

  it('says in words when the file is not YAML, has no services, or cannot be read', async () => {
    await writeFile(join(dir, 'broken.yml'), 'services:\n  web: [unclosed\n');
    await writeFile(join(dir, 'empty.yml'), 'name: nothing\n');
    h.openAnswers.push([join(dir, 'broken.yml')], [join(dir, 'empty.yml')], [join(dir, 'missing.yml')]);
    expect(await failure()).toMatchObject({ kind: 'validation', title: 'The compose file could not be imported', detail: expect.stringMatching(/^broken\.yml: This is not a YAML file: /) });
    expect((await failure()).detail).toBe('empty.yml: This compose file has no services: there is nothing to make containers from.');
    expect((await failure()).detail).toBe('missing.yml could not be read: the file does not exist.');
  });

  it('refuses a file larger than a compose file can sensibly be, without reading it whole', async () => {
    await writeFile(join(dir, 'huge.yml'), `services: {}\n#${'x'.repeat(600 * 1024)}\n`);
    h.openAnswers.push([join(dir, 'huge.yml')]);
    expect((await failure()).detail).toMatch(/^huge\.yml could not be read: it is \d+ bytes; at most 524288 are read\.$/);
  });

  it('lists an env_file that does not exist as not mapped, and still maps the rest', async () => {
    await writeFile(join(dir, 'compose.yml'), 'services:\n  s:\n    image: nginx\n    env_file: nope.env\n');
    h.openAnswers.push([join(dir, 'compose.yml')]);
    const result = await h.call<ComposeImportResult>('apps.importCompose');
    expect(result.unmapped).toEqual([{ service: 's', key: 'env_file', message: '"nope.env" could not be read: the file does not exist.' }]);
    expect(result.body).toMatchObject({ containerTemplates: [{ name: 's', imageName: 'nginx' }] });
  });
});
