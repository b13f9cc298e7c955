/**
 * The questions a form asks the platform while an app is being written: public image search, an image's tags, a tag's
 * digest, an image's config and config suggestions (`/registries/...`), the account's limits (`GET /limits`) and the
 * optimal region (`GET /regions/optimal`). Images come from a small catalogue of well-known ones; an image outside it
 * has no tags or suggestions (422), as the platform answers for an image it cannot find.
 */
import { createHash } from 'node:crypto';
import type { ValidationError } from '../../shared/apps/schema.js';
import type { SandboxContext } from '../context.js';
import { BodyError, canAnswer, readJson, sendJson } from '../http.js';
import { pathPattern, type Call, type Route } from './operations.js';
import { sendErrorDetails } from './replies.js';

type RegistryKind = 'dockerhub' | 'github';

interface Port {
  readonly port: number;
  /** CDN for web traffic, anycast for everything else (databases, caches). */
  readonly kind: 'cdn' | 'anycast';
  readonly name: string;
}

interface EnvSuggestion {
  readonly name: string;
  readonly defaultValue: string | null;
  readonly required: boolean;
}

interface CatalogueImage {
  readonly registry: RegistryKind;
  readonly namespace: string;
  readonly name: string;
  /** Newest first, as registries list them. */
  readonly tags: readonly string[];
  readonly ports: readonly Port[];
  readonly env: readonly EnvSuggestion[];
  readonly volumes: readonly { readonly containerPath: string; readonly suggestedVolumeName: string }[];
  readonly instructions?: string;
}

const env = (name: string, defaultValue: string | null = null, required = false): EnvSuggestion => ({ name, defaultValue, required });
const web = (port: number, name = 'web'): Port => ({ port, kind: 'cdn', name });
const tcp = (port: number, name: string): Port => ({ port, kind: 'anycast', name });
const vol = (containerPath: string, suggestedVolumeName: string) => ({ containerPath, suggestedVolumeName });

/** MySQL or its fork MariaDB: the same port, data folder and variables, under the image's own prefix. */
function mysqlLike(name: string, prefix: string, tags: readonly string[]): CatalogueImage {
  const vars = [env(`${prefix}_ROOT_PASSWORD`, null, true), env(`${prefix}_DATABASE`), env(`${prefix}_USER`), env(`${prefix}_PASSWORD`)];
  return { registry: 'dockerhub', namespace: 'library', name, tags, ports: [tcp(3306, name)], env: vars, volumes: [vol('/var/lib/mysql', `${name}-data`)] };
}

