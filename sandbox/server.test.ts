import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { verifyJwt } from './jwt.js';
import { createSeed } from './seed.js';
import { BodyError } from './http.js';
import { createRequestListener, pickSandboxInfo, startSandbox, type Dispatch, type Sandbox } from './server.js';

const open: Sandbox[] = [];
async function start(opts: Parameters<typeof startSandbox>[0] = {}): Promise<Sandbox> {
  const s = await startSandbox({ liveTraffic: false, ...opts });
  open.push(s);
  return s;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
  vi.restoreAllMocks();
});

describe('startSandbox', () => {
  it('reports the URLs, keys and seeded libraries and pull zones', async () => {
    const s = await start({ seed: 7 });
    const seed = createSeed(7);
    expect(s.apiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(s.containersUrl).toBe(`${s.apiUrl}/mc`);
    expect(s.videoUrl).toBe(`${s.apiUrl}/video`);
    expect(s.loggingUrl).toBe(`${s.apiUrl}/logging`);
    expect(s.accountKey).toBe(seed.accountKey);
    expect(s.libraries).toEqual(seed.libraries.map(({ id, name, key, readOnlyKey, jitEncoding }) => ({ id, name, key, readOnlyKey, jitEncoding: jitEncoding === true })));
    expect(s.pullZones).toEqual(seed.pullZones.map(({ id, name, loggingEnabled }) => ({ id, name, loggingEnabled })));
    expect(Object.keys(JSON.parse(JSON.stringify(pickSandboxInfo(s)))).sort()).toEqual(
      ['accountKey', 'apiUrl', 'containersUrl', 'libraries', 'loggingJwt', 'loggingUrl', 'pullZones', 'videoUrl'],
    );
  });

  it('signs a logging JWT valid for 30 days with the seed secret', async () => {
    const now = Date.UTC(2025, 5, 1);
    const s = await start({ now: () => now });
    const result = verifyJwt(s.loggingJwt, createSeed(1).jwtSecret, now);
    expect(result).toMatchObject({ ok: true, claims: { sub: 'account', scope: 'logging', iat: now / 1000, exp: now / 1000 + 30 * 86400 } });
    expect(verifyJwt(s.loggingJwt, createSeed(1).jwtSecret, now + 31 * 86_400_000)).toEqual({ ok: false, error: 'expired' });
  });

  it('answers unknown paths with a JSON 404', async () => {
    const s = await start();
    const res = await fetch(`${s.apiUrl}/definitely/not/a/route?x=1`, { headers: { AccessKey: s.accountKey } });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toMatchObject({ ErrorKey: 'route.not_found' });
  });

  it('keeps a request target like //host/x as a path', async () => {
    const s = await start();
    const status = await new Promise<number>((resolve, reject) => {
      const port = Number(new URL(s.apiUrl).port);
      request({ host: '127.0.0.1', port, path: '//evil.example/__admin/faults', headers: { AccessKey: s.accountKey } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      }).on('error', reject).end();
    });
    expect(status).toBe(404);
  });

  it('removes its own temp data dir on close but keeps a given one', async () => {
    const own = await startSandbox({ liveTraffic: false });
    expect(existsSync(own.dataDir)).toBe(true);
    await own.close();
    expect(existsSync(own.dataDir)).toBe(false);
    const given = await mkdtemp(join(tmpdir(), 'sandbox-test-'));
    try {
      const s = await startSandbox({ dataDir: given, liveTraffic: false });
      expect(s.dataDir).toBe(given);
      await s.close();
      expect(existsSync(given)).toBe(true);
    } finally {
      await rm(given, { recursive: true, force: true });
    }
  });

  it('closes promptly with an idle keep-alive connection open, and stops listening', async () => {
    const s = await startSandbox({ liveTraffic: false });
    const agentRes = await fetch(`${s.apiUrl}/nope`, { headers: { connection: 'keep-alive' } });
    await agentRes.text();
    await s.close();
    await s.close(); // idempotent
    await expect(fetch(`${s.apiUrl}/nope`)).rejects.toThrow();
  });

  it('fails to start on a port already in use', async () => {
    const s = await start();
    await expect(startSandbox({ port: Number(new URL(s.apiUrl).port), liveTraffic: false })).rejects.toThrow(/EADDRINUSE/);
  });
});

describe('createRequestListener', () => {
  it('answers a synchronous throw with 500, an uncaught BodyError with its status, and survives a client that left', async () => {
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    let leftDone: () => void = () => undefined;
    const left = new Promise<void>((r) => (leftDone = r));
    const dispatch = ((req: IncomingMessage, res: ServerResponse, path: string) => {
      if (path === '/sync') throw new TypeError('thrown before any promise');
      if (path === '/body') return Promise.reject(new BodyError(413, 'too big'));
      if (path === '/late') {
        res.writeHead(200, { 'content-length': '10' });
        res.write('half');
        return Promise.reject(new Error('failed after the headers'));
      }
      if (path === '/gone') {
        // The client goes away, then the handler fails: nobody to answer, nothing to crash.
        return new Promise<boolean>((_resolve, reject) => {
          req.socket?.once('close', () => {
            reject(new Error('failed after the client left'));
            leftDone();
          });
          req.socket?.destroy();
        });
      }
      res.end('fine');
      return Promise.resolve(true);
    }) as Dispatch;
    const server = createServer(createRequestListener(dispatch, []));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const sync = await fetch(`${base}/sync`);
      expect([sync.status, ((await sync.json()) as { ErrorKey: string }).ErrorKey]).toEqual([500, 'server.error']);
      const body = await fetch(`${base}/body`);
      expect([body.status, ((await body.json()) as { Message: string }).Message]).toEqual([413, 'too big']);
      const late = await fetch(`${base}/late`);
      expect(late.status).toBe(200);
      await expect(late.text()).rejects.toThrow();
      await expect(fetch(`${base}/gone`)).rejects.toThrow();
      await left;
      // One turn of the event loop, so the listener has handled the rejection before the next request.
      await new Promise((r) => setImmediate(r));
      expect(await (await fetch(`${base}/ok`)).text()).toBe('fine');
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });

  it('turns a handler error into a JSON 500, logs it without secrets and keeps serving', async () => {
    const secret = 'super-secret-key-123';
    const logged: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      logged.push(String(chunk));
      return true;
    });
    const server = createServer(
      createRequestListener(async (_req, res, path) => {
        if (path === '/boom') throw new Error(`lookup failed for ${secret}`);
        if (path === '/ok') {
          res.end('fine');
          return true;
        }
        return false;
      }, [secret]),
    );
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const boom = await fetch(`${base}/boom`);
      expect(boom.status).toBe(500);
      expect(await boom.json()).toMatchObject({ ErrorKey: 'server.error' });
      expect(logged.join('')).toContain('GET /boom failed');
      expect(logged.join('')).not.toContain(secret);
      expect(await (await fetch(`${base}/ok`)).text()).toBe('fine');
      expect((await fetch(`${base}/other`)).status).toBe(404);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});
