/**
 * The log filter model shared by the app and `burrow logs`: a list of chips, each one filter
 * on one field, optionally negated. Chips go to the platform as v2 parameters when v2 can say
 * them; the rest (every negated chip, and the keys v2 has no parameter for: host, referrer
 * host, user-agent family, URL pattern) is applied to loaded rows by matchesRecord (filter-match.ts).
 */
import { formatStatusFilters, type StatusFilter } from './status-filter.js';
import { UA_FAMILY_NAMES, UA_KINDS, uaFamilyWord } from './ua-family.js';
import type { V2QueryInput } from './v2-query-string.js';
import type { LogOrder } from './v2-query.js';

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

type One<K extends FilterKey, V> = { readonly key: K; readonly negated: boolean; readonly value: V };
type Many<K extends FilterKey, V> = { readonly key: K; readonly negated: boolean; readonly values: readonly V[] };

/**
 * One filter chip, its values as parseFilterText checks them (any case; addChip stores them in canonical case). A
 * pattern is a URL pattern as the Group URLs rule writes it (`https://cdn.example/v/{n}/thumb.jpg`). Origin shield
 * and order are settings rather than row tests: "not on" is "off", so they are never negated.
 */
export type LogFilterChip =
  | Many<'status', StatusFilter>
  | Many<'cache' | 'country' | 'host' | 'agent' | 'refererHost' | 'search', string>
  | One<'pop' | 'ip' | 'url' | 'pattern' | 'ua' | 'referer' | 'requestId', string>
  | { readonly key: 'originShield'; readonly negated: false; readonly value: boolean }
  | { readonly key: 'order'; readonly negated: false; readonly value: LogOrder };
/** A filter: chips in canonical order, at most one per key and sign. */
export type LogFilter = readonly LogFilterChip[];

/** The empty filter (every row matches). */
export const EMPTY_FILTER: LogFilter = [];

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
 * same value is dropped from the opposite-sign chip. The chip's values must
 * pass parseFilterText's checks.
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
