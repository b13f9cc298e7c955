/**
 * The HTTP side of tus-js-client as the core runs it: Node's own stack, with every body byte passed through the
 * global bandwidth cap, an idle timeout per request, and the signed headers set fresh on each request.
 */
import type { ClientRequest } from 'node:http';
import { Readable } from 'node:stream';
import { DefaultHttpStack, type HttpRequest, type HttpResponse, type HttpStack } from 'tus-js-client';
import { throttleStream, type BandwidthGate } from '../upload/bandwidth.js';

/** The global upload cap: resolves once `bytes` may be sent; rejects when the signal aborts. */
export interface UploadBandwidth {
  take(bytes: number, signal: AbortSignal): Promise<void>;
  /** The most bytes worth asking for at once under the current rate (absent or Infinity: any). */
  grain?(): number;
}

/** The cap as the shared stream stage takes it: no grain given means any size at once. */
function gateOf(bandwidth: UploadBandwidth): BandwidthGate {
  return { take: (bytes, signal) => bandwidth.take(bytes, signal), grain: () => bandwidth.grain?.() ?? Number.POSITIVE_INFINITY };
}

/** A request that saw no byte either way for this long fails with code TIMEOUT (then retried like a reset). */
export const TUS_IDLE_MS = 60_000;

/** An error whose code the retry rules read. */
function coded(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

/** What the stack is built from. */
export interface TusHttpOptions {
  readonly bandwidth?: UploadBandwidth | undefined;
  readonly signal: AbortSignal;
  readonly idleTimeoutMs?: number;
}

/** Node's tus-js-client stack, metered and with an idle timeout. */
export function tusHttpStack(o: TusHttpOptions): HttpStack {
  const inner = new DefaultHttpStack({});
  const idleMs = o.idleTimeoutMs ?? TUS_IDLE_MS;
  return {
    getName: () => 'burrow-node',
    createRequest(method, url): HttpRequest {
      const request = inner.createRequest(method, url);
      return {
        getMethod: () => request.getMethod(),
        getURL: () => request.getURL(),
        setHeader: (name, value) => request.setHeader(name, value),
        getHeader: (name) => request.getHeader(name),
        setProgressHandler: (handler) => request.setProgressHandler(handler),
        abort: () => request.abort(),
        getUnderlyingObject: () => request.getUnderlyingObject() as unknown,
        async send(body: unknown): Promise<HttpResponse> {
          let sent: unknown = body;
          if (body instanceof Readable && o.bandwidth) {
            // Content-Length comes from the body's size, so the metered stream carries it on.
            const metered = Object.assign(throttleStream(gateOf(o.bandwidth), o.signal), { size: (body as Readable & { size?: number }).size });
            body.on('error', (e) => metered.destroy(e));
            sent = body.pipe(metered);
          }
          const answer = request.send(sent);
          const req = request.getUnderlyingObject() as ClientRequest | undefined;
          req?.setTimeout(idleMs, () => req.destroy(coded(`No byte went either way for ${Math.round(idleMs / 1000)} s`, 'TIMEOUT')));
          if (sent !== body && sent instanceof Readable) {
            // A refused take (cancel) must end the request, not leave it waiting for a body that never comes.
            sent.on('error', (e) => req?.destroy(e));
          }
          return answer;
        },
      };
    },
  };
}
