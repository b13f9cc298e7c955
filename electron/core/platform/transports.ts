/**
 * Which transport carries a request: Node's own http/https for direct connections, undici (loaded on first
 * use) for a request that goes through a proxy, or for everything when a dispatcher is passed in.
 */
import type { Dispatcher } from 'undici';
import { isLoopbackHost, type Transport } from './http.js';
import { createNodeTransport, type NodeTransport } from './transport-node.js';

/** The proxy variables, read once: HTTP_PROXY, HTTPS_PROXY and NO_PROXY (lower case wins); '' when unset. */
export interface ProxySettings {
  readonly http: string;
  readonly https: string;
  readonly noProxy: string;
}

/** Picks the transport for a URL; owns and closes what it created. */
export interface TransportSet {
  pick(url: URL): Transport;
  close(): Promise<void>;
}

const DEFAULT_PORTS: Readonly<Record<string, number>> = { 'http:': 80, 'https:': 443 };

/** Reads the proxy variables from an environment. */
export function proxySettings(env: Readonly<Record<string, string | undefined>>): ProxySettings {
  return { http: env.http_proxy ?? env.HTTP_PROXY ?? '', https: env.https_proxy ?? env.HTTPS_PROXY ?? '', noProxy: env.no_proxy ?? env.NO_PROXY ?? '' };
}

/** True when NO_PROXY names this host (or a parent domain), with its port when the entry has one; `*` names all. */
function bypassed(url: URL, noProxy: string): boolean {
  if (noProxy === '*') return true;
  // url.host keeps an IPv6 address in brackets; only the port is cut off.
  const host = url.host.replace(/:\d*$/, '').toLowerCase();
  const port = Number.parseInt(url.port, 10) || DEFAULT_PORTS[url.protocol] || 0;
  for (const entry of noProxy.split(/[,\s]/)) {
    if (entry === '') continue;
    const withPort = /^(.+):(\d+)$/.exec(entry);
    const name = (withPort ? withPort[1]! : entry).replace(/^\*?\./, '').toLowerCase();
    if (withPort && Number.parseInt(withPort[2]!, 10) !== port) continue;
    if (host === name || host.endsWith(`.${name}`)) return true;
  }
  return false;
}

/**
 * The proxy a request to `url` goes through, or undefined when it goes direct. The same choice undici's
 * EnvHttpProxyAgent makes (https:// uses HTTPS_PROXY, else HTTP_PROXY; http:// only HTTP_PROXY; NO_PROXY by
 * name, parent domain and port), so undici is loaded only for a request it would really proxy. Loopback hosts
 * never go through a proxy.
 */
export function proxyFor(url: URL, p: ProxySettings): string | undefined {
  const proxy = url.protocol === 'https:' ? p.https || p.http : p.http;
  if (proxy === '' || isLoopbackHost(url.hostname) || bypassed(url, p.noProxy)) return undefined;
  return proxy;
}

/** A dispatcher passed in carries everything and is never closed here; otherwise direct, or the proxy when it applies. */
export function createTransports(given?: Dispatcher, env: Readonly<Record<string, string | undefined>> = process.env): TransportSet {
  const proxies = proxySettings(env);
  let closed = false;
  const refused: Transport = {
    send: () => Promise.reject(Object.assign(new Error('The client is closed'), { code: 'CLIENT_CLOSED' })),
  };
  let direct: NodeTransport | undefined;
  let undici: Promise<{ readonly transport: Transport; readonly owned?: Dispatcher }> | undefined;
  const loadUndici = async () => {
    const m = await import('./transport-undici.js');
    const dispatcher = given ?? m.proxyDispatcher(proxies);
    return { transport: m.undiciTransport(dispatcher), ...(given ? {} : { owned: dispatcher }) };
  };
  const viaUndici: Transport = {
    async send(r) {
      undici ??= loadUndici().catch((e: unknown) => {
        undici = undefined;
        throw e;
      });
      return (await undici).transport.send(r);
    },
  };
  return {
    pick(url) {
      if (closed) return refused;
      if (given !== undefined || proxyFor(url, proxies) !== undefined) return viaUndici;
      return (direct ??= createNodeTransport());
    },
    async close() {
      closed = true;
      const loaded = await undici?.catch(() => undefined);
      await Promise.all([direct?.close(), loaded?.owned?.close()]);
    },
  };
}
