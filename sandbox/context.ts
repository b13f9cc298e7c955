/** Shared shapes of the sandbox: options, seeded demo data, and the handler signature every area implements. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SavedState } from './state.js';

/** Options accepted by startSandbox() and `npm run sandbox`. */
export interface SandboxOptions {
  /** TCP port; 0 or absent picks a free one. */
  readonly port?: number;
  /** Interface to bind; defaults to 127.0.0.1. */
  readonly host?: string;
  /** Folder for uploaded files and TUS parts; a fresh temp dir when absent. */
  readonly dataDir?: string;
  /**
   * Keep the account (apps, videos' size and hash, collections, pull-zone edits, DNS zones) in `dataDir` and
   * load it on start, so it survives restarts (default false: every start is the seed's fresh account).
   * Needs `dataDir`.
   */
  readonly persist?: boolean;
  /** Where the sandbox reports trouble that is not an answer (a damaged state file); stderr by default. */
  readonly log?: (line: string) => void;
  /** Seed for the deterministic demo data and generated traffic. */
  readonly seed?: number;
  /** Container applications allowed per account before POST /apps answers 409 (default 100). */
  readonly appLimit?: number;
  /** Remote fetches that may be queued before POST …/videos/fetch answers 429 (default 5). */
  readonly fetchQueueLimit?: number;
  /** Answer POST …/videos/fetch with the documented StatusModel only, without the new video's `id` (default false). */
  readonly fetchReplyWithoutId?: boolean;
  /** Milliseconds each video processing step takes (uploaded → processing → transcoding → finished); default 1000. */
  readonly processingStepMs?: number;
  /**
   * Milliseconds a container app stays `progressing` after deploy, undeploy, restart or a change while deployed,
   * before it settles (active with its instances, or inactive); default 3000. The status is computed from the
   * clock (`now`), so a test with a fake clock moves it by advancing the clock.
   */
  readonly appTransitionMs?: number;
  /** CDN log requests allowed per pull zone per window (default 30 per 10 s). */
  readonly logRateLimit?: { readonly requests: number; readonly windowMs: number };
  /**
   * Start a fresh account with the demo apps (running, each with a CDN endpoint whose pull zone carries traffic,
   * one failing 4 % of its requests with a 5xx); default false: a fresh account has no apps.
   */
  readonly demoApps?: boolean;
  /** Emit a live trickle of new log entries (default true). */
  readonly liveTraffic?: boolean;
  /** The clock; tests pass a fake one. */
  readonly now?: () => number;
  /**
   * Count and hash upload bodies (PUT and TUS PATCH) without writing them to disk, so a benchmark
   * measures the client rather than the sandbox's disk (default false).
   */
  readonly discardUploads?: boolean;
  /**
   * Answer with the variety the real platform's schemas allow, at a low, seeded rate: nullable fields as
   * null, values beyond the documented enums, keys the client does not know, empty pages as `data: null`,
   * 429 without Retry-After, a just-in-time encoding library (default true; `--no-realism` turns it off
   * for tests that need exact answers).
   */
  readonly realism?: boolean;
}

/** A video library of the demo account. */
export interface SeedLibrary {
  readonly id: number;
  readonly name: string;
  readonly key: string;
  readonly readOnlyKey: string;
  readonly pullZoneId: number;
  readonly storageZoneId: number;
  /** Encodes just in time: with realism on, an upload goes through 7 (segmenting) to 8 (playlists made) instead of 4. */
  readonly jitEncoding?: boolean;
}

/** A pull zone of the demo account. */
export interface SeedPullZone {
  readonly id: number;
  readonly name: string;
  readonly hostname: string;
  readonly originUrl: string;
  readonly loggingEnabled: boolean;
  /** 0 = remove last octet, 1 = drop all. */
  readonly logAnonymizationType: 0 | 1;
}

/** A video collection seeded in a library, so a fresh sandbox has one to show. */
export interface SeedCollection {
  readonly libraryId: number;
  readonly guid: string;
  readonly name: string;
}