/** Well-known public images, with tags, ports, environment and volumes close to what their images declare. */
export const CATALOGUE: readonly CatalogueImage[] = [
  { registry: 'dockerhub', namespace: 'library', name: 'nginx', tags: ['latest', '1.27', '1.27-alpine', '1.26', 'alpine', 'stable'], ports: [web(80)], env: [], volumes: [] },
  {
    registry: 'dockerhub',
    namespace: 'library',
    name: 'postgres',
    tags: ['latest', '17', '17-alpine', '16', '16-alpine', '15'],
    ports: [tcp(5432, 'postgres')],
    env: [env('POSTGRES_PASSWORD', null, true), env('POSTGRES_USER', 'postgres'), env('POSTGRES_DB', 'postgres'), env('PGDATA', '/var/lib/postgresql/data')],
    volumes: [vol('/var/lib/postgresql/data', 'postgres-data')],
    instructions: 'Set POSTGRES_PASSWORD; the superuser is POSTGRES_USER.',
  },
  { registry: 'dockerhub', namespace: 'library', name: 'redis', tags: ['latest', '7.4', '7.4-alpine', '7.2', 'alpine'], ports: [tcp(6379, 'redis')], env: [], volumes: [vol('/data', 'redis-data')] },
  { registry: 'dockerhub', namespace: 'library', name: 'node', tags: ['latest', '22', '22-alpine', '20', '20-alpine', 'lts'], ports: [], env: [env('NODE_ENV', 'production')], volumes: [] },
  {
    registry: 'dockerhub',
    namespace: 'library',
    name: 'ghost',
    tags: ['latest', '5', '5-alpine', '5.105'],
    ports: [web(2368)],
    env: [env('url', null, true), env('database__client', 'sqlite3'), env('NODE_ENV', 'production')],
    volumes: [vol('/var/lib/ghost/content', 'ghost-content')],
    instructions: 'Set url to the address people will open.',
  },
  {
    registry: 'dockerhub',
    namespace: 'library',
    name: 'wordpress',
    tags: ['latest', '6', '6.7', '6.7-php8.3-apache', 'php8.3'],
    ports: [web(80)],
    env: [env('WORDPRESS_DB_HOST', null, true), env('WORDPRESS_DB_USER', 'wordpress'), env('WORDPRESS_DB_PASSWORD', null, true), env('WORDPRESS_DB_NAME', 'wordpress')],
    volumes: [vol('/var/www/html', 'wordpress-html')],
  },
  mysqlLike('mysql', 'MYSQL', ['latest', '9', '8.4', '8.0', 'lts']),
  mysqlLike('mariadb', 'MARIADB', ['latest', '11', '11.4', '10.11', 'lts']),
  { registry: 'dockerhub', namespace: 'library', name: 'mongo', tags: ['latest', '8', '7', '6'], ports: [tcp(27017, 'mongo')], env: [env('MONGO_INITDB_ROOT_USERNAME'), env('MONGO_INITDB_ROOT_PASSWORD')], volumes: [vol('/data/db', 'mongo-data')] },
  { registry: 'dockerhub', namespace: 'library', name: 'httpd', tags: ['latest', '2.4', '2.4-alpine', 'alpine'], ports: [web(80)], env: [], volumes: [] },
  { registry: 'dockerhub', namespace: 'library', name: 'caddy', tags: ['latest', '2', '2-alpine', 'alpine'], ports: [web(80), web(443, 'https')], env: [], volumes: [vol('/data', 'caddy-data'), vol('/config', 'caddy-config')] },
  { registry: 'dockerhub', namespace: 'library', name: 'memcached', tags: ['latest', '1.6', '1.6-alpine', 'alpine'], ports: [tcp(11211, 'memcached')], env: [], volumes: [] },
  { registry: 'dockerhub', namespace: 'library', name: 'rabbitmq', tags: ['latest', '4', '4-management', '3.13'], ports: [tcp(5672, 'amqp')], env: [env('RABBITMQ_DEFAULT_USER', 'guest'), env('RABBITMQ_DEFAULT_PASS', 'guest')], volumes: [vol('/var/lib/rabbitmq', 'rabbitmq-data')] },
  { registry: 'dockerhub', namespace: 'library', name: 'adminer', tags: ['latest', '4', '4.8.1'], ports: [web(8080)], env: [], volumes: [] },
  { registry: 'dockerhub', namespace: 'library', name: 'nextcloud', tags: ['latest', '30', '30-apache', '29'], ports: [web(80)], env: [], volumes: [vol('/var/www/html', 'nextcloud-html')] },
  { registry: 'dockerhub', namespace: 'library', name: 'python', tags: ['latest', '3.13', '3.13-slim', '3.12', '3.12-slim'], ports: [], env: [], volumes: [] },
  { registry: 'dockerhub', namespace: 'library', name: 'alpine', tags: ['latest', '3.21', '3.20', 'edge'], ports: [], env: [], volumes: [] },
  { registry: 'dockerhub', namespace: 'library', name: 'busybox', tags: ['latest', '1.37', 'stable'], ports: [], env: [], volumes: [] },
  {
    registry: 'dockerhub',
    namespace: 'grafana',
    name: 'grafana',
    tags: ['latest', '11.4.0', '11.3.2', '10.4.14'],
    ports: [web(3000)],
    env: [env('GF_SECURITY_ADMIN_USER', 'admin'), env('GF_SECURITY_ADMIN_PASSWORD', null, true)],
    volumes: [vol('/var/lib/grafana', 'grafana-data')],
  },
  { registry: 'dockerhub', namespace: 'louislam', name: 'uptime-kuma', tags: ['latest', '1', '1.23.16', '2.0.0-beta.1'], ports: [web(3001)], env: [], volumes: [vol('/app/data', 'uptime-kuma-data')] },
  { registry: 'dockerhub', namespace: 'n8nio', name: 'n8n', tags: ['latest', '1.72.1', 'next'], ports: [web(5678)], env: [env('N8N_ENCRYPTION_KEY', null, true), env('GENERIC_TIMEZONE', 'UTC')], volumes: [vol('/home/node/.n8n', 'n8n-data')] },
  { registry: 'github', namespace: 'home-assistant', name: 'home-assistant', tags: ['stable', 'latest', '2024.12', 'beta'], ports: [web(8123)], env: [env('TZ', 'UTC')], volumes: [vol('/config', 'home-assistant-config')] },
  { registry: 'github', namespace: 'gethomepage', name: 'homepage', tags: ['latest', 'v0.10.9', 'v0.10'], ports: [web(3000)], env: [env('HOMEPAGE_ALLOWED_HOSTS', null, true)], volumes: [vol('/app/config', 'homepage-config')] },
  { registry: 'github', namespace: 'linuxserver', name: 'nginx', tags: ['latest', '1.26.2', 'version-1.26.2-r0'], ports: [web(80), web(443, 'https')], env: [env('PUID', '1000'), env('PGID', '1000'), env('TZ', 'Etc/UTC')], volumes: [vol('/config', 'nginx-config')] },
];

