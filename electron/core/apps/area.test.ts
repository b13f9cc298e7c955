/** The apps area through the whole core (router, contract, profile, platform client) against a sandbox: calls, local checks, the platform's errors. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileView } from '../../../shared/settings/profiles.js';
import type { AppError } from '../../../shared/contract/result.js';
import { fullApp, setPath } from '../../../sandbox/apps/testing/harness.js';
import { startSandbox, type Sandbox } from '../../../sandbox/server.js';
import { startCore, type Harness } from '../testing/core-harness.js';
import { endpointsOf } from '../platform/testing/support.js';
import { APPS_ERROR_TEXTS } from './app-errors.js';

/** The sandbox allows this many apps, so the test reaches the platform's limit for real. */
const APP_LIMIT = 4;
let sandbox: Sandbox;
let h: Harness;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, appLimit: APP_LIMIT });
  h = await startCore();
  const p = await h.call<ProfileView>('settings.createProfile', { name: 'Containers', endpoints: endpointsOf(sandbox) });
  await h.call('settings.setKey', { profileId: p.id, slot: { kind: 'account' }, value: sandbox.accountKey });
  await h.call('settings.activateProfile', { id: p.id });
});
afterAll(async () => {
  await h.core.close();
  await sandbox.close();
});

/** The error a call fails with; fails the test when it succeeds. */
async function failure(method: string, input: unknown): Promise<AppError> {
  const r = await h.core.invoke(method, input);
  if (r.ok) throw new Error(`${method} succeeded: ${JSON.stringify(r.value)}`);
  return r.error;
}

/** fullApp with a second container whose second endpoint is a CDN one. */
function twoContainers(): Record<string, unknown> {
  const app = fullApp();
  const first = (app.containerTemplates as Record<string, unknown>[])[0]!;
  const endpoints = first.endpoints as unknown[];
  const second = { ...structuredClone(first), name: 'api', endpoints: [structuredClone(endpoints[1]), structuredClone(endpoints[0])] };
  return { ...app, containerTemplates: [first, second] };
}

const errorBody = (status: number, detail: string, errors?: unknown[]) => ({ title: 'Error', status, detail, instance: '/mc/apps', ...(errors ? { errors } : {}) });

describe('apps.create, list, get, delete', () => {
  it('creates from a value and from exact text; the list pages; get shows the app; delete removes it', async () => {
    const { id } = await h.call<{ id: string }>('apps.create', { body: fullApp() });
    expect(id).toMatch(/^[0-9A-Za-z]{15}$/);
    // Letter case and spacing as typed: the text is sent as it is, and the platform accepts any case.
    const text = JSON.stringify(setPath(setPath(fullApp(), 'runtimeType', 'RESERVED'), 'name', 'Second app'), null, 3);
    const second = await h.call<{ id: string }>('apps.create', { text });

    const page1 = await h.call<{ items: { id: string; name: string }[]; totalItems: number; cursor: string | null }>('apps.list', { limit: 1 });
    expect(page1.items.map((a) => a.id)).toEqual([id]);
    expect(page1.totalItems).toBe(2);
    expect(page1.cursor).not.toBeNull();
    const page2 = await h.call<typeof page1>('apps.list', { limit: 1, cursor: page1.cursor });
    expect(page2.items.map((a) => [a.id, a.name])).toEqual([[second.id, 'Second app']]);
    expect(page2.cursor).toBeNull();

    const detail = await h.call<{ id: string; runtimeType: string; containerTemplates: unknown[] }>('apps.get', { id: second.id });
    expect(detail).toMatchObject({ id: second.id, runtimeType: 'reserved' });
    expect(detail.containerTemplates).toHaveLength(1);

    await h.call('apps.delete', { id: second.id });
    const gone = await failure('apps.get', { id: second.id });
    expect(gone).toMatchObject({ kind: 'not_found', status: 404, title: APPS_ERROR_TEXTS[404]!.sentence });
    expect((await h.call<typeof page1>('apps.list', {})).items.map((a) => a.id)).toEqual([id]);
    await h.call('apps.delete', { id });
  });

  it('regions and registries are every item the platform lists', async () => {
    const direct = async (path: string) =>
      ((await (await fetch(`${sandbox.containersUrl}${path}?limit=1000`, { headers: { AccessKey: sandbox.accountKey } })).json()) as { items: { id: unknown }[] }).items;
    const { regions } = await h.call<{ regions: { id: string }[] }>('apps.regions', {});
    expect(regions.map((r) => r.id)).toEqual((await direct('/regions')).map((r) => r.id));
    expect(regions.length).toBeGreaterThan(1);
    const { registries } = await h.call<{ registries: { id: unknown; hostName: string }[] }>('apps.registries', {});
    expect(registries.map((r) => r.id)).toEqual((await direct('/registries')).map((r) => r.id));
    expect(registries.some((r) => r.hostName.includes('docker'))).toBe(true);
  });
});

