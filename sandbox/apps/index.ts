/**
 * The Magic Containers area, mounted under /mc: applications (list, create, get, update, delete, deploy, undeploy,
 * restart, overview, statistics) and their parts (autoscaling, region settings, containers, env, endpoints, volumes,
 * pods), nodes, regions and image registries, with the platform's cursor-paged lists and its two error shapes
 * (ErrorDetails, ProblemDetails). Routes are a table: another file adds its operations to `routes`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Area, SandboxContext } from '../context.js';
import { header, sendEmpty, sendJson } from '../http.js';
import type { SavedPart } from '../state.js';
import { createApp } from './create.js';
import type { Application } from './model.js';
import {
  appOf,
  appView,
  autoscaling,
  changing,
  deployApp,
  getOverview,
  getStatistics,
  getSummary,
  nodes,
  patchApp,
  regionSettings,
  replaceApp,
  restartApp,
  undeployApp,
  pathPattern,
  type Operations,
  type Route,
} from './operations.js';
import { addContainer, addEndpoint, container, containerEnv, deleteVolumeInstance, detachVolume, endpoint, listEndpoints, listVolumes, recreatePod, volume } from './parts.js';
import { sendErrorDetails, sendProblem } from './replies.js';
import { registryRoutes } from './registry.js';
import { savedRunState, type StoredApp } from './running.js';
import { AppStore, paginate } from './store.js';
import { createAppZones, demoApps } from './zones.js';
import { variedStatus, withExtraMembers } from './variety.js';

// Public registries have no owner or credentials; a fixed date keeps answers repeatable.
const REGISTRY_CREATED_AT = '2024-01-01T00:00:00Z';

/** The first route whose pattern matches, with its decoded parameters; undefined when none does (or a parameter is not decodable). */
function match(routes: readonly Route[], path: string): { route: Route; params: string[] } | undefined {
  for (const route of routes) {
    const m = route.pattern.exec(path);
    if (!m) continue;
    try {
      return { route, params: m.slice(1).map((p) => decodeURIComponent(p)) };
    } catch {
      return undefined;
    }
  }
  return undefined;
}

function sendPage<T>(req: IncomingMessage, res: ServerResponse, all: readonly T[], query: URLSearchParams): void {
  const result = paginate(all, query);
  if (result.ok) sendJson(res, 200, result.page);
  else sendErrorDetails(req, res, 400, 'See the errors for details.', result.errors);
}

/** A create request's body as it arrived, for tests in the same process. */
export interface ReceivedCreate {
  readonly at: number;
  /** The bytes as UTF-8 text, exactly as sent. */
  readonly body: string;
}

/** An update body as it arrived (PUT or PATCH of an app or of one of its parts, POST of a part), for tests in the same process. */
export interface ReceivedUpdate {
  readonly at: number;
  readonly method: string;
  /** The request path under the area (e.g. `/apps/{id}`), without the query. */
  readonly path: string;
  /** The bytes as UTF-8 text, exactly as sent. */
  readonly body: string;
}

/** The containers area plus what tests read of it. */
export interface ContainersArea extends Area {
  /** The latest create bodies (at most 100), oldest first. */
  received(): readonly ReceivedCreate[];
  /** The latest update bodies (at most 100), oldest first. */
  receivedUpdates(): readonly ReceivedUpdate[];
  /** Forgets the kept create and update bodies. */
  resetReceived(): void;
  /**
   * Suspends or restores one application, as the platform does for abuse or billing: its status reads `suspended`,
   * it has no instances, and deploy, undeploy and restart are refused (409 "Application is suspended"). False when
   * there is no such app.
   */
  setAppSuspended(appId: string, suspended: boolean): boolean;
  /** The applications, for the saved account. */
  save(): SavedPart<'apps'>;
  /** Adds the demo apps (those not there yet; see zones.ts); answers their ids. */
  addDemoApps(): string[];
}

const KEPT_BODIES = 100;

/** How long deploy, undeploy and restart take unless the sandbox's options say otherwise. */
export const DEFAULT_TRANSITION_MS = 3000;

