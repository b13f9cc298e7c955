/**
 * An app's life through the whole core (router, contract, profile, platform client) against a sandbox whose clock
 * the test moves: deploy, undeploy and restart with the status they leave, the overview read liberally, update as a
 * merge-patch whose body is what the sandbox received (and nothing sent on a violation), scaling, regions and env.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ProfileView } from '../../../shared/settings/profiles.js';
import type { AppError } from '../../../shared/contract/result.js';
import type { AppOverview } from '../../../shared/contract/apps.js';
import { fullApp, setPath } from '../../../sandbox/apps/testing/harness.js';
import { startSandbox, type Sandbox } from '../../../sandbox/server.js';
import { startCore, type Harness } from '../testing/core-harness.js';
import { endpointsOf } from '../platform/testing/support.js';

/** How long the sandbox keeps an app progressing; the test moves its clock past it instead of waiting. */
const TRANSITION_MS = 60_000;
let clock = Date.UTC(2026, 0, 1);
let sandbox: Sandbox;
let h: Harness;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, now: () => clock, appTransitionMs: TRANSITION_MS });
  h = await startCore();
  const p = await h.call<ProfileView>('settings.createProfile', { name: 'Containers', endpoints: endpointsOf(sandbox) });
  await h.call('settings.setKey', { profileId: p.id, slot: { kind: 'account' }, value: sandbox.accountKey });
  await h.call('settings.activateProfile', { id: p.id });
});
afterAll(async () => {
  await h.core.close();
  await sandbox.close();
});
beforeEach(() => {
  sandbox.faults.reset();
  sandbox.containers.resetReceived();
});

async function failure(method: string, input: unknown): Promise<AppError> {
  const r = await h.core.invoke(method, input);
  if (r.ok) throw new Error(`${method} succeeded: ${JSON.stringify(r.value)}`);
  return r.error;
}

const overview = (id: string) => h.call<AppOverview>('apps.overview', { id });
/** Past the transition: what was progressing settles. */
const settle = () => (clock += TRANSITION_MS + 1);

/** The request that leaves an app as it is, with its container's id (so a merge-patch updates it). */
async function created(): Promise<{ id: string; containerId: string }> {
  const { id } = await h.call<{ id: string }>('apps.create', { body: fullApp() });
  const app = await h.call<{ containerTemplates: { id: string }[] }>('apps.get', { id });
  return { id, containerId: app.containerTemplates[0]!.id };
}

describe('deploy, undeploy, restart', () => {
  it('a new app is not deployed; deploy moves it through progressing to active with instances; undeploy to inactive', async () => {
    const { id } = await created();
    expect((await overview(id)).status?.toLowerCase()).toBe('inactive');

    await h.call('apps.deploy', { id });
    expect((await overview(id)).status?.toLowerCase()).toBe('progressing');
    settle();
    const running = await overview(id);
    expect(running.status?.toLowerCase()).toBe('active');
    // fullApp: autoscaling min 1, one required region.
    // The platform documents the number as `indicator` (an Int32StatusIndicator).
    expect(running.activeInstances?.indicator).toBe(1);

    await h.call('apps.restart', { id });
    expect((await overview(id)).status?.toLowerCase()).toBe('progressing');
    settle();
    expect((await overview(id)).status?.toLowerCase()).toBe('active');

    await h.call('apps.undeploy', { id });
    expect((await overview(id)).status?.toLowerCase()).toBe('progressing');
    settle();
    const stopped = await overview(id);
    expect(stopped.status?.toLowerCase()).toBe('inactive');
    expect(stopped.activeInstances?.indicator ?? 0).toBe(0);
  });

  it('a suspended app refuses deploy with 409; a deleted one is 404', async () => {
    const { id } = await created();
    expect(sandbox.containers.setAppSuspended(id, true)).toBe(true);
    const refused = await failure('apps.deploy', { id });
    expect(refused).toMatchObject({ kind: 'conflict', status: 409, title: 'The platform would not deploy the app: the app or the account is suspended.' });
    expect(refused.detail).toContain('The platform said: Application is suspended');
    expect(refused.title).not.toContain('limit');
    expect((await failure('apps.undeploy', { id })).title).toBe('The platform would not undeploy the app: the app or the account is suspended.');
    await h.call('apps.delete', { id });
    expect(await failure('apps.restart', { id })).toMatchObject({ kind: 'not_found', status: 404 });
  });
});

describe('a 409 in words for the operation', () => {
  it('a restart of an app that is not deployed is not told as the account\'s application limit', async () => {
    const { id } = await created();
    const e = await failure('apps.restart', { id });
    expect(e).toMatchObject({ kind: 'conflict', status: 409, title: 'The platform would not restart the app as it is now: only a deployed app that has settled can be restarted.' });
    expect(e.detail).toContain('The platform said: Application is not deployed; deploy it first.');
    expect(e.detail).toContain('Deploy the app first');
    expect(`${e.title} ${e.detail}`).not.toMatch(/limit of applications|create it again/);
  });

  it('a create over the account\'s limit still says so', async () => {
    sandbox.faults.add({ method: 'POST', path: '/mc/apps', times: 1, action: { kind: 'status', status: 409, body: { title: 'Conflict', status: 409, detail: 'Application count limit is reached (5 applications).' } } });
    const e = await failure('apps.create', { body: fullApp() });
    expect(e).toMatchObject({ kind: 'conflict', status: 409, title: 'The account has reached its limit of applications.' });
  });
});

