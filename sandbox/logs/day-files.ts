/**
 * v1 day files served from disk, for benchmarks: `GET /logging/{MM-DD-YY}/{zoneId}.log` answers with a file made
 * beforehand (a million generated lines, say) instead of the sandbox's generated traffic, checked against the account
 * key as the logging area checks it. When the client accepts gzip and a `.gz` of the file exists beside it, that is
 * sent as it is (`content-encoding: gzip`), as the platform compresses; otherwise the plain file. Bytes go out as
 * the socket takes them, so the server holds no more than a read buffer.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream/promises';

/** A running day-file server. */
export interface DayFileServer {
  /** The logging base URL (`http://127.0.0.1:port/logging`). */
  readonly url: string;
  /** Requests answered, as `status path`, for checks. */
  readonly served: readonly string[];
  close(): Promise<void>;
}

/** Serves `files` (path segment `MM-DD-YY/zoneId.log` → file on disk) to clients sending `AccessKey: accountKey`. */
export async function startDayFileServer(files: Readonly<Record<string, string>>, accountKey: string): Promise<DayFileServer> {
  const served: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const answer = (status: number, code: string, message: string) => {
      served.push(`${status} ${path}`);
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code, message } }));
    };
    if (req.headers.accesskey !== accountKey) return answer(req.headers.accesskey === undefined ? 401 : 403, req.headers.accesskey === undefined ? 'unauthorized' : 'forbidden', 'Send the account key');
    const m = /^\/logging\/(\d{2}-\d{2}-\d{2}\/\d+\.log)$/.exec(path);
    const file = m ? files[m[1]!] : undefined;
    if (file === undefined || !existsSync(file)) return answer(404, 'not_found', 'No such day file');
    const gz = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) && existsSync(`${file}.gz`);
    const body = gz ? `${file}.gz` : file;
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'content-length': String(statSync(body).size), vary: 'Accept-Encoding', ...(gz ? { 'content-encoding': 'gzip' } : {}) });
    served.push(`200 ${path}${gz ? ' gzip' : ''}`);
    pipeline(createReadStream(body, { highWaterMark: 256 * 1024 }), res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/logging`,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
