/**
 * The log filter model shared by the app and `burrow logs`: a list of chips, each one filter
 * on one field, optionally negated. Chips go to the platform as v2 parameters when v2 can say
 * them; the rest (every negated chip, and the keys v2 has no parameter for: host, referrer
 * host, user-agent family, URL pattern) is applied to loaded rows by matchesRecord.
 */
import { z } from 'zod';
import { isCacheStatusFilterValue } from './cache-status.js';
import { anonymizeIp, isIpv4, isIpv6, type LogAnonymization } from './ip.js';
import type { CdnLogRecord } from './log-record.js';
import { formatStatusFilters, matchesStatus, type StatusFilter } from './status-filter.js';
import { UA_FAMILY_NAMES, UA_KINDS, uaFamily, uaFamilyWord, type UaFamily } from './ua-family.js';
import { HOST_PATTERN, hostKey } from './url-host.js';
import { urlGroupKey } from './url-pattern.js';
import type { V2QueryInput } from './v2-query-string.js';
import { CONTAINS_MAX_LENGTH, SEARCH_MAX_TOKEN_LENGTH, SEARCH_MAX_TOKENS, type LogOrder } from './v2-query.js';

/** Chip keys, in the canonical order chips are kept and written in. */
export const FILTER_KEYS = [
  'status',
  'cache',
  'country',
  'pop',
  'ip',
  'url',
  'pattern',
  'host',
  'ua',
  'agent',
  'referer',
  'refererHost',
  'requestId',
  'originShield',
  'order',
  'search',
] as const;

/** The field a chip filters on. */
export type FilterKey = (typeof FILTER_KEYS)[number];

const statusValue = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('code'), code: z.number().int().min(100).max(599) }).readonly(),
  z.object({ kind: z.literal('class'), digit: z.number().int().min(1).max(5) }).readonly(),
]);
const list = <T extends z.ZodType>(item: T) => z.array(item).min(1).readonly();
const negated = z.boolean();
const containsText = z
  .string()
  .max(CONTAINS_MAX_LENGTH)
  .refine((s) => s.trim() !== '', 'must not be blank');

/** Two letters, any case (stored upper-case). */
export const COUNTRY_PATTERN = /^[A-Za-z]{2}$/;
/** An edge location code as the platform writes it, any case (stored upper-case). */
export const POP_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;
/** Hex of 1 to 32 digits, any case (stored lower-case): real ids lose their leading zeros. */
export const REQUEST_ID_PATTERN = /^[0-9a-fA-F]{1,32}$/;

/**
 * A user-agent family value in its canonical spelling: a kind (`browser`, `bot`, `tool`, `other`) in lower case or a
 * family name as the table writes it (`Chrome`, `Other bot`), any case typed; undefined when it is neither.
 */
export function canonicalAgent(value: string): string | undefined {
  const v = value.trim().toLowerCase();
  return UA_KINDS.find((k) => k === v) ?? UA_FAMILY_NAMES.find((n) => n.toLowerCase() === v);
}

