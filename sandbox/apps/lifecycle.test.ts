/**
 * An application's life after create, over real HTTP: deploy, undeploy and restart with statuses that move with the
 * sandbox's clock, the overview, summary and statistics, and the refusals (404, 409 suspended) — every answer checked
 * against the platform's OpenAPI document.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../server.js';
import { validateResponse } from '../testing/openapi.js';
import { fullApp, useContainers, validReply as valid, type Harness } from './testing/harness.js';

const open = useContainers();

const TRANSITION = 5000;

/** A harness on a clock the test moves. */
async function start(): Promise<Harness & { advance(ms: number): void }> {
  let now = Date.parse('2026-03-01T12:00:00Z');
  const h = await open({ now: () => now, appTransitionMs: TRANSITION });
  return Object.assign(h, { advance: (ms: number) => void (now += ms) });
}

interface AppView {
  readonly status: string;
  readonly containerTemplates: readonly { readonly id: string }[];
  readonly containerInstances: readonly { readonly id: string; readonly templateId: string; readonly podId: string; readonly nodeIpAddress: string }[];
}

async function created(h: Harness, body: Record<string, unknown> = fullApp()): Promise<string> {
  const res = await h.create(body);
  expect(res.status).toBe(201);
  return (res.json as { id: string }).id;
}

async function appOf(h: Harness, id: string): Promise<AppView> {
  const res = await h.call('GET', `/apps/${id}`);
  expect(res.status).toBe(200);
  valid('GET', '/apps/{appId}', res);
  return res.json as AppView;
}

async function listed(h: Harness, id: string): Promise<string | undefined> {
  const res = await h.call('GET', '/apps');
  valid('GET', '/apps', res);
  return (res.json as { items: { id: string; status: string }[] }).items.find((a) => a.id === id)?.status;
}

/** Two regions required, two instances each, two containers. */
function twoByTwo(): Record<string, unknown> {
  const body = fullApp();
  const web = (body['containerTemplates'] as Record<string, unknown>[])[0]!;
  body['autoScaling'] = { min: 2, max: 4 };
  body['regionSettings'] = { allowedRegionIds: ['DE', 'UK', 'NY'], requiredRegionIds: ['DE', 'UK'] };
  body['containerTemplates'] = [web, { name: 'worker', imageName: 'busybox', imageNamespace: 'library', imageTag: 'latest', imageRegistryId: '1' }];
  return body;
}

