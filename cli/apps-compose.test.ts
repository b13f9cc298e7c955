/** `burrow apps create --from-compose` spawned as a real process against a sandbox: the dry run, the create, --anycast, and refusals. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBurrow, startFixture, type Fixture } from './testing/support.js';

let fx: Fixture;
let env: Record<string, string>;
let composeFile: string;

const COMPOSE = `services:
  web:
    image: ghcr.io/acme/guestbook:1.4
    env_file: web.env
    ports: ["80:8080", "8443:443", "9000:9000"]
    depends_on: [cache]
  cache:
    image: redis:7
    command: redis-server --save 60 1
    volumes: [cache-data:/data, ./redis.conf:/usr/local/etc/redis/redis.conf]
volumes:
  cache-data: {}
`;

beforeAll(async () => {
  fx = await startFixture();
  env = { ...fx.env, BURROW_CONTAINERS_URL: fx.sandbox.containersUrl };
  const project = join(fx.home, 'guestbook');
  mkdirSync(project);
  writeFileSync(join(project, 'web.env'), 'GREETING=hello\n');
  composeFile = join(project, 'docker-compose.yml');
  writeFileSync(composeFile, COMPOSE);
});
afterAll(() => fx.close());

/** The apps the sandbox holds, in full, asked directly. */
async function apps(): Promise<Record<string, unknown>[]> {
  const res = await fetch(`${fx.sandbox.containersUrl}/apps?limit=1000`, { headers: { AccessKey: fx.sandbox.accountKey } });
  const ids = ((await res.json()) as { items: { id: string }[] }).items.map((a) => a.id);
  return Promise.all(ids.map(async (id) => (await (await fetch(`${fx.sandbox.containersUrl}/apps/${id}`, { headers: { AccessKey: fx.sandbox.accountKey } })).json()) as Record<string, unknown>));
}

describe('burrow apps create --from-compose', () => {
  it('--dry-run prints the request on stdout, what was not mapped on stderr, and creates nothing', async () => {
    const ran = await runBurrow(['apps', 'create', '--from-compose', composeFile, '--dry-run'], { env });
    expect(ran.code).toBe(0);
    const body = JSON.parse(ran.stdout) as Record<string, unknown>;
    expect(body).toMatchObject({
      name: 'guestbook',
      containerTemplates: [
        {
          name: 'web',
          imageNamespace: 'acme',
          imageName: 'guestbook',
          imageTag: '1.4',
          imageRegistryId: '2',
          environmentVariables: [{ name: 'GREETING', value: 'hello' }],
          endpoints: [
            { displayName: 'web-8080', anycast: { type: 'iPv4', portMappings: [{ containerPort: 8080, exposedPort: 80 }] } },
            { displayName: 'web-443', cdn: { isSslEnabled: true, portMappings: [{ containerPort: 443 }] } },
            { displayName: 'web-9000', anycast: { portMappings: [{ containerPort: 9000, exposedPort: 9000 }] } },
          ],
        },
        { name: 'cache', imageRegistryId: '1', entryPoint: { argumentsArray: ['redis-server', '--save', '60', '1'] }, volumeMounts: [{ name: 'cache-data', mountPath: '/data' }] },
      ],
      volumes: [{ name: 'cache-data', size: 10 }],
    });
    expect(ran.stderr.split('\n')).toEqual([
      'burrow apps: not mapped from docker-compose.yml:',
      expect.stringMatching(/^ {2}web depends_on: Left out: the containers of one app start together/),
      expect.stringMatching(/^ {2}cache volumes: The bind mount "\.\/redis\.conf:.*" was left out/),
      expect.stringMatching(/^ {2}volumes: Each volume is given 10 GB/),
      // "8443:443" goes behind the CDN, which does not keep the published port: said, not silently dropped.
      "  web ports: The published port 8443 of container port 443 is not used: behind the CDN the port is reached at the CDN's host name on 80 and 443. Publish it by anycast to keep 8443.",
      '',
    ]);
    expect(await apps()).toEqual([]);
  });

  it('creates the app as --file does, with --anycast switching a CDN port, and the sandbox holds it', async () => {
    const ran = await runBurrow(['apps', 'create', '--from-compose', composeFile, '--anycast', '443'], { env });
    expect(ran.code).toBe(0);
    const id = ran.stdout.trim();
    expect(id).toMatch(/^[0-9A-Za-z]{15}$/);
    const [app] = (await apps()).filter((a) => a.id === id);
    expect(app).toMatchObject({ name: 'guestbook' });
    const templates = app!.containerTemplates as { name: string; endpoints: { displayName: string; type: string }[] }[];
    expect(templates.map((c) => c.name)).toEqual(['web', 'cache']);
    expect(templates[0]!.endpoints.map((e) => [e.displayName, e.type.toLowerCase()])).toEqual([
      ['web-8080', 'anycast'],
      ['web-443', 'anycast'],
      ['web-9000', 'anycast'],
    ]);
  });

  it('refuses an --anycast port no service publishes, in words (exit 2)', async () => {
    const port = await runBurrow(['apps', 'create', '--from-compose', composeFile, '--anycast', '5432', '--dry-run'], { env });
    expect(port.code).toBe(2);
    expect(port.stderr).toContain('burrow apps: --anycast 5432: no service of docker-compose.yml publishes container port 5432');
  });

  it('refuses a file that is not YAML, and --file with --from-compose, in words (exit 2)', async () => {

    const broken = join(fx.home, 'broken.yml');
    writeFileSync(broken, 'services: [unclosed\n');
    const notYaml = await runBurrow(['apps', 'create', '--from-compose', broken], { env });
    expect(notYaml.code).toBe(2);
    expect(notYaml.stderr).toMatch(/^burrow apps: The compose file could not be imported\nbroken\.yml: This is not a YAML file: /);

    const both = await runBurrow(['apps', 'create', '--from-compose', composeFile, '--file', 'app.json'], { env });
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('give either --file or --from-compose, not both');
  });

  it('sends nothing when the mapped request breaks a rule (an image to fill in), naming the field', async () => {
    const built = join(fx.home, 'built.yml');
    writeFileSync(built, 'services:\n  app:\n    build: .\n');
    const before = (await apps()).length;
    const ran = await runBurrow(['apps', 'create', '--from-compose', built], { env });
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain('app build: The build context was left out');
    expect(ran.stderr).toContain('burrow apps: the request from built.yml breaks');
    expect(ran.stderr).toMatch(/containerTemplates\[0\]\.imageName: /);
    expect((await apps()).length).toBe(before);
  });
});
