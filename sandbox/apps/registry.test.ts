/** The registry questions, limits and optimal region over real HTTP, every answer checked against the OpenAPI document. */
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../server.js';
import { validateResponse } from '../testing/openapi.js';
import { fullApp, useContainers, type Harness } from './testing/harness.js';

const start = useContainers();

const post = (h: Harness, path: string, body: unknown) => h.call('POST', path, { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
const valid = (method: string, template: string, status: number, body: unknown) => expect(validateResponse('magic-containers', method, template, status, body)).toEqual([]);

describe('POST /registries/public-images/search', () => {
  it('finds images by the start of their name, official ones first, by registry name or by the id the registry list gives', async () => {
    const h = await start();
    const res = await post(h, '/registries/public-images/search', { registryId: 'dockerhub', prefix: 'post' });
    expect(res.status).toBe(200);
    valid('POST', '/registries/public-images/search', 200, res.json);
    expect(res.json).toEqual([{ id: 'postgres', namespace: 'library' }]);
    const byId = await post(h, '/registries/public-images/search', { registryId: '1', prefix: 'GRA' });
    expect(byId.json).toEqual([{ id: 'grafana', namespace: 'grafana' }]);
    const github = await post(h, '/registries/public-images/search', { registryId: 'github', prefix: 'home' });
    expect(github.json).toEqual([
      { id: 'home-assistant', namespace: 'home-assistant' },
      { id: 'homepage', namespace: 'gethomepage' },
    ]);
    const none = await post(h, '/registries/public-images/search', { registryId: 'dockerhub', prefix: 'zzz' });
    expect(none.json).toEqual([]);
  });

  it('Docker Hub answers its first ten matches whatever size and page say; GitHub pages', async () => {
    const h = await start();
    const many = await post(h, '/registries/public-images/search', { registryId: 'dockerhub', prefix: 'a', size: 1, page: 3 });
    // adminer, alpine: fewer than ten, all of them.
    expect(many.json).toEqual([
      { id: 'adminer', namespace: 'library' },
      { id: 'alpine', namespace: 'library' },
    ]);
    const m = await post(h, '/registries/public-images/search', { registryId: 'dockerhub', prefix: 'm' });
    expect((m.json as unknown[]).length).toBeLessThanOrEqual(10);
    const second = await post(h, '/registries/public-images/search', { registryId: 'github', prefix: 'home', size: 1, page: 2 });
    expect(second.json).toEqual([{ id: 'homepage', namespace: 'gethomepage' }]);
  });

  it('422 ErrorDetails for a missing prefix, a size out of range, an unknown member or an unknown registry', async () => {
    const h = await start();
    for (const body of [{ registryId: 'dockerhub' }, { registryId: 'dockerhub', prefix: 'n', size: 101 }, { registryId: 'dockerhub', prefix: 'n', extra: 1 }, { registryId: 'quay', prefix: 'n' }]) {
      const res = await post(h, '/registries/public-images/search', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      valid('POST', '/registries/public-images/search', 422, res.json);
    }
  });
});

describe('tags, digest, image config and config suggestions', () => {
  const postgres = { registryId: 'dockerhub', imageNamespace: 'library', imageName: 'postgres' };

  it('lists the tags of a known image; 422 for an unknown one', async () => {
    const h = await start();
    const res = await post(h, '/registries/tags', postgres);
    expect(res.status).toBe(200);
    valid('POST', '/registries/tags', 200, res.json);
    expect(res.json).toEqual(expect.arrayContaining([{ name: 'latest' }, { name: '16-alpine' }]));
    const unknown = await post(h, '/registries/tags', { ...postgres, imageName: 'no-such-image' });
    expect(unknown.status).toBe(422);
    valid('POST', '/registries/tags', 422, unknown.json);
    expect((unknown.json as { detail: string }).detail).toContain('library/no-such-image');
  });

  it('gives one sha256 digest per tag, the same each time; 422 for a tag the image does not have', async () => {
    const h = await start();
    const a = await post(h, '/registries/digest', { ...postgres, tag: '16' });
    const b = await post(h, '/registries/digest', { ...postgres, tag: '16' });
    const c = await post(h, '/registries/digest', { ...postgres, tag: '17' });
    valid('POST', '/registries/digest', 200, a.json);
    expect(a.json).toEqual({ imageNamespace: 'library', image: 'postgres', tag: '16', digest: expect.stringMatching(/^sha256:[0-9a-f]{64}$/) });
    expect(b.json).toEqual(a.json);
    expect((c.json as { digest: string }).digest).not.toBe((a.json as { digest: string }).digest);
    const missing = await post(h, '/registries/digest', { ...postgres, tag: '1.0-nope' });
    expect(missing.status).toBe(422);
    valid('POST', '/registries/digest', 422, missing.json);
  });

  it('config suggestions: endpoints as create requests, environment with defaults and required marks, volumes', async () => {
    const h = await start();
    const res = await post(h, '/registries/config-suggestions', { ...postgres, tag: 'latest' });
    expect(res.status).toBe(200);
    valid('POST', '/registries/config-suggestions', 200, res.json);
    const s = res.json as Record<string, unknown>;
    expect(s.endpointSuggestions).toEqual([{ displayName: 'postgres', anycast: { type: 'iPv4', portMappings: [{ containerPort: 5432, exposedPort: 5432, protocols: ['tcp'] }] } }]);
    expect(s.environmentVariablesSuggestions).toEqual(
      expect.arrayContaining([
        { name: 'POSTGRES_PASSWORD', defaultValue: null, required: true },
        { name: 'POSTGRES_USER', defaultValue: 'postgres', required: false },
      ]),
    );
    expect(s.volumeSuggestions).toEqual([{ containerPath: '/var/lib/postgresql/data', suggestedVolumeName: 'postgres-data' }]);
    expect(s.appName).toBe('postgres');
    const web = await post(h, '/registries/config-suggestions', { registryId: 'dockerhub', imageNamespace: 'library', imageName: 'nginx', tag: 'latest' });
    expect((web.json as Record<string, unknown>).endpointSuggestions).toEqual([{ displayName: 'web', cdn: { isSslEnabled: true, portMappings: [{ containerPort: 80 }] } }]);
    const unknown = await post(h, '/registries/config-suggestions', { ...postgres, imageName: 'nope', tag: 'latest' });
    expect(unknown.status).toBe(422);
    valid('POST', '/registries/config-suggestions', 422, unknown.json);
  });

  it('image config: ports and volumes of a known image; nothing for one it cannot read (the document has no 422 there)', async () => {
    const h = await start();
    const res = await post(h, '/registries/image-config', { registryId: 'dockerhub', imageNamespace: 'library', imageName: 'redis', tag: 'latest' });
    valid('POST', '/registries/image-config', 200, res.json);
    expect(res.json).toEqual({
      endpointSuggestions: [{ displayName: 'redis', anycast: { type: 'iPv4', portMappings: [{ containerPort: 6379, exposedPort: 6379, protocols: ['tcp'] }] } }],
      volumeSuggestions: [{ containerPath: '/data', suggestedVolumeName: 'redis-data' }],
    });
    const unknown = await post(h, '/registries/image-config', { registryId: 'dockerhub', imageNamespace: 'x', imageName: 'y', tag: 'z' });
    expect(unknown.status).toBe(200);
    expect(unknown.json).toEqual({ endpointSuggestions: [], volumeSuggestions: [] });
  });
});

describe('GET /limits and GET /regions/optimal', () => {
  it('limits count the applications the account holds now', async () => {
    const h = await start({ appLimit: 20 });
    const before = await h.call('GET', '/limits');
    expect(before.status).toBe(200);
    valid('GET', '/limits', 200, before.json);
    expect(before.json).toMatchObject({ maxNumberOfApplications: 20, existingNumberOfApplications: 0, maxNumberOfInstancesPerRegion: 3 });
    expect((await h.create(fullApp())).status).toBe(201);
    const after = await h.call('GET', '/limits');
    expect(after.json).toMatchObject({ existingNumberOfApplications: 1 });
  });

  it('the optimal region is a region with capacity, the same for the same CDN server token', async () => {
    const h = await start();
    const res = await h.call('GET', '/regions/optimal');
    valid('GET', '/regions/optimal', 200, res.json);
    expect(res.json).toEqual({ region: { id: 'DE', name: 'Frankfurt', group: 'Europe', hasAnycastSupport: true, hasCapacity: true } });
    const a = await h.call('GET', '/regions/optimal?cdnServerToken=edge-42');
    const b = await h.call('GET', '/regions/optimal?cdnServerToken=edge-42');
    expect(a.json).toEqual(b.json);
    expect((a.json as { region: { hasCapacity: boolean } }).region.hasCapacity).toBe(true);
  });
});

describe('auth, methods and faults', () => {
  it('401 without the key (ErrorDetails for the digest, as the document says; ProblemDetails elsewhere); 405 for another method', async () => {
    const h = await start();
    const noKey = await fetch(`${h.url}/limits`);
    expect(noKey.status).toBe(401);
    valid('GET', '/limits', 401, await noKey.json());
    const digest = await fetch(`${h.url}/registries/digest`, { method: 'POST', headers: { AccessKey: 'wrong', 'content-type': 'application/json' }, body: '{}' });
    expect(digest.status).toBe(401);
    valid('POST', '/registries/digest', 401, await digest.json());
    const wrong = await h.call('GET', '/registries/tags');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
  });

  it('a fault rule answers for a registry question in place of the sandbox', async () => {
    const sb = await startSandbox({ port: 0 });
    try {
      sb.faults.add({ method: 'POST', path: '/mc/registries/config-suggestions', action: { kind: 'status', status: 500, body: { title: 'Boom', status: 500 } } });
      const init = { method: 'POST', headers: { AccessKey: sb.accountKey, 'content-type': 'application/json' }, body: JSON.stringify({ registryId: 'dockerhub', imageNamespace: 'library', imageName: 'nginx', tag: 'latest' }) };
      const faulted = await fetch(`${sb.containersUrl}/registries/config-suggestions`, init);
      expect(faulted.status).toBe(500);
      const next = await fetch(`${sb.containersUrl}/registries/config-suggestions`, init);
      expect(next.status).toBe(200);
    } finally {
      await sb.close();
    }
  });
});