/** Docker Hub answers its first ten matches whatever size and page ask for. */
const DOCKER_HUB_MATCHES = 10;
const DEFAULT_PAGE_SIZE = 10;

/** The limits a sandbox account has besides its application count (chosen to be met by a form, not by chance). */
export const SANDBOX_LIMITS = {
  maxNumberOfRegionsPerApplication: 4,
  maxNumberOfInstancesPerRegion: 3,
  maxNumberOfInstancesPerApplication: 12,
  maxNumberOfVolumesPerApplication: 5,
  maxVolumeSize: 100,
} as const;

/**
 * Which public registry a request means: `dockerhub` / `github` in any letter case (spaces and dashes ignored), or
 * the id the account's registry list gives the public one at docker.io or ghcr.io.
 */
function registryOf(ctx: SandboxContext, id: string): RegistryKind | undefined {
  const key = id.toLowerCase().replace(/[\s_-]/g, '');
  if (key === 'dockerhub' || key === 'docker.io') return 'dockerhub';
  if (key === 'github' || key === 'ghcr.io') return 'github';
  const listed = ctx.seed.registries.find((r) => String(r.id) === id.trim());
  if (listed?.hostName === 'docker.io') return 'dockerhub';
  if (listed?.hostName === 'ghcr.io') return 'github';
  return undefined;
}

function find(kind: RegistryKind, namespace: string, name: string): CatalogueImage | undefined {
  const ns = namespace.toLowerCase();
  const n = name.toLowerCase();
  return CATALOGUE.find((i) => i.registry === kind && i.namespace === ns && i.name === n);
}

/** A tag's digest: stable for one image and tag, different for any other. */
export function digestOf(image: CatalogueImage, tag: string): string {
  return `sha256:${createHash('sha256').update(`${image.registry}/${image.namespace}/${image.name}:${tag}`).digest('hex')}`;
}

