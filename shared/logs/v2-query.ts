/** The v2 query parameters: a zod schema that validates them and resolves defaults. */
import { z } from 'zod';
import { isIpv4, isIpv6 } from './ip.js';
import { parseStatusFilters, type StatusFilter } from './status-filter.js';

/** How long the platform keeps logs. */
export const LOG_RETENTION_MS = 3 * 24 * 60 * 60 * 1000;
/** Span `from` covers when only `to` (or nothing) is given. */
export const V2_DEFAULT_SPAN_MS = 24 * 60 * 60 * 1000;
export const V2_LIMIT_DEFAULT = 100;
export const V2_LIMIT_MAX = 10_000;
export const SEARCH_MAX_TOKENS = 16;
export const SEARCH_MAX_TOKEN_LENGTH = 128;
/** Our own cap on the substring filters, so a pathological URL cannot be sent. */
export const CONTAINS_MAX_LENGTH = 2048;

/** Sort order by timestamp. */
export type LogOrder = 'asc' | 'desc';

/** A validated v2 query with every default resolved; lists and texts are null when not filtered. */
export interface LogQuery {
  /** Inclusive, UTC ms. */
  readonly from: number;
  /** Exclusive, UTC ms. */
  readonly to: number;
  readonly status: readonly StatusFilter[] | null;
  /** Upper-case. */
  readonly cacheStatus: readonly string[] | null;
  /** Upper-case ISO alpha-2. */
  readonly country: readonly string[] | null;
  /** Upper-case. */
  readonly edgeLocation: string | null;
  readonly remoteIp: string | null;
  /** The three substring filters, lower-case (matching is case-insensitive). */
  readonly urlContains: string | null;
  readonly userAgentContains: string | null;
  readonly refererContains: string | null;
  /** Lower-case tokens; a row matches when any token is found. */
  readonly search: readonly string[] | null;
  /** Lower-case. */
  readonly requestId: string | null;
  readonly includeOriginShield: boolean;
  readonly limit: number;
  readonly offset: number;
  readonly order: LogOrder;
}

type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly message: string };
const good = <T>(value: T): Parsed<T> => ({ ok: true, value });
const bad = (message: string): Parsed<never> => ({ ok: false, message });

const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|z|[+-]\d{2}:?\d{2}|\s\d{2}:?\d{2})?$/;

/**
 * Parses an ISO 8601 date-time (UTC when no zone is given; a date alone means midnight).
 * A `+hh:mm` offset whose `+` a query string turned into a space is read as `+`.
 */
export function parseDateTime(text: string): number | undefined {
  const m = DATE_TIME.exec(text.trim());
  if (m === null) return undefined;
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '', zone = 'Z'] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return undefined;
  const base = Date.UTC(year, month - 1, day, Number(h), Number(mi), Number(s), Number(frac.padEnd(3, '0').slice(0, 3)));
  const check = new Date(base);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return undefined;
  if (zone === 'Z' || zone === 'z') return base;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.replace(/[^\d]/g, '');
  const offsetMin = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4));
  if (offsetMin > 18 * 60) return undefined;
  return base - sign * offsetMin * 60_000;
}

function list(text: string, pattern: RegExp, what: string): Parsed<string[]> {
  const items = text.split(',').map((t) => t.trim()).filter((t) => t !== '');
  if (items.length === 0) return bad(`must list at least one ${what}`);
  const wrong = items.find((t) => !pattern.test(t));
  if (wrong !== undefined) return bad(`"${wrong.slice(0, 32)}" is not a valid ${what}`);
  return good(items.map((t) => t.toUpperCase()));
}

function integer(text: string, min: number, max: number): Parsed<number> {
  const n = /^\s*\d+\s*$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) return bad(`must be an integer from ${min} to ${max}`);
  return good(n);
}

function contains(text: string): Parsed<string> {
  if (text.length > CONTAINS_MAX_LENGTH) return bad(`must be at most ${CONTAINS_MAX_LENGTH} characters`);
  return good(text.toLowerCase());
}

