/**
 * The operations on one application after create: update (PUT, PATCH), deploy/undeploy/restart, the overview,
 * summary and statistics, autoscaling and region settings, and the account's nodes; its parts (containers,
 * endpoints, volumes, pods) are in parts.ts. Each handler gets an authenticated caller and the path's parameters.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Json } from '../../shared/apps/json.js';
import type { ValidationError } from '../../shared/apps/schema.js';
import type { SandboxContext } from '../context.js';
import { sendEmpty, sendJson } from '../http.js';
import { readRequestObject } from './create.js';
import { checkRequest, type Checked, mergeApplication, rebuildApplication, relativeErrors, requestOf, unknownContainerIds, withFreshImages } from './edit.js';
import type { Application } from './model.js';
import { overviewOf, statisticsOf, statisticsRange, summaryOf } from './reports.js';
import { sendErrorDetails, sendProblem } from './replies.js';
import { allNodes, started, stopped, viewOf, type Clock, type StoredApp } from './running.js';
import { paginate, type AppStore } from './store.js';

/** One authenticated request to an operation. */
export interface Call {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly method: string;
  readonly query: URLSearchParams;
  /** The path's parameters in order (app id first where there is one), decoded. */
  readonly params: readonly string[];
}

/** One operation of the area: its path pattern (capture groups are its parameters), methods, and handler. */
export interface Route {
  readonly pattern: RegExp;
  readonly methods: readonly string[];
  readonly run: (call: Call) => Promise<void> | void;
  /** A refused key is answered as ErrorDetails, not ProblemDetails (as the document gives the digest question). */
  readonly keyRefusedAsDetails?: boolean;
}

const SEGMENT = '([^/]+)';
/** A pattern for a path template such as `/apps/{}/containers/{}`: each `{}` is one path segment. */
export function pathPattern(template: string): RegExp {
  return new RegExp(`^${template.split('{}').map((p) => p.replace(/[.*+?^$()|[\]\\]/g, '\\$&')).join(SEGMENT)}/?$`);
}

/** What the operations share: the sandbox, the store, the clock and where update bodies are kept. */
export interface Operations {
  readonly ctx: SandboxContext;
  readonly store: AppStore;
  clock(): Clock;
  /** Keeps an update body as it arrived (PUT and PATCH of an app and of its parts). */
  keep(method: string, path: string): (raw: Buffer) => void;
}

export const SEE_ERRORS = 'See the errors for details.';
export const APP_SUSPENDED = 'Application is suspended';

/** The app of the call, or undefined after answering 404 (ErrorDetails, or ProblemDetails where the document says so). */
export function appOf(ops: Operations, call: Call, problem = false): StoredApp | undefined {
  const id = call.params[0] ?? '';
  const app = ops.store.get(id);
  if (app) return app;
  const detail = `Application '${id}' was not found.`;
  if (problem) sendProblem(call.req, call.res, 404, detail);
  else sendErrorDetails(call.req, call.res, 404, detail);
  return undefined;
}

/** The app of a change, or undefined after answering: 403 while the account is suspended, else as appOf. */
export function changing(ops: Operations, call: Call, problem = false): StoredApp | undefined {
  if (!ops.ctx.accountSuspended) return appOf(ops, call, problem);
  sendErrorDetails(call.req, call.res, 403, 'User has invalid card or suspended.');
  return undefined;
}

/** The app of a deploy, an undeploy or a pod's recreate, or undefined after answering: 409 while it is suspended. */
export function runnable(ops: Operations, call: Call): StoredApp | undefined {
  const app = appOf(ops, call);
  if (!app || !(ops.ctx.accountSuspended || app.run.suspended)) return app;
  sendErrorDetails(call.req, call.res, 409, APP_SUSPENDED);
  return undefined;
}

