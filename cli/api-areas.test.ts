/** `burrow api` and the other areas: `/mc`, `/video`, `/logging` follow BURROW_*_URL when set, as a spawned process against a sandbox. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeApiPath } from './config.js';
import { runBurrow, startFixture, type Fixture } from './testing/support.js';

describe('routeApiPath', () => {
  const api = 'https://api.example';
  const env = { BURROW_CONTAINERS_URL: 'https://mc.example/base/', BURROW_VIDEO_URL: 'https://video.example', BURROW_LOGGING_URL: 'https://logs.example' };

  it.each([
    ['/mc/apps', 'containers', 'https://mc.example/base', '/apps'],
    ['/mc', 'containers', 'https://mc.example/base', '/'],
    ['/mc?page=2', 'containers', 'https://mc.example/base', '/?page=2'],
    ['/video/library/7/videos', 'video', 'https://video.example', '/library/7/videos'],
    ['/logging/v2/pullzones/1/logs', 'logging', 'https://logs.example', '/v2/pullzones/1/logs'],
    ['/mcfoo', 'core', api, '/mcfoo'],
    ['/videolibrary/7', 'core', api, '/videolibrary/7'],
    ['/pullzone', 'core', api, '/pullzone'],
  ])('%s → %s at %s%s', (path, area, baseUrl, rest) => {
    expect(routeApiPath(path, api, env)).toEqual({ ok: true, route: expect.objectContaining({ area, baseUrl, path: rest }) });
  });

  it('without the variable the path stays under the core API URL, prefix and all', () => {
    expect(routeApiPath('/video/library/7/videos', api, {})).toEqual({ ok: true, route: { area: 'video', baseUrl: api, path: '/video/library/7/videos' } });
    expect(routeApiPath('/mc/apps', api, { BURROW_CONTAINERS_URL: '' })).toEqual({ ok: true, route: { area: 'containers', baseUrl: api, path: '/mc/apps' } });
  });

  it('a variable that is not an http(s) URL is refused, naming it', () => {
    const r = routeApiPath('/video/x', api, { BURROW_VIDEO_URL: 'ftp://video.example' });
    expect(r).toEqual({ ok: false, message: expect.stringContaining('BURROW_VIDEO_URL must be an http(s) URL') });
  });
});

describe('burrow api with BURROW_*_URL', () => {
  let f: Fixture;
  // The core API URL points at a path the sandbox does not serve, so only a request routed by its variable can succeed.
  let env: Record<string, string>;
  beforeAll(async () => {
    f = await startFixture();
    env = { ...f.env, BUNNYNET_API_URL: `${f.sandbox.apiUrl}/elsewhere` };
  });
  afterAll(async () => {
    await f.close();
  });

  it('BURROW_CONTAINERS_URL: /mc/apps goes there; without it, under the core URL (404 here)', async () => {
    const routed = await runBurrow(['api', 'GET', '/mc/apps'], { env: { ...env, BURROW_CONTAINERS_URL: f.sandbox.containersUrl } });
    expect(routed.stderr).toBe('');
    expect(routed.code).toBe(0);
    expect(JSON.parse(routed.stdout)).toHaveProperty('items');
    const unrouted = await runBurrow(['api', 'GET', '/mc/apps'], { env });
    expect(unrouted.code).toBe(1);
    expect(unrouted.stderr).toContain('HTTP 404');
  });

  it('BURROW_VIDEO_URL: /video/library/{id}/videos with the library key; the account key is refused there', async () => {
    const lib = f.sandbox.libraries[0];
    if (lib === undefined) throw new Error('the sandbox has no library');
    const withVideo = { ...env, BURROW_VIDEO_URL: f.sandbox.videoUrl };
    const listed = await runBurrow(['api', 'GET', `/video/library/${lib.id}/videos`, '--api-key', lib.key, '-v'], { env: withVideo });
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout)).toHaveProperty('items');
    expect(listed.stderr).toContain(`base ${f.sandbox.videoUrl} (BURROW_VIDEO_URL)`);
    expect(listed.stderr).not.toContain(lib.key);
    const accountKey = await runBurrow(['api', 'GET', `/video/library/${lib.id}/videos`], { env: withVideo });
    expect(accountKey.code).toBe(1);
    expect(accountKey.stderr).toContain('HTTP 401');
  });

  it('BURROW_LOGGING_URL: /logging/v2/pullzones/{id}/logs goes there', async () => {
    const zone = f.sandbox.pullZones.find((z) => z.loggingEnabled);
    if (zone === undefined) throw new Error('the sandbox has no pull zone with logging');
    const r = await runBurrow(['api', 'GET', `/logging/v2/pullzones/${zone.id}/logs`], { env: { ...env, BURROW_LOGGING_URL: f.sandbox.loggingUrl } });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toBeTypeOf('object');
  });

  it('core paths are not affected by the area variables', async () => {
    const r = await runBurrow(['api', 'GET', '/pullzone'], { env: { ...f.env, BURROW_CONTAINERS_URL: `${f.sandbox.apiUrl}/nowhere`, BURROW_VIDEO_URL: `${f.sandbox.apiUrl}/nowhere` } });
    expect(r.code).toBe(0);
  });

  it('a bad area URL is a usage error (exit 2), nothing sent', async () => {
    const r = await runBurrow(['api', 'GET', '/mc/apps'], { env: { ...env, BURROW_CONTAINERS_URL: 'not a url' } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('BURROW_CONTAINERS_URL must be an http(s) URL');
  });
});
