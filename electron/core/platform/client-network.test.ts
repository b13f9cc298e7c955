import type { ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { createPlatformClient, type PlatformClientOptions } from './client.js';
import { allAreasAt, fakeSleep, fixedCredentials, failureOf, perTestCleanup, signal } from './testing/support.js';
import type { AttemptInfo, PlatformClient } from './types.js';

const KEY = 'acct-9f8e7d6c-5b4a-3210-fedc-ba9876543210';

const { cleanups, server } = perTestCleanup();

function client(url: string, extra: Partial<PlatformClientOptions> = {}): PlatformClient {
  const c = createPlatformClient({ endpoints: () => allAreasAt(url), credentials: fixedCredentials({ accountKey: KEY }), userAgent: 'Burrow/test', sleep: fakeSleep().sleep, env: {}, ...extra });
  cleanups.push(() => c.close());
  return c;
}

describe('redirects: the key never follows a redirect to another origin', () => {
  it('a cross-origin Location is refused and the second server never sees the key', async () => {
    const other = await server((_req, res) => res.end('{"stolen":true}'));
    const first = await server((_req, res) => {
      res.writeHead(302, { location: `${other.url}/collect?x=1` });
      res.end();
    });
    const attempts: AttemptInfo[] = [];
    const e = await failureOf(client(first.url).send({ area: 'core', method: 'GET', path: '/pullzone', onAttempt: (a) => attempts.push(a) }));
    expect(e).toMatchObject({ kind: 'http', status: 302 });
    expect(e.title).toMatch(/another site/);
    expect(e.detail).toContain(other.url);
    expect(other.seen).toHaveLength(0);
    expect(JSON.stringify([e, attempts])).not.toContain(KEY);
  });

  it('a redirect to the same host on another port is another origin', async () => {
    const other = await server((_req, res) => res.end('{}'));
    const first = await server((_req, res) => {
      res.writeHead(307, { location: `http://127.0.0.1:${other.port}/x` });
      res.end();
    });
    await failureOf(client(first.url).send({ area: 'core', method: 'GET', path: '/a' }));
    expect(other.seen).toHaveLength(0);
  });

  it('a same-origin redirect is followed for GET with the key, and returned as-is for PUT', async () => {
    const s = await server((req, res) => {
      if (req.url === '/old') {
        res.writeHead(301, { location: '/new' });
        res.end();
      } else res.end(JSON.stringify({ at: req.url }));
    });
    const c = client(s.url);
    expect(await c.json({ area: 'core', method: 'GET', path: '/old' })).toEqual({ at: '/new' });
    expect(s.seen.map((r) => [r.url, r.headers.accesskey])).toEqual([
      ['/old', KEY],
      ['/new', KEY],
    ]);
    const put = await c.send({ area: 'core', method: 'PUT', path: '/old', json: {} });
    expect(put.status).toBe(301);
  });
});

describe('timeouts', () => {
  it('a silent server → a timeout error once the deadline passes', async () => {
    const s = await server(() => undefined);
    const e = await failureOf(client(s.url).send({ area: 'core', method: 'GET', path: '/x', timeoutMs: 200, retry: false }));
    expect(e.kind).toBe('timeout');
    expect(e.title).toMatch(/did not answer within 0.2 s/);
  });

  it('a silent server with retries: each attempt times out, then the error names the attempts', async () => {
    const s = await server(() => undefined);
    const e = await failureOf(client(s.url).send({ area: 'core', method: 'GET', path: '/x', timeoutMs: 100 }));
    expect(e.kind).toBe('timeout');
    expect(e.detail).toMatch(/after 4 attempts/);
    // Each attempt gives up after 100 ms; on a busy machine an attempt may give up before its request reached the
    // server, so the server saw at least the first and never more than the four the error names.
    expect(s.seen.length).toBeGreaterThanOrEqual(1);
    expect(s.seen.length).toBeLessThanOrEqual(4);
  });

  // The idle tests below run on a fake clock: the server and the upload move only when the test says so, and time
  // passes only when the test advances it, so no outcome depends on how the machine schedules real timers.
  it('a server that stops mid-body → idle timeout for a stream, exactly when the idle limit has passed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const s = await server((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('first bytes');
    });
    const firstChunk = signal();
    const failure = failureOf(client(s.url).send({ area: 'logging', method: 'GET', path: '/x.log', idleTimeoutMs: 1000, retry: false, onBodyChunk: () => firstChunk.fire() }));
    await firstChunk.fired;
    let settled = false;
    void failure.finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const e = await failure;
    expect(e.kind).toBe('timeout');
    expect(e.title).toMatch(/stalled/);
  });

  it('a download that trickles, each byte just inside the idle limit, is never cut however long it runs', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const total = 15;
    const opened = signal<ServerResponse>();
    const s = await server((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(total) });
      res.flushHeaders();
      opened.fire(res);
    });
    let chunk = signal();
    const pending = client(s.url).send({ area: 'logging', method: 'GET', path: '/x.log', idleTimeoutMs: 1000, retry: false, onBodyChunk: () => chunk.fire() });
    const res = await Promise.race([opened.fired, pending.then(() => Promise.reject(new Error('answered before the server wrote')))]);
    // 15 gaps of 999 ms: 15 s in all, fifteen times the limit, but never idle for the whole limit.
    for (let i = 0; i < total; i++) {
      await vi.advanceTimersByTimeAsync(999);
      chunk = signal();
      res.write('x');
      // A request cut by the idle timer fails the test here, at once, instead of leaving it waiting.
      await Promise.race([chunk.fired, pending]);
    }
    res.end();
    const answer = await pending;
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toBe('x'.repeat(total));
  });

  it('an upload that keeps flowing is not cut by the idle timeout, and a stream body is never retried', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const s = await server((req, res) => {
      let n = 0;
      req.on('data', (c: Buffer) => (n += c.length));
      req.on('end', () => {
        res.writeHead(503, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ received: n }));
      });
    });
    // The upload hands over its next chunk only when released, and says when it is asked for one.
    let asked = signal();
    let release = signal();
    const slow = Readable.from(
      (async function* () {
        for (let i = 0; i < 12; i++) {
          asked.fire();
          await release.fired;
          release = signal();
          yield Buffer.alloc(1024, 1);
        }
      })(),
    );
    const withKey = createPlatformClient({ endpoints: () => allAreasAt(s.url), credentials: fixedCredentials({ libraries: { 1: 'lib-key-0001' } }), userAgent: 'Burrow/test', env: {} });
    cleanups.push(() => withKey.close());
    const attempts: AttemptInfo[] = [];
    const pending = withKey.send({ area: 'video', method: 'PUT', path: '/v', libraryId: 1, body: slow, idleTimeoutMs: 300, onAttempt: (a) => attempts.push(a) });
    // 12 chunks 299 ms apart: over 3.5 s in all, far past the 300 ms idle limit, but never idle that long.
    for (let i = 0; i < 12; i++) {
      await Promise.race([asked.fired, pending]);
      asked = signal();
      await vi.advanceTimersByTimeAsync(299);
      release.fire();
    }
    const put = await pending;
    expect(put.status).toBe(503);
    expect(put.json()).toEqual({ received: 12 * 1024 });
    expect(s.seen[0]?.headers.accesskey).toBe('lib-key-0001');
    expect(attempts).toHaveLength(1);
    expect(attempts[0]?.reason).toMatch(/streamed body cannot be sent again/);
  });
});

describe('network failures', () => {
  it('connection refused → network error naming the host, after the retries', async () => {
    const s = await server(() => undefined);
    const url = s.url;
    await s.close();
    cleanups.pop();
    const e = await failureOf(client(url).send({ area: 'core', method: 'GET', path: '/x' }));
    expect(e.kind).toBe('network');
    expect(e.title).toBe(`Could not connect to ${new URL(url).host}`);
    expect(e.detail).toMatch(/ECONNREFUSED/);
  });
});
