/** Test helpers for fetch rows: a loopback origin serving one real file, a sandbox and its client, and row waits. */
import { createHash, randomBytes } from 'node:crypto';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSandbox, type Sandbox } from '../../../../sandbox/server.js';
import { isFetchEnded, type FetchView } from '../../../../shared/contract/videos-fetch.js';
import { createPlatformClient } from '../../platform/client.js';
import { endpointsOf, fixedCredentials } from '../../platform/testing/support.js';
import type { PlatformClient } from '../../platform/types.js';
import type { FetchQueue } from '../fetch/fetch-queue.js';

/** A loopback origin serving `bytes` at any path, recording each request's path and headers. */
export interface Origin {
  readonly url: (path: string) => string;
  readonly bytes: Buffer;
  readonly sha256: string;
  readonly requests: { readonly path: string; readonly headers: IncomingHttpHeaders }[];
  close(): Promise<void>;
}

/** Starts an origin serving `size` random bytes. */
export async function startOrigin(size = 64 * 1024): Promise<Origin> {
  const bytes = randomBytes(size);
  const requests: { path: string; headers: IncomingHttpHeaders }[] = [];
  const server = http.createServer((req, res) => {
    requests.push({ path: req.url ?? '', headers: req.headers });
    res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': bytes.length }).end(bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: (path) => `${origin}${path}`,
    bytes,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A sandbox (fast processing) and a client with its library keys. */
export interface FetchSandbox {
  readonly sandbox: Sandbox;
  readonly client: PlatformClient;
  readonly libraryId: number;
  close(): Promise<void>;
}

/** Starts the sandbox; `withoutId` makes the fetch answer the documented status only; processing is fast unless told. */
export async function fetchSandbox(options: { readonly withoutId?: boolean; readonly processingStepMs?: number } = {}): Promise<FetchSandbox> {
  const sandbox = await startSandbox({ liveTraffic: false, processingStepMs: options.processingStepMs ?? 5, fetchReplyWithoutId: options.withoutId ?? false });
  const client = createPlatformClient({
    endpoints: () => endpointsOf(sandbox),
    credentials: fixedCredentials({ accountKey: sandbox.accountKey, libraries: Object.fromEntries(sandbox.libraries.map((l) => [l.id, l.key])) }),
    userAgent: 'Burrow/0.0.0-test',
    env: {},
  });
  const library = sandbox.libraries[0];
  if (!library) throw new Error('the sandbox has no video library');
  return {
    sandbox,
    client,
    libraryId: library.id,
    close: async () => {
      await client.close();
      await sandbox.close();
    },
  };
}

/**
 * A sleep that records each delay and returns on the next turn (the sandbox's steps are a few ms, so polls meet them
 * soon); a delay of `holdFromMs` or more is held until the signal aborts, so a test can stop a row mid-wait.
 */
export function turnSleep(holdFromMs = Number.POSITIVE_INFINITY): { readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>; readonly delays: number[] } {
  const delays: number[] = [];
  return {
    delays,
    sleep: (ms, signal) => {
      delays.push(ms);
      if (ms >= holdFromMs) return new Promise((resolve) => (signal?.aborted ? resolve() : signal?.addEventListener('abort', () => resolve(), { once: true })));
      return new Promise((resolve) => setTimeout(resolve, 1));
    },
  };
}

/** Resolves with the row once `test` holds for it (checked now and on every change); every view seen is kept. */
export function rowWhere(queue: FetchQueue, id: string, test: (v: FetchView) => boolean, seen: FetchView[] = []): Promise<FetchView> {
  return new Promise((resolve) => {
    const check = (v: FetchView | undefined) => {
      if (!v || v.id !== id) return;
      seen.push(v);
      if (test(v)) {
        off();
        resolve(v);
      }
    };
    const off = queue.onChange((c) => c.fetches.forEach(check));
    check(queue.list().find((v) => v.id === id));
  });
}

/** True once the row has ended. */
export const ended = (v: FetchView): boolean => isFetchEnded(v.state);
