/** The same exchange behaviour over both transports: node:http (direct) and undici (proxy, or a dispatcher passed in). */
import { Readable } from 'node:stream';
import { Agent } from 'undici';
import { describe, expect, it, vi } from 'vitest';
import { createPlatformClient, type PlatformClientOptions } from './client.js';
import { allAreasAt, failureOf, fakeSleep, fixedCredentials, perTestCleanup, signal } from './testing/support.js';
import type { AttemptInfo, PlatformClient } from './types.js';

const { cleanups, server } = perTestCleanup();

/** Extra client options that select the transport: none (node:http) or an undici Agent passed in. */
const transports: readonly (readonly [string, () => Partial<PlatformClientOptions>])[] = [
  ['node:http', () => ({})],
  [
    'undici',
    () => {
      const dispatcher = new Agent();
      cleanups.push(() => dispatcher.close());
      return { dispatcher };
    },
  ],
];

describe.each(transports)('over %s', (_name, options) => {
  function client(url: string, extra: Partial<PlatformClientOptions> = {}): PlatformClient {
    const c = createPlatformClient({ endpoints: () => allAreasAt(url), credentials: fixedCredentials({ accountKey: 'k-12345678', libraries: { 1: 'lib-key-0001' } }), userAgent: 'Burrow/test', sleep: fakeSleep().sleep, env: {}, ...options(), ...extra });
    cleanups.push(() => c.close());
    return c;
  }

  it('repeated response headers arrive lower-cased and joined with ", "', async () => {
    const s = await server((_req, res) => {
      res.writeHead(200, ['X-Multi', 'a', 'x-multi', 'b', 'Set-Cookie', 's=1', 'set-cookie', 't=2', 'Content-Type', 'text/plain']);
      res.end('ok');
    });
    const res = await client(s.url).send({ area: 'core', method: 'GET', path: '/h' });
    expect(res.headers).toMatchObject({ 'x-multi': 'a, b', 'set-cookie': 's=1, t=2', 'content-type': 'text/plain' });
  });

  it('the body cap keeps the first bytes and sets truncated, while onBodyChunk sees every byte', async () => {
    const s = await server((_req, res) => res.end('x'.repeat(10_000)));
    let seen = 0;
    const res = await client(s.url).send({ area: 'core', method: 'GET', path: '/big', maxBodyBytes: 100, onBodyChunk: (chunk) => (seen += chunk.length) });
    expect(res.body.toString()).toBe('x'.repeat(100));
    expect(res.truncated).toBe(true);
    expect(seen).toBe(10_000);
  });

  it('a 200 whose connection ends before its Content-Length is cut short, with its status', async () => {
    const s = await server((_req, res) => {
      res.writeHead(200, { 'content-length': '100' });
      res.write('0123456789');
      setImmediate(() => res.socket?.destroy());
    });
    const e = await failureOf(client(s.url).send({ area: 'core', method: 'GET', path: '/cut', retry: false }));
    expect(e).toMatchObject({ kind: 'network', title: 'The response was cut short', status: 200 });
    expect(e.detail).toMatch(/10 of 100 bytes/);
  });

  it('a request body that fails to read is told apart from the network, and never retried', async () => {
    const s = await server((req, res) => {
      req.resume();
      req.on('end', () => res.end('{}'));
    });
    const broken = Readable.from(
      (async function* () {
        yield Buffer.from('first part');
        throw Object.assign(new Error('disk read failed'), { code: 'EIO' });
      })(),
    );
    const attempts: AttemptInfo[] = [];
    const e = await failureOf(client(s.url).send({ area: 'video', method: 'PUT', path: '/v', libraryId: 1, body: broken, onAttempt: (a) => attempts.push(a) }));
    expect(e).toMatchObject({ kind: 'internal', title: 'Could not read the data to send' });
    expect(e.detail).toMatch(/^EIO: disk read failed/);
    expect(attempts.map((a) => [a.retry, a.reason])).toEqual([[false, 'the data to send could not be read']]);
  });

  it('an upload whose source stops sending fails once the idle limit passes with no byte either way', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const firstBytes = signal();
    const s = await server((req) => req.once('data', () => firstBytes.fire()));
    const stuck = signal();
    const stalled = Readable.from(
      (async function* () {
        yield Buffer.alloc(1024, 1);
        await stuck.fired;
      })(),
    );
    cleanups.push(async () => stuck.fire());
    const failure = failureOf(client(s.url).send({ area: 'video', method: 'PUT', path: '/v', libraryId: 1, body: stalled, idleTimeoutMs: 1000 }));
    await firstBytes.fired;
    let settled = false;
    void failure.finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await failure).toMatchObject({ kind: 'timeout', title: 'The transfer stalled: nothing for 1 s' });
  });

  it('a cancel after the headers stops the body read, as a cancel', async () => {
    const opened = signal();
    const s = await server((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('first bytes');
    });
    const ac = new AbortController();
    const pending = client(s.url).send({ area: 'logging', method: 'GET', path: '/x.log', signal: ac.signal, onBodyChunk: () => opened.fire() });
    await opened.fired;
    ac.abort();
    expect(await failureOf(pending)).toMatchObject({ kind: 'cancelled' });
  });
});
