/**
 * Every operation on one application after create: update (PUT, PATCH), deploy/undeploy/restart, the overview,
 * summary and statistics, autoscaling and region settings, containers and their env, endpoints, volumes, pods, and
 * the account's nodes. Each handler gets an authenticated caller and the path's parameters.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ValidationError } from '../../shared/apps/schema.js';
import type { SandboxContext } from '../context.js';
import { sendEmpty, sendJson } from '../http.js';
import { readRequestObject } from './create.js';
import {
  checkRequest,
  type Checked,
  mergeApplication,
  mergeContainer,
  mergePatch,
  rebuildApplication,
  relativeErrors,
  requestOf,
  unknownContainerIds,
  withFreshImages,
} from './edit.js';
import type { Application } from './model.js';
import { overviewOf, statisticsOf, statisticsRange, summaryOf, volumeInstances, volumesOf } from './reports.js';
import { sendErrorDetails, sendProblem } from './replies.js';
import { allNodes, isRunning, podsOf, settled, started, stopped, viewOf, type Clock, type StoredApp } from './running.js';
import { paginate, type AppStore } from './store.js';

type Json = Record<string, unknown>;

/** One authenticated request to an operation. */
export interface Call {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly method: string;
  readonly query: URLSearchParams;
  /** The path's parameters in order (app id first where there is one), decoded. */
  readonly params: readonly string[];
}

/** What the operations share: the sandbox, the store, the clock and where update bodies are kept. */
export interface Operations {
  readonly ctx: SandboxContext;
  readonly store: AppStore;
  clock(): Clock;
  /** Keeps an update body as it arrived (PUT and PATCH of an app and of its parts). */
  keep(method: string, path: string): (raw: Buffer) => void;
}

const SEE_ERRORS = 'See the errors for details.';
const SUSPENDED_ACCOUNT = 'User has invalid card or suspended.';

/** The app of the call, or undefined after answering 404 (ErrorDetails, or ProblemDetails where the document says so). */
function appOf(ops: Operations, call: Call, problem = false): StoredApp | undefined {
  const id = call.params[0] ?? '';
  const app = ops.store.get(id);
  if (app) return app;
  const detail = `Application '${id}' was not found.`;
  if (problem) sendProblem(call.req, call.res, 404, detail);
  else sendErrorDetails(call.req, call.res, 404, detail);
  return undefined;
}

/** Refuses a change while the account is suspended (403); true when it answered. */
function refusedSuspended(ops: Operations, call: Call): boolean {
  if (!ops.ctx.accountSuspended) return false;
  sendErrorDetails(call.req, call.res, 403, SUSPENDED_ACCOUNT);
  return true;
}

/** Saves a changed app; a deployed app rolls its pods over to the change. */
function saveChange(ops: Operations, before: StoredApp, after: Application, rollover = true): StoredApp {
  const clock = ops.clock();
  const run = before.run.deployed && rollover && !before.run.suspended ? started(before.run, clock, false) : before.run;
  const stored: StoredApp = { ...after, run };
  ops.store.add(stored);
  return stored;
}

/** Checks a changed request with the create rules and answers 400/422 with errors relative to `prefix` when it fails. */
function rebuilt(ops: Operations, call: Call, app: StoredApp, request: Json, prefix?: string, extra: ValidationError[] = []): Application | undefined {
  // Errors found before the rules (an id the app does not have, a name already taken) are answered alone.
  const checked: Checked = extra.length > 0 ? { ok: false, status: 400, errors: extra } : checkRequest(request, ops.ctx.seed);
  if (!checked.ok) {
    const detail = checked.status === 422 ? 'The application cannot be changed as requested.' : SEE_ERRORS;
    sendErrorDetails(call.req, call.res, checked.status, detail, prefix === undefined ? checked.errors : relativeErrors(checked.errors, prefix));
    return undefined;
  }
  return rebuildApplication(app, checked.request, ops.ctx.seed, ops.store.ids);
}

// ---- the application ---------------------------------------------------------------------------------------------

/** PUT /apps/{appId}: the whole app replaced by an AddApplicationRequest, checked as create checks it. */
export async function replaceApp(ops: Operations, call: Call): Promise<void> {
  if (refusedSuspended(ops, call)) return;
  const app = appOf(ops, call, true);
  if (!app) return;
  const body = await readRequestObject(call.req, call.res, 'AddApplicationRequest', ops.keep('PUT', call.req.url ?? ''));
  if (body === undefined) return;
  const next = rebuilt(ops, call, app, withFreshImages(app, body), undefined, unknownContainerIds(app, body));
  if (!next) return;
  saveChange(ops, app, next);
  sendJson(call.res, 200, { id: app.id });
}

