/**
 * The Magic Containers area, mounted under /mc: applications (list, create, get, delete), regions and image
 * registries, with the platform's cursor-paged lists and its two error shapes (ErrorDetails, ProblemDetails).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Area, SandboxContext } from '../context.js';
import { header, sendEmpty, sendJson } from '../http.js';
import type { SavedPart } from '../state.js';
import { createApp } from './create.js';
import type { Application } from './model.js';
import { sendErrorDetails, sendProblem } from './replies.js';
import { handleRegistryQuestions } from './registry.js';
import { AppStore, paginate } from './store.js';
import { variedStatus, withExtraMembers } from './variety.js';

type Route = { readonly name: 'apps' } | { readonly name: 'app'; readonly id: string } | { readonly name: 'regions' } | { readonly name: 'registries' };

const ALLOWED: Readonly<Record<Route['name'], readonly string[]>> = {
  apps: ['GET', 'POST'],
  app: ['GET', 'DELETE'],
  regions: ['GET'],
  registries: ['GET'],
};

// Public registries have no owner or credentials; a fixed date keeps answers repeatable.
const REGISTRY_CREATED_AT = '2024-01-01T00:00:00Z';

function route(path: string): Route | undefined {
  const p = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  if (p === '/apps') return { name: 'apps' };
  if (p === '/regions') return { name: 'regions' };
  if (p === '/registries') return { name: 'registries' };
  const m = /^\/apps\/([^/]+)$/.exec(p);
  if (!m?.[1]) return undefined;
  try {
    return { name: 'app', id: decodeURIComponent(m[1]) };
  } catch {
    return undefined;
  }
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

/** The containers area plus what tests read of it. */
export interface ContainersArea extends Area {
  /** The latest create bodies (at most 100), oldest first. */
  received(): readonly ReceivedCreate[];
  resetReceived(): void;
  /** The applications, for the saved account. */
  save(): SavedPart<'apps'>;
}

const KEPT_BODIES = 100;

/** Builds the containers area for one sandbox. */
export function createContainersArea(ctx: SandboxContext): ContainersArea {
  const store = new AppStore(ctx.options.seed);
  // Saved apps are the sandbox's own answers from an earlier run, so they are taken as they were.
  for (const app of ctx.saved?.apps ?? []) store.add(app as unknown as Application);
  let received: ReceivedCreate[] = [];
  const keep = (raw: Buffer) => {
    received.push({ at: ctx.options.now(), body: raw.toString('utf8') });
    if (received.length > KEPT_BODIES) received = received.slice(-KEPT_BODIES);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams): Promise<boolean> => {
    // Registry questions, limits and the optimal region: sandbox/containers/registry.ts.
    if (await handleRegistryQuestions(ctx, () => store.size, req, res, path, query)) return true;
    const r = route(path);
    if (!r) return false;
    const method = (req.method ?? 'GET').toUpperCase();
    const allowed = ALLOWED[r.name];
    if (!allowed.includes(method)) {
      sendProblem(req, res, 405, `${method} is not supported here.`, { allow: allowed.join(', ') });
      return true;
    }
    const key = header(req, 'accesskey');
    if (key !== ctx.seed.accountKey) {
      sendProblem(req, res, 401, key === undefined || key === '' ? 'The AccessKey header is missing.' : 'The AccessKey is not valid.');
      return true;
    }
    switch (r.name) {
      case 'apps':
        if (method === 'POST') await createApp(ctx, store, req, res, keep);
        else
          sendPage(
            req,
            res,
            store.list().map(({ id, name, displayEndpoint, status }) =>
              withExtraMembers(ctx, `app:${id}`, { id, name, ...(displayEndpoint ? { displayEndpoint } : {}), status: variedStatus(ctx, id, status) }),
            ),
            query,
          );
        return true;
      case 'app': {
        const app = store.get(r.id);
        if (method === 'DELETE' && ctx.accountSuspended) sendErrorDetails(req, res, 403, 'User has invalid card or suspended.');
        else if (!app) sendErrorDetails(req, res, 404, `Application '${r.id}' was not found.`);
        else if (method === 'GET') sendJson(res, 200, withExtraMembers(ctx, `app:${app.id}`, { ...app, status: variedStatus(ctx, app.id, app.status) }));
        else {
          store.delete(r.id);
          sendEmpty(res, 200);
        }
        return true;
      }
      case 'regions':
        sendPage(
          req,
          res,
          ctx.seed.regions.map(({ id, name, group, hasAnycastSupport, hasCapacity }) => withExtraMembers(ctx, `region:${id}`, { id, name, group, hasAnycastSupport, hasCapacity })),
          query,
        );
        return true;
      case 'registries': {
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
        return true;
      }
    }
  };

  return {
    handle,
    received: () => received,
    resetReceived: () => {
      received = [];
    },
    save: () => ({ apps: store.list().map((app) => ({ ...app })) }),
  };
}
