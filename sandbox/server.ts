/** The sandbox: one HTTP server that behaves like the platform, with every area behind its own path prefix. */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { handleAdmin } from './admin.js';
import { createContainersArea, DEFAULT_TRANSITION_MS, type ContainersArea } from './apps/index.js';
import type { Area, SandboxContext, SandboxOptions, SeedData } from './context.js';
import { createCoreApiArea } from './core-api/index.js';
import { applyFault, createFaultRegistry, type FaultRegistry } from './faults.js';
import { BodyError, canAnswer, discardBody, sendJson } from './http.js';
import { signJwt } from './jwt.js';
import { createLoggingArea, type LoggingArea } from './logs/index.js';
import { createSeed } from './seed.js';
import { createStateWriter, filesOfOtherSeeds, readState, type StateWriter } from './state.js';
import { createVideoArea, type UploadInspection, type UploadStats } from './videos/index.js';

/** What a started sandbox tells its user (and what `npm run sandbox` prints as its first line). */
export interface SandboxInfo {
  readonly apiUrl: string;
  readonly containersUrl: string;
  readonly videoUrl: string;
  readonly loggingUrl: string;
  readonly accountKey: string;
  /** HS256 bearer token accepted by the logging area (scope "logging", valid 30 days). */
  readonly loggingJwt: string;
  /** `jitEncoding`: the library encodes just in time (with realism on, its videos end at 8 through 7). */
  readonly libraries: readonly { readonly id: number; readonly name: string; readonly key: string; readonly readOnlyKey: string; readonly jitEncoding: boolean }[];
  readonly pullZones: readonly { readonly id: number; readonly name: string; readonly loggingEnabled: boolean }[];
}

/** A running sandbox. */
export interface Sandbox extends SandboxInfo {
  /** Where uploads and TUS parts are kept. */
  readonly dataDir: string;
  /** Fault rules, for tests in the same process (others use POST /__admin/faults). */
  readonly faults: Pick<FaultRegistry, 'add' | 'list' | 'reset'>;
  /** Upload accounting of the video area, for tests in the same process (others use /__admin/uploads and /__admin/videos). */
  readonly uploads: {
    /** Upload bodies (PUT and TUS PATCH) open now, the most open at once, and the bodies and bytes since the last reset. */
    stats(): UploadStats;
    /** Restarts the peak from the bodies open now and the totals from zero. */
    reset(): void;
    /** What arrived for one video (bytes over all attempts, size, SHA-256, path, status history); undefined when unknown. */
    inspect(libraryId: number, videoId: string): UploadInspection | undefined;
  };
  /** Logging requests the rate limit counted (per zone, with their query and status), for tests in the same process. */
  readonly logging: Pick<LoggingArea, 'requests' | 'resetRequests' | 'inject' | 'served'>;
  /**
   * Create-app and update bodies exactly as they arrived, and per-app suspension (deploy then answers 409), for tests
   * in the same process (others use POST /__admin/mc/apps/{appId}/suspend).
   */
  readonly containers: Pick<ContainersArea, 'received' | 'receivedUpdates' | 'resetReceived' | 'setAppSuspended' | 'addDemoApps'>;
  /** Suspends or restores the account (containers and logging then answer 403). */
  setSuspended(suspended: boolean): void;
  /** Closes the areas, drops open connections and stops listening; removes the data dir if we created it. */
  close(): Promise<void>;
}

const DAY_MS = 86_400_000;

/** Methods that change nothing, so they never cause a save. */
const READS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

function writeStderr(line: string): void {
  try {
    process.stderr.write(line);
  } catch {
    // Nowhere left to report to.
  }
}

/** Just the SandboxInfo fields of a sandbox, e.g. to print them as JSON. */
export function pickSandboxInfo(s: SandboxInfo): SandboxInfo {
  const { apiUrl, containersUrl, videoUrl, loggingUrl, accountKey, loggingJwt, libraries, pullZones } = s;
  return { apiUrl, containersUrl, videoUrl, loggingUrl, accountKey, loggingJwt, libraries, pullZones };
}

function secretsOf(seed: SeedData): string[] {
  return [
    seed.accountKey,
    seed.jwtSecret,
    ...seed.libraries.flatMap((l) => [l.key, l.readOnlyKey]),
    ...seed.storageZones.flatMap((z) => [z.password, z.readOnlyPassword]),
  ];
}

function splitUrl(url: string): { path: string; query: URLSearchParams } {
  // Not new URL(): a request target like //evil/x must stay a path, never become a host.
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  return { path: path === '' ? '/' : path, query: new URLSearchParams(q === -1 ? '' : url.slice(q + 1)) };
}