/** PATCH /apps/{appId}: merge-patch with the array rules (see mergeApplication); the result is checked as create checks it. */
export async function patchApp(ops: Operations, call: Call): Promise<void> {
  if (refusedSuspended(ops, call)) return;
  const app = appOf(ops, call, true);
  if (!app) return;
  const body = await readRequestObject(call.req, call.res, 'PatchApplicationRequest', ops.keep('PATCH', call.req.url ?? ''));
  if (body === undefined) return;
  const { merged, errors } = mergeApplication(requestOf(app), body);
  const next = rebuilt(ops, call, app, merged, undefined, errors);
  if (!next) return;
  saveChange(ops, app, next);
  sendJson(call.res, 200, { id: app.id });
}

const APP_SUSPENDED = 'Application is suspended';

/** POST /apps/{appId}/deploy: progressing, then active with its instances. */
export function deployApp(ops: Operations, call: Call): void {
  const app = appOf(ops, call);
  if (!app) return;
  if (ops.ctx.accountSuspended || app.run.suspended) {
    sendErrorDetails(call.req, call.res, 409, APP_SUSPENDED);
    return;
  }
  ops.store.add({ ...app, run: started(app.run, ops.clock(), true) });
  sendEmpty(call.res, 200);
}

/** POST /apps/{appId}/undeploy: progressing while every instance stops, then inactive. */
export function undeployApp(ops: Operations, call: Call): void {
  const app = appOf(ops, call);
  if (!app) return;
  if (ops.ctx.accountSuspended || app.run.suspended) {
    sendErrorDetails(call.req, call.res, 409, APP_SUSPENDED);
    return;
  }
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
  if (refusedSuspended(ops, call)) return;
  const app = appOf(ops, call);
  if (!app) return;
  const body = await readRequestObject(call.req, call.res, 'AutoscalingSettings', ops.keep('PUT', call.req.url ?? ''));
  if (body === undefined) return;
  const next = rebuilt(ops, call, app, { ...requestOf(app), autoScaling: body }, 'autoScaling');
  if (!next) return;
  saveChange(ops, app, next);
  sendEmpty(call.res, 200);
}

/** GET and PUT /apps/{appId}/region-settings: the create rules, known regions, and required regions among the allowed. */
export async function regionSettings(ops: Operations, call: Call): Promise<void> {
  if (call.method === 'GET') {
    const app = appOf(ops, call);
    if (app) sendJson(call.res, 200, structuredClone(app.regionSettings));
    return;
  }
  if (refusedSuspended(ops, call)) return;
  const app = appOf(ops, call);
  if (!app) return;
  const body = await readRequestObject(call.req, call.res, 'UpdateRegionSettingsRequest', ops.keep('PUT', call.req.url ?? ''));
  if (body === undefined) return;
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
  const next = rebuilt(ops, call, app, request, 'regionSettings');
  if (!next) return;
  saveChange(ops, app, next);
  sendEmpty(call.res, 200);
}

// ---- containers ---------------------------------------------------------------------------------------------------

function containerIndex(ops: Operations, call: Call, app: StoredApp): number | undefined {
  const cid = call.params[1] ?? '';
  const index = app.containerTemplates.findIndex((t) => t.id === cid);
  if (index >= 0) return index;
  sendErrorDetails(call.req, call.res, 404, `Container '${cid}' was not found in application '${app.id}'.`);
  return undefined;
}

/** POST /apps/{appId}/containers: a new container (AddContainerRequest), answered 201 with its ContainerTemplate. */
export async function addContainer(ops: Operations, call: Call): Promise<void> {
  if (refusedSuspended(ops, call)) return;
  const app = appOf(ops, call);
  if (!app) return;
  const body = await readRequestObject(call.req, call.res, 'AddContainerRequest', ops.keep('POST', call.req.url ?? ''));
  if (body === undefined) return;
  const index = app.containerTemplates.length;
  const extra = 'id' in body ? [{ field: `containerTemplates[${index}].id`, message: "The JSON property 'id' is not defined on AddContainerRequest." }] : [];
  const request = requestOf(app);
  const next = rebuilt(ops, call, app, { ...request, containerTemplates: [...(request['containerTemplates'] as Json[]), body] }, `containerTemplates[${index}]`, extra);
  if (!next) return;
  saveChange(ops, app, next);
  sendJson(call.res, 201, next.containerTemplates[index]);
}