/** Field parsers by parameter name; each turns the raw text into its typed value or a message. */
const PARSERS = {
  from: (t: string): Parsed<number> => {
    const v = parseDateTime(t);
    return v === undefined ? bad(`"${t.slice(0, 40)}" is not an ISO 8601 date-time`) : good(v);
  },
  to: (t: string): Parsed<number> => {
    const v = parseDateTime(t);
    return v === undefined ? bad(`"${t.slice(0, 40)}" is not an ISO 8601 date-time`) : good(v);
  },
  status: (t: string): Parsed<readonly StatusFilter[]> => {
    const r = parseStatusFilters(t);
    return r.ok ? good(r.filters) : bad(r.message);
  },
  cacheStatus: (t: string) => list(t, /^(?:[A-Za-z_]{1,32}|-)$/, 'cache status'),
  country: (t: string) => list(t, /^[A-Za-z]{2}$/, 'ISO 3166 alpha-2 country code'),
  edgeLocation: (t: string): Parsed<string> =>
    /^[A-Za-z0-9_-]{1,32}$/.test(t.trim()) ? good(t.trim().toUpperCase()) : bad(`"${t.slice(0, 32)}" is not an edge location code`),
  remoteIp: (t: string): Parsed<string> =>
    isIpv4(t.trim()) || isIpv6(t.trim()) ? good(t.trim()) : bad(`"${t.slice(0, 48)}" is not an IPv4 or IPv6 address`),
  urlContains: contains,
  userAgentContains: contains,
  refererContains: contains,
  search: (t: string): Parsed<readonly string[]> => {
    const tokens = t.split(/\s+/).filter((x) => x !== '');
    if (tokens.length > SEARCH_MAX_TOKENS) return bad(`must have at most ${SEARCH_MAX_TOKENS} tokens, found ${tokens.length}`);
    if (tokens.some((x) => x.length > SEARCH_MAX_TOKEN_LENGTH)) return bad(`tokens must be at most ${SEARCH_MAX_TOKEN_LENGTH} characters`);
    return good(tokens.map((x) => x.toLowerCase()));
  },
  requestId: (t: string): Parsed<string> =>
    /^[0-9a-fA-F]{32}$/.test(t.trim()) ? good(t.trim().toLowerCase()) : bad('must be 32 hex characters'),
  includeOriginShield: (t: string): Parsed<boolean> => {
    const v = t.trim().toLowerCase();
    if (v === 'true' || v === '1') return good(true);
    if (v === 'false' || v === '0') return good(false);
    return bad('must be true or false');
  },
  limit: (t: string) => integer(t, 1, V2_LIMIT_MAX),
  offset: (t: string) => integer(t, 0, Number.MAX_SAFE_INTEGER),
  order: (t: string): Parsed<LogOrder> => {
    const v = t.trim().toLowerCase();
    return v === 'asc' || v === 'desc' ? good(v) : bad('must be asc or desc');
  },
} as const;

type Parsers = typeof PARSERS;
type ParamName = keyof Parsers;
type ParsedValue<K extends ParamName> = ReturnType<Parsers[K]> extends Parsed<infer T> ? T : never;

/** Every v2 query parameter name. */
export const V2_QUERY_PARAMS = Object.keys(PARSERS) as readonly ParamName[];

function param<K extends ParamName>(name: K) {
  // An empty value (`?status=`) counts as absent, as most clients send unset filters that way.
  return z
    .string()
    .optional()
    .transform((raw, ctx): ParsedValue<K> | undefined => {
      if (raw === undefined || raw.trim() === '') return undefined;
      const r = PARSERS[name](raw) as Parsed<ParsedValue<K>>;
      if (r.ok) return r.value;
      ctx.addIssue({ code: 'custom', message: r.message });
      return z.NEVER;
    });
}

const rawShape = Object.fromEntries(V2_QUERY_PARAMS.map((n) => [n, param(n)])) as {
  [K in ParamName]: ReturnType<typeof param<K>>;
};

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The v2 query schema for a given "now": takes the raw parameters (name → text; unknown names
 * are ignored) and yields a LogQuery. `to` defaults to now, `from` to `to − 24h` (clamped into the
 * retention window when defaulted); an explicit `from` must lie in the window and `to − from`
 * must not exceed 3 days.
 */
export function createV2QuerySchema(nowMs: number) {
  return z.object(rawShape).transform((p, ctx): LogQuery => {
    const windowStart = nowMs - LOG_RETENTION_MS;
    const to = p.to ?? nowMs;
    const from = p.from ?? Math.max(to - V2_DEFAULT_SPAN_MS, Math.min(windowStart, to - 1));
    if (p.from !== undefined && from < windowStart) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: `must be inside the 3-day retention window (not before ${iso(windowStart)})` });
    }
    if (from >= to) ctx.addIssue({ code: 'custom', path: ['from'], message: `must be before to (${iso(to)})` });
    else if (to - from > LOG_RETENTION_MS) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must be at most 3 days after from' });
    return {
      from,
      to,
      status: p.status ?? null,
      cacheStatus: p.cacheStatus ?? null,
      country: p.country ?? null,
      edgeLocation: p.edgeLocation ?? null,
      remoteIp: p.remoteIp ?? null,
      urlContains: p.urlContains ?? null,
      userAgentContains: p.userAgentContains ?? null,
      refererContains: p.refererContains ?? null,
      search: p.search !== undefined && p.search.length > 0 ? p.search : null,
      requestId: p.requestId ?? null,
      includeOriginShield: p.includeOriginShield ?? false,
      limit: p.limit ?? V2_LIMIT_DEFAULT,
      offset: p.offset ?? 0,
      order: p.order ?? 'desc',
    };
  });
}

/** Outcome of parseV2Query: the query, or one `param: rule` line per failed rule. */
export type V2QueryResult =
  | { readonly ok: true; readonly query: LogQuery }
  | { readonly ok: false; readonly details: readonly string[] };

/** Validates raw query parameters against the v2 rules; never throws. */
export function parseV2Query(params: Readonly<Record<string, string | undefined>>, nowMs: number): V2QueryResult {
  const r = createV2QuerySchema(nowMs).safeParse(params);
  if (r.success) return { ok: true, query: r.data };
  return { ok: false, details: r.error.issues.map((i) => `${i.path.map(String).join('.') || 'query'}: ${i.message}`) };
}
