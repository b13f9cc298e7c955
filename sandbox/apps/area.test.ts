/** The containers area as a plain HTTP client sees it: statuses, media types, reads, and every answer against the OpenAPI document. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../server.js';
import { validateResponse } from '../testing/openapi.js';
import { fullApp, setPath, useContainers } from './testing/harness.js';

const start = useContainers();

const minimal = () => ({ name: 'x', runtimeType: 'Shared', autoScaling: { min: 1, max: 1 }, regionSettings: {} });
/** The parts of an Application these tests read. */
interface AppView {
  readonly regionSettings: unknown;
  readonly runtimeType: string;
  readonly displayEndpoint?: unknown;
  readonly containerTemplates: readonly {
    readonly id: string;
    readonly imagePullPolicy: string;
    readonly probes: Record<string, unknown>;
    readonly endpoints: readonly { readonly id: string; readonly type: string }[];
  }[];
}

const valid = (method: string, template: string, status: number, body: unknown) =>
  expect(validateResponse('magic-containers', method, template, status, body)).toEqual([]);

describe('what arrived', () => {
  it('keeps each create body exactly as sent, bytes and spacing included, for tests in the same process', async () => {
    const sb = await startSandbox({ port: 0 });
    try {
      const text = JSON.stringify(minimal(), null, 3) + '\n';
      const res = await fetch(`${sb.containersUrl}/apps`, { method: 'POST', headers: { AccessKey: sb.accountKey, 'content-type': 'application/json' }, body: text });
      expect(res.status).toBe(201);
      expect(sb.containers.received().map((r) => r.body)).toEqual([text]);
      sb.containers.resetReceived();
      expect(sb.containers.received()).toEqual([]);
    } finally {
      await sb.close();
    }
  });
});

describe('POST /apps statuses', () => {
  it('201 with a 15-character base62 id for a minimal and a full body', async () => {
    const h = await start();
    for (const body of [minimal(), fullApp()]) {
      const res = await h.create(body);
      expect(res.status).toBe(201);
      valid('POST', '/apps', 201, res.json);
      expect((res.json as { id: string }).id).toMatch(/^[0-9A-Za-z]{15}$/);
    }
  });

  it('401 ProblemDetails for a missing or wrong AccessKey', async () => {
    const h = await start();
    for (const key of ['', 'wrong', `${h.key}x`]) {
      const res = await h.create(minimal(), { AccessKey: key });
      expect(res.status).toBe(401);
      valid('POST', '/apps', 401, res.json);
    }
    const res = await fetch(`${h.url}/apps`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ status: 401, title: 'Unauthorized' });
  });

  it('403 ErrorDetails while the account is suspended', async () => {
    const h = await start();
    h.ctx.accountSuspended = true;
    const res = await h.create(minimal());
    expect(res.status).toBe(403);
    valid('POST', '/apps', 403, res.json);
    h.ctx.accountSuspended = false;
    expect((await h.create(minimal())).status).toBe(201);
  });

  it('409 ErrorDetails once the app limit is reached, and room again after a delete', async () => {
    const h = await start({ appLimit: 2 });
    const ids: string[] = [];
    for (let i = 0; i < 2; i += 1) ids.push(((await h.create(minimal())).json as { id: string }).id);
    const full = await h.create(minimal());
    expect(full.status).toBe(409);
    valid('POST', '/apps', 409, full.json);
    expect((await h.call('DELETE', `/apps/${ids[0]}`)).status).toBe(200);
    expect((await h.create(minimal())).status).toBe(201);
  });

  it('422 ErrorDetails for min above max, an unknown registry and unknown regions, all listed', async () => {
    const h = await start();
    const body = fullApp();
    setPath(body, 'autoScaling', { min: 5, max: 2 });
    setPath(body, 'containerTemplates.0.imageRegistryId', '3');
    setPath(body, 'regionSettings', { allowedRegionIds: ['DE', 'XX'], requiredRegionIds: ['de'] });
    const res = await h.create(body);
    expect(res.status).toBe(422);
    valid('POST', '/apps', 422, res.json);
    expect((res.json as { errors: { field: string }[] }).errors.map((e) => e.field)).toEqual([
      'autoScaling.min',
      'containerTemplates[0].imageRegistryId',
      'regionSettings.allowedRegionIds[1]',
      'regionSettings.requiredRegionIds[0]',
    ]);
    expect((await h.create(setPath(fullApp(), 'containerTemplates.0.imageRegistryId', '2'))).status).toBe(201);
    expect((await h.create(setPath(fullApp(), 'autoScaling', { min: 7, max: 7 }))).status).toBe(201);
  });

  it('reports every error at once, with JSON paths and rule-naming messages', async () => {
    const h = await start();
    const body = fullApp();
    setPath(body, 'name', '');
    setPath(body, 'autoScaling.min', 0);
    setPath(body, 'containerTemplates.0.endpoints.1.cdn', { portMappings: [{ containerPort: 1 }, { containerPort: 2 }] });
    setPath(body, 'surprise', true);
    const res = await h.create(body);
    expect(res.status).toBe(400);
    valid('POST', '/apps', 400, res.json);
    expect(res.json).toMatchObject({ title: expect.any(String), status: 400 });
    expect((res.json as { errors: unknown[] }).errors).toEqual([
      { field: 'name', message: 'The field name must be a string with a minimum length of 1 and a maximum length of 100.' },
      { field: 'autoScaling.min', message: 'The field min must be between 1 and 1000.' },
      {
        field: 'containerTemplates[0].endpoints[1].cdn.portMappings',
        message: "The field portMappings must be a string or collection type with a minimum length of '1' and maximum length of '1'.",
      },
      { field: 'surprise', message: "The JSON property 'surprise' is not defined on AddApplicationRequest." },
    ]);
  });

  it('400 for bodies that are not a JSON object', async () => {
    const h = await start();
    for (const raw of ['', 'not json', '{"name":', '[]', 'null', '"text"', '42', '1e400']) {
      const res = await h.create(raw);
      expect(res.status, raw).toBe(400);
      valid('POST', '/apps', 400, res.json);
      expect((res.json as { errors: { field: string }[] }).errors[0]?.field).toBe('$');
    }
  });

  it('400 for a number too large to be any integer (1e400 parses to Infinity)', async () => {
    const h = await start();
    const raw = JSON.stringify(setPath(fullApp(), 'volumes.0.size', 987654321)).replace('987654321', '1e400');
    const res = await h.create(raw);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ errors: [{ field: 'volumes[0].size', message: 'The field size must be an integer (int32).' }] });
  });

  it('accepts application/json, text/json and application/*+json; anything else is 415', async () => {
    const h = await start();
    const accepted = ['application/json', 'application/json; charset=utf-8', 'APPLICATION/JSON', 'text/json', 'text/json;charset=UTF-8', 'application/vnd.api+json', 'application/problem+json; charset=utf-8'];
    for (const ct of accepted) expect((await h.create(minimal(), { 'content-type': ct })).status, ct).toBe(201);
    for (const ct of ['text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data', 'json', 'application/jsonx', 'text/json+xml']) {
      const res = await h.create(minimal(), { 'content-type': ct });
      expect(res.status, ct).toBe(415);
      expect(res.json).toMatchObject({ status: 415, title: 'Unsupported Media Type' });
    }
    const blob = await fetch(`${h.url}/apps`, { method: 'POST', headers: { AccessKey: h.key }, body: new Uint8Array([123, 125]) });
    expect(blob.status).toBe(415);
  });
});