describe('deploy, undeploy, restart', () => {
  it('a new app is inactive without instances, in its GET and in the list', async () => {
    const h = await start();
    const id = await created(h);
    const app = await appOf(h, id);
    expect(app.status).toBe('inactive');
    expect(app.containerInstances).toEqual([]);
    expect(await listed(h, id)).toBe('inactive');
  });

  it('deploy: progressing, then active with min instances per required region and one per container in each pod', async () => {
    const h = await start();
    const id = await created(h, twoByTwo());
    const res = await h.call('POST', `/apps/${id}/deploy`);
    expect(res.status).toBe(200);
    expect(res.text).toBe('');
    expect((await appOf(h, id)).status).toBe('progressing');
    expect(await listed(h, id)).toBe('progressing');
    h.advance(TRANSITION - 1);
    expect((await appOf(h, id)).status).toBe('progressing');
    h.advance(1);
    const app = await appOf(h, id);
    expect(app.status).toBe('active');
    expect(await listed(h, id)).toBe('active');
    const pods = new Set(app.containerInstances.map((i) => i.podId));
    expect(pods.size).toBe(4);
    expect(app.containerInstances).toHaveLength(8);
    expect(new Set(app.containerInstances.map((i) => i.templateId))).toEqual(new Set(app.containerTemplates.map((t) => t.id)));
    for (const i of app.containerInstances) expect(i.nodeIpAddress).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    // The same state reads the same way twice.
    expect((await appOf(h, id)).containerInstances).toEqual(app.containerInstances);
  });

  it('an app without required regions runs in its first allowed region', async () => {
    const h = await start();
    const body = fullApp();
    body['regionSettings'] = { allowedRegionIds: ['NY', 'UK'], requiredRegionIds: [] };
    const id = await created(h, body);
    await h.call('POST', `/apps/${id}/deploy`);
    h.advance(TRANSITION);
    const overview = await h.call('GET', `/apps/${id}/overview`);
    expect((overview.json as { regions: { region: string; instances: number }[] }).regions).toEqual([expect.objectContaining({ region: 'NY', instances: 1 })]);
  });

  it('undeploy: progressing while the instances stop, then inactive without them; undeploying a stopped app changes nothing', async () => {
    const h = await start();
    const id = await created(h);
    await h.call('POST', `/apps/${id}/deploy`);
    h.advance(TRANSITION);
    expect((await appOf(h, id)).containerInstances).toHaveLength(1);
    expect((await h.call('POST', `/apps/${id}/undeploy`)).status).toBe(200);
    const stopping = await appOf(h, id);
    expect(stopping.status).toBe('progressing');
    expect(stopping.containerInstances).toHaveLength(1);
    h.advance(TRANSITION);
    const stopped = await appOf(h, id);
    expect(stopped).toMatchObject({ status: 'inactive', containerInstances: [] });
    expect((await h.call('POST', `/apps/${id}/undeploy`)).status).toBe(200);
    expect((await appOf(h, id)).status).toBe('inactive');
  });

  it('restart: refused for an app that is not deployed; for a running one progressing, then active on new pods', async () => {
    const h = await start();
    const id = await created(h);
    const refused = await h.call('POST', `/apps/${id}/restart`);
    expect(refused.status).toBe(409);
    valid('POST', '/apps/{appId}/deploy', refused);
    expect(refused.json).toMatchObject({ status: 409, detail: expect.stringContaining('not deployed') });
    await h.call('POST', `/apps/${id}/deploy`);
    h.advance(TRANSITION);
    const before = (await appOf(h, id)).containerInstances.map((i) => i.podId);
    expect((await h.call('POST', `/apps/${id}/restart`)).status).toBe(200);
    expect((await appOf(h, id)).status).toBe('progressing');
    h.advance(TRANSITION);
    const after = await appOf(h, id);
    expect(after.status).toBe('active');
    expect(after.containerInstances).toHaveLength(1);
    expect(after.containerInstances.map((i) => i.podId)).not.toEqual(before);
  });

  it('404 ErrorDetails for an app that does not exist', async () => {
    const h = await start();
    for (const op of ['deploy', 'undeploy', 'restart']) {
      const res = await h.call('POST', `/apps/NoSuchApp12345/${op}`);
      expect(res.status, op).toBe(404);
      valid('POST', `/apps/{appId}/${op}`, res);
    }
    for (const op of ['overview', 'summary', 'statistics?fromDate=2026-01-01T00:00:00Z&granularity=Daily']) {
      const res = await h.call('GET', `/apps/NoSuchApp12345/${op}`);
      expect(res.status, op).toBe(404);
      valid('GET', `/apps/{appId}/${op.split('?')[0]}`, res);
    }
  });

  it('409 "Application is suspended" while the account is suspended, and for one app suspended through the admin route', async () => {
    const h = await start();
    const id = await created(h);
    h.ctx.accountSuspended = true;
    const res = await h.call('POST', `/apps/${id}/deploy`);
    expect(res.status).toBe(409);
    valid('POST', '/apps/{appId}/deploy', res);
    expect(res.json).toMatchObject({ detail: 'Application is suspended' });
    h.ctx.accountSuspended = false;

    const s = await startSandbox({ liveTraffic: false, realism: false });
    try {
      const headers = { AccessKey: s.accountKey, 'content-type': 'application/json' };
      const made = await fetch(`${s.containersUrl}/apps`, { method: 'POST', headers, body: JSON.stringify(fullApp()) });
      const { id: other } = (await made.json()) as { id: string };
      const second = await fetch(`${s.containersUrl}/apps`, { method: 'POST', headers, body: JSON.stringify(fullApp()) });
      const { id: untouched } = (await second.json()) as { id: string };
      const admin = await fetch(`${s.apiUrl}/__admin/mc/apps/${other}/suspend`, { method: 'POST', headers, body: '{"suspended":true}' });
      expect(admin.status).toBe(200);
      const refused = await fetch(`${s.containersUrl}/apps/${other}/deploy`, { method: 'POST', headers });
      expect(refused.status).toBe(409);
      expect(await refused.json()).toMatchObject({ status: 409, detail: 'Application is suspended' });
      const shown = (await (await fetch(`${s.containersUrl}/apps/${other}`, { headers })).json()) as AppView;
      expect(shown.status).toBe('suspended');
      expect((await fetch(`${s.containersUrl}/apps/${untouched}/deploy`, { method: 'POST', headers })).status).toBe(200);
      expect(s.containers.setAppSuspended(other, false)).toBe(true);
      expect((await fetch(`${s.containersUrl}/apps/${other}/deploy`, { method: 'POST', headers })).status).toBe(200);
      expect((await fetch(`${s.apiUrl}/__admin/mc/apps/nope/suspend`, { method: 'POST', headers, body: '{"suspended":true}' })).status).toBe(404);
    } finally {
      await s.close();
    }
  });

  it('a fault rule makes deploy answer 409 for one app only', async () => {
    const s = await startSandbox({ liveTraffic: false, realism: false });
    try {
      const headers = { AccessKey: s.accountKey, 'content-type': 'application/json' };
      const ids: string[] = [];
      for (let i = 0; i < 2; i++) ids.push(((await (await fetch(`${s.containersUrl}/apps`, { method: 'POST', headers, body: JSON.stringify(fullApp()) })).json()) as { id: string }).id);
      s.faults.add({ method: 'POST', path: `/mc/apps/${ids[0]}/deploy`, action: { kind: 'status', status: 409, body: { title: 'Conflict', status: 409, detail: 'Application is suspended' } } });
      const first = await fetch(`${s.containersUrl}/apps/${ids[0]}/deploy`, { method: 'POST', headers });
      expect(first.status).toBe(409);
      expect(validateResponse('magic-containers', 'POST', '/apps/{appId}/deploy', 409, await first.json())).toEqual([]);
      expect((await fetch(`${s.containersUrl}/apps/${ids[1]}/deploy`, { method: 'POST', headers })).status).toBe(200);
    } finally {
      await s.close();
    }
  });

  it('a kept account keeps the running state: a deployed app is active with its instances after a restart of the sandbox', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'burrow-mc-run-'));
    try {
      const first = await startSandbox({ dataDir, persist: true, liveTraffic: false, realism: false, appTransitionMs: 0 });
      const headers = { AccessKey: first.accountKey, 'content-type': 'application/json' };
      const { id } = (await (await fetch(`${first.containersUrl}/apps`, { method: 'POST', headers, body: JSON.stringify(fullApp()) })).json()) as { id: string };
      const { id: idle } = (await (await fetch(`${first.containersUrl}/apps`, { method: 'POST', headers, body: JSON.stringify(fullApp()) })).json()) as { id: string };
      await fetch(`${first.containersUrl}/apps/${id}/deploy`, { method: 'POST', headers });
      const before = (await (await fetch(`${first.containersUrl}/apps/${id}`, { headers })).json()) as AppView;
      await first.close();
      const second = await startSandbox({ dataDir, persist: true, liveTraffic: false, realism: false, appTransitionMs: 0 });
      try {
        const after = (await (await fetch(`${second.containersUrl}/apps/${id}`, { headers })).json()) as AppView;
        expect(after.status).toBe('active');
        expect(after.containerInstances).toEqual(before.containerInstances);
        expect(after.containerInstances).toHaveLength(1);
        expect(((await (await fetch(`${second.containersUrl}/apps/${idle}`, { headers })).json()) as AppView).status).toBe('inactive');
      } finally {
        await second.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('apps saved before the running state existed', () => {
  it('stay deployed: active, with their instances, and undeploy stops them', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'burrow-mc-legacy-'));
    try {
      // What an earlier sandbox saved: the Application as it answered it (active, no instances), no running state.
      const maker = await open({ appTransitionMs: 0 });
      const { id } = (await maker.create(fullApp())).json as { id: string };
      const legacy = { ...((await maker.call('GET', `/apps/${id}`)).json as object), status: 'active', containerInstances: [] };
      await writeFile(join(dataDir, 'sandbox-state.json'), JSON.stringify({ version: 1, seed: 1, apps: [legacy], videos: [], collections: [], pullZoneEdits: [], dnsZones: [] }));
      const s = await startSandbox({ dataDir, persist: true, liveTraffic: false, realism: false, appTransitionMs: 0 });
      try {
        const headers = { AccessKey: s.accountKey };
        const app = (await (await fetch(`${s.containersUrl}/apps/${id}`, { headers })).json()) as AppView;
        expect(app.status).toBe('active');
        expect(app.containerInstances).toHaveLength(1);
        expect((await fetch(`${s.containersUrl}/apps/${id}/undeploy`, { method: 'POST', headers })).status).toBe(200);
        expect(((await (await fetch(`${s.containersUrl}/apps/${id}`, { headers })).json()) as AppView).containerInstances).toEqual([]);
      } finally {
        await s.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('overview, summary, statistics', () => {
  it('the overview follows the app: nothing before deploy; instances, regions, usage and cost once running', async () => {
    const h = await start();
    const id = await created(h, twoByTwo());
    const idle = await h.call('GET', `/apps/${id}/overview`);
    valid('GET', '/apps/{appId}/overview', idle);
    expect(idle.json).toMatchObject({ status: 'inactive', activeInstances: { indicator: 0 }, desiredInstances: 0, monthlyCost: 0 });
    await h.call('POST', `/apps/${id}/deploy`);
    const deploying = await h.call('GET', `/apps/${id}/overview`);
    valid('GET', '/apps/{appId}/overview', deploying);
    expect(deploying.json).toMatchObject({ status: 'progressing', desiredInstances: 4, activeInstances: { indicator: 0 } });
    h.advance(TRANSITION);
    const res = await h.call('GET', `/apps/${id}/overview`);
    valid('GET', '/apps/{appId}/overview', res);
    const o = res.json as {
      status: string;
      activeInstances: { indicator: number };
      activeRegions: { indicator: number };
      desiredInstances: number;
      averageCPU: { indicator: number; statusGrade: string };
      averageRAM: { indicator: number };
      monthlyCost: number;
      regions: { region: string; isRequired: boolean; instances: number; status: string; averageCPU: number; pods: unknown[] }[];
    };
    expect(o).toMatchObject({ status: 'active', activeInstances: { indicator: 4 }, activeRegions: { indicator: 2 }, desiredInstances: 4 });
    expect(o.regions.map((r) => [r.region, r.isRequired, r.instances, r.status, r.pods.length])).toEqual([
      ['DE', true, 2, 'active', 2],
      ['UK', true, 2, 'active', 2],
    ]);
    expect(o.averageCPU.indicator).toBeGreaterThan(0);
    expect(o.averageRAM.indicator).toBeGreaterThan(0);
    expect(o.monthlyCost).toBeGreaterThan(0);
    const summary = await h.call('GET', `/apps/${id}/summary`);
    valid('GET', '/apps/{appId}/summary', summary);
    expect(summary.json).toMatchObject({ status: 'active', monthlyCost: o.monthlyCost });
  });

  it('statistics: one point per step of the range; 400 for a missing date or granularity, or one it does not know', async () => {
    const h = await start();
    const id = await created(h);
    await h.call('POST', `/apps/${id}/deploy`);
    h.advance(TRANSITION);
    const res = await h.call('GET', `/apps/${id}/statistics?fromDate=2026-03-01T00:00:00Z&toDate=2026-03-01T05:00:00Z&granularity=Hourly`);
    expect(res.status).toBe(200);
    valid('GET', '/apps/{appId}/statistics', res);
    const charts = res.json as { instancesChart: Record<string, number>; cpuUsageChart: Record<string, number> };
    expect(Object.keys(charts.instancesChart)).toHaveLength(6);
    expect(Object.values(charts.instancesChart)).toEqual([1, 1, 1, 1, 1, 1]);
    for (const q of ['granularity=Hourly', 'fromDate=2026-03-01T00:00:00Z', 'fromDate=yesterday&granularity=Daily', 'fromDate=2026-03-01T00:00:00Z&granularity=Weekly', 'fromDate=2020-01-01T00:00:00Z&granularity=Minute']) {
      const bad = await h.call('GET', `/apps/${id}/statistics?${q}`);
      expect(bad.status, q).toBe(400);
      valid('GET', '/apps/{appId}/statistics', bad);
    }
  });
});
