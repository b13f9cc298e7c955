import { request } from 'node:http';
import { networkInterfaces } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { isLoopback } from './admin.js';
import { startSandbox, type Sandbox } from './server.js';

const open: Sandbox[] = [];
async function start(host?: string): Promise<Sandbox> {
  const s = await startSandbox({ liveTraffic: false, ...(host ? { host } : {}) });
  open.push(s);
  return s;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

interface Raw {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/** A plain node:http request (no agent reuse) that rejects on any reset or truncated body. */
function raw(base: string, method: string, path: string, opts: { key?: string; body?: string | Buffer; host?: string } = {}): Promise<Raw> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: opts.host ?? url.hostname,
        port: url.port,
        method,
        path: url.pathname + url.search,
        agent: false,
        headers: {
          ...(opts.key !== undefined ? { AccessKey: opts.key } : {}),
          ...(opts.body !== undefined ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(opts.body) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        const cut = (e: Error) => Object.assign(e, { status: res.statusCode, received: Buffer.concat(chunks).length });
        res.on('error', (e) => reject(cut(e)));
        res.on('close', () => {
          if (!res.complete) reject(cut(new Error('premature close')));
          else resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') });
        });
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

const RESET = /ECONNRESET|socket hang up|premature close|aborted|EPIPE/;

async function addRule(s: Sandbox, rule: unknown): Promise<Raw> {
  return raw(s.apiUrl, 'POST', '/__admin/faults', { key: s.accountKey, body: JSON.stringify(rule) });
}

async function zones(s: Sandbox): Promise<string[]> {
  const reply = await raw(s.apiUrl, 'GET', '/dnszone', { key: s.accountKey });
  return (JSON.parse(reply.body) as { Items: { Domain: string }[] }).Items.map((z) => z.Domain);
}

describe('fault injection over HTTP', () => {
  it('delay: the request still completes and the rule is used up', async () => {
    const s = await start();
    const added = await addRule(s, { method: 'get', path: '/pullzone', times: 2, action: { kind: 'delay', ms: 20 } });
    expect(added.status).toBe(201);
    expect(JSON.parse(added.body)).toEqual({ id: expect.any(String) });
    expect((await raw(s.apiUrl, 'GET', '/pullzone', { key: s.accountKey })).status).toBe(200);
    const listed = JSON.parse((await raw(s.apiUrl, 'GET', '/__admin/faults', { key: s.accountKey })).body) as { rules: { remaining: number; method: string }[] };
    expect(listed.rules).toMatchObject([{ remaining: 1, method: 'GET', path: '/pullzone' }]);
    expect((await raw(s.apiUrl, 'GET', '/pullzone', { key: s.accountKey })).status).toBe(200);
    expect(s.faults.list()).toEqual([]);
  });

  it('status: a 503 burst with Retry-After for the next 3 requests, then the real answer', async () => {
    const s = await start();
    await addRule(s, { path: '/pullzone', times: 3, action: { kind: 'status', status: 503, retryAfter: '2', body: { Message: 'busy' } } });
    for (let i = 0; i < 3; i++) {
      const reply = await raw(s.apiUrl, 'GET', '/pullzone', { key: s.accountKey });
      expect(reply.status).toBe(503);
      expect(reply.headers['retry-after']).toBe('2');
      expect(JSON.parse(reply.body)).toEqual({ Message: 'busy' });
    }
    expect((await raw(s.apiUrl, 'GET', '/pullzone', { key: s.accountKey })).status).toBe(200);
  });

  it('status: an HTML 502, invalid JSON and a date-form Retry-After are sent as given', async () => {
    const s = await start();
    const date = 'Wed, 21 Oct 2015 07:28:00 GMT';
    await addRule(s, { path: '/mc/apps', action: { kind: 'status', status: 502, body: '<html>Bad gateway</html>', contentType: 'text/html' } });
    await addRule(s, { path: '/video/*', action: { kind: 'status', status: 200, body: '{"broken":', contentType: 'application/json' } });
    await addRule(s, { path: '/logging/*', action: { kind: 'status', status: 429, retryAfter: date } });
    const html = await raw(s.apiUrl, 'GET', '/mc/apps');
    expect([html.status, html.headers['content-type'], html.body]).toEqual([502, 'text/html', '<html>Bad gateway</html>']);
    const broken = await raw(s.apiUrl, 'GET', '/video/library/1/videos');
    expect([broken.status, broken.body]).toEqual([200, '{"broken":']);
    const limited = await raw(s.apiUrl, 'GET', '/logging/v2/pullzones/1/logs');
    expect([limited.status, limited.headers['retry-after'], limited.body]).toEqual([429, date, '']);
  });

  it('matches by method and by prefix, and never touches the admin routes', async () => {
    const s = await start();
    await addRule(s, { method: 'POST', path: '/dnszone*', action: { kind: 'status', status: 500 } });
    await addRule(s, { path: '/*', times: 100, action: { kind: 'status', status: 418 } });
    expect((await raw(s.apiUrl, 'POST', '/dnszone', { key: s.accountKey, body: '{"Domain":"a.example"}' })).status).toBe(500);
    expect((await raw(s.apiUrl, 'GET', '/dnszone', { key: s.accountKey })).status).toBe(418);
    expect((await raw(s.apiUrl, 'GET', '/__admin/faults', { key: s.accountKey })).status).toBe(200);
    const reset = await raw(s.apiUrl, 'DELETE', '/__admin/faults', { key: s.accountKey });
    expect(reset.status).toBe(204);
    expect(s.faults.list()).toEqual([]);
    expect((await raw(s.apiUrl, 'GET', '/dnszone', { key: s.accountKey })).status).toBe(200);
  });

  it('reset-after-body-bytes: the client sees a reset and nothing is committed', async () => {
    const s = await start();
    await addRule(s, { method: 'POST', path: '/dnszone', action: { kind: 'reset-after-body-bytes', bytes: 5 } });
    await expect(raw(s.apiUrl, 'POST', '/dnszone', { key: s.accountKey, body: '{"Domain":"cut.example"}' })).rejects.toThrow(RESET);
    // More bytes allowed than the body has: still a reset, still nothing committed.
    await addRule(s, { method: 'POST', path: '/dnszone', action: { kind: 'reset-after-body-bytes', bytes: 10_000 } });
    await expect(raw(s.apiUrl, 'POST', '/dnszone', { key: s.accountKey, body: '{"Domain":"whole.example"}' })).rejects.toThrow(RESET);
    // A large body cut early, on a route whose handler answers without reading it.
    await addRule(s, { path: '/pullzone', action: { kind: 'reset-after-body-bytes', bytes: 1000 } });
    await expect(raw(s.apiUrl, 'POST', '/pullzone', { body: JSON.stringify({ pad: 'x'.repeat(4 << 20) }) })).rejects.toThrow(RESET);
    expect(s.faults.list()).toEqual([]);
    expect(await zones(s)).not.toEqual(expect.arrayContaining(['cut.example']));
    expect(await zones(s)).not.toContain('whole.example');
    // The next request on a fresh connection is served normally.
    expect((await raw(s.apiUrl, 'POST', '/dnszone', { key: s.accountKey, body: '{"Domain":"after.example"}' })).status).toBe(201);
  });

  it('reset-after-headers: status and headers arrive, the body is cut short (node:http and fetch)', async () => {
    const s = await start();
    await addRule(s, { path: '/pullzone', times: 2, action: { kind: 'reset-after-headers' } });
    const err = await raw(s.apiUrl, 'GET', '/pullzone', { key: s.accountKey }).then(
      () => undefined,
      (e: unknown) => e as Error & { status?: number; received?: number },
    );
    expect(err?.message).toMatch(RESET);
    expect(err?.status).toBe(200);
    expect(err?.received).toBeGreaterThan(0);
    const res = await fetch(`${s.apiUrl}/pullzone`, { headers: { AccessKey: s.accountKey } });
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('content-length'))).toBeGreaterThan(0);
    await expect(res.text()).rejects.toThrow();
  });

  it('commit-then-reset: the response is lost but the zone was created', async () => {
    const s = await start();
    await addRule(s, { method: 'POST', path: '/dnszone', action: { kind: 'commit-then-reset' } });
    await expect(raw(s.apiUrl, 'POST', '/dnszone', { key: s.accountKey, body: '{"Domain":"committed.example"}' })).rejects.toThrow(RESET);
    expect(await zones(s)).toContain('committed.example');
  });

  it('offers the same rules in process through sandbox.faults', async () => {
    const s = await start();
    const id = s.faults.add({ path: '/region', action: { kind: 'status', status: 500 } });
    expect(s.faults.list()).toEqual([{ id, path: '/region', remaining: 1, action: { kind: 'status', status: 500 } }]);
    expect(() => s.faults.add({ path: 'no-slash', action: { kind: 'delay', ms: 1 } })).toThrow();
    s.faults.reset();
    expect((await raw(s.apiUrl, 'GET', '/region')).status).toBe(200);
  });
});

describe('admin routes', () => {
  it('need the account key and refuse bad rules', async () => {
    const s = await start();
    expect((await raw(s.apiUrl, 'GET', '/__admin/faults')).status).toBe(401);
    expect((await raw(s.apiUrl, 'GET', '/__admin/faults', { key: s.libraries[0]!.key })).status).toBe(401);
    for (const rule of [{}, { path: '/x', action: { kind: 'explode' } }, { path: '/x', times: 0, action: { kind: 'reset-after-headers' } }, { path: 'x', action: { kind: 'commit-then-reset' } }, { path: '/x', action: { kind: 'status', status: 99 } }]) {
      const reply = await addRule(s, rule);
      expect(reply.status, JSON.stringify(rule)).toBe(400);
      expect(JSON.parse(reply.body)).toEqual({ error: expect.any(String) });
    }
    expect((await raw(s.apiUrl, 'POST', '/__admin/faults', { key: s.accountKey, body: '{nope' })).status).toBe(400);
    expect((await raw(s.apiUrl, 'PUT', '/__admin/faults', { key: s.accountKey })).status).toBe(405);
    expect((await raw(s.apiUrl, 'GET', '/__admin/other', { key: s.accountKey })).status).toBe(404);
    expect(s.faults.list()).toEqual([]);
  });

  it('refuse header values that are not valid HTTP field values (CR, LF, NUL, other controls) with 400', async () => {
    const s = await start();
    const bad = ['2\r\nSet-Cookie: x=1', 'a\nb', 'a\rb', 'nul\u0000', 'bell\u0007', 'del\u007f', ' padded', 'wide\u20ac', ''];
    for (const value of bad) {
      for (const action of [{ kind: 'status', status: 503, retryAfter: value }, { kind: 'status', status: 200, body: 'x', contentType: value }]) {
        const reply = await addRule(s, { path: '/region', action });
        expect(reply.status, JSON.stringify(action)).toBe(400);
        expect(JSON.parse(reply.body)).toEqual({ error: expect.any(String) });
        expect(() => s.faults.add({ path: '/region', action: action as never })).toThrow();
      }
    }
    expect(s.faults.list()).toEqual([]);
    // Nothing was armed: the route answers normally, not with a 500 from an unsendable header.
    expect((await raw(s.apiUrl, 'GET', '/region')).status).toBe(200);
    // Valid values, including obs-text and inner tabs, are still taken and sent as given.
    expect((await addRule(s, { path: '/region', action: { kind: 'status', status: 503, retryAfter: 'Wed, 21 Oct 2015\t07:28:00 GMT' } })).status).toBe(201);
    expect((await raw(s.apiUrl, 'GET', '/region')).headers['retry-after']).toBe('Wed, 21 Oct 2015\t07:28:00 GMT');
  });

  it('refuse deeply nested or oversized rule bodies with 400, over HTTP and in process', async () => {
    const s = await start();
    const nest = (depth: number): unknown => {
      let v: unknown = 1;
      for (let i = 0; i < depth; i++) v = i % 2 === 0 ? [v] : { a: v };
      return v;
    };
    const deep = (depth: number) => `{"path":"/region","action":{"kind":"status","status":500,"body":${'['.repeat(depth)}${']'.repeat(depth)}}}`;
    // 50 000 levels: far past any sane depth, still under the admin body limit.
    for (const body of [deep(50_000), deep(65)]) {
      const reply = await raw(s.apiUrl, 'POST', '/__admin/faults', { key: s.accountKey, body });
      expect(reply.status).toBe(400);
      expect(JSON.parse(reply.body)).toEqual({ error: expect.stringMatching(/nest/) });
    }
    const huge = { path: '/region', action: { kind: 'status', status: 500, body: 'x'.repeat(100 * 1024) } };
    expect((await addRule(s, huge)).status).toBe(400);
    const tooLarge = await addRule(s, { ...huge, action: { ...huge.action, body: 'x'.repeat(1024 * 1024) } });
    expect(tooLarge.status).toBe(413);
    expect(() => s.faults.add({ path: '/region', action: { kind: 'status', status: 500, body: nest(100_000) } })).toThrow(/nest/);
    expect(() => s.faults.add(huge as never)).toThrow();
    expect(s.faults.list()).toEqual([]);
    expect((await raw(s.apiUrl, 'GET', '/region')).status).toBe(200);
    // A body within both bounds is fine.
    expect((await addRule(s, { path: '/region', action: { kind: 'status', status: 500, body: nest(20) } })).status).toBe(201);
    expect(JSON.parse((await raw(s.apiUrl, 'GET', '/region')).body)).toEqual(nest(20));
  });

  it('POST /__admin/suspend toggles the account suspension', async () => {
    const s = await start();
    const logs = `/logging/v2/pullzones/${s.pullZones[0]!.id}/logs`;
    const on = await raw(s.apiUrl, 'POST', '/__admin/suspend', { key: s.accountKey, body: '{"suspended":true}' });
    expect([on.status, JSON.parse(on.body)]).toEqual([200, { suspended: true }]);
    expect((await raw(s.apiUrl, 'GET', logs, { key: s.accountKey })).status).toBe(403);
    const off = await raw(s.apiUrl, 'POST', '/__admin/suspend', { key: s.accountKey, body: '{"suspended":false}' });
    expect(JSON.parse(off.body)).toEqual({ suspended: false });
    expect((await raw(s.apiUrl, 'GET', logs, { key: s.accountKey })).status).not.toBe(403);
    expect((await raw(s.apiUrl, 'POST', '/__admin/suspend', { key: s.accountKey, body: '{"suspended":"yes"}' })).status).toBe(400);
  });

  it('refuse clients that are not on the loopback interface', async () => {
    expect([isLoopback('127.0.0.1'), isLoopback('127.8.9.10'), isLoopback('::1'), isLoopback('::ffff:127.0.0.1')]).toEqual([true, true, true, true]);
    expect([isLoopback('10.0.0.5'), isLoopback('::ffff:192.168.1.2'), isLoopback('fe80::1'), isLoopback(undefined)]).toEqual([false, false, false, false]);
    const external = Object.values(networkInterfaces())
      .flat()
      .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
    if (external === undefined) return; // no non-loopback interface on this machine
    const s = await start('0.0.0.0');
    const port = new URL(s.apiUrl).port;
    const reply = await raw(`http://${external}:${port}`, 'GET', '/__admin/faults', { key: s.accountKey });
    expect(reply.status).toBe(403);
    expect((await raw(`http://127.0.0.1:${port}`, 'GET', '/__admin/faults', { key: s.accountKey })).status).toBe(200);
  });
});
