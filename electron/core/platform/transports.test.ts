/** Which transport carries a request: undici only for a proxy that applies, or a dispatcher passed in. */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { Agent, EnvHttpProxyAgent, type Dispatcher } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { createPlatformClient } from './client.js';
import { allAreasAt, fakeSleep, fixedCredentials, tinyServer, type TinyServer } from './testing/support.js';
import { proxyFor, proxySettings } from './transports.js';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../..', import.meta.url));

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

async function server(handler: Parameters<typeof tinyServer>[0]): Promise<TinyServer> {
  const s = await tinyServer(handler);
  cleanups.push(() => s.close());
  return s;
}

describe('proxyFor: the same choice as undici’s EnvHttpProxyAgent', () => {
  // undici's own symbols, to see which of its agents EnvHttpProxyAgent hands a request to.
  const symbols = createRequire(import.meta.url)('undici/lib/core/symbols.js') as Record<string, symbol>;
  const [kDispatch, kNoProxyAgent] = [symbols.kDispatch!, symbols.kNoProxyAgent!];

  /** True when EnvHttpProxyAgent would send a request for `url` through a proxy. */
  function undiciProxies(url: URL, env: { http: string; https: string; noProxy: string }): boolean {
    const agent = new EnvHttpProxyAgent({ httpProxy: env.http, httpsProxy: env.https, noProxy: env.noProxy });
    const fields = agent as unknown as Record<symbol, Dispatcher>;
    const direct = fields[kNoProxyAgent]!;
    let chosen: unknown;
    for (const name of ['kNoProxyAgent', 'kHttpProxyAgent', 'kHttpsProxyAgent']) {
      const inner = fields[symbols[name]!]!;
      inner.dispatch = () => {
        chosen ??= inner;
        return true;
      };
    }
    (fields as unknown as Record<symbol, (o: object, h: object) => void>)[kDispatch]!.call(agent, { origin: url.origin, path: '/', method: 'GET' }, {});
    void agent.close();
    return chosen !== direct;
  }

  const hosts = ['api.bunny.net', 'video.bunnycdn.com', 'example.com', 'sub.example.com', 'deep.sub.example.com', 'notexample.com', '10.0.0.5', '[2001:db8::1]'];
  const entries = ['example.com', '.example.com', '*.example.com', 'EXAMPLE.com', 'example.com:8080', 'example.com:443', 'bunnycdn.com', 'api.bunny.net:443', '10.0.0.5', '[2001:db8::1]', '*', 'other.test'];

  it('direct or proxied, for any scheme, host, port, proxy variables and NO_PROXY list', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('http:', 'https:'),
        fc.constantFrom(...hosts),
        fc.constantFrom('', ':8080', ':443', ':80'),
        fc.constantFrom('', 'http://proxy.test:3128'),
        fc.constantFrom('', 'http://secure-proxy.test:3128'),
        fc.oneof(fc.constant('*'), fc.array(fc.constantFrom(...entries), { maxLength: 3 }).map((list) => list.join(', '))),
        (scheme, host, port, http, https, noProxy) => {
          const url = new URL(`${scheme}//${host}${port}/x`);
          const env = { http, https, noProxy };
          expect(proxyFor(url, env) !== undefined).toBe(undiciProxies(url, env));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('names the proxy that applies: HTTPS_PROXY for https:// (HTTP_PROXY when it is unset), only HTTP_PROXY for http://', () => {
    const both = proxySettings({ HTTP_PROXY: 'http://p1:1', HTTPS_PROXY: 'http://p2:2' });
    expect(proxyFor(new URL('https://api.bunny.net/'), both)).toBe('http://p2:2');
    expect(proxyFor(new URL('http://api.bunny.net/'), both)).toBe('http://p1:1');
    expect(proxyFor(new URL('https://api.bunny.net/'), proxySettings({ HTTP_PROXY: 'http://p1:1' }))).toBe('http://p1:1');
    expect(proxyFor(new URL('http://api.bunny.net/'), proxySettings({ HTTPS_PROXY: 'http://p2:2' }))).toBeUndefined();
  });

  it('lower-case variables win, even when empty; loopback hosts never use a proxy', () => {
    expect(proxySettings({ http_proxy: '', HTTP_PROXY: 'http://p1:1', no_proxy: 'a', NO_PROXY: 'b' })).toEqual({ http: '', https: '', noProxy: 'a' });
    const env = proxySettings({ HTTP_PROXY: 'http://p1:1', HTTPS_PROXY: 'http://p2:2' });
    for (const host of ['127.0.0.1', '127.8.9.10', 'localhost', 'api.localhost', '[::1]']) {
      expect(proxyFor(new URL(`https://${host}:8443/`), env)).toBeUndefined();
    }
  });
});

/**
 * Runs one request in a fresh Node process (the sources through tsx) and reports the answer and how many of
 * undici's modules that process loaded.
 */
async function probe(env: Readonly<Record<string, string>>, host: string): Promise<{ readonly outcome: string; readonly undiciModules: number }> {
  const client = new URL('./client.ts', import.meta.url).href;
  const code = `
    import { createServer } from 'node:http';
    import { createRequire } from 'node:module';
    import { createPlatformClient } from ${JSON.stringify(client)};
    const server = createServer((_req, res) => res.end('{"ok":true}'));
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = 'http://${host}:' + server.address().port;
    const client = createPlatformClient({
      endpoints: () => ({ apiUrl: base, containersUrl: base, videoUrl: base, loggingUrl: base }),
      credentials: { accountKey: async () => 'k-probe-0001', libraryKey: async () => null, logging: async () => ({ kind: 'accessKey' }) },
      userAgent: 'Burrow/probe',
      env: ${JSON.stringify(env)},
    });
    let outcome;
    try {
      outcome = 'HTTP ' + (await client.send({ area: 'core', method: 'GET', path: '/x', retry: false, timeoutMs: 20000 })).status;
    } catch (e) {
      outcome = e.error?.kind ?? String(e);
    }
    await client.close();
    server.close();
    const undiciModules = Object.keys(createRequire(import.meta.url).cache).filter((p) => /[\\\\/]node_modules[\\\\/]undici[\\\\/]/.test(p)).length;
    process.stdout.write(JSON.stringify({ outcome, undiciModules }));
  `;
  const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', code], { cwd: root, env: { PATH: process.env.PATH ?? '' } });
  return JSON.parse(stdout) as { outcome: string; undiciModules: number };
}

/** A port nothing listens on: a proxy there refuses every connection. */
async function deadPort(): Promise<number> {
  const s = await tinyServer(() => undefined);
  await s.close();
  return s.port;
}

describe('undici is loaded only when a request goes through a proxy', () => {
  it.skipIf(process.platform === 'win32')(
    'a direct request (no proxy, a loopback host, or a host NO_PROXY names) loads none of undici; a proxied one does',
    async () => {
      const proxy = `http://127.0.0.1:${await deadPort()}`;
      const [plain, loopback, bypassed, proxied] = await Promise.all([
        probe({}, '127.0.0.1'),
        probe({ HTTP_PROXY: proxy }, '127.0.0.1'),
        // 0.0.0.0 is not a loopback name, yet reaches the local server (Linux, macOS): only NO_PROXY keeps it direct.
        probe({ HTTP_PROXY: proxy, NO_PROXY: 'internal.example,0.0.0.0' }, '0.0.0.0'),
        probe({ HTTP_PROXY: proxy }, '0.0.0.0'),
      ]);
      expect(plain).toEqual({ outcome: 'HTTP 200', undiciModules: 0 });
      expect(loopback).toEqual({ outcome: 'HTTP 200', undiciModules: 0 });
      expect(bypassed).toEqual({ outcome: 'HTTP 200', undiciModules: 0 });
      // The control: the same probe does see undici when the proxy applies (which refuses, so the request fails).
      expect(proxied.outcome).toBe('network');
      expect(proxied.undiciModules).toBeGreaterThan(0);
    },
    60_000,
  );
});

describe('a dispatcher passed in', () => {
  it('carries every request, and the client’s close() leaves it open', async () => {
    const s = await server((req, res) => res.end(JSON.stringify({ at: req.url })));
    const agent = new Agent();
    cleanups.push(() => agent.close());
    const seen: string[] = [];
    const dispatch = agent.dispatch.bind(agent);
    agent.dispatch = (opts, handler) => {
      seen.push(`${opts.method} ${opts.path}`);
      return dispatch(opts, handler);
    };
    const c = createPlatformClient({ endpoints: () => allAreasAt(s.url), credentials: fixedCredentials({ accountKey: 'k-12345678' }), userAgent: 'Burrow/test', sleep: fakeSleep().sleep, env: {}, dispatcher: agent });
    expect(await c.json({ area: 'core', method: 'GET', path: '/a' })).toEqual({ at: '/a' });
    expect(await c.json({ area: 'containers', method: 'POST', path: '/b', json: {} })).toEqual({ at: '/mc/b' });
    await c.close();
    expect(seen).toEqual(['GET /a', 'POST /mc/b']);
    expect(agent.closed).toBe(false);
  });
});