export interface SeedStorageZone {
  readonly id: number;
  readonly name: string;
  readonly region: string;
  readonly password: string;
  readonly readOnlyPassword: string;
}

export interface SeedDnsZone {
  readonly id: number;
  readonly domain: string;
}

export interface SeedRegistry {
  readonly id: number;
  readonly displayName: string;
  readonly hostName: string;
  readonly isPublic: boolean;
}

export interface SeedRegion {
  readonly id: string;
  readonly name: string;
  readonly group: string;
  readonly hasAnycastSupport: boolean;
  readonly hasCapacity: boolean;
}

/** Everything generated from the seed; areas read it and keep their own mutable state beside it. */
export interface SeedData {
  /** The account's user id (a GUID), independent of every key. */
  readonly userId: string;
  readonly accountKey: string;
  /** HMAC secret used to sign and verify logging bearer JWTs. */
  readonly jwtSecret: string;
  readonly libraries: readonly SeedLibrary[];
  readonly collections: readonly SeedCollection[];
  readonly pullZones: readonly SeedPullZone[];
  readonly storageZones: readonly SeedStorageZone[];
  readonly dnsZones: readonly SeedDnsZone[];
  readonly registries: readonly SeedRegistry[];
  readonly regions: readonly SeedRegion[];
}

/** What one running sandbox shares with its area handlers. */
export interface SandboxContext {
  readonly options: Required<Omit<SandboxOptions, 'dataDir' | 'host' | 'port' | 'fetchReplyWithoutId' | 'persist' | 'log' | 'appTransitionMs' | 'demoApps'>> &
    Pick<SandboxOptions, 'fetchReplyWithoutId' | 'persist' | 'appTransitionMs' | 'demoApps'>;
  readonly seed: SeedData;
  readonly dataDir: string;
  /** The account saved by an earlier run (persist on and a readable state file); areas start from it. */
  readonly saved?: SavedState | undefined;
  /** Tells the sandbox its account changed outside a request (a video's processing step), so it is saved. */
  changed?(): void;
  /** Origin the server listens on, e.g. http://127.0.0.1:41234 (set once listening). */
  origin(): string;
  /** Account suspended: containers answer 403, logging 403. Toggled through the admin route. */
  accountSuspended: boolean;
  /** A library's videos that play (set by the video area); the logging area's traffic follows them. */
  playable?(libraryId: number): readonly PlayableVideo[];
  /** The pull zones of the apps' CDN endpoints (set by the containers area). */
  appZones?(): readonly AppZone[];
}

/** A video that plays from its library's pull zone from `readyAt` on, in the renditions it was encoded to. */
export interface PlayableVideo {
  readonly guid: string;
  readonly readyAt: number;
  /** Rendition heights, e.g. [360, 720]. */
  readonly heights: readonly number[];
}

/** The pull zone a Magic Containers CDN endpoint names, with what its traffic looks like. */
export interface AppZone extends SeedPullZone {
  readonly appId: string;
  /** Traffic starts here (-Infinity for an app the sandbox started with). */
  readonly since: number;
  /** Share of requests the app answers with a 5xx. */
  readonly rate5xx: number;
}

/** Every pull zone of the account: the seed's and those of the apps' CDN endpoints (a seed zone wins an id). */
export function pullZonesOf(ctx: SandboxContext): readonly SeedPullZone[] {
  const apps = ctx.appZones?.() ?? [];
  if (apps.length === 0) return ctx.seed.pullZones;
  const seeded = new Set(ctx.seed.pullZones.map((z) => z.id));
  return [...ctx.seed.pullZones, ...apps.filter((z) => !seeded.has(z.id))];
}

/**
 * An area's request handler. `path` is the request path with the area's prefix removed
 * (for example `/apps/abc` under `/mc`), `query` the parsed query string.
 * Resolve true when the request was answered, false to let the dispatcher answer 404.
 */
export type AreaHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  query: URLSearchParams,
) => Promise<boolean>;

/** An area module: built once per sandbox, closed on shutdown. */
export interface Area {
  readonly handle: AreaHandler;
  close?(): Promise<void> | void;
}
