/** Test helpers for the platform client: a client over a sandbox, fake sleep/clock, and tiny local servers. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterEach, vi } from 'vitest';
import type { AddressInfo, Socket } from 'node:net';
import type { AppError } from '../../../../shared/contract/result.js';
import { startSandbox, type Sandbox } from '../../../../sandbox/server.js';
import { AppFailure } from '../../errors.js';
import { createPlatformClient, type PlatformClientOptions } from '../client.js';
import type { AttemptInfo, Credentials, Endpoints, PlatformClient } from '../types.js';

/** A fixed wall-clock time on a whole second, so HTTP dates round-trip exactly. */
export const FAKE_NOW = Date.UTC(2025, 4, 6, 10, 20, 30);

/** A sleep that returns at once and remembers every delay it was asked for. */
export function fakeSleep(): { readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>; readonly delays: number[] } {
  const delays: number[] = [];
  return {
    delays,
    sleep: async (ms, signal) => {
      delays.push(ms);
      if (signal?.aborted) throw new Error('aborted');
    },
  };
}

/** Credentials backed by fixed values (null = not configured). */
export function fixedCredentials(values: {
  accountKey?: string | null;
  libraries?: Readonly<Record<number, string>>;
  bearer?: string;
}): Credentials {
  return {
    accountKey: async () => values.accountKey ?? null,
    libraryKey: async (id) => values.libraries?.[id] ?? null,
    logging: async () => (values.bearer !== undefined ? { kind: 'bearer', token: values.bearer } : { kind: 'accessKey' }),
  };
}

/** The sandbox's four base URLs. */
export function endpointsOf(s: Pick<Sandbox, 'apiUrl' | 'containersUrl' | 'videoUrl' | 'loggingUrl'>): Endpoints {
  return { apiUrl: s.apiUrl, containersUrl: s.containersUrl, videoUrl: s.videoUrl, loggingUrl: s.loggingUrl };
}

/** A started sandbox and a client pointed at it with its real keys, a fake sleep and a fixed clock. */
export interface SandboxClient {
  readonly sandbox: Sandbox;
  readonly client: PlatformClient;
  readonly delays: number[];
  readonly attempts: AttemptInfo[];
  close(): Promise<void>;
}

/** Starts a sandbox and a client for it; options override the defaults. */
export async function sandboxClient(overrides: Partial<PlatformClientOptions> = {}): Promise<SandboxClient> {
  const sandbox = await startSandbox();
  const { sleep, delays } = fakeSleep();
  const client = createPlatformClient({
    endpoints: () => endpointsOf(sandbox),
    credentials: fixedCredentials({ accountKey: sandbox.accountKey, libraries: Object.fromEntries(sandbox.libraries.map((l) => [l.id, l.key])) }),
    userAgent: 'Burrow/0.0.0-test',
    now: () => FAKE_NOW,
    sleep,
    env: {},
    ...overrides,
  });
  return {
    sandbox,
    client,
    delays,
    attempts: [],
    close: async () => {
      await client.close();
      await sandbox.close();
    },
  };
}

/** A request a tiny server saw. */
export interface Seen {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
}

/** A tiny HTTP server on 127.0.0.1:0 that records every request. */
export interface TinyServer {
  readonly url: string;
  readonly port: number;
  readonly seen: Seen[];
  readonly server: Server;
  close(): Promise<void>;
}

/** Starts a tiny server; the handler may leave the response open (the server destroys sockets on close). */
export async function tinyServer(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<TinyServer> {
  const seen: Seen[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    req.on('error', () => undefined);
    res.on('error', () => undefined);
    handler(req, res);
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    seen,
    server,
    close: async () => {
      const done = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const s of sockets) s.destroy();
      await done;
    },
  };
}

/** Endpoints that send every area to one server. */
export function allAreasAt(url: string): Endpoints {
  return { apiUrl: url, containersUrl: `${url}/mc`, videoUrl: `${url}/video`, loggingUrl: `${url}/logging` };
}

/** The AppError a promise fails with; throws when it resolves or fails with anything else. */
export async function failureOf(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppFailure) return e.error;
    throw e;
  }
  throw new Error('expected an AppFailure');
}

/** A one-shot signal: `fired` resolves with the value given to the first `fire`. */
export function signal<T = void>(): { readonly fired: Promise<T>; fire(value: T): void } {
  let fire!: (value: T) => void;
  const fired = new Promise<T>((resolve) => (fire = resolve));
  return { fired, fire: (value) => fire(value) };
}

/**
 * Clean-up for one test file of network tests: after each test the clock is real again and everything pushed on
 * `cleanups` runs, newest first; `server` starts a tiny server that is closed that way.
 */
export function perTestCleanup(): { readonly cleanups: (() => Promise<unknown>)[]; server(handler: Parameters<typeof tinyServer>[0]): Promise<TinyServer> } {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    vi.useRealTimers();
    while (cleanups.length > 0) await cleanups.pop()?.();
  });
  return {
    cleanups,
    async server(handler) {
      const s = await tinyServer(handler);
      cleanups.push(() => s.close());
      return s;
    },
  };
}