/** The call's JSON object body, named `typeName` in a refusal and kept as it arrived; undefined once refused. */
export function bodyOf(ops: Operations, call: Call, typeName: string): Promise<Json | undefined> {
  return readRequestObject(call.req, call.res, typeName, ops.keep(call.method, call.req.url ?? ''));
}

/** Saves a changed app; a deployed app rolls its pods over to the change. */
export function saveChange(ops: Operations, before: StoredApp, after: Application, rollover = true): StoredApp {
  const clock = ops.clock();
  const run = before.run.deployed && rollover && !before.run.suspended ? started(before.run, clock, false) : before.run;
  const stored: StoredApp = { ...after, run };
  ops.store.add(stored);
  return stored;
}

/** Checks a changed request with the create rules and answers 400/422 with errors relative to `prefix` when it fails. */
export function rebuilt(ops: Operations, call: Call, app: StoredApp, request: Json, prefix?: string, extra: ValidationError[] = []): Application | undefined {
  // Errors found before the rules (an id the app does not have, a name already taken) are answered alone.
  const checked: Checked = extra.length > 0 ? { ok: false, status: 400, errors: extra } : checkRequest(request, ops.ctx.seed);
  if (!checked.ok) {
    const detail = checked.status === 422 ? 'The application cannot be changed as requested.' : SEE_ERRORS;
    sendErrorDetails(call.req, call.res, checked.status, detail, prefix === undefined ? checked.errors : relativeErrors(checked.errors, prefix));
    return undefined;
  }
  return rebuildApplication(app, checked.request, ops.ctx.seed, ops.store.ids);
}

/** Rebuilds (see rebuilt) and saves (see saveChange) a changed app; undefined once a refusal was answered. */
export function saved(ops: Operations, call: Call, app: StoredApp, request: Json, prefix?: string, extra?: ValidationError[], rollover = true): Application | undefined {
  const next = rebuilt(ops, call, app, request, prefix, extra);
  if (next) saveChange(ops, app, next, rollover);
  return next;
}

// ---- the application ---------------------------------------------------------------------------------------------

/** PUT /apps/{appId}: the whole app replaced by an AddApplicationRequest, checked as create checks it. */
export async function replaceApp(ops: Operations, call: Call): Promise<void> {
  const app = changing(ops, call, true);
  const body = app && (await bodyOf(ops, call, 'AddApplicationRequest'));
  if (app && body && saved(ops, call, app, withFreshImages(app, body), undefined, unknownContainerIds(app, body))) sendJson(call.res, 200, { id: app.id });
}

/** PATCH /apps/{appId}: merge-patch with the array rules (see mergeApplication); the result is checked as create checks it. */
export async function patchApp(ops: Operations, call: Call): Promise<void> {
  const app = changing(ops, call, true);
  const body = app && (await bodyOf(ops, call, 'PatchApplicationRequest'));
  if (!app || !body) return;
  const { merged, errors } = mergeApplication(requestOf(app), body);
  if (saved(ops, call, app, merged, undefined, errors)) sendJson(call.res, 200, { id: app.id });
}

/** POST /apps/{appId}/deploy: progressing, then active with its instances. */
export function deployApp(ops: Operations, call: Call): void {
  const app = runnable(ops, call);
  if (!app) return;
  ops.store.add({ ...app, run: started(app.run, ops.clock(), true) });
  sendEmpty(call.res, 200);
}

/** POST /apps/{appId}/undeploy: progressing while every instance stops, then inactive. */
export function undeployApp(ops: Operations, call: Call): void {
  const app = runnable(ops, call);
  if (!app) return;
  ops.store.add({ ...app, run: stopped(app.run, ops.clock()) });
  sendEmpty(call.res, 200);
}

