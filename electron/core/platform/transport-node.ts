/**
 * The direct transport: Node's own http/https modules with one keep-alive agent per scheme. Every connection
 * that does not go through a proxy uses it, in the app and in the `burrow` command alike; undici costs a
 * command about twice the start-up of Node itself, so it is loaded only for proxies (see transports.ts).
 */
import { Agent as HttpAgent, request as httpRequest, type ClientRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import type { Socket } from 'node:net';
import { pipeline } from 'node:stream';
import type { Transport, TransportRequest, TransportResponse } from './http.js';

/** How long opening a connection (TCP, and TLS for https) may take. */
export const CONNECT_TIMEOUT_MS = 10_000;
/** An idle kept-alive connection is dropped after this long, before a typical server drops it mid-reuse. */
const FREE_SOCKET_MS = 4_000;

type Requester = (url: URL, options: RequestOptions) => ClientRequest;

/** A scheme's agent and the request function that goes with it. */
interface Side {
  readonly agent: HttpAgent;
  readonly request: Requester;
}

/** The direct transport, with close() for the connections it keeps. */
export interface NodeTransport extends Transport {
  /** Lets requests under way finish, then closes every connection; later requests fail with CLIENT_CLOSED. */
  close(): Promise<void>;
}

function failure(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

/** Lower-case names in the order received; a repeated header's values are joined with ', ', as undici reports them. */
function headersOf(raw: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    const value = raw[i + 1]!;
    out[name] = Object.hasOwn(out, name) ? `${out[name]}, ${value}` : value;
  }
  return out;
}

/** Fails a connection that is not open (TCP, then TLS) within CONNECT_TIMEOUT_MS; a reused one is open already. */
function limitConnect(req: ClientRequest, socket: Socket): void {
  if (!socket.connecting) return;
  const timer = setTimeout(() => req.destroy(failure('ETIMEDOUT', `Connect timeout after ${CONNECT_TIMEOUT_MS} ms`)), CONNECT_TIMEOUT_MS);
  const done = () => clearTimeout(timer);
  // An https socket is a TLSSocket (`encrypted`): it is open once the handshake is through.
  socket.once('encrypted' in socket ? 'secureConnect' : 'connect', done);
  socket.once('close', done);
}

/** Creates the direct transport; the https side (and Node's TLS) is loaded on the first https:// request. */
export function createNodeTransport(): NodeTransport {
  let http: Side | undefined;
  let https: Promise<Side> | undefined;
  let closed = false;
  const underway = new Set<Promise<void>>();

  const sideFor = async (url: URL): Promise<Side> => {
    if (url.protocol === 'http:') return (http ??= { agent: new HttpAgent({ keepAlive: true, timeout: FREE_SOCKET_MS }), request: httpRequest });
    if (url.protocol !== 'https:') throw failure('ERR_INVALID_PROTOCOL', `Protocol "${url.protocol}" not supported`);
    https ??= import('node:https').then((m) => ({ agent: new m.Agent({ keepAlive: true, timeout: FREE_SOCKET_MS }), request: m.request }));
    return https;
  };

  /**
   * The headers with the body's framing made explicit. node:http frames a body on its own only for methods that
   * usually carry one: a GET (or DELETE, OPTIONS) with a body would go out unframed, and the server would read
   * the body as the next request. A known-size body gets its length; a stream without one goes chunked.
   */
  function framed(r: TransportRequest): Record<string, string> {
    const body = r.body;
    if (body === undefined) return { ...r.headers };
    const has = (name: string) => Object.keys(r.headers).some((k) => k.toLowerCase() === name);
    if (has('content-length') || has('transfer-encoding')) return { ...r.headers };
    if (typeof body === 'string' || Buffer.isBuffer(body)) return { ...r.headers, 'content-length': String(Buffer.byteLength(body)) };
    return { ...r.headers, 'transfer-encoding': 'chunked' };
  }

  function start(side: Side, r: TransportRequest): Promise<TransportResponse> {
    return new Promise((resolve, reject) => {
      if (r.signal.aborted) {
        reject(failure('ABORT_ERR', 'The request was aborted'));
        return;
      }
      let req: ClientRequest;
      try {
        // Redirects are the client's business: node:http never follows them on its own.
        req = side.request(r.url, { method: r.method, headers: framed(r), agent: side.agent });
      } catch (e) {
        reject(e);
        return;
      }
      let answered = false;
      const onAbort = () => req.destroy(failure('ABORT_ERR', 'The request was aborted'));
      r.signal.addEventListener('abort', onAbort, { once: true });
      const finished = new Promise<void>((done) => {
        req.once('close', () => {
          r.signal.removeEventListener('abort', onAbort);
          underway.delete(finished);
          done();
        });
      });
      underway.add(finished);
      req.once('socket', (socket) => limitConnect(req, socket));
      // Before the answer an error fails the send; after it, the response body fails on its own.
      req.on('error', (e) => {
        if (!answered) reject(e);
      });
      req.once('response', (res: IncomingMessage) => {
        answered = true;
        // The server answered before taking the whole upload: stop sending (this also ends a stalled pipe).
        res.once('end', () => {
          if (!req.writableFinished) req.destroy();
        });
        resolve({ status: res.statusCode ?? 0, headers: headersOf(res.rawHeaders), body: res });
      });
      const body = r.body;
      if (body === undefined || typeof body === 'string' || Buffer.isBuffer(body)) {
        req.end(body);
      } else {
        // Chunk by chunk, pulled only as fast as the connection takes them: a multi-GB file is never held in memory.
        // A failure here also destroys the request, which reports it (the exchange tells a failing source apart).
        pipeline(body, req, () => undefined);
      }
    });
  }

  return {
    async send(r) {
      if (closed) throw failure('CLIENT_CLOSED', 'The client is closed');
      const side = await sideFor(r.url);
      // Sent on the next turn of the event loop: a cancel from the same turn as the call (a caller aborting
      // right after starting) then stops it before a byte leaves, rather than on a kept-alive connection,
      // where the request would already be written and the server would carry it out anyway.
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (closed) throw failure('CLIENT_CLOSED', 'The client is closed');
      return start(side, r);
    },
    async close() {
      closed = true;
      while (underway.size > 0) await Promise.all([...underway]);
      http?.agent.destroy();
      (await https?.catch(() => undefined))?.agent.destroy();
    },
  };
}
