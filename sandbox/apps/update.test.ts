/**
 * Changing an application over real HTTP: PUT (full replace) and PATCH (merge-patch with the array rules); the
 * routes of its parts are in parts.test.ts. Every answer is checked against the platform's OpenAPI document.
 */
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../server.js';
import { errorsOf, fullApp, jsonBody, madeApp, readApp, useContainers, validReply as valid } from './testing/harness.js';

const start = useContainers({ appTransitionMs: 0 });

describe('PUT /apps/{appId}', () => {
  it('replaces the whole app; a container with its id keeps it, one without gets a new id', async () => {
    const h = await start();
    const { id, app } = await madeApp(h);
    const web = app.containerTemplates[0]!;
    const body = fullApp();
    body['name'] = 'Replaced';
    const containers = body['containerTemplates'] as Record<string, unknown>[];
    containers[0]!['id'] = web.id;
    containers[0]!['imageTag'] = '1.28';
    delete containers[0]!['image'];
    delete containers[0]!['imageDigest'];
    containers.push({ name: 'side', imageName: 'busybox', imageNamespace: 'library', imageTag: 'latest', imageRegistryId: '1' });
    const res = await h.call('PUT', `/apps/${id}`, jsonBody(body));
    expect(res.status).toBe(200);
    valid('PUT', '/apps/{appId}', res);
    expect(res.json).toEqual({ id });
    const after = await readApp(h, id);
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
    const { id } = await madeApp(h);
    const bad = fullApp();
    bad['name'] = 'no_underscores';
    (bad['containerTemplates'] as Record<string, unknown>[])[0]!['imageTag'] = 'a b';
    const res = await h.call('PUT', `/apps/${id}`, jsonBody(bad));
    expect(res.status).toBe(400);
    valid('PUT', '/apps/{appId}', res);
    expect(errorsOf(res).map((e) => e.field)).toEqual(['name', 'containerTemplates[0].imageTag']);
    const over = { ...fullApp(), autoScaling: { min: 4, max: 2 } };
    const unprocessable = await h.call('PUT', `/apps/${id}`, jsonBody(over));
    expect(unprocessable.status).toBe(422);
    valid('PUT', '/apps/{appId}', unprocessable);
    const ghost = fullApp();
    (ghost['containerTemplates'] as Record<string, unknown>[])[0]!['id'] = 'NotAContainer12';
    const unknown = await h.call('PUT', `/apps/${id}`, jsonBody(ghost));
    expect(unknown.status).toBe(400);
    expect(errorsOf(unknown)[0]).toMatchObject({ field: 'containerTemplates[0].id' });
    const missing = await h.call('PUT', '/apps/NoSuchApp123456', jsonBody(fullApp()));
    expect(missing.status).toBe(404);
    valid('PUT', '/apps/{appId}', missing);
    expect((await readApp(h, id)).name).toBe('Demo app 1');
  });
});