/** Builds the containers area for one sandbox. */
export function createContainersArea(ctx: SandboxContext): ContainersArea {
  const store = new AppStore(ctx.options.seed);
  // Saved apps are the sandbox's own answers from an earlier run, so they are taken as they were; one saved without
  // a running state (an earlier version) was shown running and stays deployed.
  for (const saved of ctx.saved?.apps ?? []) {
    const { run, ...app } = saved as unknown as Application & { run?: unknown };
    store.add({ ...app, run: savedRunState(run) });
  }
  const demo = demoApps(ctx.seed, ctx.options.seed);
  const zones = createAppZones(store, ctx.options.now, new Map(demo.map((d) => [d.app.id, d.rate5xx])));
  const addDemoApps = () => {
    for (const { app } of demo) if (!store.get(app.id)) store.add(app);
    zones.always(demo.map((d) => d.app.id));
    return demo.map((d) => d.app.id);
  };
  if (ctx.options.demoApps === true && ctx.saved === undefined) addDemoApps();
  // Apps kept from an earlier run count as there all along.
  zones.always(store.list().map((a) => a.id));
  ctx.appZones = zones.zones;
  let received: ReceivedCreate[] = [];
  let updates: ReceivedUpdate[] = [];
  const keep = (raw: Buffer) => {
    received.push({ at: ctx.options.now(), body: raw.toString('utf8') });
    if (received.length > KEPT_BODIES) received = received.slice(-KEPT_BODIES);
  };
  const ops: Operations = {
    ctx,
    store,
    clock: () => ({ now: ctx.options.now(), transitionMs: ctx.options.appTransitionMs ?? DEFAULT_TRANSITION_MS }),
    keep: (method, url) => (raw) => {
      const path = (url.split('?')[0] ?? '').replace(/^\/mc(?=\/)/, '');
      updates.push({ at: ctx.options.now(), method, path, body: raw.toString('utf8') });
      if (updates.length > KEPT_BODIES) updates = updates.slice(-KEPT_BODIES);
    },
  };
  const view = (app: StoredApp) => appView(ops, app);

  const routes: readonly Route[] = [
    {
      pattern: pathPattern('/apps'),
      methods: ['GET', 'POST'],
      run: async ({ req, res, method, query }) => {
        if (method === 'POST') {
          await createApp(ctx, store, req, res, keep);
          return;
        }
        const items = store.list().map((stored) => {
          const { id, name, displayEndpoint, status } = view(stored);
          return withExtraMembers(ctx, `app:${id}`, { id, name, ...(displayEndpoint ? { displayEndpoint } : {}), status: variedStatus(ctx, id, status) });
        });
        sendPage(req, res, items, query);
      },
    },
    {
      pattern: pathPattern('/apps/{}'),
      methods: ['GET', 'PUT', 'PATCH', 'DELETE'],
      run: async (call) => {
        if (call.method === 'PUT') return replaceApp(ops, call);
        if (call.method === 'PATCH') return patchApp(ops, call);
        const app = call.method === 'GET' ? appOf(ops, call) : changing(ops, call);
        if (!app) return;
        if (call.method === 'DELETE') {
          store.delete(app.id);
          sendEmpty(call.res, 200);
          return;
        }
        const shown = view(app);
        sendJson(call.res, 200, withExtraMembers(ctx, `app:${app.id}`, { ...shown, status: variedStatus(ctx, app.id, shown.status) }));
      },
    },
    { pattern: pathPattern('/apps/{}/deploy'), methods: ['POST'], run: (call) => deployApp(ops, call) },
    { pattern: pathPattern('/apps/{}/undeploy'), methods: ['POST'], run: (call) => undeployApp(ops, call) },
    { pattern: pathPattern('/apps/{}/restart'), methods: ['POST'], run: (call) => restartApp(ops, call) },
    { pattern: pathPattern('/apps/{}/overview'), methods: ['GET'], run: (call) => getOverview(ops, call) },
    { pattern: pathPattern('/apps/{}/summary'), methods: ['GET'], run: (call) => getSummary(ops, call) },
    { pattern: pathPattern('/apps/{}/statistics'), methods: ['GET'], run: (call) => getStatistics(ops, call) },
    { pattern: pathPattern('/apps/{}/autoscaling'), methods: ['GET', 'PUT'], run: (call) => autoscaling(ops, call) },
    { pattern: pathPattern('/apps/{}/region-settings'), methods: ['GET', 'PUT'], run: (call) => regionSettings(ops, call) },
    { pattern: pathPattern('/apps/{}/containers'), methods: ['POST'], run: (call) => addContainer(ops, call) },
    { pattern: pathPattern('/apps/{}/containers/{}'), methods: ['GET', 'PATCH', 'DELETE'], run: (call) => container(ops, call) },
    { pattern: pathPattern('/apps/{}/containers/{}/env'), methods: ['PUT'], run: (call) => containerEnv(ops, call) },
    { pattern: pathPattern('/apps/{}/containers/{}/endpoints'), methods: ['POST'], run: (call) => addEndpoint(ops, call) },
    { pattern: pathPattern('/apps/{}/endpoints'), methods: ['GET'], run: (call) => listEndpoints(ops, call) },
    { pattern: pathPattern('/apps/{}/endpoints/{}'), methods: ['PUT', 'DELETE'], run: (call) => endpoint(ops, call) },
    { pattern: pathPattern('/apps/{}/volumes'), methods: ['GET'], run: (call) => listVolumes(ops, call) },
    { pattern: pathPattern('/apps/{}/volumes/{}'), methods: ['PATCH', 'DELETE'], run: (call) => volume(ops, call) },
    { pattern: pathPattern('/apps/{}/volumes/{}/detach'), methods: ['POST'], run: (call) => detachVolume(ops, call) },
    { pattern: pathPattern('/apps/{}/volumes/{}/instances/{}'), methods: ['DELETE'], run: (call) => deleteVolumeInstance(ops, call) },
    { pattern: pathPattern('/apps/{}/pods/{}/recreate'), methods: ['POST'], run: (call) => recreatePod(ops, call) },
    { pattern: pathPattern('/nodes'), methods: ['GET'], run: (call) => nodes(ops, call, false) },
    { pattern: pathPattern('/nodes/plain'), methods: ['GET'], run: (call) => nodes(ops, call, true) },
    {
      pattern: pathPattern('/regions'),
      methods: ['GET'],
      run: ({ req, res, query }) =>
        sendPage(
          req,
          res,
          ctx.seed.regions.map(({ id, name, group, hasAnycastSupport, hasCapacity }) => withExtraMembers(ctx, `region:${id}`, { id, name, group, hasAnycastSupport, hasCapacity })),
          query,
        ),
    },
    {
      pattern: pathPattern('/registries'),
      methods: ['GET'],
      run: ({ res }) => {
        const items = ctx.seed.registries.map((g) => withExtraMembers(ctx, `registry:${g.id}`, {
          id: g.id,
          accountId: null,
          userId: null,
          namespaceId: '',
          displayName: g.displayName,
          hostName: g.hostName,
          userName: '',
          firstPasswordSymbols: null,
          lastPasswordSymbols: null,
          createdAt: REGISTRY_CREATED_AT,
          isPublic: g.isPublic,
          isPlatformManaged: false,
          lastUpdatedAt: null,
        }));
        sendJson(res, 200, { items, meta: { totalItems: items.length }, cursor: null });
      },
    },
    ...registryRoutes(ctx, () => store.size),
  ];

  const handle = async (req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams): Promise<boolean> => {
    const found = match(routes, path);
    if (!found) return false;
    const method = (req.method ?? 'GET').toUpperCase();
    const allowed = found.route.methods;
    if (!allowed.includes(method)) {
      sendProblem(req, res, 405, `${method} is not supported here.`, { allow: allowed.join(', ') });
      return true;
    }
    const key = header(req, 'accesskey');
    if (key !== ctx.seed.accountKey) {
      const detail = key === undefined || key === '' ? 'The AccessKey header is missing.' : 'The AccessKey is not valid.';
      if (found.route.keyRefusedAsDetails) sendErrorDetails(req, res, 401, detail);
      else sendProblem(req, res, 401, detail);
      return true;
    }
    await found.route.run({ req, res, method, query, params: found.params });
    // A new CDN endpoint's zone carries traffic from now on.
    zones.zones();
    return true;
  };

  return {
    handle,
    received: () => received,
    receivedUpdates: () => updates,
    resetReceived: () => {
      received = [];
      updates = [];
    },
    setAppSuspended: (appId, suspended) => {
      const app = store.get(appId);
      if (!app) return false;
      store.add({ ...app, run: { ...app.run, suspended } });
      return true;
    },
    addDemoApps,
    save: () => ({ apps: store.list().map((app) => structuredClone(app) as unknown as SavedPart<'apps'>['apps'][number]) }),
  };
}
