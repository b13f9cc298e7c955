/** Test support: the containers area alone on a real loopback server, plus a fully featured valid create body. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect } from 'vitest';
import { createRequestListener } from '../../server.js';
import type { SandboxContext } from '../../context.js';
import { createSeed } from '../../seed.js';
import { validateResponse } from '../../testing/openapi.js';
import { createContainersArea } from '../index.js';

/** One running containers area. */
export interface Harness {
  readonly url: string;
  readonly key: string;
  readonly ctx: SandboxContext;
  call(method: string, path: string, init?: { body?: string | undefined; headers?: Record<string, string> }): Promise<Reply>;
  /** POST /apps with a JSON body (a string is sent as is). */
  create(body: unknown, headers?: Record<string, string>): Promise<Reply>;
  close(): Promise<void>;
}

export interface Reply {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  readonly json: unknown;
}

type StartOptions = { appLimit?: number; seed?: number; now?: () => number; appTransitionMs?: number };

/** Registers closing after each test; the starter opens a containers area as startContainers does (`defaults` first). */
export function useContainers(defaults: StartOptions = {}): (options?: StartOptions) => Promise<Harness> {
  const open: Harness[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((h) => h.close()));
  });
  return async (options) => {
    const h = await startContainers({ ...defaults, ...options });
    open.push(h);
    return h;
  };
}

/** Expects a reply to be one the platform's OpenAPI document allows for the operation. */
export const validReply = (method: string, template: string, r: Reply) => expect(validateResponse('magic-containers', method, template, r.status, r.json)).toEqual([]);

/** A request's init with a JSON body. */
export const jsonBody = (body: unknown) => ({ body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

/** The field errors of an ErrorDetails reply. */
export const errorsOf = (r: Reply) => (r.json as { errors: { field: string; message: string }[] }).errors;

/** A container of an Application, as the update tests read it. */
export interface Template {
  readonly id: string;
  readonly name: string;
  readonly imageTag: string;
  readonly image: string;
  readonly imageDigest: string;
  readonly packageId: string;
  readonly environmentVariables: readonly { name: string; value?: string }[];
  readonly endpoints: readonly { id: string; displayName: string; type: string; publicHost: string }[];
  readonly volumeMounts: readonly { name: string; mountPath: string }[];
}

/** An Application, as the update tests read it. */
export interface AppView {
  readonly name: string;
  readonly status: string;
  readonly autoScaling: { min: number; max: number };
  readonly containerTemplates: readonly Template[];
  readonly containerInstances: readonly { podId: string }[];
  readonly volumes: readonly { name: string; size: number }[];
  readonly regionSettings: { allowedRegionIds: string[]; requiredRegionIds: string[] };
}

/** GET /apps/{id}, checked against the document. */
export async function readApp(h: Harness, id: string): Promise<AppView> {
  const res = await h.call('GET', `/apps/${id}`);
  validReply('GET', '/apps/{appId}', res);
  return res.json as AppView;
}

/** A created fullApp and the app as read back. */
export async function madeApp(h: Harness): Promise<{ id: string; app: AppView }> {
  const res = await h.create(fullApp());
  const { id } = res.json as { id: string };
  return { id, app: await readApp(h, id) };
}

/** Starts the area under /mc on 127.0.0.1, a free port. */
export async function startContainers(options: StartOptions = {}): Promise<Harness> {
  const seed = createSeed(options.seed ?? 1);
  const ctx: SandboxContext = {
    options: {
      seed: options.seed ?? 1,
      appLimit: options.appLimit ?? 100,
      fetchQueueLimit: 5,
      processingStepMs: 1000,
      appTransitionMs: options.appTransitionMs ?? 3000,
      logRateLimit: { requests: 30, windowMs: 10_000 },
      liveTraffic: false,
      now: options.now ?? Date.now,
      discardUploads: false,
      realism: false,
    },
    seed,
    dataDir: '',
    origin: () => url,
    accountSuspended: false,
  };
  const area = createContainersArea(ctx);
  const server = createServer(
    createRequestListener(async (req, res, path, query) => {
      if (path !== '/mc' && !path.startsWith('/mc/')) return false;
      return area.handle(req, res, path.slice(3) || '/', query);
    }, [seed.accountKey]),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mc`;
  const call: Harness['call'] = async (method, path, init = {}) => {
    const res = await fetch(`${url}${path}`, { method, headers: { AccessKey: seed.accountKey, ...init.headers }, body: init.body });
    const text = await res.text();
    let json: unknown;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, text, json };
  };
  return {
    url,
    key: seed.accountKey,
    ctx,
    call,
    create: (body, headers = {}) =>
      call('POST', '/apps', {
        body: typeof body === 'string' ? body : JSON.stringify(body),
        headers: { 'content-type': 'application/json', ...headers },
      }),
    close: async () => {
      await area.close?.();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const DIGEST = `sha256:${'0123456789abcdef'.repeat(4)}`;

/** A create body that uses every field the create request accepts and is valid against the seeded account. */
export function fullApp(): Record<string, unknown> {
  return {
    name: 'Demo app 1',
    runtimeType: 'shared',
    terminationGracePeriodSeconds: 30,
    repositorySettings: { templateRepository: null, repositoryName: 'demo', owner: 'me' },
    autoScaling: { min: 1, max: 3 },
    regionSettings: { allowedRegionIds: ['DE', 'UK'], requiredRegionIds: ['DE'], maxAllowedRegions: 2, nodeSelectors: { tier: 'web' } },
    containerTemplates: [
      {
        name: 'web',
        image: 'docker.io/library/nginx:1.27',
        imageName: 'nginx',
        imageNamespace: 'library',
        imageTag: '1.27',
        imageDigest: DIGEST,
        imageRegistryId: '1',
        imagePullPolicy: 'ifNotPresent',
        entryPoint: { command: null, commandArray: ['nginx'], arguments: null, argumentsArray: ['-g', 'daemon off;'], workingDirectory: '/' },
        probes: {
          startup: { tcpSocket: { request: { portNumber: 80 } } },
          readiness: { periodSeconds: 5, grpc: { request: { portNumber: 9000, serviceName: null } } },
          liveness: {
            initialDelaySeconds: 10,
            periodSeconds: 10,
            timeoutSeconds: 7,
            failureThreshold: 3,
            successThreshold: 1,
            httpGet: { request: { path: '/healthz', portNumber: 80 }, response: { expectedStatusCode: 'ok' } },
          },
        },
        environmentVariables: [{ name: 'MODE', value: 'demo' }],
        endpoints: [
          {
            displayName: 'cdn',
            cdn: {
              isSslEnabled: true,
              stickySessions: { enabled: true, sessionHeaders: ['X-User'], cookieName: 'sticky' },
              pullZoneId: null,
              portMappings: [{ containerPort: 80, exposedPort: 80, protocols: ['tcp'] }],
            },
          },
          { displayName: 'anycast', anycast: { type: 'iPv4', portMappings: [{ containerPort: 53, protocols: ['udp', 'tcp'] }] } },
        ],
        volumeMounts: [{ name: 'data', mountPath: '/var/lib/data' }],
      },
    ],
    volumes: [{ name: 'data', size: 5 }],
  };
}

/** Sets (or, with `undefined`, deletes) the member at a dotted path like `containerTemplates.0.endpoints.1.cdn`. */
export function setPath(target: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const parts = path.split('.');
  let node: Record<string, unknown> = target;
  for (const part of parts.slice(0, -1)) node = node[part] as Record<string, unknown>;
  const last = parts[parts.length - 1] ?? '';
  if (value === undefined) delete node[last];
  else node[last] = value;
  return target;
}
