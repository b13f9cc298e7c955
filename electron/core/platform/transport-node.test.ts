/** The direct transport: kept-alive connections closed by close(), the connect timeout, uploads under backpressure. */
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { Readable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { createPlatformClient } from './client.js';
import { allAreasAt, failureOf, fakeSleep, fixedCredentials, perTestCleanup, signal } from './testing/support.js';
import { CONNECT_TIMEOUT_MS } from './transport-node.js';
import type { PlatformClient } from './types.js';

const { cleanups, server } = perTestCleanup();

function client(url: string): PlatformClient {
  const c = createPlatformClient({ endpoints: () => allAreasAt(url), credentials: fixedCredentials({ accountKey: 'k-12345678', libraries: { 1: 'lib-key-0001' } }), userAgent: 'Burrow/test', sleep: fakeSleep().sleep, env: {} });
  cleanups.push(() => c.close());
  return c;
}

describe('request bodies', () => {
  // node:http frames a body by itself only for methods that usually carry one; unframed, the server would read
  // the body as the next request on the connection.
  it.each(['GET', 'DELETE', 'OPTIONS', 'POST'])('a %s with a body arrives framed, and the connection stays usable', async (method) => {
    const bodies: string[] = [];
    const s = await server((req, res) => {
      let text = '';
      req.on('data', (c: Buffer) => (text += c.toString()));
      req.on('end', () => {
        bodies.push(`${req.method} ${text}`);
        res.end('{}');
      });
    });
    const c = client(s.url);
    const first = await c.send({ area: 'core', method, path: '/with-body', body: '{"Domain":"framed.test"}', contentType: 'application/json' });
    const second = await c.send({ area: 'core', method: 'GET', path: '/after' });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(bodies).toEqual([`${method} {"Domain":"framed.test"}`, 'GET ']);
    expect(s.seen[0]!.headers['content-length']).toBe('24');
  });

  it('a streamed body of unknown length goes chunked, whatever the method', async () => {
    let received = '';
    const s = await server((req, res) => {
      req.on('data', (c: Buffer) => (received += c.toString()));
      req.on('end', () => res.end('{}'));
    });
    const r = await client(s.url).send({ area: 'core', method: 'GET', path: '/stream', body: Readable.from([Buffer.from('a'), Buffer.from('b')]), retry: false });
    expect(r.status).toBe(200);
    expect(received).toBe('ab');
    expect(s.seen[0]!.headers['transfer-encoding']).toBe('chunked');
  });
});

describe('connections', () => {
  it('are kept alive between requests, and close() closes them; a request after close() fails', async () => {
    const s = await server((_req, res) => res.end('{}'));
    const sockets: Socket[] = [];
    s.server.on('connection', (socket: Socket) => sockets.push(socket));
    const c = client(s.url);
    await c.send({ area: 'core', method: 'GET', path: '/a' });
    await c.send({ area: 'core', method: 'POST', path: '/b', json: { n: 1 } });
    await c.send({ area: 'core', method: 'GET', path: '/c' });
    expect(s.seen.map((r) => r.url)).toEqual(['/a', '/b', '/c']);
    expect(sockets).toHaveLength(1);
    const closed = new Promise((resolve) => sockets[0]!.once('close', resolve));
    await c.close();
    await closed;
    const e = await failureOf(c.send({ area: 'core', method: 'GET', path: '/d', retry: false }));
    expect(e).toMatchObject({ kind: 'network' });
    expect(e.detail).toMatch(/CLIENT_CLOSED/);
    expect(s.seen).toHaveLength(3);
  });

  it('close() lets a request under way finish first', async () => {
    const arrived = signal();
    const answer = signal();
    const s = await server((_req, res) => {
      arrived.fire();
      void answer.fired.then(() => res.end('{"late":true}'));
    });
    const c = client(s.url);
    const pending = c.json({ area: 'core', method: 'GET', path: '/slow' });
    await arrived.fired;
    const closing = c.close();
    answer.fire();
    expect(await pending).toEqual({ late: true });
    await closing;
  });

  it(`a connection not open (TCP and TLS) within ${CONNECT_TIMEOUT_MS / 1000} s fails, as a network error`, async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // Takes the TCP connection and the TLS ClientHello, and never answers: the handshake never completes.
    const hello = signal();
    const sockets = new Set<Socket>();
    const silent = createTcpServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.once('data', () => hello.fire());
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    cleanups.push(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    });
    const c = client(`https://127.0.0.1:${(silent.address() as AddressInfo).port}`);
    const failure = failureOf(c.send({ area: 'core', method: 'GET', path: '/x', retry: false, timeoutMs: 60_000 }));
    await hello.fired;
    let settled = false;
    void failure.finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(CONNECT_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const e = await failure;
    expect(e).toMatchObject({ kind: 'network', title: 'Could not reach the platform' });
    expect(e.detail).toMatch(/^ETIMEDOUT: Connect timeout/);
  });
});

describe('uploads', () => {
  it('a streamed body is pulled only as fast as the server takes it, never buffered whole', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 7);
    const total = 96;
    let produced = 0;
    let received = 0;
    let widestGap = 0;
    const s = await server((req, res) => {
      req.on('data', (c: Buffer) => {
        received += c.length;
        widestGap = Math.max(widestGap, produced - received);
      });
      req.on('end', () => res.end(JSON.stringify({ received })));
    });
    const body = Readable.from(
      (function* () {
        for (let i = 0; i < total; i++) {
          produced += chunk.length;
          yield chunk;
        }
      })(),
    );
    const res = await client(s.url).send({ area: 'video', method: 'PUT', path: '/v', libraryId: 1, body, headers: { 'content-length': String(total * chunk.length) } });
    expect(res.json()).toEqual({ received: total * chunk.length });
    expect(s.seen[0]?.headers['content-length']).toBe(String(total * chunk.length));
    // Socket buffers on both ends hold a few MiB; a body read ahead of the connection would show tens.
    expect(widestGap).toBeLessThan(24 * 1024 * 1024);
  });
});
