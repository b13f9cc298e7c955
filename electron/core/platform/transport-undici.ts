/**
 * The undici transport: requests through a proxy (undici's EnvHttpProxyAgent) or over a dispatcher a caller
 * passes in. Only ever loaded with a dynamic import, when one of those is needed: the direct path never pays
 * for undici.
 */
import type { Readable } from 'node:stream';
import { EnvHttpProxyAgent, request, type Dispatcher } from 'undici';
import type { Transport } from './http.js';
import type { ProxySettings } from './transports.js';

/** A header record with single string values and lower-case names; repeated headers are joined with ', '. */
function flattenHeaders(headers: Readonly<Record<string, string | string[] | undefined>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** A transport over one undici dispatcher. */
export function undiciTransport(dispatcher: Dispatcher): Transport {
  return {
    async send(r) {
      const res = await request(r.url, {
        method: r.method as Dispatcher.HttpMethod,
        headers: r.headers,
        // Undici documents AsyncIterable bodies (docs/api/Dispatcher.md) but its .d.ts leaves them out.
        body: r.body as Buffer | string | Readable | undefined,
        dispatcher,
        signal: r.signal,
        // The exchange's own timer covers both phases: undici's would cut long uploads or fire between retries.
        headersTimeout: 0,
        bodyTimeout: 0,
      });
      return { status: res.statusCode, headers: flattenHeaders(res.headers), body: res.body as AsyncIterable<Buffer> };
    },
  };
}

/** The proxying dispatcher, from the settings read once from the client's environment; NO_PROXY is honoured. */
export function proxyDispatcher(p: ProxySettings): Dispatcher {
  // Empty strings, not undefined: undici would otherwise fall back to process.env behind our back.
  return new EnvHttpProxyAgent({ httpProxy: p.http, httpsProxy: p.https, noProxy: p.noProxy });
}
