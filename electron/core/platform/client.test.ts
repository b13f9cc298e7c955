import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppFailure } from '../errors.js';
import { createPlatformClient } from './client.js';
import { FAKE_NOW, allAreasAt, endpointsOf, fakeSleep, fixedCredentials, sandboxClient, tinyServer, type SandboxClient, failureOf } from './testing/support.js';
import type { AttemptInfo } from './types.js';


let t: SandboxClient;
beforeAll(async () => {
  t = await sandboxClient();
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  t.sandbox.faults.reset();
  t.delays.length = 0;
});

describe('requests per area', () => {
  it('reads the core API with the account key, a Burrow user agent and Accept: application/json', async () => {
    const zones = await t.client.json<{ Id: number }[]>({ area: 'core', method: 'GET', path: '/pullzone' });
    expect(zones.map((z) => z.Id)).toEqual(t.sandbox.pullZones.map((z) => z.id));
  });

  it('sends what a plain server sees: AccessKey, User-Agent, Accept, and no caller-chosen credential', async () => {
    const server = await tinyServer((_req, res) => res.end('{"ok":true}'));
    try {
      const client = createPlatformClient({
        endpoints: () => allAreasAt(server.url),
        credentials: fixedCredentials({ accountKey: 'acct-key-123', libraries: { 7: 'lib-key-7' } }),
        userAgent: 'Burrow/1.2.3',
        env: {},
      });
      await client.send({ area: 'core', method: 'GET', path: '/x', headers: { AccessKey: 'evil', authorization: 'Bearer evil', 'X-Trace': '1' } });
      await client.send({ area: 'video', method: 'GET', path: '/library/7/videos', libraryId: 7 });
      await client.send({ area: 'containers', method: 'POST', path: '/apps', json: { a: 1 } });
      await client.close();
      const [core, video, mc] = server.seen;
      expect(core?.headers).toMatchObject({ accesskey: 'acct-key-123', 'user-agent': 'Burrow/1.2.3', accept: 'application/json', 'x-trace': '1' });
      expect(core?.headers.authorization).toBeUndefined();
      expect(video?.url).toBe('/video/library/7/videos');
      expect(video?.headers.accesskey).toBe('lib-key-7');
      expect(mc?.url).toBe('/mc/apps');
      expect(mc?.headers['content-type']).toBe('application/json');
    } finally {
      await server.close();
    }
  });

  it('uses the library key for video and a bearer token for logging when chosen', async () => {
    const lib = t.sandbox.libraries[0]!;
    const list = await t.client.json<{ items: unknown[] }>({ area: 'video', method: 'GET', path: `/library/${lib.id}/videos`, libraryId: lib.id });
    expect(Array.isArray(list.items)).toBe(true);
    const bearer = createPlatformClient({
      endpoints: () => endpointsOf(t.sandbox),
      credentials: fixedCredentials({ accountKey: null, bearer: t.sandbox.loggingJwt }),
      userAgent: 'Burrow/test',
      env: {},
    });
    const zone = t.sandbox.pullZones.find((z) => z.loggingEnabled)!;
    const res = await bearer.send({ area: 'logging', method: 'GET', path: `/v2/pullzones/${zone.id}/logs`, query: { limit: 1 } });
    await bearer.close();
    expect(res.status).toBe(200);
  });

  it('refuses to send without a key, naming what is missing', async () => {
    const client = createPlatformClient({ endpoints: () => endpointsOf(t.sandbox), credentials: fixedCredentials({}), userAgent: 'Burrow/test', env: {} });
    const e = await failureOf(client.send({ area: 'core', method: 'GET', path: '/pullzone' }));
    expect(e).toMatchObject({ kind: 'auth', title: 'No API key configured' });
    const v = await failureOf(client.send({ area: 'video', method: 'GET', path: '/library/1/videos', libraryId: 4242 }));
    expect(v.kind).toBe('auth');
    expect(v.title).toContain('4242');
    expect(v.detail).toMatch(/Settings/);
    const noLib = await failureOf(client.send({ area: 'video', method: 'GET', path: '/library/1/videos' }));
    expect(noLib.kind).toBe('validation');
    await client.close();
  });

  it('keeps only the first maxBodyBytes of a long body and says so', async () => {
    const res = await t.client.send({ area: 'core', method: 'GET', path: '/pullzone', maxBodyBytes: 10 });
    expect(res.status).toBe(200);
    expect(res.truncated).toBe(true);
    expect(res.body.length).toBe(10);
  });

  it('refuses bad methods and header injection before sending; a failing onAttempt does not fail the request', async () => {
    expect((await failureOf(t.client.send({ area: 'core', method: 'TRACE', path: '/pullzone' }))).kind).toBe('validation');
    expect((await failureOf(t.client.send({ area: 'core', method: 'GET', path: '/pullzone', headers: { 'x-a': 'b\r\nAccessKey: evil' } }))).kind).toBe('validation');
    expect((await failureOf(t.client.send({ area: 'core', method: 'GET', path: '/pullzone', headers: { 'bad name': 'x' } }))).kind).toBe('validation');
    expect((await failureOf(t.client.send({ area: 'core', method: 'POST', path: '/dnszone', json: { n: 1n } }))).kind).toBe('validation');
    const res = await t.client.send({ area: 'core', method: 'get', path: '/pullzone', onAttempt: () => { throw new Error('log sink broke'); } });
    expect(res.status).toBe(200);
  });

  it('json() of a capped body says it is too large instead of failing to parse', async () => {
    const res = await t.client.send({ area: 'core', method: 'GET', path: '/pullzone', maxBodyBytes: 10 });
    expect(() => res.json()).toThrow(AppFailure);
    expect(await failureOf(Promise.resolve().then(() => res.json()))).toMatchObject({ kind: 'http', title: 'The answer is too large to read' });
  });

  it('rejects paths that could leave the area', async () => {
    for (const path of ['//evil.example/x', 'http://evil.example/', 'pullzone', '/a\\b', '/a\r\nX-Injected: 1', '/../pullzone', `/${'a'.repeat(9000)}`]) {
      const e = await failureOf(t.client.send({ area: 'containers', method: 'GET', path }));
      expect(e.kind).toBe('validation');
    }
  });

  it('cancels through the AbortSignal', async () => {
    t.sandbox.faults.add({ path: '/pullzone', action: { kind: 'delay', ms: 5000 } });
    const ac = new AbortController();
    const p = t.client.send({ area: 'core', method: 'GET', path: '/pullzone', signal: ac.signal });
    setImmediate(() => ac.abort());
    expect(await failureOf(p)).toMatchObject({ kind: 'cancelled' });
    const already = await failureOf(t.client.send({ area: 'core', method: 'GET', path: '/pullzone', signal: AbortSignal.abort() }));
    expect(already.kind).toBe('cancelled');
  });
});