describe('PATCH /apps/{appId}', () => {
  it('changes only what it names, and keeps each body as it arrived', async () => {
    const h = await start();
    const { id, app } = await madeApp(h);
    const text = '{ "name": "Renamed", "autoScaling": { "min": 2, "max": 5 } }';
    const res = await h.call('PATCH', `/apps/${id}`, { body: text, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(200);
    valid('PATCH', '/apps/{appId}', res);
    const after = await readApp(h, id);
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
    const { id, app } = await madeApp(h);
    const web = app.containerTemplates[0]!;
    const patch = { containerTemplates: [{ id: web.id, imageTag: '1.29', environmentVariables: [{ name: 'LEVEL', value: 'debug' }] }] };
    const res = await h.call('PATCH', `/apps/${id}`, jsonBody(patch));
    expect(res.status).toBe(200);
    const after = (await readApp(h, id)).containerTemplates;
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: web.id, packageId: web.packageId, name: 'web', imageTag: '1.29', environmentVariables: [{ name: 'LEVEL', value: 'debug' }] });
    expect(after[0]!.image).toMatch(/nginx:1\.29$/);
    expect(after[0]!.imageDigest).not.toBe(web.imageDigest);
    expect(after[0]!.endpoints.map((e) => [e.id, e.publicHost])).toEqual(web.endpoints.map((e) => [e.id, e.publicHost]));
    expect(after[0]!.volumeMounts).toEqual(web.volumeMounts);
  });

  it('an item without an id is added with a new id; an item left out is removed', async () => {
    const h = await start();
    const { id, app } = await madeApp(h);
    const web = app.containerTemplates[0]!;
    const added = { name: 'worker', imageName: 'busybox', imageNamespace: 'library', imageTag: 'latest', imageRegistryId: '1' };
    expect((await h.call('PATCH', `/apps/${id}`, jsonBody({ containerTemplates: [{ id: web.id }, added] }))).status).toBe(200);
    const two = (await readApp(h, id)).containerTemplates;
    expect(two.map((t) => t.name)).toEqual(['web', 'worker']);
    expect(two[1]!.id).toMatch(/^[0-9A-Za-z]{15}$/);
    expect(two[1]!.id).not.toBe(web.id);
    expect((await h.call('PATCH', `/apps/${id}`, jsonBody({ containerTemplates: [{ id: two[1]!.id }] }))).status).toBe(200);
    expect((await readApp(h, id)).containerTemplates.map((t) => [t.id, t.name])).toEqual([[two[1]!.id, 'worker']]);
  });

  it('volumes are matched by name: a size changes, a new one is added, one left out is removed', async () => {
    const h = await start();
    const { id, app } = await madeApp(h);
    const web = app.containerTemplates[0]!;
    const res = await h.call('PATCH', `/apps/${id}`, jsonBody({ volumes: [{ name: 'data', size: 9 }, { name: 'cache', size: 1 }] }));
    expect(res.status).toBe(200);
    expect((await readApp(h, id)).volumes).toEqual([{ name: 'data', size: 9 }, { name: 'cache', size: 1 }]);
    expect((await h.call('PATCH', `/apps/${id}`, jsonBody({ volumes: [{ name: 'cache' }], containerTemplates: [{ id: web.id, volumeMounts: [] }] }))).status).toBe(200);
    expect((await readApp(h, id)).volumes).toEqual([{ name: 'cache', size: 1 }]);
  });

  it('the merged result is checked as create checks it: 400 with paths, nothing changed; a container id it does not have is 400 at that id', async () => {
    const h = await start();
    const { id, app } = await madeApp(h);
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
      const res = await h.call('PATCH', `/apps/${id}`, jsonBody(patch));
      expect(res.status, JSON.stringify(patch)).toBe(400);
      valid('PATCH', '/apps/{appId}', res);
      expect(errorsOf(res).map((e) => e.field).slice(0, fields.length), JSON.stringify(patch)).toEqual(fields);
    }
    expect(await readApp(h, id)).toEqual(app);
  });

  it('a deployed app rolls over to the change; an undeployed one stays inactive', async () => {
    let now = 1_000_000;
    const h = await start({ now: () => now, appTransitionMs: 1000 });
    const { id } = await madeApp(h);
    expect((await h.call('PATCH', `/apps/${id}`, jsonBody({ name: 'Quiet' }))).status).toBe(200);
    expect((await readApp(h, id)).status).toBe('inactive');
    await h.call('POST', `/apps/${id}/deploy`);
    now += 1000;
    const pods = (await readApp(h, id)).containerInstances.map((i) => i.podId);
    expect((await h.call('PATCH', `/apps/${id}`, jsonBody({ autoScaling: { min: 2, max: 3 } }))).status).toBe(200);
    expect((await readApp(h, id)).status).toBe('progressing');
    now += 1000;
    const after = await readApp(h, id);
    expect(after.status).toBe('active');
    expect(after.containerInstances).toHaveLength(2);
    expect(after.containerInstances.map((i) => i.podId)).not.toContain(pods[0]);
  });
});