function endpointsOf(image: CatalogueImage) {
  return image.ports.map((p) =>
    p.kind === 'cdn'
      ? { displayName: p.name, cdn: { isSslEnabled: true, portMappings: [{ containerPort: p.port }] } }
      : { displayName: p.name, anycast: { type: 'iPv4', portMappings: [{ containerPort: p.port, exposedPort: p.port, protocols: ['tcp'] }] } },
  );
}

type Body = Record<string, unknown>;
interface Field {
  readonly name: string;
  readonly required: boolean;
  readonly max?: number;
  readonly kind: 'text' | 'int';
  readonly range?: readonly [number, number];
}

/** Checks a request body against the fields its schema names (no others allowed); the problems, in the platform's shape. */
function check(body: unknown, fields: readonly Field[]): ValidationError[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return [{ field: '$', message: 'A JSON object body is required.' }];
  const b = body as Body;
  const errors: ValidationError[] = [];
  for (const key of Object.keys(b)) if (!fields.some((f) => f.name === key)) errors.push({ field: key, message: `Could not find member '${key}' on the request.` });
  for (const f of fields) {
    const v = b[f.name];
    if (v === undefined || v === null) {
      if (f.required) errors.push({ field: f.name, message: `The ${f.name} field is required.` });
    } else if (f.kind === 'text') {
      if (typeof v !== 'string') errors.push({ field: f.name, message: `The ${f.name} field must be a string.` });
      else if (v.length < 1 || (f.max !== undefined && v.length > f.max)) errors.push({ field: f.name, message: `The field ${f.name} must be a string with a minimum length of 1${f.max !== undefined ? ` and a maximum length of ${f.max}` : ''}.` });
    } else if (typeof v !== 'number' || !Number.isInteger(v) || (f.range && (v < f.range[0] || v > f.range[1]))) {
      errors.push({ field: f.name, message: `The field ${f.name} must be between ${f.range?.[0]} and ${f.range?.[1]}.` });
    }
  }
  return errors;
}

const text = (name: string, max?: number): Field => ({ name, required: true, kind: 'text', ...(max !== undefined ? { max } : {}) });
const IMAGE_FIELDS: readonly Field[] = [text('registryId'), text('imageName', 100), text('imageNamespace', 100)];
const TAG_FIELDS: readonly Field[] = [...IMAGE_FIELDS, text('tag', 100)];
const SEARCH_FIELDS: readonly Field[] = [
  text('registryId', 100),
  text('prefix', 100),
  { name: 'size', required: false, kind: 'int', range: [1, 100] },
  { name: 'page', required: false, kind: 'int', range: [1, 100] },
];

type Question = 'search' | 'tags' | 'digest' | 'image-config' | 'config-suggestions';

/** Answers one registry question (a POST of a JSON body, checked against the fields its schema names). */
async function ask(ctx: SandboxContext, question: Question, { req, res }: Call): Promise<void> {
  let body: unknown;
  try {
    body = await readJson(req);
  } catch (e) {
    if (!(e instanceof BodyError)) throw e;
    if (canAnswer(res)) sendErrorDetails(req, res, e.status === 400 ? 422 : e.status, e.message);
    return;
  }
  const problems = check(body, question === 'search' ? SEARCH_FIELDS : question === 'tags' ? IMAGE_FIELDS : TAG_FIELDS);
  if (problems.length > 0) return sendErrorDetails(req, res, 422, 'See the errors for details.', problems);
  const b = body as Body;
  const kind = registryOf(ctx, b.registryId as string);
  if (question === 'search') {
    if (!kind) return sendErrorDetails(req, res, 422, `Registry '${String(b.registryId)}' is not a public registry that can be searched.`);
    return sendJson(res, 200, search(kind, b.prefix as string, b.size as number | undefined, b.page as number | undefined));
  }
  const image = kind ? find(kind, b.imageNamespace as string, b.imageName as string) : undefined;
  if (question === 'image-config') {
    // The document gives this question no 422: an image it cannot read has no suggestions.
    return sendJson(res, 200, image ? { endpointSuggestions: endpointsOf(image), volumeSuggestions: image.volumes } : { endpointSuggestions: [], volumeSuggestions: [] });
  }
  const where = `${String(b.imageNamespace)}/${String(b.imageName)}`;
  if (!kind) return sendErrorDetails(req, res, 422, `Registry '${String(b.registryId)}' was not found.`);
  if (!image) return sendErrorDetails(req, res, 422, `Image '${where}' was not found in the registry.`);
  if (question === 'tags') return sendJson(res, 200, image.tags.map((name) => ({ name })));
  const tag = b.tag as string;
  if (!image.tags.includes(tag)) return sendErrorDetails(req, res, 422, `Tag '${tag}' of image '${where}' was not found.`);
  if (question === 'digest') return sendJson(res, 200, { imageNamespace: image.namespace, image: image.name, tag, digest: digestOf(image, tag) });
  sendJson(res, 200, {
    endpointSuggestions: endpointsOf(image),
    environmentVariablesSuggestions: image.env,
    volumeSuggestions: image.volumes,
    appName: image.name,
    instructions: image.instructions ?? null,
    registryUrl: image.registry === 'dockerhub' ? 'docker.io' : 'ghcr.io',
  });
}