describe('apps.create refusals', () => {
  it('a rule broken in the request is a validation error under the platform path, and nothing is sent', async () => {
    sandbox.faults.reset();
    sandbox.faults.add({ method: 'POST', path: '/mc/apps', times: 1, action: { kind: 'status', status: 500 } });
    const body = setPath(setPath(twoContainers(), 'containerTemplates.1.endpoints.1.cdn.portMappings', [{ containerPort: 80 }, { containerPort: 81 }]), 'name', '');
    const e = await failure('apps.create', { body });
    expect(e.kind).toBe('validation');
    expect(Object.keys(e.fieldErrors ?? {}).sort()).toEqual(['containerTemplates[1].endpoints[1].cdn.portMappings', 'name']);
    // In words for people, the field named with its rows as the form labels them.
    expect(e.fieldErrors?.['containerTemplates[1].endpoints[1].cdn.portMappings']).toBe('Container 2 (api) › Endpoint 2 (cdn) › CDN › Port mappings: exactly one port mapping for a CDN endpoint');
    // The fault is still waiting: no request reached the platform.
    expect(sandbox.faults.list().map((r) => r.remaining)).toEqual([1]);
    const bad = await failure('apps.create', { text: '{"name": "x",\n  oops}' });
    expect(bad.fieldErrors?.$).toMatch(/line 2, column 3/);
    sandbox.faults.reset();
  });

  it('a 400 naming fields in the second container lands as those field errors, every one kept; one without a field stays in the detail', async () => {
    sandbox.faults.reset();
    const field = 'containerTemplates[1].endpoints[1].cdn.portMappings';
    sandbox.faults.add({
      method: 'POST',
      path: '/mc/apps',
      times: 1,
      action: {
        kind: 'status',
        status: 400,
        contentType: 'application/problem+json',
        body: errorBody(400, 'See the errors for details.', [
          { field, message: 'Port 80 is already mapped by another endpoint.' },
          { field: 'containerTemplates[1].name', message: 'Container names must be unique.' },
          { field, message: 'A CDN endpoint needs SSL here.' },
          { message: 'The request could not be processed as a whole.' },
        ]),
      },
    });
    const e = await failure('apps.create', { body: twoContainers() });
    expect(e).toMatchObject({ kind: 'validation', status: 400, title: APPS_ERROR_TEXTS[400]!.sentence });
    // Each field in Burrow's words, the platform's own kept beside them ("platform says").
    expect(e.fieldErrors).toEqual({
      [field]: 'Container 2 (api) › Endpoint 2 (cdn) › CDN › Port mappings: exactly one port mapping for a CDN endpoint',
      'containerTemplates[1].name': 'Container 2 (api) › Container name: 1–50 characters',
    });
    expect(e.platformSays).toEqual({
      [field]: 'Port 80 is already mapped by another endpoint.; A CDN endpoint needs SSL here.',
      'containerTemplates[1].name': 'Container names must be unique.',
    });
    expect(e.detail).toContain('The request could not be processed as a whole.');
    expect(e.detail).toContain(APPS_ERROR_TEXTS[400]!.action);
    sandbox.faults.reset();
  });

  it('401, 403, 409 (the real application limit), 422 and 500 are each explained with what to do', async () => {
    sandbox.faults.reset();
    const seen: Record<number, AppError> = {};
    sandbox.faults.add({ method: 'POST', path: '/mc/apps', times: 1, action: { kind: 'status', status: 401, body: { type: null, title: 'Unauthorized', status: 401, detail: 'The AccessKey is not valid.' } } });
    seen[401] = await failure('apps.create', { body: fullApp() });
    sandbox.faults.add({ method: 'POST', path: '/mc/apps', times: 1, action: { kind: 'status', status: 500, body: 'Internal Server Error', contentType: 'text/plain' } });
    seen[500] = await failure('apps.create', { body: fullApp() });
    sandbox.setSuspended(true);
    seen[403] = await failure('apps.create', { body: fullApp() });
    sandbox.setSuspended(false);
    seen[422] = await failure('apps.create', { body: setPath(fullApp(), 'containerTemplates.0.imageRegistryId', '999') });
    const made: string[] = [];
    for (let i = 0; i < APP_LIMIT; i++) made.push((await h.call<{ id: string }>('apps.create', { body: fullApp() })).id);
    seen[409] = await failure('apps.create', { body: fullApp() });
    for (const [status, e] of Object.entries(seen)) {
      const text = APPS_ERROR_TEXTS[Number(status)]!;
      expect(e.status, status).toBe(Number(status));
      expect(e.title, status).toBe(text.sentence);
      expect(e.kind, status).toBe(text.kind);
      expect(e.detail, status).toContain(text.action);
      expect(`${e.title} ${e.detail}`).not.toMatch(/unknown error/i);
    }
    expect(seen[409]?.detail).toContain('Application count limit is reached');
    expect(seen[422]?.fieldErrors).toEqual({ 'containerTemplates[0].imageRegistryId': 'Container 1 (web) › Registry: one of the account’s image registries' });
    expect(seen[422]?.platformSays).toEqual({ 'containerTemplates[0].imageRegistryId': "Image registry '999' does not exist." });
    for (const id of made) await h.call('apps.delete', { id });
  });
});