describe('retries against the sandbox (fake sleep and clock)', () => {
  it('429 with Retry-After: 2 → the next attempt waits 2 s', async () => {
    t.sandbox.faults.add({ path: '/pullzone', action: { kind: 'status', status: 429, retryAfter: '2' } });
    const attempts: AttemptInfo[] = [];
    const res = await t.client.send({ area: 'core', method: 'GET', path: '/pullzone', onAttempt: (a) => attempts.push(a) });
    expect(res.status).toBe(200);
    expect(res.attempts).toBe(2);
    expect(t.delays).toEqual([2000]);
    expect(attempts.map((a) => [a.attempt, a.status, a.retry, a.delayMs])).toEqual([
      [1, 429, true, 2000],
      [2, 200, false, 0],
    ]);
    expect(attempts[0]?.reason).toMatch(/Retry-After: 2/);
  });

  it('429 with Retry-After as an HTTP date → the next attempt waits until then', async () => {
    t.sandbox.faults.add({ path: '/pullzone', action: { kind: 'status', status: 429, retryAfter: new Date(FAKE_NOW + 3000).toUTCString() } });
    const res = await t.client.send({ area: 'core', method: 'GET', path: '/pullzone' });
    expect(res.status).toBe(200);
    expect(t.delays).toEqual([3000]);
  });

  it('a Retry-After above the cap is reported, not waited on', async () => {
    t.sandbox.faults.add({ path: '/pullzone', action: { kind: 'status', status: 503, retryAfter: '600', body: { ErrorKey: 'x', Field: null, Message: 'Maintenance' } } });
    const attempts: AttemptInfo[] = [];
    const e = await failureOf(t.client.json({ area: 'core', method: 'GET', path: '/pullzone', onAttempt: (a) => attempts.push(a) }));
    expect(t.delays).toEqual([]);
    expect(attempts[0]?.reason).toMatch(/asked to wait 600 s/);
    expect(e).toMatchObject({ kind: 'http', status: 503 });
    expect(e.detail).toMatch(/Maintenance.*Retry-After: 600/);
  });

  it('a 503 burst (times: 3) then success: four attempts, backoff delays within the ceilings', async () => {
    t.sandbox.faults.add({ path: '/pullzone', times: 3, action: { kind: 'status', status: 503 } });
    const res = await t.client.send({ area: 'core', method: 'GET', path: '/pullzone' });
    expect(res.status).toBe(200);
    expect(res.attempts).toBe(4);
    expect(t.delays).toHaveLength(3);
    t.delays.forEach((d, n) => {
      expect(d).toBeGreaterThanOrEqual(0);
      expect(d).toBeLessThanOrEqual(Math.min(20_000, 500 * 2 ** n));
    });
  });

  it('a 503 burst longer than the attempts: the last 503 is returned, mapped by json()', async () => {
    t.sandbox.faults.add({ path: '/pullzone', times: 4, action: { kind: 'status', status: 503 } });
    const e = await failureOf(t.client.json({ area: 'core', method: 'GET', path: '/pullzone' }));
    expect(e).toMatchObject({ kind: 'http', status: 503 });
    expect(t.delays).toHaveLength(3);
  });

  it('POST is never retried: a 503 surfaces at once and the sandbox sees one request', async () => {
    t.sandbox.faults.add({ method: 'POST', path: '/mc/apps', times: 2, action: { kind: 'status', status: 503 } });
    const attempts: AttemptInfo[] = [];
    const res = await t.client.send({ area: 'containers', method: 'POST', path: '/apps', json: { name: 'x' }, onAttempt: (a) => attempts.push(a) });
    expect(res.status).toBe(503);
    expect(res.attempts).toBe(1);
    expect(t.delays).toEqual([]);
    expect(t.sandbox.faults.list()[0]?.remaining).toBe(1);
    expect(attempts[0]?.reason).toMatch(/POST is never retried/);
  });

  it('retry: false turns retries off', async () => {
    t.sandbox.faults.add({ path: '/pullzone', action: { kind: 'status', status: 503 } });
    const res = await t.client.send({ area: 'core', method: 'GET', path: '/pullzone', retry: false });
    expect(res.status).toBe(503);
    expect(t.delays).toEqual([]);
  });

  it('a reset before the answer on POST fails at once and warns that it may have taken effect', async () => {
    t.sandbox.faults.add({ method: 'POST', path: '/mc/apps', action: { kind: 'commit-then-reset' } });
    const e = await failureOf(t.client.send({ area: 'containers', method: 'POST', path: '/apps', json: { name: 'x' } }));
    expect(e.kind).toBe('network');
    expect(e.detail).toMatch(/may or may not have taken effect/);
    expect(t.delays).toEqual([]);
  });
});

