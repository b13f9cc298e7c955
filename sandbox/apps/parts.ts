/**
 * The operations on an application's parts: containers and their env, endpoints, volumes and their instances, and
 * pods. A change is made to the app's request and checked and saved as an update of the whole app is.
 */
import type { Json } from '../../shared/apps/json.js';
import type { ValidationError } from '../../shared/apps/schema.js';
import { sendEmpty, sendJson } from '../http.js';
import { mergeContainer, mergePatch, requestOf } from './edit.js';
import { appOf, bodyOf, changing, rebuilt, runnable, saveChange, saved, SEE_ERRORS, type Call, type Operations } from './operations.js';
import { volumeInstances, volumesOf } from './reports.js';
import { sendErrorDetails } from './replies.js';
import { isRunning, podsOf, settled, type StoredApp } from './running.js';

/** The index `find` gives the part the call names (its second parameter), or undefined after answering 404. */
function partIndex(call: Call, app: StoredApp, noun: string, find: (name: string) => number): number | undefined {
  const name = call.params[1] ?? '';
  const index = find(name);
  if (index >= 0) return index;
  sendErrorDetails(call.req, call.res, 404, `${noun} '${name}' was not found in application '${app.id}'.`);
  return undefined;
}

const containerIndex = (call: Call, app: StoredApp) => partIndex(call, app, 'Container', (id) => app.containerTemplates.findIndex((t) => t.id === id));
const volumeIndex = (call: Call, app: StoredApp) => partIndex(call, app, 'Volume', (name) => app.volumes.findIndex((v) => v.name === name));

/** The app's request with container `index` changed by `edit`. */
function withContainer(app: StoredApp, index: number, edit: (c: Json) => Json): Json {
  const request = requestOf(app);
  return { ...request, containerTemplates: (request['containerTemplates'] as Json[]).map((c, i) => (i === index ? edit(c) : c)) };
}

/** An error for an `id` member, which the request type does not define (the platform assigns ids). */
const idRefused = (body: Json, at: string, typeName: string): ValidationError[] =>
  'id' in body ? [{ field: `${at}.id`, message: `The JSON property 'id' is not defined on ${typeName}.` }] : [];

// ---- containers ---------------------------------------------------------------------------------------------------

/** POST /apps/{appId}/containers: a new container (AddContainerRequest), answered 201 with its ContainerTemplate. */
export async function addContainer(ops: Operations, call: Call): Promise<void> {
  const app = changing(ops, call);
  const body = app && (await bodyOf(ops, call, 'AddContainerRequest'));
  if (!app || !body) return;
  const index = app.containerTemplates.length;
  const at = `containerTemplates[${index}]`;
  const request = requestOf(app);
  const next = saved(ops, call, app, { ...request, containerTemplates: [...(request['containerTemplates'] as Json[]), body] }, at, idRefused(body, at, 'AddContainerRequest'));
  if (next) sendJson(call.res, 201, next.containerTemplates[index]);
}

/** GET, PATCH (PatchContainerRequest, merge-patch) and DELETE /apps/{appId}/containers/{containerId}. */
export async function container(ops: Operations, call: Call): Promise<void> {
  const app = call.method === 'GET' ? appOf(ops, call) : changing(ops, call);
  const index = app && containerIndex(call, app);
  if (!app || index === undefined) return;
  if (call.method === 'GET') {
    sendJson(call.res, 200, app.containerTemplates[index]);
    return;
  }
  const request = requestOf(app);
  const list = request['containerTemplates'] as Json[];
  if (call.method === 'DELETE') {
    if (list.length === 1) sendErrorDetails(call.req, call.res, 400, 'An application needs at least one container; delete the application instead.');
    else if (saved(ops, call, app, { ...request, containerTemplates: list.filter((_, i) => i !== index) })) sendEmpty(call.res, 200);
    return;
  }
  const body = await bodyOf(ops, call, 'PatchContainerRequest');
  if (body === undefined) return;
  const at = `containerTemplates[${index}]`;
  const next = saved(ops, call, app, withContainer(app, index, (c) => mergeContainer(c, body)), at, idRefused(body, at, 'PatchContainerRequest'));
  if (next) sendJson(call.res, 200, next.containerTemplates[index]);
}

