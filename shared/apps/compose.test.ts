import { describe, expect, it } from 'vitest';
import { addApplicationRequestSchema } from './schema.js';
import { composeEnvFiles, mapCompose, parseComposeText, type EnvFileRead } from './compose.js';
import { durationSeconds } from './compose-health.js';
import { setEndpointKind, withEndpoints } from './compose-endpoints.js';

const REGISTRIES = [
  { id: 11, hostName: 'registry-1.docker.io' },
  { id: 12, hostName: 'ghcr.io' },
];

function map(yaml: string, envFiles: Record<string, EnvFileRead> = {}, folderName = 'my_project') {
  const parsed = parseComposeText(yaml);
  if (!parsed.ok) throw new Error(parsed.message);
  return mapCompose(parsed.doc, { folderName, registries: REGISTRIES, envFiles: new Map(Object.entries(envFiles)) });
}

/** The unmapped list as "service key" pairs, for tables. */
function keys(m: ReturnType<typeof map>): string[] {
  return m.unmapped.map((u) => `${u.service ?? '(file)'} ${u.key}`);
}

interface Row {
  readonly title: string;
  readonly yaml: string;
  readonly envFiles?: Record<string, EnvFileRead>;
  readonly body: unknown;
  readonly unmapped: readonly string[];
}