describe('apps.overview', () => {
  it('keeps members it does not know, leaves out a member of the wrong shape and region rows it cannot read', async () => {
    const { id } = await created();
    const body = {
      status: 'ACTIVE',
      activeInstances: { indicator: 'three' },
      desiredInstances: 2,
      monthlyCost: null,
      somethingNew: { nested: [1] },
      regions: [{ region: 'DE', instances: 2, status: 'Active', later: true }, 'not a row', { region: 5 }],
    };
    sandbox.faults.add({ method: 'GET', path: `/mc/apps/${id}/overview`, times: 1, action: { kind: 'status', status: 200, body } });
    const read = await overview(id);
    expect(read).toEqual({
      status: 'ACTIVE',
      desiredInstances: 2,
      monthlyCost: null,
      somethingNew: { nested: [1] },
      regions: [{ region: 'DE', instances: 2, status: 'Active', later: true }],
    });
  });
});

describe('apps.update', () => {
  it('sends the whole desired request as a PATCH, byte for byte; the sandbox holds the change', async () => {
    const { id, containerId } = await created();
    const desired = setPath(setPath(setPath(fullApp(), 'containerTemplates.0.imageTag', '1.28'), 'containerTemplates.0.id', containerId), 'containerTemplates.0.environmentVariables', []);
    const text = JSON.stringify(desired, null, 1);
    expect(await h.call('apps.update', { id, text })).toEqual({ id });
    const arrived = sandbox.containers.receivedUpdates();
    expect(arrived).toHaveLength(1);
    expect(arrived[0]).toMatchObject({ method: 'PATCH', path: `/apps/${id}`, body: text });
    const app = await h.call<{ containerTemplates: { id: string; imageTag: string; environmentVariables: unknown[] }[] }>('apps.get', { id });
    expect(app.containerTemplates).toHaveLength(1);
    expect(app.containerTemplates[0]).toMatchObject({ id: containerId, imageTag: '1.28', environmentVariables: [] });
  });

  it('a request that breaks a rule is refused before anything is sent', async () => {
    const { id } = await created();
    const bad = JSON.stringify(setPath(setPath(fullApp(), 'autoScaling.min', 3), 'autoScaling.max', 1));
    const e = await failure('apps.update', { id, text: bad });
    expect(e.kind).toBe('validation');
    expect(Object.keys(e.fieldErrors ?? {}).join(' ')).toMatch(/autoScaling/);
    expect(sandbox.containers.receivedUpdates()).toEqual([]);
  });
});

describe('scaling, regions, env', () => {
  it('each sends the body the platform documents, and the app shows it', async () => {
    const { id, containerId } = await created();
    await h.call('apps.setScaling', { id, min: 2, max: 5 });
    await h.call('apps.setRegions', { id, allowedRegionIds: ['DE', 'UK'], requiredRegionIds: ['UK'], maxAllowedRegions: 2 });
    await h.call('apps.setEnv', { id, containerId, variables: [{ name: 'A', value: '1' }, { name: 'B', value: '' }] });
    const arrived = sandbox.containers.receivedUpdates().map(({ method, path, body }) => ({ method, path, body: JSON.parse(body) as unknown }));
    expect(arrived).toEqual([
      { method: 'PUT', path: `/apps/${id}/autoscaling`, body: { min: 2, max: 5 } },
      { method: 'PUT', path: `/apps/${id}/region-settings`, body: { allowedRegionIds: ['DE', 'UK'], requiredRegionIds: ['UK'], maxAllowedRegions: 2 } },
      { method: 'PUT', path: `/apps/${id}/containers/${containerId}/env`, body: { A: '1', B: '' } },
    ]);
    const app = await h.call<{ autoScaling: unknown; regionSettings: { requiredRegionIds: string[] }; containerTemplates: { environmentVariables: unknown[] }[] }>('apps.get', { id });
    expect(app.autoScaling).toEqual({ min: 2, max: 5 });
    expect(app.regionSettings.requiredRegionIds).toEqual(['UK']);
    expect(app.containerTemplates[0]!.environmentVariables).toEqual([{ name: 'A', value: '1' }, { name: 'B', value: '' }]);
  });

  it('min above max and a variable named twice are refused before anything is sent', async () => {
    const { id, containerId } = await created();
    expect((await failure('apps.setScaling', { id, min: 3, max: 1 })).kind).toBe('validation');
    expect((await failure('apps.setEnv', { id, containerId, variables: [{ name: 'A', value: '1' }, { name: 'A', value: '2' }] })).kind).toBe('validation');
    expect(sandbox.containers.receivedUpdates()).toEqual([]);
  });
});
