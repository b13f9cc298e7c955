import { afterEach, describe, expect, it } from 'vitest';
import { logErrorResponseSchema } from '../../shared/logs/v2-response.js';
import { signJwt } from '../jwt.js';
import { startLogging, BASE_TIME, v1Day, type LoggingHarness } from './testing/support.js';

let h: LoggingHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function errorOf(res: Response) {
  return logErrorResponseSchema.parse(await res.json()).error;
}

function paths(zoneId: number): string[] {
  return [`/v2/pullzones/${zoneId}/logs?limit=1`, `/${v1Day(BASE_TIME)}/${zoneId}.log?end=1`];
}

describe('logging auth', () => {
  it('accepts the account key and a sandbox-signed bearer token on both versions', async () => {
    h = await startLogging();
    for (const path of paths(h.zoneId)) {
      expect((await h.get(path)).status).toBe(200);
      expect((await h.get(path, { Authorization: `Bearer ${h.token()}` })).status).toBe(200);
      expect((await h.get(path, { authorization: `bearer ${h.token()}` })).status).toBe(200);
    }
  });

  it('answers 401 unauthorized without credentials and 403 forbidden for wrong ones', async () => {
    h = await startLogging();
    const seed = h.seed;
    const iat = Math.floor(BASE_TIME / 1000);
    const cases: [Record<string, string>, number, string][] = [
      [{}, 401, 'unauthorized'],
      [{ AccessKey: '' }, 401, 'unauthorized'],
      [{ Authorization: 'Basic dXNlcjpwYXNz' }, 401, 'unauthorized'],
      [{ AccessKey: 'not-the-key' }, 403, 'forbidden'],
      [{ AccessKey: seed.libraries[0]?.key ?? 'x' }, 403, 'forbidden'],
      [{ Authorization: 'Bearer not.a.jwt' }, 403, 'forbidden'],
      [{ Authorization: `Bearer ${signJwt({ sub: 'x', iat, exp: iat + 60 }, 'another-secret')}` }, 403, 'forbidden'],
      [{ Authorization: `Bearer ${signJwt({ sub: 'x', iat: iat - 7200, exp: iat - 3600 }, seed.jwtSecret)}` }, 403, 'forbidden'],
    ];
    for (const path of paths(h.zoneId)) {
      for (const [headers, status, code] of cases) {
        const res = await h.get(path, headers);
        expect(res.status, `${path} ${JSON.stringify(headers)}`).toBe(status);
        expect((await errorOf(res)).code).toBe(code);
      }
    }
  });

  it('lets a token expire on the sandbox clock', async () => {
    h = await startLogging();
    const token = h.token(60);
    const path = `/v2/pullzones/${h.zoneId}/logs?limit=1`;
    expect((await h.get(path, { Authorization: `Bearer ${token}` })).status).toBe(200);
    h.clock.now += 61_000;
    const res = await h.get(path, { Authorization: `Bearer ${token}` });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).message).toMatch(/expired/);
  });

  it('answers 403 while the account is suspended', async () => {
    h = await startLogging();
    h.ctx.accountSuspended = true;
    for (const path of paths(h.zoneId)) {
      const res = await h.get(path);
      expect(res.status).toBe(403);
      expect((await errorOf(res)).code).toBe('forbidden');
    }
    h.ctx.accountSuspended = false;
    expect((await h.get(paths(h.zoneId)[0] ?? '')).status).toBe(200);
  });

  it("answers 403 forbidden for a zone that is not the account's (the schema's answer) and 404 logging_disabled where logging is off", async () => {
    h = await startLogging();
    const off = h.seed.pullZones.find((z) => !z.loggingEnabled);
    expect(off).toBeDefined();
    for (const path of [...paths(999), '/v2/pullzones/abc/logs', `/${v1Day(BASE_TIME)}/abc.log`]) {
      const res = await h.get(path);
      expect(res.status, path).toBe(403);
      expect((await errorOf(res)).code).toBe('forbidden');
    }
    for (const path of paths(off?.id ?? 0)) {
      const res = await h.get(path);
      expect(res.status).toBe(404);
      expect((await errorOf(res)).code).toBe('logging_disabled');
    }
  });

  it('checks credentials before anything else, and answers 405 to other methods', async () => {
    h = await startLogging();
    const res = await h.get('/v2/pullzones/999/logs?limit=0', {});
    expect(res.status).toBe(401);
    const post = await fetch(`${h.url}/v2/pullzones/${h.zoneId}/logs`, { method: 'POST', headers: h.auth });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET');
    expect((await h.get('/elsewhere')).status).toBe(404);
  });
});

describe('logging rate limit', () => {
  it('refuses the 31st request in 10 seconds per zone with 429 and Retry-After, then recovers', async () => {
    h = await startLogging({ logRateLimit: { requests: 30, windowMs: 10_000 } });
    const [v2, v1] = paths(h.zoneId) as [string, string];
    for (let i = 0; i < 30; i++) {
      h.clock.now = BASE_TIME + i * 100;
      expect((await h.get(i % 2 === 0 ? v2 : v1)).status, `request ${i + 1}`).toBe(200);
    }
    h.clock.now = BASE_TIME + 4_000;
    const limited = await h.get(v2);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('6');
    expect((await errorOf(limited)).code).toBe('rate_limited');
    expect((await h.get(v1)).status).toBe(429);

    // Other zones have their own budget.
    const other = h.seed.pullZones.find((z) => z.loggingEnabled && z.id !== h?.zoneId);
    expect((await h.get(paths(other?.id ?? 0)[0] ?? '')).status).toBe(200);

    // The first request leaves the window at BASE_TIME + 10 s; one slot opens.
    h.clock.now = BASE_TIME + 10_000;
    expect((await h.get(v2)).status).toBe(200);
    expect((await h.get(v2)).status).toBe(429);
    h.clock.now = BASE_TIME + 20_000;
    for (let i = 0; i < 30; i++) expect((await h.get(v2)).status).toBe(200);
  });
});