/** POST /apps/{appId}/restart: new pods for a deployed app (progressing briefly, then active). */
export function restartApp(ops: Operations, call: Call): void {
  const app = appOf(ops, call);
  if (!app) return;
  if (ops.ctx.accountSuspended || app.run.suspended) {
    sendProblem(call.req, call.res, 403, `${APP_SUSPENDED}.`);
    return;
  }
  if (!app.run.deployed) {
    sendErrorDetails(call.req, call.res, 409, 'Application is not deployed; deploy it first.');
    return;
  }
  ops.store.add({ ...app, run: started(app.run, ops.clock(), false) });
  sendEmpty(call.res, 200);
}

export function getOverview(ops: Operations, call: Call): void {
  const app = appOf(ops, call);
  if (app) sendJson(call.res, 200, overviewOf(app, ops.ctx.seed, ops.clock()));
}

export function getSummary(ops: Operations, call: Call): void {
  const app = appOf(ops, call);
  if (app) sendJson(call.res, 200, summaryOf(app, ops.ctx.seed, ops.clock()));
}

export function getStatistics(ops: Operations, call: Call): void {
  const app = appOf(ops, call);
  if (!app) return;
  const clock = ops.clock();
  const range = statisticsRange(call.query, clock.now);
  if ('errors' in range) sendErrorDetails(call.req, call.res, 400, SEE_ERRORS, range.errors);
  else sendJson(call.res, 200, statisticsOf(app, ops.ctx.seed, clock, range));
}

// ---- scaling and regions ----------------------------------------------------------------------------------------

/** GET and PUT /apps/{appId}/autoscaling ({min, max}, checked as create checks autoScaling). */
export async function autoscaling(ops: Operations, call: Call): Promise<void> {
  if (call.method === 'GET') {
    const app = appOf(ops, call);
    if (app) sendJson(call.res, 200, { ...app.autoScaling });
    return;
  }
  const app = changing(ops, call);
  const body = app && (await bodyOf(ops, call, 'AutoscalingSettings'));
  if (app && body && saved(ops, call, app, { ...requestOf(app), autoScaling: body }, 'autoScaling')) sendEmpty(call.res, 200);
}

/** GET and PUT /apps/{appId}/region-settings: the create rules, known regions, and required regions among the allowed. */
export async function regionSettings(ops: Operations, call: Call): Promise<void> {
  if (call.method === 'GET') {
    const app = appOf(ops, call);
    if (app) sendJson(call.res, 200, structuredClone(app.regionSettings));
    return;
  }
  const app = changing(ops, call);
  const body = app && (await bodyOf(ops, call, 'UpdateRegionSettingsRequest'));
  if (!app || !body) return;
  const request = { ...requestOf(app), regionSettings: body };
  const checked = checkRequest(request, ops.ctx.seed);
  if (checked.ok) {
    const allowed = checked.request.regionSettings.allowedRegionIds ?? [];
    const outside = (checked.request.regionSettings.requiredRegionIds ?? [])
      .map((id, i) => ({ id, i }))
      .filter(({ id }) => !allowed.includes(id))
      .map(({ id, i }) => ({ field: `requiredRegionIds[${i}]`, message: `Required region '${id}' must also be allowed.` }));
    if (outside.length > 0) {
      sendErrorDetails(call.req, call.res, 422, 'The region settings cannot be applied as requested.', outside);
      return;
    }
  }
  if (saved(ops, call, app, request, 'regionSettings')) sendEmpty(call.res, 200);
}

/** GET /nodes (a cursor-paged list of node addresses) and GET /nodes/plain (all of them). */
export function nodes(ops: Operations, call: Call, plain: boolean): void {
  const all = allNodes(ops.ctx.seed.regions);
  if (plain) {
    sendJson(call.res, 200, all);
    return;
  }
  const page = paginate(all, call.query);
  if (page.ok) sendJson(call.res, 200, page.page);
  else sendErrorDetails(call.req, call.res, 400, SEE_ERRORS, page.errors);
}

/** The application as its GET answers it now. */
export function appView(ops: Operations, app: StoredApp): Application {
  return viewOf(app, ops.ctx.seed, ops.clock());
}