/** GET, PATCH (PatchContainerRequest, merge-patch) and DELETE /apps/{appId}/containers/{containerId}. */
export async function container(ops: Operations, call: Call): Promise<void> {
  if (call.method !== 'GET' && refusedSuspended(ops, call)) return;
  const app = appOf(ops, call);
  if (!app) return;
  const index = containerIndex(ops, call, app);
  if (index === undefined) return;
  if (call.method === 'GET') {
    sendJson(call.res, 200, app.containerTemplates[index]);
    return;
  }
  const request = requestOf(app);
  const list = request['containerTemplates'] as Json[];
  if (call.method === 'DELETE') {
    if (list.length === 1) {
      sendErrorDetails(call.req, call.res, 400, 'An application needs at least one container; delete the application instead.');
      return;
    }
    const next = rebuilt(ops, call, app, { ...request, containerTemplates: list.filter((_, i) => i !== index) });
    if (!next) return;
    saveChange(ops, app, next);
    sendEmpty(call.res, 200);
    return;
  }
  const body = await readRequestObject(call.req, call.res, 'PatchContainerRequest', ops.keep('PATCH', call.req.url ?? ''));
  if (body === undefined) return;
  const extra = 'id' in body ? [{ field: `containerTemplates[${index}].id`, message: "The JSON property 'id' is not defined on PatchContainerRequest." }] : [];
  const changed = list.map((c, i) => (i === index ? mergeContainer(c, body) : c));
  const next = rebuilt(ops, call, app, { ...request, containerTemplates: changed }, `containerTemplates[${index}]`, extra);
  if (!next) return;
  saveChange(ops, app, next);
  sendJson(call.res, 200, next.containerTemplates[index]);
}

/** PUT /apps/{appId}/containers/{containerId}/env: the container's variables become exactly the body's name → value pairs. */
export async function containerEnv(ops: Operations, call: Call): Promise<void> {
  if (refusedSuspended(ops, call)) return;
  const app = appOf(ops, call);
  if (!app) return;
  const index = containerIndex(ops, call, app);
  if (index === undefined) return;
  const body = await readRequestObject(call.req, call.res, 'object of name to value', ops.keep('PUT', call.req.url ?? ''));
  if (body === undefined) return;
  const errors = Object.entries(body)
    .filter(([, v]) => typeof v !== 'string')
    .map(([k]) => ({ field: k, message: `The value of ${k} must be a string.` }));
  if (errors.length > 0) {
    sendErrorDetails(call.req, call.res, 400, SEE_ERRORS, errors);
    return;
  }
  const request = requestOf(app);
  const list = (request['containerTemplates'] as Json[]).map((c, i) =>
    i === index ? { ...c, environmentVariables: Object.entries(body).map(([name, value]) => ({ name, value })) } : c,
  );
  const next = rebuilt(ops, call, app, { ...request, containerTemplates: list }, `containerTemplates[${index}]`);
  if (!next) return;
  saveChange(ops, app, next);
  sendJson(call.res, 200, next.containerTemplates[index]);
}

// ---- endpoints ----------------------------------------------------------------------------------------------------

/** GET /apps/{appId}/endpoints: every endpoint with the container it belongs to. */
export function listEndpoints(ops: Operations, call: Call): void {
  const app = appOf(ops, call);
  if (!app) return;
  const items = app.containerTemplates.flatMap((t) => t.endpoints.map((e) => ({ ...e, containerName: t.name, containerId: t.id })));
  sendJson(call.res, 200, { items, meta: { totalItems: items.length }, cursor: null });
}

/** POST /apps/{appId}/containers/{containerId}/endpoints (EndpointRequest): 201 {id}. */
export async function addEndpoint(ops: Operations, call: Call): Promise<void> {
  if (refusedSuspended(ops, call)) return;
  const app = appOf(ops, call);
  if (!app) return;
  const index = containerIndex(ops, call, app);
  if (index === undefined) return;
  const body = await readRequestObject(call.req, call.res, 'EndpointRequest', ops.keep('POST', call.req.url ?? ''));
  if (body === undefined) return;
  const request = requestOf(app);
  const list = request['containerTemplates'] as Json[];
  const endpoints = (list[index]?.['endpoints'] as Json[] | undefined) ?? [];
  const at = endpoints.length;
  const taken = endpoints.some((e) => e['displayName'] === body['displayName'])
    ? [{ field: `containerTemplates[${index}].endpoints[${at}].displayName`, message: `The container already has an endpoint named '${String(body['displayName'])}'.` }]
    : [];
  const changed = list.map((c, i) => (i === index ? { ...c, endpoints: [...endpoints, body] } : c));
  const next = rebuilt(ops, call, app, { ...request, containerTemplates: changed }, `containerTemplates[${index}].endpoints[${at}]`, taken);
  if (!next) return;
  saveChange(ops, app, next);
  sendJson(call.res, 201, { id: next.containerTemplates[index]?.endpoints[at]?.id ?? '' });
}

