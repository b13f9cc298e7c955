/** Shapes of the platform HTTP client: areas, endpoints, credentials, requests and responses. */
import type { Readable } from 'node:stream';

/** The platform's API families; each has its own base URL and its own key. */
export type ApiArea = 'core' | 'containers' | 'video' | 'logging';

/** Base URLs of the areas, from the active profile (real platform or sandbox): the one schema in shared/. */
export type { Endpoints } from '../../../shared/settings/profiles.js';

/** Keys, supplied by the profiles layer; null when none is configured. */
export interface Credentials {
  accountKey(): Promise<string | null>;
  libraryKey(libraryId: number): Promise<string | null>;
  logging(): Promise<{ readonly kind: 'accessKey' } | { readonly kind: 'bearer'; readonly token: string }>;
}

/** One attempt as a verbose transcript shows it; every secret is already masked. */
export interface AttemptInfo {
  /** 1-based. */
  readonly attempt: number;
  readonly method: string;
  readonly url: string;
  readonly requestHeaders: Readonly<Record<string, string | string[]>>;
  readonly status?: number;
  readonly responseHeaders?: Readonly<Record<string, string | string[]>>;
  /** The failure below HTTP (reset, refused, timeout, cut-short body), with its code. */
  readonly error?: string;
  /** Whether another attempt follows, after `delayMs`. */
  readonly retry: boolean;
  readonly delayMs: number;
  readonly reason: string;
}

/** A request to one area of the platform. The key is chosen by area, never by the caller. */
export interface PlatformRequest {
  readonly area: ApiArea;
  readonly method: string;
  /** Starts with '/'; joined to the area's base URL and must stay under it. May carry its own query string. */
  readonly path: string;
  readonly query?: Readonly<Record<string, string | number | boolean | undefined>>;
  readonly json?: unknown;
  readonly body?: Readable | Buffer | string;
  readonly contentType?: string;
  /** Required for the video area: whose library key to send. */
  readonly libraryId?: number;
  /** Extra headers; credential headers among them are dropped. */
  readonly headers?: Readonly<Record<string, string>>;
  readonly signal?: AbortSignal;
  /** Deadline of each attempt of a small call (default 30 s). Not used when idleTimeoutMs is set. */
  readonly timeoutMs?: number;
  /** For streams: an attempt fails after this long without a byte going either way. */
  readonly idleTimeoutMs?: number;
  /** Default true; only idempotent methods (or `idempotent: true`) are ever retried. */
  readonly retry?: boolean;
  readonly idempotent?: boolean;
  /** Keep at most this many body bytes (the rest is read and dropped; `truncated` is set). Default 64 MiB. */
  readonly maxBodyBytes?: number;
  /**
   * Sees every body byte of every attempt, also past maxBodyBytes; `attempt` (1-based) changes when a
   * retry starts over, so a sink can restart. Called synchronously, in order, with the attempt's status and
   * headers (lower-case names; an error answer's body comes here too). A promise it returns is awaited before the next chunk is read, so a
   * slow sink holds the download back instead of piling chunks up.
   */
  onBodyChunk?(chunk: Buffer, attempt: number, status: number, headers: Readonly<Record<string, string>>): unknown;
  /** Called after every attempt, for `--verbose`. */
  onAttempt?(a: AttemptInfo): void;
}

/** A complete answer: any status, a whole (possibly capped) body. */
export interface PlatformResponse {
  readonly status: number;
  /** Lower-case names; repeated headers joined with ', '. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
  /** The body was longer than maxBodyBytes: only the first maxBodyBytes are kept. */
  readonly truncated: boolean;
  /** Parses the body as JSON (empty → null); throws AppFailure when it is not JSON. */
  json<T = unknown>(): T;
  /** The final URL, with secrets masked. */
  readonly url: string;
  readonly attempts: number;
  readonly timingMs: number;
}

/** The one HTTP client every feature uses. */
export interface PlatformClient {
  /** Never throws for HTTP statuses; throws AppFailure for network, timeout, cancel, cut-short body, cross-origin redirect, missing key. */
  send(req: PlatformRequest): Promise<PlatformResponse>;
  /** 2xx → parsed JSON (empty body → null); any other status → AppFailure with the mapped error. */
  json<T = unknown>(req: PlatformRequest): Promise<T>;
  /** Closes the connections this client opened (not a dispatcher passed in). */
  close(): Promise<void>;
}