describe('reads and deletes', () => {
  it('GET /apps/{id} returns the full Application; DELETE removes it', async () => {
    const h = await start();
    const { id } = (await h.create(fullApp())).json as { id: string };
    const res = await h.call('GET', `/apps/${id}`);
    expect(res.status).toBe(200);
    valid('GET', '/apps/{appId}', 200, res.json);
    const app = res.json as AppView;
    expect(app).toMatchObject({ id, name: 'Demo app 1', status: 'inactive', runtimeType: 'shared', containerInstances: [], volumes: [{ name: 'data', size: 5 }] });
    expect(app.regionSettings).toEqual({ allowedRegionIds: ['DE', 'UK'], requiredRegionIds: ['DE'], maxAllowedRegions: 2, provisioningType: 'dynamic' });
    const template = app.containerTemplates[0]!;
    expect(template).toMatchObject({ name: 'web', imageName: 'nginx', imageTag: '1.27', imageRegistryId: '1', imagePullPolicy: 'ifNotPresent' });
    expect(template.id).toMatch(/^[0-9A-Za-z]{15}$/);
    expect(template.endpoints.map((e) => e.type)).toEqual(['cdn', 'anycast']);
    expect(template.probes.startup).toMatchObject({ initialDelaySeconds: 10, periodSeconds: 10, timeoutSeconds: 7, failureThreshold: 3, successThreshold: 1 });
    expect(app.displayEndpoint).toMatchObject({ type: 'cdn', id: template.endpoints[0]?.id });

    expect((await h.call('DELETE', `/apps/${id}`)).status).toBe(200);
    const gone = await h.call('GET', `/apps/${id}`);
    expect(gone.status).toBe(404);
    valid('GET', '/apps/{appId}', 404, gone.json);
    const again = await h.call('DELETE', `/apps/${id}`);
    expect(again.status).toBe(404);
    valid('DELETE', '/apps/{appId}', 404, again.json);
  });

  it('stores enum values in camelCase whatever case was sent', async () => {
    const h = await start();
    const body = setPath(setPath(fullApp(), 'runtimeType', 'RESERVED'), 'containerTemplates.0.imagePullPolicy', 'ALWAYS');
    setPath(body, 'containerTemplates.0.endpoints.1.anycast.type', 'IPV4');
    const { id } = (await h.create(body)).json as { id: string };
    const app = (await h.call('GET', `/apps/${id}`)).json as AppView;
    expect(app.runtimeType).toBe('reserved');
    expect(app.containerTemplates[0]?.imagePullPolicy).toBe('always');
  });

  it('GET /apps pages with limit and nextCursor; bad parameters are 400', async () => {
    const h = await start();
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push(((await h.create({ ...minimal(), name: `app ${i}` })).json as { id: string }).id);
    const seen: string[] = [];
    let cursor: string | null = '';
    for (let pages = 0; cursor !== null && pages < 10; pages += 1) {
      const res = await h.call('GET', `/apps?limit=2${cursor ? `&nextCursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.status).toBe(200);
      valid('GET', '/apps', 200, res.json);
      const page = res.json as { items: { id: string }[]; meta: { totalItems: number }; cursor: string | null };
      expect(page.meta.totalItems).toBe(5);
      seen.push(...page.items.map((i) => i.id));
      cursor = page.cursor;
    }
    expect(seen).toEqual(ids);
    expect(((await h.call('GET', '/apps')).json as { items: unknown[] }).items).toHaveLength(5);
    for (const q of ['limit=0', 'limit=1001', 'limit=abc', 'nextCursor=bogus']) {
      const res = await h.call('GET', `/apps?${q}`);
      expect(res.status, q).toBe(400);
      valid('GET', '/apps', 400, res.json);
    }
    expect((await h.call('GET', '/apps', { headers: { AccessKey: 'nope' } })).status).toBe(401);
  });

  it('GET /regions and GET /registries list the seeded data', async () => {
    const h = await start();
    const regions = await h.call('GET', '/regions?limit=1000');
    valid('GET', '/regions', 200, regions.json);
    expect(regions.json).toMatchObject({ meta: { totalItems: h.ctx.seed.regions.length }, cursor: null });
    expect((regions.json as { items: { id: string }[] }).items.map((r) => r.id)).toEqual(h.ctx.seed.regions.map((r) => r.id));
    const registries = await h.call('GET', '/registries');
    valid('GET', '/registries', 200, registries.json);
    expect(registries.json).toMatchObject({ items: [{ id: 1, displayName: 'DockerHub Public', isPublic: true }, { id: 2, displayName: 'GitHub Public' }] });
  });

  it('405 for an unsupported method on a known path; unknown paths are left to the dispatcher', async () => {
    const h = await start();
    const res = await h.call('PUT', '/regions', { body: '{}' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET');
    expect((await h.call('GET', '/nothing-here')).status).toBe(404);
  });

  it('is mounted under /mc by startSandbox', async () => {
    const s = await startSandbox({ liveTraffic: false, realism: false });
    try {
      const res = await fetch(`${s.containersUrl}/regions`, { headers: { AccessKey: s.accountKey } });
      expect(res.status).toBe(200);
      valid('GET', '/regions', 200, await res.json());
    } finally {
      await s.close();
    }
  });
});

describe('properties', () => {
  it('any JSON value posted is answered 201, 400 or 422 with a schema-valid body', async () => {
    const h = await start({ appLimit: 1_000_000 });
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (value) => {
        const res = await h.create(JSON.stringify(value));
        expect([201, 400, 422]).toContain(res.status);
        valid('POST', '/apps', res.status, res.json);
      }),
      { numRuns: 150 },
    );
  });

  it('a valid body with one member replaced by any JSON value never crashes the server', async () => {
    const h = await start({ appLimit: 1_000_000 });
    const paths = [
      'name', 'runtimeType', 'autoScaling', 'autoScaling.min', 'regionSettings', 'regionSettings.nodeSelectors', 'containerTemplates',
      'containerTemplates.0', 'containerTemplates.0.imageName', 'containerTemplates.0.probes', 'containerTemplates.0.probes.liveness',
      'containerTemplates.0.endpoints.0', 'containerTemplates.0.endpoints.0.cdn.portMappings', 'containerTemplates.0.volumeMounts.0.mountPath',
      'volumes.0.size', 'extra',
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths), fc.jsonValue({ maxDepth: 3 }), async (path, value) => {
        const res = await h.create(setPath(fullApp(), path, value));
        expect([201, 400, 422]).toContain(res.status);
        valid('POST', '/apps', res.status, res.json);
        if (res.status === 400) expect((res.json as { errors: unknown[] }).errors.length).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
  });
});