/** PUT (EndpointRequest, the endpoint keeps its id) and DELETE /apps/{appId}/endpoints/{endpointId}. */
export async function endpoint(ops: Operations, call: Call): Promise<void> {
  if (refusedSuspended(ops, call)) return;
  const app = appOf(ops, call);
  if (!app) return;
  const eid = call.params[1] ?? '';
  const ti = app.containerTemplates.findIndex((t) => t.endpoints.some((e) => e.id === eid));
  const template = app.containerTemplates[ti];
  const ei = template?.endpoints.findIndex((e) => e.id === eid) ?? -1;
  if (!template || ei < 0) {
    sendErrorDetails(call.req, call.res, 404, `Endpoint '${eid}' was not found in application '${app.id}'.`);
    return;
  }
  const request = requestOf(app);
  const list = request['containerTemplates'] as Json[];
  const endpoints = (list[ti]?.['endpoints'] as Json[] | undefined) ?? [];
  if (call.method === 'DELETE') {
    const changed = list.map((c, i) => (i === ti ? { ...c, endpoints: endpoints.filter((_, j) => j !== ei) } : c));
    const next = rebuilt(ops, call, app, { ...request, containerTemplates: changed });
    if (!next) return;
    saveChange(ops, app, next);
    sendEmpty(call.res, 200);
    return;
  }
  const body = await readRequestObject(call.req, call.res, 'EndpointRequest', ops.keep('PUT', call.req.url ?? ''));
  if (body === undefined) return;
  const changed = list.map((c, i) => (i === ti ? { ...c, endpoints: endpoints.map((e, j) => (j === ei ? body : e)) } : c));
  const next = rebuilt(ops, call, app, { ...request, containerTemplates: changed }, `containerTemplates[${ti}].endpoints[${ei}]`);
  if (!next) return;
  // The endpoint keeps its id and public address whatever its new name.
  const old = template.endpoints[ei]!;
  const templates = next.containerTemplates.map((t, i) =>
    i === ti ? { ...t, endpoints: t.endpoints.map((e, j) => (j === ei ? { ...e, id: old.id, publicHost: e.type === old.type ? old.publicHost : e.publicHost } : e)) } : t,
  );
  const first = templates.flatMap((t) => t.endpoints)[0];
  saveChange(ops, app, { ...next, containerTemplates: templates, ...(first ? { displayEndpoint: { id: first.id, address: first.publicHost, type: first.type } } : {}) });
  sendEmpty(call.res, 200);
}

// ---- volumes, pods, nodes -----------------------------------------------------------------------------------------

export function listVolumes(ops: Operations, call: Call): void {
  const app = appOf(ops, call);
  if (app) sendJson(call.res, 200, volumesOf(app, ops.ctx.seed, ops.clock()));
}

function volumeIndex(call: Call, app: StoredApp): number | undefined {
  const name = call.params[1] ?? '';
  const index = app.volumes.findIndex((v) => v.name === name);
  if (index >= 0) return index;
  sendErrorDetails(call.req, call.res, 404, `Volume '${name}' was not found in application '${app.id}'.`);
  return undefined;
}

