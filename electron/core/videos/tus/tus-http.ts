/**
 * The HTTP side of tus-js-client as the core runs it: node:http requests whose PATCH body is a range of the file
 * streamed by the same FileBody a PUT sends (reused buffers, the bandwidth cap, the source checked as it goes), with
 * an idle timeout per request and the signed headers set fresh on each. Why not tus-js-client's own stack and
 * streams: bench/README.md, upload-tus.
 */
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { pipeline, type Readable } from 'node:stream';
import type { HttpRequest, HttpResponse, HttpStack } from 'tus-js-client';

/** A chunk as tus-js-client is handed it (FileSlices): a byte range of the file, read only while its PATCH goes. */
export interface FileRange {
  readonly start: number;
  readonly end: number;
  readonly size: number;
}

/** A request that saw no byte either way for this long fails with code TIMEOUT (then retried like a reset). */
export const TUS_IDLE_MS = 60_000;

/** What the stack is built from. */
export interface TusHttpOptions {
  readonly idleTimeoutMs?: number;
  /** The body of a PATCH: the range streamed from disk, `onProgress` told this body's bytes the socket has taken. */
  body(range: FileRange, onProgress: (bytes: number) => void): Readable;
}

/** An error whose code the retry rules read. */
function coded(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

function responseOf(res: IncomingMessage, body: string): HttpResponse {
  return {
    getStatus: () => res.statusCode ?? 0,
    getHeader: (name) => {
      const value = res.headers[name.toLowerCase()];
      return Array.isArray(value) ? value.join(', ') : value;
    },
    getBody: () => body,
    getUnderlyingObject: () => res,
  };
}

/** Node's http/https for tus-js-client, PATCH bodies from `o.body`. */
export function tusHttpStack(o: TusHttpOptions): HttpStack {
  const idleMs = o.idleTimeoutMs ?? TUS_IDLE_MS;
  return {
    getName: () => 'burrow-node',
    createRequest(method, url): HttpRequest {
      const headers: Record<string, string> = {};
      let onProgress: (bytes: number) => void = () => undefined;
      let req: ClientRequest | undefined;
      return {
        getMethod: () => method,
        getURL: () => url,
        setHeader: (name, value) => void (headers[name] = value),
        getHeader: (name) => headers[name],
        setProgressHandler: (handler) => void (onProgress = handler),
        abort: () => Promise.resolve(void req?.destroy()),
        getUnderlyingObject: () => req,
        send(body?: unknown): Promise<HttpResponse> {
          const range = body as FileRange | null | undefined;
          return new Promise((resolve, reject) => {
            const target = new URL(url);
            const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
            const sent = (req = send(target, { method, headers: range ? { ...headers, 'Content-Length': String(range.size) } : headers }));
            sent.setTimeout(idleMs, () => sent.destroy(coded(`No byte went either way for ${Math.round(idleMs / 1000)} s`, 'TIMEOUT')));
            sent.on('error', reject);
            sent.on('response', (res: IncomingMessage) => {
              const parts: Buffer[] = [];
              res.on('data', (part: Buffer) => parts.push(part));
              res.on('end', () => {
                // Answered before taking the whole body (a 409, a 413): stop sending.
                if (!sent.writableFinished) sent.destroy();
                resolve(responseOf(res, Buffer.concat(parts).toString('utf8')));
              });
              res.on('error', reject);
            });
            // A body that fails (the file changed, a cancelled cap) destroys the request, which reports it.
            if (range) pipeline(o.body(range, onProgress), sent, () => undefined);
            else sent.end();
          });
        },
      };
    },
  };
}