/** PUT /apps/{appId}/containers/{containerId}/env: the container's variables become exactly the body's name → value pairs. */
export async function containerEnv(ops: Operations, call: Call): Promise<void> {
  const app = changing(ops, call);
  const index = app && containerIndex(call, app);
  const body = app && index !== undefined ? await bodyOf(ops, call, 'object of name to value') : undefined;
  if (!app || index === undefined || body === undefined) return;
  const errors = Object.entries(body)
    .filter(([, v]) => typeof v !== 'string')
    .map(([k]) => ({ field: k, message: `The value of ${k} must be a string.` }));
  if (errors.length > 0) {
    sendErrorDetails(call.req, call.res, 400, SEE_ERRORS, errors);
    return;
  }
  const request = withContainer(app, index, (c) => ({ ...c, environmentVariables: Object.entries(body).map(([name, value]) => ({ name, value })) }));
  const next = saved(ops, call, app, request, `containerTemplates[${index}]`);
  if (next) sendJson(call.res, 200, next.containerTemplates[index]);
}

// ---- endpoints ----------------------------------------------------------------------------------------------------

/** GET /apps/{appId}/endpoints: every endpoint with the container it belongs to. */
export function listEndpoints(ops: Operations, call: Call): void {
  const app = appOf(ops, call);
  if (!app) return;
  const items = app.containerTemplates.flatMap((t) => t.endpoints.map((e) => ({ ...e, containerName: t.name, containerId: t.id })));
  sendJson(call.res, 200, { items, meta: { totalItems: items.length }, cursor: null });
}

const endpointsOf = (c: Json): Json[] => (c['endpoints'] as Json[] | undefined) ?? [];

/** POST /apps/{appId}/containers/{containerId}/endpoints (EndpointRequest): 201 {id}. */
export async function addEndpoint(ops: Operations, call: Call): Promise<void> {
  const app = changing(ops, call);
  const index = app && containerIndex(call, app);
  const body = app && index !== undefined ? await bodyOf(ops, call, 'EndpointRequest') : undefined;
  if (!app || index === undefined || body === undefined) return;
  const at = app.containerTemplates[index]!.endpoints.length;
  const taken = app.containerTemplates[index]!.endpoints.some((e) => e.displayName === body['displayName'])
    ? [{ field: `containerTemplates[${index}].endpoints[${at}].displayName`, message: `The container already has an endpoint named '${String(body['displayName'])}'.` }]
    : [];
  const next = saved(ops, call, app, withContainer(app, index, (c) => ({ ...c, endpoints: [...endpointsOf(c), body] })), `containerTemplates[${index}].endpoints[${at}]`, taken);
  if (next) sendJson(call.res, 201, { id: next.containerTemplates[index]?.endpoints[at]?.id ?? '' });
}

