/** Test harness: the logging area alone on a loopback server, with a fake clock and the demo seed. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SandboxContext, SandboxOptions, SeedData } from '../../context.js';
import { signJwt } from '../../jwt.js';
import { createSeed } from '../../seed.js';
import { createLoggingArea, type LoggingAreaOptions } from '../index.js';

/** Noon UTC, so "three days ago" falls mid-day and retention edges are easy to reason about. */
export const BASE_TIME = Date.UTC(2026, 4, 9, 12, 0, 0);

/** A running logging area. */
export interface LoggingHarness {
  /** Base URL of the area, i.e. origin + '/logging'. */
  readonly url: string;
  readonly ctx: SandboxContext;
  readonly seed: SeedData;
  /** The fake clock; set `clock.now` to move time. */
  readonly clock: { now: number };
  /** Headers carrying the account key. */
  readonly auth: Record<string, string>;
  /** A zone with logging enabled (the website zone). */
  readonly zoneId: number;
  /** Fetches a path under the area with the account key (unless headers say otherwise). */
  get(path: string, headers?: Record<string, string>): Promise<Response>;
  /** Signs a bearer token with the sandbox's secret, valid for an hour from the fake now. */
  token(lifetimeSeconds?: number): string;
  close(): Promise<void>;
}

/** Options of startLogging: sandbox options to override, area tuning, and seed edits. */
export interface HarnessOptions extends LoggingAreaOptions {
  readonly seed?: number;
  readonly now?: number;
  readonly liveTraffic?: boolean;
  readonly logRateLimit?: SandboxOptions['logRateLimit'];
  readonly editSeed?: (seed: SeedData) => SeedData;
  /** Answer with the schema's variety (default off: these harnesses check exact answers). */
  readonly realism?: boolean;
}

/** Starts the logging area on 127.0.0.1:0; close() it in afterEach. */
export async function startLogging(options: HarnessOptions = {}): Promise<LoggingHarness> {
  const clock = { now: options.now ?? BASE_TIME };
  const seedNumber = options.seed ?? 1;
  const base = createSeed(seedNumber);
  const seed = options.editSeed ? options.editSeed(base) : base;
  let origin = '';
  const ctx: SandboxContext = {
    options: {
      seed: seedNumber,
      appLimit: 100,
      fetchQueueLimit: 5,
      processingStepMs: 1000,
      logRateLimit: options.logRateLimit ?? { requests: 1000, windowMs: 10_000 },
      liveTraffic: options.liveTraffic ?? true,
      now: () => clock.now,
      discardUploads: false,
      realism: options.realism ?? false,
    },
    seed,
    dataDir: '',
    origin: () => origin,
    accountSuspended: false,
  };
  const area = createLoggingArea(ctx, { entriesPerDay: options.entriesPerDay ?? 800 });
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const handled = url.pathname.startsWith('/logging/')
      ? area.handle(req, res, url.pathname.slice('/logging'.length), url.searchParams)
      : Promise.resolve(false);
    handled.then(
      (done) => {
        if (!done) {
          res.writeHead(404);
          res.end();
        }
      },
      () => res.destroy(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const zone = seed.pullZones.find((z) => z.loggingEnabled);
  if (zone === undefined) throw new Error('seed has no zone with logging');
  const auth = { AccessKey: seed.accountKey };
  return {
    url: `${origin}/logging`,
    ctx,
    seed,
    clock,
    auth,
    zoneId: zone.id,
    get: (path, headers) => fetch(`${origin}/logging${path}`, { headers: headers ?? auth }),
    token: (lifetimeSeconds = 3600) => {
      const iat = Math.floor(clock.now / 1000);
      return signJwt({ sub: 'logging-test', iat, exp: iat + lifetimeSeconds }, seed.jwtSecret);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** `MM-DD-YY` of the UTC day `daysAgo` days before `ms`. */
export function v1Day(ms: number, daysAgo = 0): string {
  const d = new Date(ms - daysAgo * 86_400_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}-${two(d.getUTCFullYear() % 100)}`;
}