describe('cut-short bodies: a 2xx whose body ends early or resets is a failure', () => {
  it('reset-after-headers once on GET: the retry succeeds', async () => {
    t.sandbox.faults.add({ path: '/pullzone', action: { kind: 'reset-after-headers' } });
    const attempts: AttemptInfo[] = [];
    const zones = await t.client.json<unknown[]>({ area: 'core', method: 'GET', path: '/pullzone', onAttempt: (a) => attempts.push(a) });
    expect(zones.length).toBe(t.sandbox.pullZones.length);
    expect(attempts[0]).toMatchObject({ status: 200, retry: true });
    expect(attempts[0]?.error).toMatch(/cut_short/);
  });

  it('reset-after-headers on every attempt: "The response was cut short" once retries are spent', async () => {
    t.sandbox.faults.add({ path: '/pullzone', times: 10, action: { kind: 'reset-after-headers' } });
    const e = await failureOf(t.client.send({ area: 'core', method: 'GET', path: '/pullzone' }));
    expect(e).toMatchObject({ kind: 'network', title: 'The response was cut short', status: 200 });
    expect(e.detail).toMatch(/after 4 attempts — GET \/pullzone/);
    expect(t.delays).toHaveLength(3);
  });

  it('a 200 with Content-Length 100 and 10 bytes, then close → failure, never a short success', async () => {
    const server = await tinyServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"a":12345');
      setImmediate(() => res.socket?.destroy());
    });
    try {
      const client = createPlatformClient({ endpoints: () => allAreasAt(server.url), credentials: fixedCredentials({ accountKey: 'k-12345678' }), userAgent: 'Burrow/test', sleep: fakeSleep().sleep, env: {} });
      const e = await failureOf(client.send({ area: 'core', method: 'GET', path: '/x' }));
      await client.close();
      expect(e).toMatchObject({ kind: 'network', title: 'The response was cut short' });
      expect(e.detail).toMatch(/10 of 100 bytes/);
      expect(server.seen).toHaveLength(4);
    } finally {
      await server.close();
    }
  });
});