/** PUT (EndpointRequest, the endpoint keeps its id) and DELETE /apps/{appId}/endpoints/{endpointId}. */
export async function endpoint(ops: Operations, call: Call): Promise<void> {
  const app = changing(ops, call);
  if (!app) return;
  const eid = call.params[1] ?? '';
  const ti = app.containerTemplates.findIndex((t) => t.endpoints.some((e) => e.id === eid));
  const template = app.containerTemplates[ti];
  const ei = template?.endpoints.findIndex((e) => e.id === eid) ?? -1;
  if (!template || ei < 0) {
    sendErrorDetails(call.req, call.res, 404, `Endpoint '${eid}' was not found in application '${app.id}'.`);
    return;
  }
  if (call.method === 'DELETE') {
    if (saved(ops, call, app, withContainer(app, ti, (c) => ({ ...c, endpoints: endpointsOf(c).filter((_, j) => j !== ei) })))) sendEmpty(call.res, 200);
    return;
  }
  const body = await bodyOf(ops, call, 'EndpointRequest');
  if (body === undefined) return;
  const request = withContainer(app, ti, (c) => ({ ...c, endpoints: endpointsOf(c).map((e, j) => (j === ei ? body : e)) }));
  const next = rebuilt(ops, call, app, request, `containerTemplates[${ti}].endpoints[${ei}]`);
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

// ---- volumes and pods ---------------------------------------------------------------------------------------------

export function listVolumes(ops: Operations, call: Call): void {
  const app = appOf(ops, call);
  if (app) sendJson(call.res, 200, volumesOf(app, ops.ctx.seed, ops.clock()));
}

/** PATCH (PatchVolumeRequest: rename, which renames its mounts too, or grow) and DELETE (with its mounts) /apps/{appId}/volumes/{name}. */
export async function volume(ops: Operations, call: Call): Promise<void> {
  const app = changing(ops, call);
  const index = app && volumeIndex(call, app);
  if (!app || index === undefined) return;
  const { name, size } = app.volumes[index]!;
  const request = requestOf(app);
  const unmount = (rename?: string) =>
    (request['containerTemplates'] as Json[]).map((c) => ({
      ...c,
      volumeMounts: ((c['volumeMounts'] as Json[] | undefined) ?? []).flatMap((m) => (m['name'] !== name ? [m] : rename === undefined ? [] : [{ ...m, name: rename }])),
    }));
  if (call.method === 'DELETE') {
    const ids = volumeInstances(app, ops.ctx.seed, ops.clock(), name).map((v) => v.id);
    const volumes = app.volumes.filter((_, i) => i !== index).map((v) => ({ ...v }));
    if (saved(ops, call, app, { ...request, volumes, containerTemplates: unmount() }, undefined, undefined, false)) sendJson(call.res, 200, { ids });
    return;
  }
  const body = await bodyOf(ops, call, 'PatchVolumeRequest');
  if (body === undefined) return;
  const merged = mergePatch(app.volumes[index], body) as Json;
  const errors: ValidationError[] = [];
  if (typeof merged['size'] === 'number' && merged['size'] < size) errors.push({ field: `volumes[${index}].size`, message: `A volume cannot shrink: '${name}' has ${size} GB.` });
  const renamed = typeof merged['name'] === 'string' && merged['name'] !== name ? merged['name'] : undefined;
  if (renamed !== undefined && app.volumes.some((v) => v.name === renamed)) {
    errors.push({ field: `volumes[${index}].name`, message: `The application already has a volume named '${renamed}'.` });
  }
  const volumes = app.volumes.map((v, i) => (i === index ? merged : { ...v }));
  const next = saved(ops, call, app, { ...request, volumes, containerTemplates: unmount(renamed ?? name) }, `volumes[${index}]`, errors, false);
  if (next) sendJson(call.res, 200, { name: next.volumes[index]!.name, size: next.volumes[index]!.size });
}

/** POST /apps/{appId}/volumes/{name}/detach: its instances are detached from their pods until the next deploy. */
export function detachVolume(ops: Operations, call: Call): void {
  const app = appOf(ops, call);
  const index = app && volumeIndex(call, app);
  if (!app || index === undefined) return;
  const name = app.volumes[index]!.name;
  if (!app.run.detachedVolumes.includes(name)) ops.store.add({ ...app, run: { ...app.run, detachedVolumes: [...app.run.detachedVolumes, name] } });
  sendJson(call.res, 200, { name });
}

/** DELETE /apps/{appId}/volumes/{name}/instances/{instanceId}. */
export function deleteVolumeInstance(ops: Operations, call: Call): void {
  const app = appOf(ops, call);
  const index = app && volumeIndex(call, app);
  if (!app || index === undefined) return;
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
  const app = runnable(ops, call);
  if (!app) return;
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