/** One chip, validated (values in any case; addChip stores them in canonical case). */
export const logFilterChipSchema = z.discriminatedUnion('key', [
  z.object({ key: z.literal('status'), negated, values: list(statusValue) }).readonly(),
  z.object({ key: z.literal('cache'), negated, values: list(z.string().refine(isCacheStatusFilterValue, 'must be a cache status (one word)')) }).readonly(),
  z.object({ key: z.literal('country'), negated, values: list(z.string().regex(COUNTRY_PATTERN, 'must be an ISO 3166 alpha-2 code')) }).readonly(),
  z.object({ key: z.literal('pop'), negated, value: z.string().regex(POP_PATTERN, 'must be an edge location code') }).readonly(),
  z.object({ key: z.literal('ip'), negated, value: z.string().refine((s) => isIpv4(s) || isIpv6(s), 'must be an IPv4 or IPv6 address') }).readonly(),
  z.object({ key: z.literal('url'), negated, value: containsText }).readonly(),
  // A URL pattern as the Group URLs rule writes it (`https://cdn.example/v/{n}/thumb.jpg`): the rows whose URL it is.
  z.object({ key: z.literal('pattern'), negated, value: containsText }).readonly(),
  z.object({ key: z.literal('host'), negated, values: list(z.string().regex(HOST_PATTERN, 'must be a host name (no spaces, path or commas)')) }).readonly(),
  z.object({ key: z.literal('ua'), negated, value: containsText }).readonly(),
  z
    .object({ key: z.literal('agent'), negated, values: list(z.string().refine((v) => canonicalAgent(v) !== undefined, 'must be browser, bot, tool, other or a user-agent family name')) })
    .readonly(),
  z.object({ key: z.literal('referer'), negated, value: containsText }).readonly(),
  z.object({ key: z.literal('refererHost'), negated, values: list(z.string().regex(HOST_PATTERN, 'must be a host name (no spaces, path or commas)')) }).readonly(),
  z.object({ key: z.literal('requestId'), negated, value: z.string().regex(REQUEST_ID_PATTERN, 'must be hex of at most 32 digits') }).readonly(),
  // Settings rather than row tests: "not on" is "off", so they are never negated.
  z.object({ key: z.literal('originShield'), negated: z.literal(false), value: z.boolean() }).readonly(),
  z.object({ key: z.literal('order'), negated: z.literal(false), value: z.enum(['asc', 'desc']) }).readonly(),
  z
    .object({
      key: z.literal('search'),
      negated,
      values: list(z.string().min(1).max(SEARCH_MAX_TOKEN_LENGTH).regex(/^\S+$/, 'a search word has no spaces')).refine(
        (v) => v.length <= SEARCH_MAX_TOKENS,
        `must have at most ${SEARCH_MAX_TOKENS} words`,
      ),
    })
    .readonly(),
]);

/** One filter chip. */
export type LogFilterChip = z.infer<typeof logFilterChipSchema>;
/** A filter: chips in canonical order, at most one per key and sign. */
export type LogFilter = readonly LogFilterChip[];

/** The empty filter (every row matches). */
export const EMPTY_FILTER: LogFilter = [];

/** Validates a stored or typed filter and brings it to canonical form (merging repeated keys). */
export const logFilterSchema = z.array(logFilterChipSchema).transform((chips): LogFilter => normalizeFilter(chips));

/** Validates one chip from an untrusted source (a clicked value, a stored setting). */
export function parseChip(input: unknown): { readonly ok: true; readonly chip: LogFilterChip } | { readonly ok: false; readonly message: string } {
  const r = logFilterChipSchema.safeParse(input);
  if (r.success) return { ok: true, chip: canonicalChip(r.data) };
  const issue = r.error.issues[0];
  return { ok: false, message: issue === undefined ? 'invalid chip' : `${issue.path.map(String).join('.')}: ${issue.message}` };
}

/** Each value's identity within its chip (status as `5xx`/`404`), for merging and conflicts. */
export function chipValueIds(chip: LogFilterChip): readonly string[] {
  switch (chip.key) {
    case 'status':
      return chip.values.map((v) => formatStatusFilters([v]));
    case 'cache':
    case 'country':
    case 'host':
    case 'agent':
    case 'refererHost':
    case 'search':
      return chip.values;
    default:
      return [String(chip.value)];
  }
}