/** PATCH (PatchVolumeRequest: rename, which renames its mounts too, or grow) and DELETE (with its mounts) /apps/{appId}/volumes/{name}. */
export async function volume(ops: Operations, call: Call): Promise<void> {
  if (refusedSuspended(ops, call)) return;
  const app = appOf(ops, call);
  if (!app) return;
  const index = volumeIndex(call, app);
  if (index === undefined) return;
  const name = app.volumes[index]!.name;
  const clock = ops.clock();
  const request = requestOf(app);
  const unmount = (rename?: string) =>
    (request['containerTemplates'] as Json[]).map((c) => ({
      ...c,
      volumeMounts: ((c['volumeMounts'] as Json[] | undefined) ?? []).flatMap((m) => (m['name'] !== name ? [m] : rename === undefined ? [] : [{ ...m, name: rename }])),
    }));
  if (call.method === 'DELETE') {
    const ids = volumeInstances(app, ops.ctx.seed, clock, name).map((v) => v.id);
    const next = rebuilt(ops, call, app, { ...request, volumes: app.volumes.filter((_, i) => i !== index).map((v) => ({ ...v })), containerTemplates: unmount() });
    if (!next) return;
    saveChange(ops, app, next, false);
    sendJson(call.res, 200, { ids });
    return;
  }
  const body = await readRequestObject(call.req, call.res, 'PatchVolumeRequest', ops.keep('PATCH', call.req.url ?? ''));
  if (body === undefined) return;
  const merged = mergePatch(app.volumes[index], body) as Json;
  const errors: ValidationError[] = [];
  if (typeof merged['size'] === 'number' && merged['size'] < app.volumes[index]!.size) {
    errors.push({ field: `volumes[${index}].size`, message: `A volume cannot shrink: '${name}' has ${app.volumes[index]!.size} GB.` });
  }
  const renamed = typeof merged['name'] === 'string' && merged['name'] !== name ? merged['name'] : undefined;
  if (renamed !== undefined && app.volumes.some((v) => v.name === renamed)) {
    errors.push({ field: `volumes[${index}].name`, message: `The application already has a volume named '${renamed}'.` });
  }
  const volumes = app.volumes.map((v, i) => (i === index ? merged : { ...v }));
  const next = rebuilt(ops, call, app, { ...request, volumes, containerTemplates: unmount(renamed ?? name) }, `volumes[${index}]`, errors);
  if (!next) return;
  saveChange(ops, app, next, false);
  const saved = next.volumes[index]!;
  sendJson(call.res, 200, { name: saved.name, size: saved.size });
}

/** POST /apps/{appId}/volumes/{name}/detach: its instances are detached from their pods until the next deploy. */
export function detachVolume(ops: Operations, call: Call): void {
  const app = appOf(ops, call);
  if (!app) return;
  const index = volumeIndex(call, app);
  if (index === undefined) return;
  const name = app.volumes[index]!.name;
  if (!app.run.detachedVolumes.includes(name)) ops.store.add({ ...app, run: { ...app.run, detachedVolumes: [...app.run.detachedVolumes, name] } });
  sendJson(call.res, 200, { name });
}

/** DELETE /apps/{appId}/volumes/{name}/instances/{instanceId}. */
export function deleteVolumeInstance(ops: Operations, call: Call): void {
  const app = appOf(ops, call);
  if (!app) return;
  const index = volumeIndex(call, app);
  if (index === undefined) return;
  const id = call.params[2] ?? '';
  if (!volumeInstances(app, ops.ctx.seed, ops.clock(), app.volumes[index]!.name).some((v) => v.id === id)) {
    sendErrorDetails(call.req, call.res, 404, `Volume instance '${id}' was not found.`);
    return;
  }
  ops.store.add({ ...app, run: { ...app.run, deletedVolumeInstances: [...app.run.deletedVolumeInstances, id] } });
  sendJson(call.res, 200, { id });
}

/** POST /apps/{appId}/pods/{podId}/recreate: that pod is replaced by a new one (the app is progressing meanwhile). */
export function recreatePod(ops: Operations, call: Call): void {
  const app = appOf(ops, call);
  if (!app) return;
  if (ops.ctx.accountSuspended || app.run.suspended) {
    sendErrorDetails(call.req, call.res, 409, APP_SUSPENDED);
    return;
  }
  const clock = ops.clock();
  const podId = call.params[1] ?? '';
  const pod = podsOf(app, ops.ctx.seed, clock).find((p) => p.id === podId);
  if (!pod) {
    sendErrorDetails(call.req, call.res, 404, `Pod '${podId}' was not found in application '${app.id}'.`);
    return;
  }
  if (!settled(app.run, clock)) {
    sendErrorDetails(call.req, call.res, 409, 'The application is changing; try again once it has settled.');
    return;
  }
  const key = `${pod.region}:${pod.index}`;
  const run = { ...app.run, changedAt: clock.now, wasRunning: isRunning(app.run, clock), recreated: { ...app.run.recreated, [key]: (app.run.recreated[key] ?? 0) + 1 } };
  ops.store.add({ ...app, run });
  sendEmpty(call.res, 200);
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

