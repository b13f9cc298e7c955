/** The CDN log entry model shared by the v1 line format, the v2 JSON entry and the app. */
import type { CacheStatus } from './cache-status.js';

/** Fields only present with extended logging (enabled by support): 15-field v1 lines. */
export interface ExtendedLogFields {
  /** Body bytes sent, without headers. */
  readonly bodyBytesSent: number;
  /** The request's Range header, null when absent. */
  readonly contentRange: string | null;
  /** The request's Authorization header, null when absent. */
  readonly authorizationHeader: string | null;
}

/**
 * One CDN request as both log versions carry it. Absent values (written `-` in v1 and
 * null or missing in v2) are null here.
 */
export interface CdnLogRecord {
  /** UTC UNIX milliseconds. */
  readonly timestampMs: number;
  readonly pullZoneId: number;
  /** 32 hex characters. */
  readonly requestId: string;
  readonly cacheStatus: CacheStatus;
  readonly statusCode: number;
  /** Bytes sent to the client, headers included. */
  readonly bytesSent: number;
  /** Client address, already anonymized by the platform. */
  readonly remoteIp: string | null;
  /** ISO 3166 alpha-2. */
  readonly countryCode: string | null;
  /** POP code of the edge that answered, e.g. `DE`, `WA`. */
  readonly edgeLocation: string;
  /** `scheme://host/path?query`. */
  readonly url: string;
  readonly userAgent: string | null;
  readonly referer: string | null;
  readonly extended?: ExtendedLogFields;
}

/** The parts v2 reports separately; `path` keeps the query string. */
export interface UrlParts {
  readonly scheme: 'http' | 'https';
  readonly host: string;
  readonly path: string;
}

const URL_PARTS = /^(https?):\/\/([^/?#]*)(.*)$/i;

/** Splits a logged URL into scheme, host and path (undefined when it has no http(s) scheme). */
export function splitUrl(url: string): UrlParts | undefined {
  const m = URL_PARTS.exec(url);
  if (m === null) return undefined;
  const scheme = (m[1] ?? '').toLowerCase() === 'https' ? 'https' : 'http';
  const rest = m[3] ?? '';
  return { scheme, host: m[2] ?? '', path: rest === '' ? '/' : rest };
}

/** Joins scheme, host and path as v2's `url` field does. */
export function joinUrl(parts: UrlParts): string {
  return `${parts.scheme}://${parts.host}${parts.path}`;
}
