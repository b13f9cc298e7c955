/**
 * Changing an application over real HTTP: PUT (full replace) and PATCH (merge-patch with the array rules), and the
 * routes of its parts — autoscaling, region settings, containers and their env, endpoints, volumes, pods — and the
 * account's nodes. Every answer is checked against the platform's OpenAPI document.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../server.js';
import { validateResponse } from '../testing/openapi.js';
import { fullApp, startContainers, type Harness, type Reply } from './testing/harness.js';

const open: Harness[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((h) => h.close()));
});

async function start(): Promise<Harness> {
  const h = await startContainers({ appTransitionMs: 0 });
  open.push(h);
  return h;
}

const valid = (method: string, template: string, r: Reply) => expect(validateResponse('magic-containers', method, template, r.status, r.json)).toEqual([]);
const json = (body: unknown) => ({ body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

interface Template {
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
interface AppView {
  readonly name: string;
  readonly status: string;
  readonly autoScaling: { min: number; max: number };
  readonly containerTemplates: readonly Template[];
  readonly containerInstances: readonly { podId: string }[];
  readonly volumes: readonly { name: string; size: number }[];
  readonly regionSettings: { allowedRegionIds: string[]; requiredRegionIds: string[] };
}

async function made(h: Harness): Promise<{ id: string; app: AppView }> {
  const res = await h.create(fullApp());
  const { id } = res.json as { id: string };
  return { id, app: await get(h, id) };
}

async function get(h: Harness, id: string): Promise<AppView> {
  const res = await h.call('GET', `/apps/${id}`);
  valid('GET', '/apps/{appId}', res);
  return res.json as AppView;
}

const errorsOf = (r: Reply) => (r.json as { errors: { field: string; message: string }[] }).errors;

describe('PUT /apps/{appId}', () => {
  it('replaces the whole app; a container with its id keeps it, one without gets a new id', async () => {
    const h = await start();
    const { id, app } = await made(h);
    const web = app.containerTemplates[0]!;
    const body = fullApp();
    body['name'] = 'Replaced';
    const containers = body['containerTemplates'] as Record<string, unknown>[];
    containers[0]!['id'] = web.id;
    containers[0]!['imageTag'] = '1.28';
    delete containers[0]!['image'];
    delete containers[0]!['imageDigest'];
    containers.push({ name: 'side', imageName: 'busybox', imageNamespace: 'library', imageTag: 'latest', imageRegistryId: '1' });
    const res = await h.call('PUT', `/apps/${id}`, json(body));
    expect(res.status).toBe(200);
    valid('PUT', '/apps/{appId}', res);
    expect(res.json).toEqual({ id });
    const after = await get(h, id);
    expect(after.name).toBe('Replaced');
    expect(after.containerTemplates.map((t) => [t.id === web.id, t.name, t.imageTag])).toEqual([
      [true, 'web', '1.28'],
      [false, 'side', 'latest'],
    ]);
    expect(after.containerTemplates[0]!.image).toContain('nginx:1.28');
    expect(after.containerTemplates[0]!.endpoints.map((e) => e.id)).toEqual(web.endpoints.map((e) => e.id));
  });

  it('is checked as create is: 400 with field paths, 422 for min above max, 400 for a container id the app does not have, 404 ProblemDetails', async () => {
    const h = await start();
    const { id } = await made(h);
    const bad = fullApp();
    bad['name'] = 'no_underscores';
    (bad['containerTemplates'] as Record<string, unknown>[])[0]!['imageTag'] = 'a b';
    const res = await h.call('PUT', `/apps/${id}`, json(bad));
    expect(res.status).toBe(400);
    valid('PUT', '/apps/{appId}', res);
    expect(errorsOf(res).map((e) => e.field)).toEqual(['name', 'containerTemplates[0].imageTag']);
    const over = { ...fullApp(), autoScaling: { min: 4, max: 2 } };
    const unprocessable = await h.call('PUT', `/apps/${id}`, json(over));
    expect(unprocessable.status).toBe(422);
    valid('PUT', '/apps/{appId}', unprocessable);
    const ghost = fullApp();
    (ghost['containerTemplates'] as Record<string, unknown>[])[0]!['id'] = 'NotAContainer12';
    const unknown = await h.call('PUT', `/apps/${id}`, json(ghost));
    expect(unknown.status).toBe(400);
    expect(errorsOf(unknown)[0]).toMatchObject({ field: 'containerTemplates[0].id' });
    const missing = await h.call('PUT', '/apps/NoSuchApp123456', json(fullApp()));
    expect(missing.status).toBe(404);
    valid('PUT', '/apps/{appId}', missing);
    expect((await get(h, id)).name).toBe('Demo app 1');
  });
});

describe('PATCH /apps/{appId}', () => {
  it('changes only what it names, and keeps each body as it arrived', async () => {
    const h = await start();
    const { id, app } = await made(h);
    const text = '{ "name": "Renamed", "autoScaling": { "min": 2, "max": 5 } }';
    const res = await h.call('PATCH', `/apps/${id}`, { body: text, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(200);
    valid('PATCH', '/apps/{appId}', res);
    const after = await get(h, id);
    expect(after).toMatchObject({ name: 'Renamed', autoScaling: { min: 2, max: 5 }, volumes: app.volumes, regionSettings: app.regionSettings });
    expect(after.containerTemplates).toEqual(app.containerTemplates);
  });

  it('keeps each update body exactly as sent, with its method and path, for tests in the same process', async () => {
    const s = await startSandbox({ liveTraffic: false, realism: false });
    try {
      const headers = { AccessKey: s.accountKey, 'content-type': 'application/json' };
      const { id } = (await (await fetch(`${s.containersUrl}/apps`, { method: 'POST', headers, body: JSON.stringify(fullApp()) })).json()) as { id: string };
      const patch = '{ "name" : "Kept"  }\n';
      expect((await fetch(`${s.containersUrl}/apps/${id}?x=1`, { method: 'PATCH', headers, body: patch })).status).toBe(200);
      expect((await fetch(`${s.containersUrl}/apps/${id}/autoscaling`, { method: 'PUT', headers, body: '{"min":1,"max":2}' })).status).toBe(200);
      expect(s.containers.receivedUpdates().map(({ method, path, body }) => ({ method, path, body }))).toEqual([
        { method: 'PATCH', path: `/apps/${id}`, body: patch },
        { method: 'PUT', path: `/apps/${id}/autoscaling`, body: '{"min":1,"max":2}' },
      ]);
      expect(s.containers.received()).toHaveLength(1);
      s.containers.resetReceived();
      expect(s.containers.receivedUpdates()).toEqual([]);
    } finally {
      await s.close();
    }
  });

  it('a container item with an id updates that container: its tag changes and a left-out env var is gone', async () => {
    const h = await start();
    const { id, app } = await made(h);
    const web = app.containerTemplates[0]!;
    const patch = { containerTemplates: [{ id: web.id, imageTag: '1.29', environmentVariables: [{ name: 'LEVEL', value: 'debug' }] }] };
    const res = await h.call('PATCH', `/apps/${id}`, json(patch));
    expect(res.status).toBe(200);
    const after = (await get(h, id)).containerTemplates;
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: web.id, packageId: web.packageId, name: 'web', imageTag: '1.29', environmentVariables: [{ name: 'LEVEL', value: 'debug' }] });
    expect(after[0]!.image).toMatch(/nginx:1\.29$/);
    expect(after[0]!.imageDigest).not.toBe(web.imageDigest);
    expect(after[0]!.endpoints.map((e) => [e.id, e.publicHost])).toEqual(web.endpoints.map((e) => [e.id, e.publicHost]));
    expect(after[0]!.volumeMounts).toEqual(web.volumeMounts);
  });

  it('an item without an id is added with a new id; an item left out is removed', async () => {
    const h = await start();
    const { id, app } = await made(h);
    const web = app.containerTemplates[0]!;
    const added = { name: 'worker', imageName: 'busybox', imageNamespace: 'library', imageTag: 'latest', imageRegistryId: '1' };
    expect((await h.call('PATCH', `/apps/${id}`, json({ containerTemplates: [{ id: web.id }, added] }))).status).toBe(200);
    const two = (await get(h, id)).containerTemplates;
    expect(two.map((t) => t.name)).toEqual(['web', 'worker']);
    expect(two[1]!.id).toMatch(/^[0-9A-Za-z]{15}$/);
    expect(two[1]!.id).not.toBe(web.id);
    expect((await h.call('PATCH', `/apps/${id}`, json({ containerTemplates: [{ id: two[1]!.id }] }))).status).toBe(200);
    expect((await get(h, id)).containerTemplates.map((t) => [t.id, t.name])).toEqual([[two[1]!.id, 'worker']]);
  });

  it('volumes are matched by name: a size changes, a new one is added, one left out is removed', async () => {
    const h = await start();
    const { id, app } = await made(h);
    const web = app.containerTemplates[0]!;
    const res = await h.call('PATCH', `/apps/${id}`, json({ volumes: [{ name: 'data', size: 9 }, { name: 'cache', size: 1 }] }));
    expect(res.status).toBe(200);
    expect((await get(h, id)).volumes).toEqual([{ name: 'data', size: 9 }, { name: 'cache', size: 1 }]);
    expect((await h.call('PATCH', `/apps/${id}`, json({ volumes: [{ name: 'cache' }], containerTemplates: [{ id: web.id, volumeMounts: [] }] }))).status).toBe(200);
    expect((await get(h, id)).volumes).toEqual([{ name: 'cache', size: 1 }]);
  });

  it('the merged result is checked as create checks it: 400 with paths, nothing changed; a container id it does not have is 400 at that id', async () => {
    const h = await start();
    const { id, app } = await made(h);
    const web = app.containerTemplates[0]!;
    for (const [patch, fields] of [
      [{ name: null }, ['name']],
      [{ autoScaling: { min: 0 } }, ['autoScaling.min']],
      [{ containerTemplates: [{ id: web.id, imageTag: 'bad tag' }] }, ['containerTemplates[0].imageTag']],
      [{ containerTemplates: [{ id: web.id }, { name: 'half' }] }, ['containerTemplates[1].imageName', 'containerTemplates[1].imageNamespace', 'containerTemplates[1].imageTag', 'containerTemplates[1].imageRegistryId']],
      [{ containerTemplates: [] }, ['containerTemplates']],
      [{ containerTemplates: [{ id: 'NotAContainer12', name: 'x' }] }, ['containerTemplates[0].id']],
      [{ surprise: 1 }, ['surprise']],
    ] as const) {
      const res = await h.call('PATCH', `/apps/${id}`, json(patch));
      expect(res.status, JSON.stringify(patch)).toBe(400);
      valid('PATCH', '/apps/{appId}', res);
      expect(errorsOf(res).map((e) => e.field).slice(0, fields.length), JSON.stringify(patch)).toEqual(fields);
    }
    expect(await get(h, id)).toEqual(app);
  });

  it('a deployed app rolls over to the change; an undeployed one stays inactive', async () => {
    let now = 1_000_000;
    const h = await startContainers({ now: () => now, appTransitionMs: 1000 });
    open.push(h);
    const { id } = await made(h);
    expect((await h.call('PATCH', `/apps/${id}`, json({ name: 'Quiet' }))).status).toBe(200);
    expect((await get(h, id)).status).toBe('inactive');
    await h.call('POST', `/apps/${id}/deploy`);
    now += 1000;
    const pods = (await get(h, id)).containerInstances.map((i) => i.podId);
    expect((await h.call('PATCH', `/apps/${id}`, json({ autoScaling: { min: 2, max: 3 } }))).status).toBe(200);
    expect((await get(h, id)).status).toBe('progressing');
    now += 1000;
    const after = await get(h, id);
    expect(after.status).toBe('active');
    expect(after.containerInstances).toHaveLength(2);
    expect(after.containerInstances.map((i) => i.podId)).not.toContain(pods[0]);
  });
});

describe('parts of an app', () => {
  it('autoscaling: GET, PUT; min above max is 422; out of range 400', async () => {
    const h = await start();
    const { id } = await made(h);
    const read = await h.call('GET', `/apps/${id}/autoscaling`);
    valid('GET', '/apps/{appId}/autoscaling', read);
    expect(read.json).toEqual({ min: 1, max: 3 });
    const put = await h.call('PUT', `/apps/${id}/autoscaling`, json({ min: 2, max: 6 }));
    expect(put.status).toBe(200);
    valid('PUT', '/apps/{appId}/autoscaling', put);
    expect((await get(h, id)).autoScaling).toEqual({ min: 2, max: 6 });
    const over = await h.call('PUT', `/apps/${id}/autoscaling`, json({ min: 7, max: 6 }));
    expect(over.status).toBe(422);
    valid('PUT', '/apps/{appId}/autoscaling', over);
    expect(errorsOf(over)[0]?.field).toBe('min');
    const range = await h.call('PUT', `/apps/${id}/autoscaling`, json({ min: 0, max: 1001 }));
    expect(range.status).toBe(400);
    expect(errorsOf(range).map((e) => e.field)).toEqual(['min', 'max']);
  });

  it('region settings: GET, PUT; unknown regions and required regions that are not allowed are 422', async () => {
    const h = await start();
    const { id } = await made(h);
    const read = await h.call('GET', `/apps/${id}/region-settings`);
    valid('GET', '/apps/{appId}/region-settings', read);
    expect(read.json).toEqual({ allowedRegionIds: ['DE', 'UK'], requiredRegionIds: ['DE'], maxAllowedRegions: 2, provisioningType: 'dynamic' });
    const put = await h.call('PUT', `/apps/${id}/region-settings`, json({ allowedRegionIds: ['NY', 'SG'], requiredRegionIds: ['NY'], maxAllowedRegions: null }));
    expect(put.status).toBe(200);
    valid('PUT', '/apps/{appId}/region-settings', put);
    expect((await get(h, id)).regionSettings).toMatchObject({ allowedRegionIds: ['NY', 'SG'], requiredRegionIds: ['NY'] });
    const outside = await h.call('PUT', `/apps/${id}/region-settings`, json({ allowedRegionIds: ['NY'], requiredRegionIds: ['NY', 'UK'] }));
    expect(outside.status).toBe(422);
    valid('PUT', '/apps/{appId}/region-settings', outside);
    expect(errorsOf(outside)).toEqual([{ field: 'requiredRegionIds[1]', message: expect.stringContaining('UK') }]);
    const unknown = await h.call('PUT', `/apps/${id}/region-settings`, json({ allowedRegionIds: ['XX'], requiredRegionIds: [] }));
    expect(unknown.status).toBe(422);
    expect(errorsOf(unknown)[0]?.field).toBe('allowedRegionIds[0]');
  });

  it('containers: add (201 ContainerTemplate), get, patch by merge-patch, set env, delete; the last one cannot go', async () => {
    const h = await start();
    const { id, app } = await made(h);
    const add = await h.call('POST', `/apps/${id}/containers`, json({ name: 'worker', imageName: 'busybox', imageNamespace: 'library', imageTag: '1.36', imageRegistryId: '1' }));
    expect(add.status).toBe(201);
    valid('POST', '/apps/{appId}/containers', add);
    const worker = add.json as Template;
    const read = await h.call('GET', `/apps/${id}/containers/${worker.id}`);
    valid('GET', '/apps/{appId}/containers/{containerId}', read);
    expect(read.json).toEqual(worker);
    const bad = await h.call('POST', `/apps/${id}/containers`, json({ name: '', imageName: 'busybox', imageNamespace: 'library', imageTag: '1', imageRegistryId: '1' }));
    expect(bad.status).toBe(400);
    valid('POST', '/apps/{appId}/containers', bad);
    expect(errorsOf(bad).map((e) => e.field)).toEqual(['name']);
    const patched = await h.call('PATCH', `/apps/${id}/containers/${worker.id}`, json({ imageTag: '1.37', entryPoint: { command: 'sleep' } }));
    expect(patched.status).toBe(200);
    valid('PATCH', '/apps/{appId}/containers/{containerId}', patched);
    expect(patched.json).toMatchObject({ id: worker.id, imageTag: '1.37', entryPoint: { command: 'sleep' } });
    const env = await h.call('PUT', `/apps/${id}/containers/${worker.id}/env`, json({ A: '1', B: 'two' }));
    expect(env.status).toBe(200);
    valid('PUT', '/apps/{appId}/containers/{containerId}/env', env);
    expect((env.json as Template).environmentVariables).toEqual([{ name: 'A', value: '1' }, { name: 'B', value: 'two' }]);
    const badEnv = await h.call('PUT', `/apps/${id}/containers/${worker.id}/env`, json({ A: 1 }));
    expect(badEnv.status).toBe(400);
    expect(errorsOf(badEnv)[0]?.field).toBe('A');
    expect((await h.call('DELETE', `/apps/${id}/containers/${worker.id}`)).status).toBe(200);
    expect((await get(h, id)).containerTemplates.map((t) => t.id)).toEqual([app.containerTemplates[0]!.id]);
    const last = await h.call('DELETE', `/apps/${id}/containers/${app.containerTemplates[0]!.id}`);
    expect(last.status).toBe(400);
    valid('DELETE', '/apps/{appId}/containers/{containerId}', last);
    const gone = await h.call('GET', `/apps/${id}/containers/NoSuchContainer`);
    expect(gone.status).toBe(404);
    valid('GET', '/apps/{appId}/containers/{containerId}', gone);
  });

  it('endpoints: list with their container, add (201 {id}), replace keeping the id, delete', async () => {
    const h = await start();
    const { id, app } = await made(h);
    const web = app.containerTemplates[0]!;
    const list = await h.call('GET', `/apps/${id}/endpoints`);
    valid('GET', '/apps/{appId}/endpoints', list);
    expect((list.json as { items: { id: string; containerId: string; containerName: string }[] }).items.map((e) => [e.id, e.containerName])).toEqual(web.endpoints.map((e) => [e.id, 'web']));
    const add = await h.call('POST', `/apps/${id}/containers/${web.id}/endpoints`, json({ displayName: 'admin', cdn: { isSslEnabled: true, portMappings: [{ containerPort: 8080 }] } }));
    expect(add.status).toBe(201);
    valid('POST', '/apps/{appId}/containers/{containerId}/endpoints', add);
    const eid = (add.json as { id: string }).id;
    const taken = await h.call('POST', `/apps/${id}/containers/${web.id}/endpoints`, json({ displayName: 'admin', cdn: { portMappings: [{ containerPort: 8081 }] } }));
    expect(taken.status).toBe(400);
    const put = await h.call('PUT', `/apps/${id}/endpoints/${eid}`, json({ displayName: 'console', cdn: { isSslEnabled: false, portMappings: [{ containerPort: 9090 }] } }));
    expect(put.status).toBe(200);
    valid('PUT', '/apps/{appId}/endpoints/{endpointId}', put);
    const shown = (await get(h, id)).containerTemplates[0]!.endpoints.find((e) => e.id === eid);
    expect(shown).toMatchObject({ id: eid, displayName: 'console' });
    const invalid = await h.call('PUT', `/apps/${id}/endpoints/${eid}`, json({ displayName: '' }));
    expect(invalid.status).toBe(400);
    expect(errorsOf(invalid)[0]?.field).toBe('displayName');
    expect((await h.call('DELETE', `/apps/${id}/endpoints/${eid}`)).status).toBe(200);
    expect((await get(h, id)).containerTemplates[0]!.endpoints.map((e) => e.id)).toEqual(web.endpoints.map((e) => e.id));
    const gone = await h.call('DELETE', `/apps/${id}/endpoints/${eid}`);
    expect(gone.status).toBe(404);
    valid('DELETE', '/apps/{appId}/endpoints/{endpointId}', gone);
  });

  it('volumes: listed with instances once deployed, grown and renamed (mounts follow), detached, an instance deleted, then deleted', async () => {
    const h = await start();
    const { id } = await made(h);
    const before = await h.call('GET', `/apps/${id}/volumes`);
    valid('GET', '/apps/{appId}/volumes', before);
    expect((before.json as { items: unknown[] }).items).toEqual([expect.objectContaining({ name: 'data', id: 'data', size: 5, totalInstancesCount: 0 })]);
    await h.call('POST', `/apps/${id}/deploy`);
    const running = await h.call('GET', `/apps/${id}/volumes`);
    valid('GET', '/apps/{appId}/volumes', running);
    const vol = (running.json as { items: { attachedInstancesCount: number; volumeInstances: { id: string; status: string }[] }[] }).items[0]!;
    expect(vol.attachedInstancesCount).toBe(1);
    const grown = await h.call('PATCH', `/apps/${id}/volumes/data`, json({ size: 8, name: 'store' }));
    expect(grown.status).toBe(200);
    valid('PATCH', '/apps/{appId}/volumes/{volumeId}', grown);
    expect(grown.json).toEqual({ name: 'store', size: 8 });
    expect((await get(h, id)).containerTemplates[0]!.volumeMounts).toEqual([{ name: 'store', mountPath: '/var/lib/data' }]);
    const shrink = await h.call('PATCH', `/apps/${id}/volumes/store`, json({ size: 2 }));
    expect(shrink.status).toBe(400);
    valid('PATCH', '/apps/{appId}/volumes/{volumeId}', shrink);
    const detach = await h.call('POST', `/apps/${id}/volumes/store/detach`);
    expect(detach.status).toBe(200);
    valid('POST', '/apps/{appId}/volumes/{volumeId}/detach', detach);
    const detached = (await h.call('GET', `/apps/${id}/volumes`)).json as { items: { attachedInstancesCount: number; volumeInstances: { id: string; status: string }[] }[] };
    expect(detached.items[0]!.attachedInstancesCount).toBe(0);
    const instanceId = detached.items[0]!.volumeInstances[0]!.id;
    const dropped = await h.call('DELETE', `/apps/${id}/volumes/store/instances/${instanceId}`);
    expect(dropped.status).toBe(200);
    valid('DELETE', '/apps/{appId}/volumes/{volumeId}/instances/{instanceId}', dropped);
    expect(dropped.json).toEqual({ id: instanceId });
    expect((await h.call('DELETE', `/apps/${id}/volumes/store/instances/${instanceId}`)).status).toBe(404);
    const deleted = await h.call('DELETE', `/apps/${id}/volumes/store`);
    expect(deleted.status).toBe(200);
    valid('DELETE', '/apps/{appId}/volumes/{volumeId}', deleted);
    const after = await get(h, id);
    expect(after.volumes).toEqual([]);
    expect(after.containerTemplates[0]!.volumeMounts).toEqual([]);
    expect((await h.call('DELETE', `/apps/${id}/volumes/store`)).status).toBe(404);
  });

  it('pods: recreate replaces one pod of a running app; an unknown pod is 404', async () => {
    let now = 5_000_000;
    const h = await startContainers({ now: () => now, appTransitionMs: 100 });
    open.push(h);
    const { id } = await made(h);
    await h.call('PATCH', `/apps/${id}`, json({ autoScaling: { min: 2, max: 3 } }));
    await h.call('POST', `/apps/${id}/deploy`);
    now += 100;
    const pods = (await get(h, id)).containerInstances.map((i) => i.podId);
    const res = await h.call('POST', `/apps/${id}/pods/${pods[0]}/recreate`);
    expect(res.status).toBe(200);
    valid('POST', '/apps/{appId}/pods/{podId}/recreate', res);
    now += 100;
    const after = (await get(h, id)).containerInstances.map((i) => i.podId);
    expect(after).toHaveLength(2);
    expect(after).not.toContain(pods[0]);
    expect(after).toContain(pods[1]);
    const unknown = await h.call('POST', `/apps/${id}/pods/NoSuchPod/recreate`);
    expect(unknown.status).toBe(404);
    valid('POST', '/apps/{appId}/pods/{podId}/recreate', unknown);
  });

  it('nodes: a cursor-paged list and the plain list name the same addresses, and every instance runs on one of them', async () => {
    const h = await start();
    const page = await h.call('GET', '/nodes?limit=1000');
    valid('GET', '/nodes', page);
    const plain = await h.call('GET', '/nodes/plain');
    valid('GET', '/nodes/plain', plain);
    expect((page.json as { items: string[] }).items).toEqual(plain.json);
    const { id } = await made(h);
    await h.call('POST', `/apps/${id}/deploy`);
    const nodes = (await h.call('GET', `/apps/${id}`)).json as { containerInstances: { nodeIpAddress: string }[] };
    for (const i of nodes.containerInstances) expect(plain.json).toContain(i.nodeIpAddress);
    expect((await h.call('GET', '/nodes?limit=0')).status).toBe(400);
  });

  it('changes are refused with 403 while the account is suspended', async () => {
    const h = await start();
    const { id, app } = await made(h);
    h.ctx.accountSuspended = true;
    for (const [method, path, body] of [
      ['PUT', `/apps/${id}`, fullApp()],
      ['PATCH', `/apps/${id}`, { name: 'x' }],
      ['PUT', `/apps/${id}/autoscaling`, { min: 1, max: 1 }],
      ['PUT', `/apps/${id}/containers/${app.containerTemplates[0]!.id}/env`, {}],
    ] as const) {
      const res = await h.call(method, path, json(body));
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    h.ctx.accountSuspended = false;
    expect(await get(h, id)).toEqual(app);
  });
});
