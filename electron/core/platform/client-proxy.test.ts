import { createServer as createHttpServer, type IncomingHttpHeaders } from 'node:http';
import { connect, createServer as createTcpServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createPlatformClient } from './client.js';
import { allAreasAt, fakeSleep, fixedCredentials, tinyServer, type TinyServer, failureOf } from './testing/support.js';
import type { PlatformClient } from './types.js';

// Every socket in this file is on 127.0.0.1: remote-looking names only ever reach the local proxy, and a tunnel
// always leads to a local server, whatever host the CONNECT asked for.

const KEY = 'acct-9f8e7d6c-5b4a-3210-fedc-ba9876543210';
/** TLS records start with 0x16 (handshake); a ClientHello is what an https:// request sends first. */
const TLS_HANDSHAKE = 0x16;
/**
 * A name NO_PROXY can list that is not a loopback name (those bypass the proxy on their own, so they prove nothing),
 * yet needs no DNS and stays on this machine: connecting to 0.0.0.0 reaches 127.0.0.1 on Linux and macOS.
 */
const LOCAL_NOT_LOOPBACK = '0.0.0.0';


const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

function closing(server: Server, sockets: Set<Socket>): () => Promise<void> {
  return async () => {
    const done = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const s of sockets) s.destroy();
    await done;
  };
}

async function server(handler: Parameters<typeof tinyServer>[0]): Promise<TinyServer> {
  const s = await tinyServer(handler);
  cleanups.push(() => s.close());
  return s;
}

/** A raw TCP server that keeps the first bytes of each connection and hangs up: an https:// endpoint that never finishes TLS. */
async function tlsSink(): Promise<{ port: number; firstBytes: Buffer[] }> {
  const firstBytes: Buffer[] = [];
  const sockets = new Set<Socket>();
  const sink = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.once('data', (chunk: Buffer) => {
      firstBytes.push(chunk);
      socket.destroy();
    });
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  cleanups.push(closing(sink, sockets));
  return { port: (sink.address() as AddressInfo).port, firstBytes };
}

interface ProxyLog {
  readonly url: string;
  /** CONNECT targets (`host:port`), with the headers the proxy saw on each. */
  readonly connects: { readonly target: string; readonly headers: IncomingHttpHeaders }[];
  /** Plain proxied requests (absolute-form); none are expected, undici tunnels everything. */
  readonly plain: string[];
}

/** A local proxy: a CONNECT either tunnels to a local port or is refused with a status. */
async function proxyServer(behaviour: { readonly tunnelTo: number } | { readonly refuse: number }): Promise<ProxyLog> {
  const log: ProxyLog = { url: '', connects: [], plain: [] };
  const sockets = new Set<Socket>();
  const proxy = createHttpServer((req, res) => {
    log.plain.push(req.url ?? '');
    res.writeHead(501);
    res.end();
  });
  proxy.on('connection', (s: Socket) => sockets.add(s));
  proxy.on('connect', (req, client: Socket, head: Buffer) => {
    log.connects.push({ target: req.url ?? '', headers: req.headers });
    client.on('error', () => undefined);
    if ('refuse' in behaviour) {
      client.end(`HTTP/1.1 ${behaviour.refuse} Refused by test proxy\r\ncontent-length: 0\r\n\r\n`);
      return;
    }
    const upstream = connect(behaviour.tunnelTo, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  cleanups.push(closing(proxy, sockets));
  return { ...log, url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}` };
}

function client(baseUrl: string, env: Readonly<Record<string, string>>): PlatformClient {
  const c = createPlatformClient({ endpoints: () => allAreasAt(baseUrl), credentials: fixedCredentials({ accountKey: KEY }), userAgent: 'Burrow/test', sleep: fakeSleep().sleep, env });
  cleanups.push(() => c.close());
  return c;
}

describe('HTTP_PROXY', () => {
  it('is used for remote hosts; loopback hosts (by address or name) go direct', async () => {
    const target = await server((req, res) => res.end(JSON.stringify({ host: req.headers.host })));
    const proxy = await proxyServer({ tunnelTo: target.port });
    const env = { HTTP_PROXY: proxy.url, NO_PROXY: 'internal.example' };
    const remote = client(`http://api.burrow-test.example:${target.port}`, env);
    expect(await remote.json({ area: 'core', method: 'GET', path: '/x' })).toEqual({ host: `api.burrow-test.example:${target.port}` });
    expect(proxy.connects.map((c) => c.target)).toEqual([`api.burrow-test.example:${target.port}`]);

    await client(target.url, env).send({ area: 'core', method: 'GET', path: '/y' });
    await client(`http://localhost:${target.port}`, env).send({ area: 'core', method: 'GET', path: '/z' });
    expect(proxy.connects).toHaveLength(1);
    expect(proxy.plain).toEqual([]);
    expect(target.seen.map((r) => r.url)).toEqual(['/x', '/y', '/z']);
  });
});