function underPrefix(path: string, prefix: string): string | undefined {
  if (path === prefix) return '/';
  return path.startsWith(`${prefix}/`) ? path.slice(prefix.length) : undefined;
}

/** Routes one request; resolves false when nothing answered it. */
export type Dispatch = (req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams) => Promise<boolean>;

/**
 * Wraps a dispatcher into a request listener that answers 404 for unhandled paths, the status of a
 * BodyError (413, 415, 400) for a refused body, and 500 for any other failing handler (logging it to
 * stderr with every known secret masked). Nothing a handler does, throws or rejects escapes it.
 */
export function createRequestListener(dispatch: Dispatch, secrets: readonly string[]) {
  const mask = (text: string) => {
    let out = text;
    for (const s of secrets) if (s !== '') out = out.split(s).join('<redacted>');
    return out;
  };
  const log = (line: string) => {
    try {
      process.stderr.write(line);
    } catch {
      // Nowhere left to report to.
    }
  };
  return (req: IncomingMessage, res: ServerResponse): void => {
    // Aborted requests are normal here (clients and faults cut connections); never let them crash the process.
    req.on('error', () => undefined);
    res.on('error', () => undefined);
    const { path, query } = splitUrl(req.url ?? '/');
    const fail = (err: unknown) => {
      if (err instanceof BodyError) {
        if (canAnswer(res)) sendJson(res, err.status, { ErrorKey: 'request.invalid', Field: null, Message: err.message });
        // A refused body the handler did not read is drained, so the client sees the answer.
        discardBody(req);
        return;
      }
      // A client that went away mid-request leaves nobody to answer; its handler failing then is expected.
      const gone = req.socket === null || req.socket.destroyed;
      if (!gone) log(`sandbox: ${req.method} ${path} failed: ${mask(err instanceof Error ? (err.stack ?? err.message) : String(err))}\n`);
      if (canAnswer(res)) sendJson(res, 500, { ErrorKey: 'server.error', Field: null, Message: 'Internal sandbox error' });
      else if (!res.writableEnded) res.destroy();
    };
    let handling: Promise<boolean>;
    try {
      handling = dispatch(req, res, path, query);
    } catch (e) {
      handling = Promise.reject(e);
    }
    handling
      .then((handled) => {
        if (!handled && canAnswer(res)) {
          sendJson(res, 404, { ErrorKey: 'route.not_found', Field: null, Message: `No route for ${req.method} ${path}` });
        }
      }, fail)
      .catch((e: unknown) => {
        // Even the error answer failed: drop the connection rather than the process.
        log(`sandbox: ${req.method} ${path} could not be answered: ${mask(String(e))}\n`);
        try {
          res.destroy();
        } catch {
          // Already gone.
        }
      });
  };
}

