/**
 * The routes of an application's parts over real HTTP — autoscaling, region settings, containers and their env,
 * endpoints, volumes, pods — and the account's nodes. Every answer is checked against the platform's OpenAPI document.
 */
import { describe, expect, it } from 'vitest';
import { errorsOf, fullApp, jsonBody, madeApp, readApp, useContainers, validReply as valid, type Template } from './testing/harness.js';

const start = useContainers({ appTransitionMs: 0 });

describe('parts of an app', () => {
  it('autoscaling: GET, PUT; min above max is 422; out of range 400', async () => {
    const h = await start();
    const { id } = await madeApp(h);
    const read = await h.call('GET', `/apps/${id}/autoscaling`);
    valid('GET', '/apps/{appId}/autoscaling', read);
    expect(read.json).toEqual({ min: 1, max: 3 });
    const put = await h.call('PUT', `/apps/${id}/autoscaling`, jsonBody({ min: 2, max: 6 }));
    expect(put.status).toBe(200);
    valid('PUT', '/apps/{appId}/autoscaling', put);
    expect((await readApp(h, id)).autoScaling).toEqual({ min: 2, max: 6 });
    const over = await h.call('PUT', `/apps/${id}/autoscaling`, jsonBody({ min: 7, max: 6 }));
    expect(over.status).toBe(422);
    valid('PUT', '/apps/{appId}/autoscaling', over);
    expect(errorsOf(over)[0]?.field).toBe('min');
    const range = await h.call('PUT', `/apps/${id}/autoscaling`, jsonBody({ min: 0, max: 1001 }));
    expect(range.status).toBe(400);
    expect(errorsOf(range).map((e) => e.field)).toEqual(['min', 'max']);
  });

  it('region settings: GET, PUT; unknown regions and required regions that are not allowed are 422', async () => {
    const h = await start();
    const { id } = await madeApp(h);
    const read = await h.call('GET', `/apps/${id}/region-settings`);
    valid('GET', '/apps/{appId}/region-settings', read);
    expect(read.json).toEqual({ allowedRegionIds: ['DE', 'UK'], requiredRegionIds: ['DE'], maxAllowedRegions: 2, provisioningType: 'dynamic' });
    const put = await h.call('PUT', `/apps/${id}/region-settings`, jsonBody({ allowedRegionIds: ['NY', 'SG'], requiredRegionIds: ['NY'], maxAllowedRegions: null }));
    expect(put.status).toBe(200);
    valid('PUT', '/apps/{appId}/region-settings', put);
    expect((await readApp(h, id)).regionSettings).toMatchObject({ allowedRegionIds: ['NY', 'SG'], requiredRegionIds: ['NY'] });
    const outside = await h.call('PUT', `/apps/${id}/region-settings`, jsonBody({ allowedRegionIds: ['NY'], requiredRegionIds: ['NY', 'UK'] }));
    expect(outside.status).toBe(422);
    valid('PUT', '/apps/{appId}/region-settings', outside);
    expect(errorsOf(outside)).toEqual([{ field: 'requiredRegionIds[1]', message: expect.stringContaining('UK') }]);
    const unknown = await h.call('PUT', `/apps/${id}/region-settings`, jsonBody({ allowedRegionIds: ['XX'], requiredRegionIds: [] }));
    expect(unknown.status).toBe(422);
    expect(errorsOf(unknown)[0]?.field).toBe('allowedRegionIds[0]');
  });

  it('containers: add (201 ContainerTemplate), get, patch by merge-patch, set env, delete; the last one cannot go', async () => {
    const h = await start();
    const { id, app } = await madeApp(h);
    const add = await h.call('POST', `/apps/${id}/containers`, jsonBody({ name: 'worker', imageName: 'busybox', imageNamespace: 'library', imageTag: '1.36', imageRegistryId: '1' }));
    expect(add.status).toBe(201);
    valid('POST', '/apps/{appId}/containers', add);
    const worker = add.json as Template;
    const read = await h.call('GET', `/apps/${id}/containers/${worker.id}`);
    valid('GET', '/apps/{appId}/containers/{containerId}', read);
    expect(read.json).toEqual(worker);
    const bad = await h.call('POST', `/apps/${id}/containers`, jsonBody({ name: '', imageName: 'busybox', imageNamespace: 'library', imageTag: '1', imageRegistryId: '1' }));
    expect(bad.status).toBe(400);
    valid('POST', '/apps/{appId}/containers', bad);
    expect(errorsOf(bad).map((e) => e.field)).toEqual(['name']);
    const patched = await h.call('PATCH', `/apps/${id}/containers/${worker.id}`, jsonBody({ imageTag: '1.37', entryPoint: { command: 'sleep' } }));
    expect(patched.status).toBe(200);
    valid('PATCH', '/apps/{appId}/containers/{containerId}', patched);
    expect(patched.json).toMatchObject({ id: worker.id, imageTag: '1.37', entryPoint: { command: 'sleep' } });
    const env = await h.call('PUT', `/apps/${id}/containers/${worker.id}/env`, jsonBody({ A: '1', B: 'two' }));
    expect(env.status).toBe(200);
    valid('PUT', '/apps/{appId}/containers/{containerId}/env', env);
    expect((env.json as Template).environmentVariables).toEqual([{ name: 'A', value: '1' }, { name: 'B', value: 'two' }]);
    const badEnv = await h.call('PUT', `/apps/${id}/containers/${worker.id}/env`, jsonBody({ A: 1 }));
    expect(badEnv.status).toBe(400);
    expect(errorsOf(badEnv)[0]?.field).toBe('A');
    expect((await h.call('DELETE', `/apps/${id}/containers/${worker.id}`)).status).toBe(200);
    expect((await readApp(h, id)).containerTemplates.map((t) => t.id)).toEqual([app.containerTemplates[0]!.id]);
    const last = await h.call('DELETE', `/apps/${id}/containers/${app.containerTemplates[0]!.id}`);
    expect(last.status).toBe(400);
    valid('DELETE', '/apps/{appId}/containers/{containerId}', last);
    const gone = await h.call('GET', `/apps/${id}/containers/NoSuchContainer`);
    expect(gone.status).toBe(404);
    valid('GET', '/apps/{appId}/containers/{containerId}', gone);
  });

  it('endpoints: list with their container, add (201 {id}), replace keeping the id, delete', async () => {
    const h = await start();
    const { id, app } = await madeApp(h);
    const web = app.containerTemplates[0]!;
    const list = await h.call('GET', `/apps/${id}/endpoints`);
    valid('GET', '/apps/{appId}/endpoints', list);
    expect((list.json as { items: { id: string; containerId: string; containerName: string }[] }).items.map((e) => [e.id, e.containerName])).toEqual(web.endpoints.map((e) => [e.id, 'web']));
    const add = await h.call('POST', `/apps/${id}/containers/${web.id}/endpoints`, jsonBody({ displayName: 'admin', cdn: { isSslEnabled: true, portMappings: [{ containerPort: 8080 }] } }));
    expect(add.status).toBe(201);
    valid('POST', '/apps/{appId}/containers/{containerId}/endpoints', add);
    const eid = (add.json as { id: string }).id;
    const taken = await h.call('POST', `/apps/${id}/containers/${web.id}/endpoints`, jsonBody({ displayName: 'admin', cdn: { portMappings: [{ containerPort: 8081 }] } }));
    expect(taken.status).toBe(400);
    const put = await h.call('PUT', `/apps/${id}/endpoints/${eid}`, jsonBody({ displayName: 'console', cdn: { isSslEnabled: false, portMappings: [{ containerPort: 9090 }] } }));
    expect(put.status).toBe(200);
    valid('PUT', '/apps/{appId}/endpoints/{endpointId}', put);
    const shown = (await readApp(h, id)).containerTemplates[0]!.endpoints.find((e) => e.id === eid);
    expect(shown).toMatchObject({ id: eid, displayName: 'console' });
    const invalid = await h.call('PUT', `/apps/${id}/endpoints/${eid}`, jsonBody({ displayName: '' }));
    expect(invalid.status).toBe(400);
    expect(errorsOf(invalid)[0]?.field).toBe('displayName');
    expect((await h.call('DELETE', `/apps/${id}/endpoints/${eid}`)).status).toBe(200);
    expect((await readApp(h, id)).containerTemplates[0]!.endpoints.map((e) => e.id)).toEqual(web.endpoints.map((e) => e.id));
    const gone = await h.call('DELETE', `/apps/${id}/endpoints/${eid}`);
    expect(gone.status).toBe(404);
    valid('DELETE', '/apps/{appId}/endpoints/{endpointId}', gone);
  });

  it('volumes: listed with instances once deployed, grown and renamed (mounts follow), detached, an instance deleted, then deleted', async () => {
    const h = await start();
    const { id } = await madeApp(h);
    const before = await h.call('GET', `/apps/${id}/volumes`);
    valid('GET', '/apps/{appId}/volumes', before);
    expect((before.json as { items: unknown[] }).items).toEqual([expect.objectContaining({ name: 'data', id: 'data', size: 5, totalInstancesCount: 0 })]);
    await h.call('POST', `/apps/${id}/deploy`);
    const running = await h.call('GET', `/apps/${id}/volumes`);
    valid('GET', '/apps/{appId}/volumes', running);
    const vol = (running.json as { items: { attachedInstancesCount: number; volumeInstances: { id: string; status: string }[] }[] }).items[0]!;
    expect(vol.attachedInstancesCount).toBe(1);
    const grown = await h.call('PATCH', `/apps/${id}/volumes/data`, jsonBody({ size: 8, name: 'store' }));
    expect(grown.status).toBe(200);
    valid('PATCH', '/apps/{appId}/volumes/{volumeId}', grown);
    expect(grown.json).toEqual({ name: 'store', size: 8 });
    expect((await readApp(h, id)).containerTemplates[0]!.volumeMounts).toEqual([{ name: 'store', mountPath: '/var/lib/data' }]);
    const shrink = await h.call('PATCH', `/apps/${id}/volumes/store`, jsonBody({ size: 2 }));
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
    const after = await readApp(h, id);
    expect(after.volumes).toEqual([]);
    expect(after.containerTemplates[0]!.volumeMounts).toEqual([]);
    expect((await h.call('DELETE', `/apps/${id}/volumes/store`)).status).toBe(404);
  });

  it('pods: recreate replaces one pod of a running app; an unknown pod is 404', async () => {
    let now = 5_000_000;
    const h = await start({ now: () => now, appTransitionMs: 100 });
    const { id } = await madeApp(h);
    await h.call('PATCH', `/apps/${id}`, jsonBody({ autoScaling: { min: 2, max: 3 } }));
    await h.call('POST', `/apps/${id}/deploy`);
    now += 100;
    const pods = (await readApp(h, id)).containerInstances.map((i) => i.podId);
    const res = await h.call('POST', `/apps/${id}/pods/${pods[0]}/recreate`);
    expect(res.status).toBe(200);
    valid('POST', '/apps/{appId}/pods/{podId}/recreate', res);
    now += 100;
    const after = (await readApp(h, id)).containerInstances.map((i) => i.podId);
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
    const { id } = await madeApp(h);
    await h.call('POST', `/apps/${id}/deploy`);
    const nodes = (await h.call('GET', `/apps/${id}`)).json as { containerInstances: { nodeIpAddress: string }[] };
    for (const i of nodes.containerInstances) expect(plain.json).toContain(i.nodeIpAddress);
    expect((await h.call('GET', '/nodes?limit=0')).status).toBe(400);
  });

  it('changes are refused with 403 while the account is suspended', async () => {
    const h = await start();
    const { id, app } = await madeApp(h);
    h.ctx.accountSuspended = true;
    for (const [method, path, body] of [
      ['PUT', `/apps/${id}`, fullApp()],
      ['PATCH', `/apps/${id}`, { name: 'x' }],
      ['PUT', `/apps/${id}/autoscaling`, { min: 1, max: 1 }],
      ['PUT', `/apps/${id}/containers/${app.containerTemplates[0]!.id}/env`, {}],
    ] as const) {
      const res = await h.call(method, path, jsonBody(body));
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    h.ctx.accountSuspended = false;
    expect(await readApp(h, id)).toEqual(app);
  });
});
