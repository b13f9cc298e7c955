/** Builds v2 query strings for a client, the inverse of parseV2Query. */
import type { LogOrder } from './v2-query.js';

/** What a client may ask for; times are UTC ms or ISO strings, lists are OR-combined. */
export interface V2QueryInput {
  readonly from?: number | string;
  readonly to?: number | string;
  /** Codes or classes: `404`, `5xx`. */
  readonly status?: readonly string[];
  readonly cacheStatus?: readonly string[];
  readonly country?: readonly string[];
  readonly edgeLocation?: string;
  readonly remoteIp?: string;
  readonly urlContains?: string;
  readonly userAgentContains?: string;
  readonly refererContains?: string;
  /** Space-separated tokens. */
  readonly search?: string;
  readonly requestId?: string;
  readonly includeOriginShield?: boolean;
  readonly limit?: number;
  readonly offset?: number;
  readonly order?: LogOrder;
}

function time(v: number | string): string {
  return typeof v === 'number' ? new Date(v).toISOString() : v;
}

/** The `name=value` pairs of a query, in a stable order, leaving out unset and empty values. */
export function v2QueryPairs(input: V2QueryInput): readonly (readonly [string, string])[] {
  const pairs: [string, string][] = [];
  const add = (name: string, value: string | undefined) => {
    if (value !== undefined && value !== '') pairs.push([name, value]);
  };
  add('from', input.from === undefined ? undefined : time(input.from));
  add('to', input.to === undefined ? undefined : time(input.to));
  add('status', input.status?.join(','));
  add('cacheStatus', input.cacheStatus?.join(','));
  add('country', input.country?.join(','));
  add('edgeLocation', input.edgeLocation);
  add('remoteIp', input.remoteIp);
  add('urlContains', input.urlContains);
  add('userAgentContains', input.userAgentContains);
  add('refererContains', input.refererContains);
  add('search', input.search);
  add('requestId', input.requestId);
  add('includeOriginShield', input.includeOriginShield === undefined ? undefined : String(input.includeOriginShield));
  add('limit', input.limit === undefined ? undefined : String(input.limit));
  add('offset', input.offset === undefined ? undefined : String(input.offset));
  add('order', input.order);
  return pairs;
}

/** The encoded query string (without `?`) for a query. */
export function formatV2Query(input: V2QueryInput): string {
  return v2QueryPairs(input)
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join('&');
}