/** Starts a sandbox on `options.host`:`options.port` (127.0.0.1, a free port by default). */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const host = options.host ?? '127.0.0.1';
  if (options.persist === true && options.dataDir === undefined) throw new Error('A sandbox that keeps its account needs a data folder (dataDir)');
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'burrow-sandbox-')));
  const seed = createSeed(options.seed ?? 1);
  const log = options.log ?? writeStderr;
  const persist = options.persist === true;
  const saved = persist ? await readState(dataDir, options.seed ?? 1, log) : undefined;
  // Set once the areas exist; a change before then (none happens) would have nothing to save.
  let writer: StateWriter | undefined;
  let origin = '';
  const ctx: SandboxContext = {
    options: {
      seed: options.seed ?? 1,
      appLimit: options.appLimit ?? 100,
      fetchQueueLimit: options.fetchQueueLimit ?? 5,
      fetchReplyWithoutId: options.fetchReplyWithoutId ?? false,
      processingStepMs: options.processingStepMs ?? 1000,
      appTransitionMs: options.appTransitionMs ?? DEFAULT_TRANSITION_MS,
      logRateLimit: options.logRateLimit ?? { requests: 30, windowMs: 10_000 },
      liveTraffic: options.liveTraffic ?? true,
      now: options.now ?? Date.now,
      discardUploads: options.discardUploads ?? false,
      realism: options.realism ?? true,
      persist,
      demoApps: options.demoApps === true,
    },
    seed,
    dataDir,
    saved,
    changed: () => writer?.changed(),
    origin: () => origin,
    accountSuspended: false,
  };
  const faults = createFaultRegistry();
  // Built before the others so the returned Sandbox can reach its accounting; closed with them on failure.
  const video = createVideoArea(ctx);
  const areas: Area[] = [video];
  const server = createServer();
  const sockets = new Set<Socket>();
  let logging: LoggingArea | undefined;
  let containers: ContainersArea | undefined;
  try {
    const apps = createContainersArea(ctx);
    containers = apps;
    logging = createLoggingArea(ctx);
    const core = createCoreApiArea(ctx);
    areas.push(containers, logging, core);
    if (persist) {
      writer = createStateWriter(dataDir, options.seed ?? 1, () => ({ ...apps.save(), ...video.save(), ...core.save() }), log);
      await video.sweep(await filesOfOtherSeeds(dataDir));
    }
    const prefixed: readonly (readonly [string, Area])[] = [
      ['/mc', containers],
      ['/video', video],
      ['/logging', logging],
    ];
    const dispatch = async (req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams) => {
      // Every answer is dated by the sandbox's own clock, the one its signature checks use.
      res.setHeader('Date', new Date(ctx.options.now()).toUTCString());
      const admin = underPrefix(path, '/__admin');
      if (admin !== undefined) return handleAdmin(ctx, faults, video, req, res, admin, apps);
      // Armed synchronously, before any await, so body hooks see the first chunk.
      const fault = faults.take(req.method ?? 'GET', path);
      if (fault && (await applyFault(fault, req, res)) === 'answered') return true;
      // Whatever a request may have changed is saved once it was answered (reads change nothing).
      if (writer && !READS.has((req.method ?? 'GET').toUpperCase())) res.once('close', () => writer?.changed());
      for (const [prefix, area] of prefixed) {
        const rest = underPrefix(path, prefix);
        if (rest !== undefined) return area.handle(req, res, rest, query);
      }
      // The sandbox is its libraries' CDN host too (the zones name its address), for their thumbnails.
      if (video.serveCdn(req, res, path)) return true;
      return core.handle(req, res, path, query);
    };

    server.on('connection', (socket) => {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    });
    server.on('request', createRequestListener(dispatch, secretsOf(seed)));

    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (e) {
    await Promise.allSettled(areas.map(async (a) => a.close?.()));
    if (ownDataDir) await rm(dataDir, { recursive: true, force: true });
    throw e;
  }

  const { port } = server.address() as AddressInfo;
  origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const iat = Math.floor(ctx.options.now() / 1000);
  const loggingJwt = signJwt({ sub: 'account', iat, exp: iat + (30 * DAY_MS) / 1000, scope: 'logging' }, seed.jwtSecret);

  const loggingArea = () => {
    if (logging === undefined) throw new Error('The logging area is closed');
    return logging;
  };
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      await Promise.allSettled(areas.map(async (a) => a.close?.()));
      // The last changes are on disk before close resolves, so a sandbox started next on this folder finds them.
      await writer?.flush();
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const s of sockets) s.destroy();
      await stopped;
      if (ownDataDir) await rm(dataDir, { recursive: true, force: true });
    })();
    return closing;
  };

  return {
    apiUrl: origin,
    containersUrl: `${origin}/mc`,
    videoUrl: `${origin}/video`,
    loggingUrl: `${origin}/logging`,
    accountKey: seed.accountKey,
    loggingJwt,
    libraries: seed.libraries.map(({ id, name, key, readOnlyKey, jitEncoding }) => ({ id, name, key, readOnlyKey, jitEncoding: jitEncoding === true })),
    pullZones: seed.pullZones.map(({ id, name, loggingEnabled }) => ({ id, name, loggingEnabled })),
    dataDir,
    faults: { add: (r) => faults.add(r), list: () => faults.list(), reset: () => faults.reset() },
    uploads: {
      stats: () => video.uploadStats(),
      reset: () => video.resetUploadStats(),
      inspect: (libraryId, videoId) => video.inspect(libraryId, videoId),
    },
    logging: {
      requests: () => logging?.requests() ?? [],
      resetRequests: () => logging?.resetRequests(),
      inject: (zoneId, rows) => loggingArea().inject(zoneId, rows),
      served: (zoneId, query) => loggingArea().served(zoneId, query),
    },
    containers: {
      received: () => containers?.received() ?? [],
      receivedUpdates: () => containers?.receivedUpdates() ?? [],
      resetReceived: () => containers?.resetReceived(),
      setAppSuspended: (appId, suspended) => containers?.setAppSuspended(appId, suspended) ?? false,
      addDemoApps: () => containers?.addDemoApps() ?? [],
    },
    setSuspended: (suspended) => {
      ctx.accountSuspended = suspended;
    },
    close,
  };
}