const TABLE: readonly Row[] = [
  {
    title: 'web + db with a named volume (the official WordPress example)',
    yaml: `
services:
  db:
    image: mariadb:10.6.4-focal
    command: '--default-authentication-plugin=mysql_native_password'
    volumes:
      - db_data:/var/lib/mysql
    restart: always
    environment:
      - MYSQL_ROOT_PASSWORD=somewordpress
      - MYSQL_DATABASE=wordpress
    expose:
      - 3306
  wordpress:
    image: wordpress:latest
    ports:
      - 80:80
    restart: always
    environment:
      WORDPRESS_DB_HOST: db
      WORDPRESS_DB_NAME: wordpress
volumes:
  db_data:
`,
    body: {
      name: 'my-project',
      runtimeType: 'shared',
      autoScaling: { min: 1, max: 1 },
      regionSettings: {},
      containerTemplates: [
        {
          name: 'db',
          imageName: 'mariadb',
          imageNamespace: 'library',
          imageTag: '10.6.4-focal',
          imageRegistryId: '11',
          environmentVariables: [
            { name: 'MYSQL_ROOT_PASSWORD', value: 'somewordpress' },
            { name: 'MYSQL_DATABASE', value: 'wordpress' },
          ],
          entryPoint: { argumentsArray: ['--default-authentication-plugin=mysql_native_password'] },
          volumeMounts: [{ name: 'db_data', mountPath: '/var/lib/mysql' }],
        },
        {
          name: 'wordpress',
          imageName: 'wordpress',
          imageNamespace: 'library',
          imageTag: 'latest',
          imageRegistryId: '11',
          environmentVariables: [
            { name: 'WORDPRESS_DB_HOST', value: 'db' },
            { name: 'WORDPRESS_DB_NAME', value: 'wordpress' },
          ],
          endpoints: [{ displayName: 'wordpress-80', cdn: { isSslEnabled: true, portMappings: [{ containerPort: 80 }] } }],
        },
      ],
      volumes: [{ name: 'db_data', size: 10 }],
    },
    unmapped: ['db restart', 'db expose', 'wordpress restart', '(file) volumes'],
  },
  {
    title: 'env_file under environment, a variable from the shell, the long port syntax',
    yaml: `
name: shop
services:
  api:
    image: ghcr.io/acme/shop/api:2.1
    env_file:
      - ./api.env
      - path: ./local.env
        required: false
    environment:
      LOG_LEVEL: debug
      PORT: 8080
      API_TOKEN:
    ports:
      - target: 8080
        published: "443"
        protocol: tcp
        mode: host
      - target: 9000
        protocol: udp
`,
    envFiles: {
      './api.env': { text: '# settings\nLOG_LEVEL=info\nDATABASE_URL="postgres://localhost/shop"\n' },
      './local.env': { error: 'no such file', missing: true },
    },
    body: {
      name: 'shop',
      runtimeType: 'shared',
      autoScaling: { min: 1, max: 1 },
      regionSettings: {},
      containerTemplates: [
        {
          name: 'api',
          imageName: 'api',
          imageNamespace: 'acme/shop',
          imageTag: '2.1',
          imageRegistryId: '12',
          environmentVariables: [
            { name: 'LOG_LEVEL', value: 'debug' },
            { name: 'DATABASE_URL', value: 'postgres://localhost/shop' },
            { name: 'PORT', value: '8080' },
            { name: 'API_TOKEN', value: '' },
          ],
          endpoints: [
            { displayName: 'api-8080', anycast: { type: 'iPv4', portMappings: [{ containerPort: 8080, exposedPort: 443, protocols: ['tcp'] }] } },
            { displayName: 'api-9000-udp', anycast: { type: 'iPv4', portMappings: [{ containerPort: 9000, exposedPort: 9000, protocols: ['udp'] }] } },
          ],
        },
      ],
    },
    unmapped: ['api environment'],
  },
  {
    title: 'healthchecks: curl and nc map to probes with their timings, pg_isready does not',
    yaml: `
services:
  web:
    image: nginx:1.27
    ports: ["8080:80", "127.0.0.1:8443:443"]
    healthcheck:
      test: ["CMD-SHELL", "curl -fsS http://localhost:80/healthz?full=1 || exit 1"]
      interval: 1m30s
      timeout: 10s
      retries: 3
      start_period: 40s
  cache:
    image: redis:7
    healthcheck:
      test: ["CMD", "nc", "-z", "localhost", "6379"]
      interval: 5s
  db:
    image: postgres:16
    healthcheck:
      test: pg_isready -U postgres
`,
    body: {
      name: 'my-project',
      runtimeType: 'shared',
      autoScaling: { min: 1, max: 1 },
      regionSettings: {},
      containerTemplates: [
        {
          name: 'web',
          imageName: 'nginx',
          imageNamespace: 'library',
          imageTag: '1.27',
          imageRegistryId: '11',
          probes: {
            liveness: {
              httpGet: { request: { path: '/healthz?full=1', portNumber: 80 } },
              periodSeconds: 90,
              timeoutSeconds: 10,
              failureThreshold: 3,
              initialDelaySeconds: 40,
            },
          },
          endpoints: [
            { displayName: 'web-80', cdn: { isSslEnabled: true, portMappings: [{ containerPort: 80 }] } },
            { displayName: 'web-443', cdn: { isSslEnabled: true, portMappings: [{ containerPort: 443 }] } },
          ],
        },
        {
          name: 'cache',
          imageName: 'redis',
          imageNamespace: 'library',
          imageTag: '7',
          imageRegistryId: '11',
          probes: { liveness: { tcpSocket: { request: { portNumber: 6379 } }, periodSeconds: 5 } },
        },
        { name: 'db', imageName: 'postgres', imageNamespace: 'library', imageTag: '16', imageRegistryId: '11' },
      ],
    },
    unmapped: ['web ports', 'db healthcheck'],
  },
  {
    title: 'a build context, networks, depends_on, deploy resources and a bind mount',
    yaml: `
version: "3.9"
services:
  app:
    build: ./app
    depends_on: [db]
    networks: [back]
    volumes:
      - ./src:/usr/src/app
      - data:/data:ro
    deploy:
      resources:
        limits: { cpus: "0.5" }
    entrypoint: ["/bin/sh", "-c"]
    command: node server.js --port 3000
    ports: ["3000-3001:3000-3001"]
  db:
    image: postgres
    networks: [back]
networks:
  back: {}
volumes:
  data:
    external: true
x-common: { a: 1 }
`,
    body: {
      name: 'my-project',
      runtimeType: 'shared',
      autoScaling: { min: 1, max: 1 },
      regionSettings: {},
      containerTemplates: [
        {
          name: 'app',
          imageName: '',
          imageNamespace: '',
          imageTag: '',
          imageRegistryId: '',
          entryPoint: { commandArray: ['/bin/sh', '-c'], argumentsArray: ['node', 'server.js', '--port', '3000'] },
          volumeMounts: [{ name: 'data', mountPath: '/data' }],
          endpoints: [
            { displayName: 'app-3000', anycast: { type: 'iPv4', portMappings: [{ containerPort: 3000, exposedPort: 3000, protocols: ['tcp'] }] } },
            { displayName: 'app-3001', anycast: { type: 'iPv4', portMappings: [{ containerPort: 3001, exposedPort: 3001, protocols: ['tcp'] }] } },
          ],
        },
        { name: 'db', imageName: 'postgres', imageNamespace: 'library', imageTag: 'latest', imageRegistryId: '11' },
      ],
      volumes: [{ name: 'data', size: 10 }],
    },
    unmapped: [
      '(file) networks',
      'app build',
      'app depends_on',
      'app networks',
      'app deploy',
      'app volumes',
      'app volumes',
      'db networks',
      '(file) volumes',
      '(file) volumes',
    ],
  },
];