describe('HTTPS_PROXY with an https:// target', () => {
  it.each(['HTTPS_PROXY', 'https_proxy'])('%s: CONNECT api host:443, then TLS inside the tunnel, so the proxy never sees the key', async (name) => {
    const sink = await tlsSink();
    const proxy = await proxyServer({ tunnelTo: sink.port });
    const e = await failureOf(client('https://api.burrow-test.example', { [name]: proxy.url }).send({ area: 'core', method: 'GET', path: '/pullzone', retry: false }));
    expect(e.kind).toBe('network');
    expect(proxy.connects.map((c) => c.target)).toEqual(['api.burrow-test.example:443']);
    expect(proxy.connects[0]?.headers.accesskey).toBeUndefined();
    expect(proxy.plain).toEqual([]);
    // What came through the tunnel was a TLS ClientHello for the API host, not a readable request.
    const hello = sink.firstBytes[0];
    expect(hello?.[0]).toBe(TLS_HANDSHAKE);
    expect(hello?.includes('api.burrow-test.example')).toBe(true);
    expect(Buffer.concat(sink.firstBytes).includes(KEY)).toBe(false);
    expect(JSON.stringify(e)).not.toContain(KEY);
  });

  it('a proxy that refuses the CONNECT → a network error; the key went nowhere', async () => {
    const proxy = await proxyServer({ refuse: 403 });
    const e = await failureOf(client('https://api.burrow-test.example', { HTTPS_PROXY: proxy.url }).send({ area: 'core', method: 'GET', path: '/pullzone', retry: false }));
    expect(e.kind).toBe('network');
    expect(e.detail).toMatch(/Proxy response \(403\).* — GET \/pullzone/);
    expect(proxy.connects.map((c) => [c.target, c.headers.accesskey])).toEqual([['api.burrow-test.example:443', undefined]]);
    expect(JSON.stringify(e)).not.toContain(KEY);
  });
});

describe.skipIf(process.platform === 'win32')('NO_PROXY, and which variable applies (through 0.0.0.0)', () => {
  it('HTTP_PROXY alone also carries https:// targets (as undici documents), still through CONNECT', async () => {
    const sink = await tlsSink();
    const proxy = await proxyServer({ tunnelTo: sink.port });
    await failureOf(client(`https://${LOCAL_NOT_LOOPBACK}:${sink.port}`, { HTTP_PROXY: proxy.url }).send({ area: 'core', method: 'GET', path: '/x', retry: false }));
    expect(proxy.connects.map((c) => c.target)).toEqual([`${LOCAL_NOT_LOOPBACK}:${sink.port}`]);
    expect(sink.firstBytes[0]?.[0]).toBe(TLS_HANDSHAKE);
  });

  it('HTTPS_PROXY alone does not apply to an http:// target', async () => {
    const target = await server((_req, res) => res.end('{}'));
    const proxy = await proxyServer({ tunnelTo: target.port });
    await client(`http://${LOCAL_NOT_LOOPBACK}:${target.port}`, { HTTPS_PROXY: proxy.url }).send({ area: 'core', method: 'GET', path: '/x' });
    expect(proxy.connects).toEqual([]);
    expect(target.seen.map((r) => r.url)).toEqual(['/x']);
  });

  it('control: without NO_PROXY, a non-loopback host goes through the proxy', async () => {
    const sink = await tlsSink();
    const proxy = await proxyServer({ tunnelTo: sink.port });
    await failureOf(client(`https://${LOCAL_NOT_LOOPBACK}:${sink.port}`, { HTTPS_PROXY: proxy.url }).send({ area: 'core', method: 'GET', path: '/x', retry: false }));
    expect(proxy.connects.map((c) => c.target)).toEqual([`${LOCAL_NOT_LOOPBACK}:${sink.port}`]);
  });

  it.each([LOCAL_NOT_LOOPBACK, `internal.example, ${LOCAL_NOT_LOOPBACK}`, '*'])('NO_PROXY=%s: an https:// target goes direct and the proxy sees nothing', async (noProxy) => {
    const sink = await tlsSink();
    const proxy = await proxyServer({ tunnelTo: sink.port });
    const e = await failureOf(client(`https://${LOCAL_NOT_LOOPBACK}:${sink.port}`, { HTTPS_PROXY: proxy.url, NO_PROXY: noProxy }).send({ area: 'core', method: 'GET', path: '/x', retry: false }));
    expect(e.kind).toBe('network');
    expect(proxy.connects).toEqual([]);
    expect(sink.firstBytes).toHaveLength(1);
    expect(sink.firstBytes[0]?.[0]).toBe(TLS_HANDSHAKE);
  });

  it('no_proxy (lower case) with an http:// target: the request reaches the server directly, key and all', async () => {
    const target = await server((_req, res) => res.end('{"direct":true}'));
    const proxy = await proxyServer({ tunnelTo: target.port });
    const c = client(`http://${LOCAL_NOT_LOOPBACK}:${target.port}`, { HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url, no_proxy: `other.example,${LOCAL_NOT_LOOPBACK}` });
    expect(await c.json({ area: 'core', method: 'GET', path: '/pullzone' })).toEqual({ direct: true });
    expect(proxy.connects).toEqual([]);
    expect(target.seen.map((r) => [r.url, r.headers.accesskey])).toEqual([['/pullzone', KEY]]);
  });
});
