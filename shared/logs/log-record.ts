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
 * null or missing in v2) are null here. Only the time, pull zone, status code and bytes sent
 * are always there: the platform may send a row without a request id, cache status, edge
 * location or any part of the URL.
 */
export interface CdnLogRecord {
  /** UTC UNIX milliseconds. */
  readonly timestampMs: number;
  readonly pullZoneId: number;
  /** Hex as the platform sent it: 32 characters, or fewer when it dropped leading zeros; null when absent. */
  readonly requestId: string | null;
  /** As the platform sent it, also when Burrow has no words for it; null when absent. */
  readonly cacheStatus: CacheStatus | null;
  readonly statusCode: number;
  /** Bytes sent to the client, headers included. */
  readonly bytesSent: number;
  /** Client address, already anonymized by the platform. */
  readonly remoteIp: string | null;
  /** ISO 3166 alpha-2. */
  readonly countryCode: string | null;
  /** POP code of the edge that answered, e.g. `DE`, `WA`; null when absent. */
  readonly edgeLocation: string | null;
  /**
   * `scheme://host/path?query`: as sent, else built from the parts that came (see urlFromParts); empty when the
   * platform sent neither a URL nor a host or path.
   */
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

/**
 * The URL of a row whose `url` came null, from the parts that did come: `scheme://host/path` with a missing scheme
 * read as https and a missing path as nothing; just the path when there is no host; empty when neither came.
 */
export function urlFromParts(scheme: string | null, host: string | null, path: string | null): string {
  if (host !== null && host !== '') return `${(scheme ?? 'https').toLowerCase()}://${host}${path ?? ''}`;
  return path ?? '';
}

/** Joins scheme, host and path as v2's `url` field does. */
export function joinUrl(parts: UrlParts): string {
  return `${parts.scheme}://${parts.host}${parts.path}`;
}