describe('mapCompose', () => {
  it.each(TABLE)('$title', (row) => {
    const m = map(row.yaml, row.envFiles);
    expect(m.body).toEqual(row.body);
    expect(keys(m)).toEqual(row.unmapped);
  });

  it('gives bodies the platform schema accepts when every image resolved', () => {
    for (const row of TABLE.slice(0, 3)) {
      const m = map(row.yaml, row.envFiles);
      expect(addApplicationRequestSchema.safeParse(m.body).success, row.title).toBe(true);
    }
  });

  it('says in words why a key was left out, naming the service', () => {
    const m = map(TABLE[3]!.yaml);
    const bind = m.unmapped.find((u) => u.service === 'app' && u.key === 'volumes' && u.message.includes('./src'));
    expect(bind?.message).toMatch(/bind mount .*left out: containers cannot see files on your computer/);
    expect(m.unmapped.find((u) => u.key === 'depends_on')?.message).toMatch(/start together and reach each other on localhost/);
    expect(m.unmapped.find((u) => u.key === 'build')?.message).toMatch(/does not build them/);
    expect(m.unmapped.find((u) => u.service === 'app' && u.message.includes('read-write'))).toBeDefined();
  });

  it('reads the short port forms: a bare port, host:container, an address, a protocol and ranges', () => {
    const m = map(`
services:
  s:
    image: nginx
    ports: ["80", "8080:8081", "127.0.0.1:5353:53/udp", "[::1]:6000:6001", "9000-9002", "1-100", "x:1"]
`);
    expect(m.endpoints.map((e) => `${e.exposedPort}->${e.containerPort}/${e.protocol} ${e.kind}`)).toEqual([
      '80->80/tcp cdn',
      '8080->8081/tcp anycast',
      '5353->53/udp anycast',
      '6000->6001/tcp anycast',
      '9000->9000/tcp anycast',
      '9001->9001/tcp anycast',
      '9002->9002/tcp anycast',
    ]);
    expect(m.unmapped.map((u) => u.message)).toEqual([
      expect.stringContaining('"127.0.0.1" was dropped'),
      expect.stringContaining('"::1" was dropped'),
      expect.stringContaining('a range of 100 ports'),
      expect.stringContaining('not a port'),
    ]);
  });

  it('switches a port between CDN and anycast in the body, and never puts a UDP port behind the CDN', () => {
    const m = map(`
services:
  s:
    image: nginx
    ports: ["80:80", "53:53/udp"]
`);
    const anycast = setEndpointKind(m.endpoints, 's-80', 'anycast');
    const body = withEndpoints(m.body, anycast);
    expect(body.containerTemplates?.[0]?.endpoints).toEqual([
      { displayName: 's-80', anycast: { type: 'iPv4', portMappings: [{ containerPort: 80, exposedPort: 80, protocols: ['tcp'] }] } },
      { displayName: 's-53-udp', anycast: { type: 'iPv4', portMappings: [{ containerPort: 53, exposedPort: 53, protocols: ['udp'] }] } },
    ]);
    expect(setEndpointKind(m.endpoints, 's-53-udp', 'cdn')).toEqual(m.endpoints);
  });

  it('reports an env_file that could not be read or parsed, and a missing optional one not at all', () => {
    const yaml = `
services:
  s:
    image: nginx
    env_file: [a.env, b.env, {path: c.env, required: false}]
`;
    const m = map(yaml, { 'a.env': { error: 'permission denied' }, 'b.env': { text: 'not a line\n' }, 'c.env': { error: 'no such file', missing: true } });
    expect(m.unmapped.map((u) => u.message)).toEqual([
      '"a.env" could not be read: permission denied.',
      expect.stringMatching(/^"b\.env" was left out: Line 1: expected NAME=VALUE/),
    ]);
    const parsed = parseComposeText(yaml);
    expect(parsed.ok && composeEnvFiles(parsed.doc)).toEqual(['a.env', 'b.env', 'c.env']);
  });

  it('names the registry problem when no account registry serves the image host', () => {
    const m = map('services:\n  s:\n    image: quay.io/org/app:1\n');
    expect(m.body.containerTemplates?.[0]).toMatchObject({ imageName: 'app', imageNamespace: 'org', imageTag: '1', imageRegistryId: '' });
    expect(m.unmapped[0]).toMatchObject({ service: 's', key: 'image' });
    expect(m.unmapped[0]!.message).toContain('quay.io');
  });

  it('takes YAML anchors and merge keys as compose does', () => {
    const m = map(`
x-env: &env
  environment: { A: "1" }
services:
  one:
    <<: *env
    image: nginx
`);
    expect(m.body.containerTemplates?.[0]?.environmentVariables).toEqual([{ name: 'A', value: '1' }]);
  });
});

describe('parseComposeText', () => {
  it('says when the text is not YAML, not a mapping, or has no services', () => {
    expect(parseComposeText('services: [unclosed')).toMatchObject({ ok: false, message: expect.stringMatching(/^This is not a YAML file: /) });
    // The parser's line and column, as a sentence: not the colon that introduced its code frame.
    const misaligned = parseComposeText('services:\n  web:\n    image: nginx\n   ports: [80\n');
    expect(misaligned).toMatchObject({ ok: false, message: expect.stringMatching(/^This is not a YAML file: .* at line \d+, column \d+\.$/) });
    expect(parseComposeText('- a\n- b\n')).toEqual({ ok: false, message: expect.stringContaining('should be a YAML mapping') });
    expect(parseComposeText('name: x\nservices: {}\n')).toEqual({ ok: false, message: 'This compose file has no services: there is nothing to make containers from.' });
  });
});

describe('durationSeconds', () => {
  it.each([
    ['30s', 30],
    ['1m30s', 90],
    ['1.5s', 2],
    ['500ms', 1],
    ['1h', 3600],
    [15, 15],
    ['soon', null],
    ['10', null],
  ])('%s → %s', (text, seconds) => {
    expect(durationSeconds(text)).toBe(seconds);
  });
});