function dedupe<T>(items: readonly T[], id: (t: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((t) => (seen.has(id(t)) ? false : (seen.add(id(t)), true)));
}

/** Stores values in the case the platform writes them, without repeats. */
function canonicalChip(chip: LogFilterChip): LogFilterChip {
  switch (chip.key) {
    case 'status':
      return { ...chip, values: dedupe(chip.values, (v) => formatStatusFilters([v])) };
    case 'cache':
      return { ...chip, values: dedupe(chip.values, String) };
    case 'country':
      return { ...chip, values: dedupe(chip.values.map((v) => v.toUpperCase()), String) };
    case 'search':
      return { ...chip, values: dedupe(chip.values, String) };
    case 'host':
    case 'refererHost':
      return { ...chip, values: dedupe(chip.values.map((v) => v.toLowerCase()), String) };
    case 'agent':
      return { ...chip, values: dedupe(chip.values.map((v) => canonicalAgent(v) ?? v), String) };
    case 'pop':
      return { ...chip, value: chip.value.toUpperCase() };
    case 'requestId':
      return { ...chip, value: chip.value.toLowerCase() };
    case 'ip':
      return { ...chip, value: chip.value.trim() };
    default:
      return chip;
  }
}

/** The chip with only the values `keep` accepts, or undefined when none are left. */
function keepValues(chip: LogFilterChip, keep: (id: string) => boolean): LogFilterChip | undefined {
  switch (chip.key) {
    case 'status': {
      const values = chip.values.filter((v) => keep(formatStatusFilters([v])));
      return values.length === 0 ? undefined : { ...chip, values };
    }
    case 'cache':
    case 'country':
    case 'host':
    case 'agent':
    case 'refererHost':
    case 'search': {
      const values = (chip.values as readonly string[]).filter(keep);
      return values.length === 0 ? undefined : ({ ...chip, values } as LogFilterChip);
    }
    default:
      return keep(String(chip.value)) ? chip : undefined;
  }
}

function merge(old: LogFilterChip, add: LogFilterChip): LogFilterChip {
  if (old.key === 'status' && add.key === 'status') return canonicalChip({ ...old, values: [...old.values, ...add.values] });
  if (old.key === add.key && 'values' in old && 'values' in add) {
    return canonicalChip({ ...old, values: [...(old.values as readonly unknown[]), ...(add.values as readonly unknown[])] } as LogFilterChip);
  }
  return add;
}

function rank(chip: LogFilterChip): number {
  return FILTER_KEYS.indexOf(chip.key) * 2 + (chip.negated ? 1 : 0);
}

/**
 * Adds a chip. A chip of the same key and sign absorbs it: lists merge (keeping the first
 * order, no repeats), single values are replaced. A value is never both in and out, so the
 * same value is dropped from the opposite-sign chip. The chip must satisfy
 * logFilterChipSchema (use parseChip for untrusted values).
 */
export function addChip(filter: LogFilter, chip: LogFilterChip): LogFilter {
  const add = canonicalChip(chip);
  const ids = new Set(chipValueIds(add));
  const out: LogFilterChip[] = [];
  let merged = false;
  for (const old of filter) {
    if (old.key !== add.key) out.push(old);
    else if (old.negated === add.negated) {
      out.push(merge(old, add));
      merged = true;
    } else {
      const rest = keepValues(old, (id) => !ids.has(id));
      if (rest !== undefined) out.push(rest);
    }
  }
  if (!merged) out.push(add);
  return out.sort((a, b) => rank(a) - rank(b));
}

/** Canonical form of any list of valid chips: the result of adding them one by one. */
export function normalizeFilter(chips: readonly LogFilterChip[]): LogFilter {
  return chips.reduce<LogFilter>((f, c) => addChip(f, c), EMPTY_FILTER);
}

/** A v2 query for a filter and range, and the chips v2 cannot say. */
export interface V2FilterQuery {
  /** The parameters to send (add `limit` and `offset` for paging). */
  readonly query: V2QueryInput;
  /** Chips to apply to the returned rows with matchesRecord; empty when the platform did it all. */
  readonly localOnly: LogFilter;
}

/**
 * The literal start of a URL pattern after its scheme, up to its first placeholder or query: text every URL of the
 * pattern holds in its host and path, so a contains filter on it asks the platform for a superset of the pattern's
 * rows. Empty when the pattern has no scheme (the platform's host+path of such a URL is not known).
 */
function patternStem(pattern: string): string {
  const s = pattern.indexOf('://');
  if (s < 0) return '';
  const rest = pattern.slice(s + 3);
  const end = rest.search(/[{?]/);
  return end < 0 ? rest : rest.slice(0, end);
}

/**
 * The v2 parameters for a filter over a resolved range (UTC ms, `to` exclusive). v2 cannot say "not", so negated
 * chips, and host, referrer host, agent family and URL pattern (no v2 parameter), come back in `localOnly` for the
 * caller to apply to the loaded rows. A single such value may still narrow the query through an unused contains
 * parameter (text all its rows hold), so the platform sends a superset rather than every row.
 */
export function toV2Query(filter: LogFilter, range: { readonly from: number; readonly to: number }): V2FilterQuery {
  const q: {
    -readonly [K in keyof V2QueryInput]: V2QueryInput[K];
  } = { from: range.from, to: range.to };
  const localOnly: LogFilterChip[] = [];
  for (const chip of filter) {
    if (chip.negated) {
      localOnly.push(chip);
      continue;
    }
    switch (chip.key) {
      case 'status':
        q.status = chip.values.map((v) => formatStatusFilters([v]));
        break;
      case 'cache':
        q.cacheStatus = chip.values;
        break;
      case 'country':
        q.country = chip.values;
        break;
      case 'pop':
        q.edgeLocation = chip.value;
        break;
      case 'ip':
        q.remoteIp = chip.value;
        break;
      case 'url':
        q.urlContains = chip.value;
        break;
      case 'ua':
        q.userAgentContains = chip.value;
        break;
      case 'referer':
        q.refererContains = chip.value;
        break;
      case 'requestId':
        q.requestId = chip.value;
        break;
      case 'originShield':
        q.includeOriginShield = chip.value;
        break;
      case 'order':
        q.order = chip.value;
        break;
      case 'search':
        q.search = chip.values.join(' ');
        break;
      case 'host':
      case 'refererHost':
      case 'agent':
      case 'pattern':
        localOnly.push(chip);
        break;
    }
  }
  // Narrowing only after every sent chip is placed: a url/ua/referer chip of its own always wins the parameter.
  for (const chip of localOnly) {
    if (chip.negated) continue;
    const one = 'values' in chip && chip.values.length === 1 ? String(chip.values[0]) : null;
    if (chip.key === 'host' && one !== null) q.urlContains ??= one;
    else if (chip.key === 'refererHost' && one !== null) q.refererContains ??= one;
    else if (chip.key === 'agent' && one !== null) q.userAgentContains ??= uaFamilyWord(one) ?? undefined;
    else if (chip.key === 'pattern' && patternStem(chip.value).trim() !== '') q.urlContains ??= patternStem(chip.value);
  }
  return { query: q, localOnly };
}

/** How matchesRecord compares addresses. */
export interface MatchOptions {
  /**
   * The zone's address anonymization, as the platform compares `ip`: 0 (the default) at the
   * /24 or /64 the logs keep, 1 not at all (every address is dropped, so the platform ignores
   * the filter), null for whole addresses compared exactly.
   */
  readonly anonymization?: LogAnonymization | null;
}

/** `host/path?query` of a logged URL: what the URL filter and search look in (not the scheme). */
function hostAndPath(url: string): string {
  const i = url.indexOf('://');
  return i < 0 ? url : url.slice(i + 3);
}

function contains(haystack: string | null, needle: string): boolean {
  return haystack !== null && haystack.toLowerCase().includes(needle.toLowerCase());
}

/** Families of the user agents met so far: classifying one runs a few dozen patterns, and a log repeats its agents. */
const families = new Map<string, UaFamily>();
const FAMILY_MEMO_MAX = 20_000;

function familyOf(userAgent: string): UaFamily {
  let f = families.get(userAgent);
  if (f === undefined) {
    if (families.size >= FAMILY_MEMO_MAX) families.clear();
    f = uaFamily(userAgent);
    families.set(userAgent, f);
  }
  return f;
}

/**
 * Whether a URL is one of a pattern's (the Group URLs rule with ids as placeholders): the URL's own pattern is the
 * pattern. Query strings count only when the pattern has one (`?page=*`); otherwise the query is ignored.
 */
export function urlMatchesPattern(url: string, pattern: string): boolean {
  return urlGroupKey(url, { patterns: true, ignoreQuery: !pattern.includes('?') }) === pattern;
}

/** What search looks in: cache status, request id, edge location, host and path, user agent, referer. */
function searchable(r: CdnLogRecord): string {
  return `${r.cacheStatus ?? ''}\n${r.requestId ?? ''}\n${r.edgeLocation ?? ''}\n${hostAndPath(r.url)}\n${r.userAgent ?? ''}\n${r.referer ?? ''}`.toLowerCase();
}

function sameIp(recordIp: string | null, wanted: string, anonymization: LogAnonymization | null): boolean {
  if (recordIp === null) return false;
  if (anonymization === null) return recordIp.toLowerCase() === wanted.toLowerCase();
  return anonymizeIp(recordIp, 0) === anonymizeIp(wanted, 0);
}

/** Whether the record has what a chip names, ignoring its sign; undefined when a record cannot tell. */
function holds(chip: LogFilterChip, r: CdnLogRecord, anonymization: LogAnonymization | null): boolean | undefined {
  switch (chip.key) {
    case 'status':
      return matchesStatus(r.statusCode, chip.values as readonly StatusFilter[]);
    case 'cache':
      // Unknown statuses count as their own value; the filter's values are upper case.
      return r.cacheStatus !== null && chip.values.includes(r.cacheStatus.toUpperCase());
    case 'country':
      return r.countryCode !== null && chip.values.includes(r.countryCode.toUpperCase());
    case 'pop':
      return r.edgeLocation !== null && r.edgeLocation.toUpperCase() === chip.value;
    case 'ip':
      return anonymization === 1 ? undefined : sameIp(r.remoteIp, chip.value, anonymization);
    case 'url':
      return contains(hostAndPath(r.url), chip.value);
    case 'pattern':
      return urlMatchesPattern(r.url, chip.value);
    case 'host': {
      const h = hostKey(r.url);
      return h !== null && chip.values.includes(h);
    }
    case 'ua':
      return contains(r.userAgent, chip.value);
    case 'agent': {
      if (r.userAgent === null) return false;
      const f = familyOf(r.userAgent);
      return chip.values.some((v) => v === f.kind || v === f.name);
    }
    case 'referer':
      return contains(r.referer, chip.value);
    case 'refererHost': {
      const h = hostKey(r.referer);
      return h !== null && chip.values.includes(h);
    }
    case 'requestId':
      return r.requestId !== null && r.requestId.toLowerCase() === chip.value;
    case 'search': {
      const text = searchable(r);
      return chip.values.some((t) => text.includes(t.toLowerCase()));
    }
    case 'originShield':
    case 'order':
      // A record does not say whether an origin shield fetched it, and order is not a test.
      return undefined;
  }
}

/**
 * Whether one record passes every chip, by the platform's rules: contains, search and hosts case-insensitive, a
 * pattern whole and case-sensitive, list values OR-combined; a missing field never has what a chip names, and a
 * negated chip passes exactly what its plain form rejects. Chips a record cannot decide pass every record.
 */
export function matchesRecord(filter: LogFilter, record: CdnLogRecord, options: MatchOptions = {}): boolean {
  const anonymization = options.anonymization === undefined ? 0 : options.anonymization;
  for (const chip of filter) {
    const h = holds(chip, record, anonymization);
    if (h !== undefined && h === chip.negated) return false;
  }
  return true;
}

/** The order a filter asks for (the platform's default, newest first, when it names none). */
export function filterOrder(filter: LogFilter): LogOrder {
  const chip = filter.find((c) => c.key === 'order');
  return chip?.key === 'order' ? chip.value : 'desc';
}