/**
 * The registry questions, the account's limits and the optimal region as routes of the area. `appCount` is how many
 * applications the account holds now (the limits answer counts them).
 */
export function registryRoutes(ctx: SandboxContext, appCount: () => number): Route[] {
  const question = (path: string, q: Question): Route => ({ pattern: pathPattern(`/registries/${path}`), methods: ['POST'], run: (call) => ask(ctx, q, call), keyRefusedAsDetails: q === 'digest' });
  return [
    question('public-images/search', 'search'),
    question('tags', 'tags'),
    question('digest', 'digest'),
    question('image-config', 'image-config'),
    question('config-suggestions', 'config-suggestions'),
    {
      pattern: pathPattern('/limits'),
      methods: ['GET'],
      run: ({ res }) => sendJson(res, 200, { maxNumberOfApplications: ctx.options.appLimit, existingNumberOfApplications: appCount(), ...SANDBOX_LIMITS }),
    },
    { pattern: pathPattern('/regions/optimal'), methods: ['GET'], run: ({ res, query }) => sendJson(res, 200, { region: optimalRegion(ctx, query.get('cdnServerToken')) }) },
  ];
}

/** Images whose name (or namespace/name) starts with the prefix, any letter case; official images first. */
function search(kind: RegistryKind, prefix: string, size: number | undefined, page: number | undefined) {
  const q = prefix.toLowerCase();
  const matches = CATALOGUE.filter((i) => i.registry === kind && (i.name.startsWith(q) || `${i.namespace}/${i.name}`.startsWith(q) || i.namespace.startsWith(q)));
  const ordered = [...matches.filter((i) => i.namespace === 'library'), ...matches.filter((i) => i.namespace !== 'library')];
  const shown = kind === 'dockerhub' ? ordered.slice(0, DOCKER_HUB_MATCHES) : ordered.slice(((page ?? 1) - 1) * (size ?? DEFAULT_PAGE_SIZE), (page ?? 1) * (size ?? DEFAULT_PAGE_SIZE));
  return shown.map((i) => ({ id: i.name, namespace: i.namespace }));
}

/** The region with capacity nearest the caller: the first one, or one picked by the CDN server's token when given. */
function optimalRegion(ctx: SandboxContext, token: string | null) {
  const open = ctx.seed.regions.filter((r) => r.hasCapacity);
  const pool = open.length ? open : ctx.seed.regions;
  const index = token ? createHash('sha256').update(token).digest()[0]! % pool.length : 0;
  const r = pool[index]!;
  return { id: r.id, name: r.name, group: r.group, hasAnycastSupport: r.hasAnycastSupport, hasCapacity: r.hasCapacity };
}
