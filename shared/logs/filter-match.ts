/** Whether a loaded row passes a filter's chips, by the platform's rules (the chips v2 could not say, or all of them). */
import { anonymizeIp, type LogAnonymization } from './ip.js';
import type { CdnLogRecord } from './log-record.js';
import type { LogFilter, LogFilterChip } from './filter.js';
import { matchesStatus, type StatusFilter } from './status-filter.js';
import { uaFamily, type UaFamily } from './ua-family.js';
import { hostKey } from './url-host.js';
import { urlGroupKey } from './url-pattern.js';

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
