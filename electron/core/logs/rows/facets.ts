/**
 * Facets with counts over the matching rows, for the facets panel and `burrow logs --facets`: per value of each
 * facet its requests, share, bytes, hit ratio and the filter text that picks exactly its rows. One pass over the
 * rows; dictionary-coded columns are counted by code, URLs and referers decoded once per row and worked out once
 * per distinct value.
 */
import { FACET_NAMES, type FacetName, type FacetValue, type FacetsQuery, type LogFacets } from '../../../../shared/contract/logs.js';
import { isCacheStatusFilterValue, NO_CACHE_STATUS } from '../../../../shared/logs/cache-status.js';
import { canonicalAgent, COUNTRY_PATTERN, POP_PATTERN, type LogFilterChip } from '../../../../shared/logs/filter.js';
import { formatChip } from '../../../../shared/logs/filter-text.js';
import { uaFamily, uaFamilyKey } from '../../../../shared/logs/ua-family.js';
import { HOST_PATTERN, hostOf } from '../../../../shared/logs/url-host.js';
import { urlGroupKey, type UrlGrouping } from '../../../../shared/logs/url-pattern.js';
import { CONTAINS_MAX_LENGTH } from '../../../../shared/logs/v2-query.js';
import { hitKind, STATUS_CLASSES } from './aggregate.js';
import type { RowsView } from './types.js';

/** The key of rows that have no value for a facet (no cache status, no country, no referer…). */
export const NO_VALUE = NO_CACHE_STATUS;

/** How many values each facet lists unless asked otherwise, and at most when one facet is listed in full. */
export const FACET_TOP = 10;
export const FACET_ALL_MAX = 1000;

/** Facets group URLs by pattern (the Group URLs rule), query strings left out. */
export const FACET_URL_GROUPING: UrlGrouping = { patterns: true, ignoreQuery: true };

/** Rows as facets read them: a RowsView plus the user-agent dictionary. */
export interface FacetRows extends RowsView {
  userAgentCode(i: number): number;
  userAgentName(code: number): string;
  readonly userAgentCount: number;
  readonly countryCount: number;
  readonly edgeCount: number;
}

/** Requests, bytes and hit-ratio counts per slot (a code, a distinct URL…), grown as slots appear. */
class Tally {
  requests: number[] = [];
  bytes: number[] = [];
  hits: number[] = [];
  counted: number[] = [];
  ensure(n: number): void {
    while (this.requests.length < n) {
      this.requests.push(0);
      this.bytes.push(0);
      this.hits.push(0);
      this.counted.push(0);
    }
  }
  add(slot: number, bytes: number, hit: number): void {
    this.requests[slot]! += 1;
    this.bytes[slot]! += bytes;
    if (hit !== 0) {
      this.counted[slot]! += 1;
      if (hit === 2) this.hits[slot]! += 1;
    }
  }
}

/** The filter that picks a value, and whether it picks exactly that value's rows. */
interface ValueFilter {
  readonly filter: string | null;
  readonly exact: boolean;
}

/** A value a slot counts under, with its filter worked out only for the values listed. */
interface Value {
  readonly key: string;
  readonly pick: () => ValueFilter;
}

/** One value as gathered, before ranking. */
interface Group extends Value {
  requests: number;
  bytes: number;
  hits: number;
  counted: number;
}

/** Where a URL's query string or fragment starts; -1 when it has neither. */
function queryStart(url: string): number {
  for (let k = 0; k < url.length; k++) {
    const c = url.charCodeAt(k);
    if (c === 63 /* ? */ || c === 35 /* # */) return k;
  }
  return -1;
}

/** The host of a URL, as the host facets group it (shared with the host filters, in shared/logs/url-host.ts). */
export { hostOf };

const chipText = (chip: LogFilterChip): string => formatChip(chip);
/** A `url:` contains filter, or null when the text is too long or blank for one. */
function urlContainsFilter(value: string): string | null {
  if (value.trim() === '' || value.length > CONTAINS_MAX_LENGTH) return null;
  return chipText({ key: 'url', negated: false, value });
}

/** A `host:` or `referer-host:` filter for a host in lower case, or null when no filter value can hold it. */
function hostFilter(key: 'host' | 'refererHost', host: string): ValueFilter {
  return HOST_PATTERN.test(host) ? { filter: chipText({ key, negated: false, values: [host] }), exact: true } : { filter: null, exact: false };
}

/**
 * The filter that picks a URL facet value. A pattern (grouped with placeholders) is its own `pattern:` filter, exact
 * whenever query strings are ignored or the key has one (a `pattern:` without a query ignores queries). A URL as it
 * stands (no grouping) is named by `pattern:` only when it is its own pattern; otherwise a contains filter, which also
 * picks longer URLs, and none for a URL without a scheme and host (the URL filter cannot tell where its path starts).
 */
function urlFilter(key: string, grouping: UrlGrouping): ValueFilter {
  if (key.trim() === '' || key.length > CONTAINS_MAX_LENGTH) return { filter: null, exact: false };
  const ownPattern = urlGroupKey(key, { patterns: true, ignoreQuery: !key.includes('?') }) === key;
  if (grouping.patterns || (ownPattern && !key.includes('{') && !key.includes('*'))) {
    return { filter: chipText({ key: 'pattern', negated: false, value: key }), exact: grouping.ignoreQuery || key.includes('?') };
  }
  const scheme = key.indexOf('://');
  return { filter: hostOf(key) === null ? null : urlContainsFilter(key.slice(scheme + 3)), exact: false };
}

function cacheFilter(name: string): ValueFilter {
  if (!isCacheStatusFilterValue(name)) return { filter: null, exact: false };
  // The cache filter compares upper case: a status written in lower case would also pick its upper-case twin.
  return { filter: chipText({ key: 'cache', negated: false, values: [name.toUpperCase()] }), exact: name === name.toUpperCase() };
}

function statusFilter(code: number): string | null {
  return code >= 100 && code <= 599 ? chipText({ key: 'status', negated: false, values: [{ kind: 'code', code }] }) : null;
}

/**
 * The facets of the selected rows (all rows when no selection is given). With `query.facet`, only that facet, with
 * up to FACET_ALL_MAX values; `query.search` keeps the values whose key contains it (case-insensitive).
 */
export function facets(rows: FacetRows, selection: ArrayLike<number> | undefined, query: FacetsQuery = {}, partial = false): LogFacets {
  const total = selection ? selection.length : rows.length;
  const cacheN = rows.cacheCount + 1;
  const countryN = rows.countryCount + 1;
  const edgeN = rows.edgeCount + 1;
  const uaN = rows.userAgentCount + 1;
  const cache = new Tally();
  cache.ensure(cacheN);
  const country = new Tally();
  country.ensure(countryN);
  const edge = new Tally();
  edge.ensure(edgeN);
  const ua = new Tally();
  ua.ensure(uaN);
  // Status codes 0–999 by index; any other int32 in a map to a slot past them.
  const status = new Tally();
  status.ensure(1000);
  const oddStatus = new Map<number, number>();
  const url = new Tally();
  const urlSlots = new Map<string, number>();
  const urlNames: string[] = [];
  const ref = new Tally();
  ref.ensure(1);
  const refSlots = new Map<string, number>();
  const refNames: string[] = [''];
  const hitOf = new Uint8Array(cacheN);
  for (let c = -1; c < cacheN - 1; c++) hitOf[c + 1] = hitKind(c);

  const grouping = query.urls ?? FACET_URL_GROUPING;
  const dropQuery = grouping.ignoreQuery;
  const n = total;
  for (let k = 0; k < n; k++) {
    const i = selection ? selection[k]! : k;
    const bytes = rows.bytesSent(i);
    const hit = hitOf[rows.cacheCode(i) + 1]!;
    cache.add(rows.cacheCode(i) + 1, bytes, hit);
    country.add(rows.countryCode(i) + 1, bytes, hit);
    edge.add(rows.edgeCode(i) + 1, bytes, hit);
    ua.add(rows.userAgentCode(i) + 1, bytes, hit);
    const sc = rows.statusCode(i);
    let ss: number;
    if (sc >= 0 && sc < 1000) ss = sc;
    else {
      const known = oddStatus.get(sc);
      if (known === undefined) {
        ss = status.requests.length;
        status.ensure(ss + 1);
        oddStatus.set(sc, ss);
      } else ss = known;
    }
    status.add(ss, bytes, hit);
    const whole = rows.url(i);
    // Patterns and hosts never look at a query string they ignore: URLs differing only there share a slot.
    const cut = dropQuery ? queryStart(whole) : -1;
    const u = cut < 0 ? whole : whole.slice(0, cut);
    let us = urlSlots.get(u);
    if (us === undefined) {
      us = urlNames.push(u) - 1;
      urlSlots.set(u, us);
      url.ensure(us + 1);
    }
    url.add(us, bytes, hit);
    const r = rows.referer(i);
    let rs = 0;
    if (r !== null && r !== '') {
      const known = refSlots.get(r);
      if (known === undefined) {
        rs = refNames.push(r) - 1;
        refSlots.set(r, rs);
        ref.ensure(rs + 1);
      } else rs = known;
    }
    ref.add(rs, bytes, hit);
  }

  // Slots become values: several slots may fold into one value (URLs into a pattern, user agents into a family).
  const fold = (t: Tally, slots: number, valueOf: (slot: number) => Value) => {
    const groups = new Map<string, Group>();
    for (let s = 0; s < slots; s++) {
      if (t.requests[s] === 0) continue;
      const v = valueOf(s);
      let g = groups.get(v.key);
      if (g === undefined) groups.set(v.key, (g = { key: v.key, pick: v.pick, requests: 0, bytes: 0, hits: 0, counted: 0 }));
      g.requests += t.requests[s]!;
      g.bytes += t.bytes[s]!;
      g.hits += t.hits[s]!;
      g.counted += t.counted[s]!;
    }
    return [...groups.values()];
  };
  const none: Value = { key: NO_VALUE, pick: () => ({ filter: null, exact: false }) };
  const statusOfSlot = (s: number) => (s < 1000 ? s : [...oddStatus].find(([, slot]) => slot === s)![0]);
  const build: Record<FacetName, () => Group[]> = {
    cache: () =>
      fold(cache, cacheN, (s) => {
        const name = rows.cacheName(s - 1);
        return name === null ? none : { key: name, pick: () => cacheFilter(name) };
      }),
    status: () =>
      fold(status, status.requests.length, (s) => {
        const code = statusOfSlot(s);
        return {
          key: String(code),
          pick: () => {
            const filter = statusFilter(code);
            return { filter, exact: filter !== null };
          },
        };
      }),
    statusClass: () =>
      fold(status, status.requests.length, (s) => {
        const c = Math.floor(statusOfSlot(s) / 100);
        const known = c >= 1 && c <= 5;
        return {
          key: known ? STATUS_CLASSES[c - 1]! : STATUS_CLASSES[5],
          pick: () => (known ? { filter: chipText({ key: 'status', negated: false, values: [{ kind: 'class', digit: c }] }), exact: true } : { filter: null, exact: false }),
        };
      }),
    country: () =>
      fold(country, countryN, (s) => {
        if (s === 0) return none;
        const name = rows.country(s - 1);
        return {
          key: name,
          pick: () => {
            const ok = COUNTRY_PATTERN.test(name);
            return { filter: ok ? chipText({ key: 'country', negated: false, values: [name.toUpperCase()] }) : null, exact: ok && name === name.toUpperCase() };
          },
        };
      }),
    pop: () =>
      fold(edge, edgeN, (s) => {
        if (s === 0) return none;
        const name = rows.edge(s - 1);
        return {
          key: name,
          pick: () => {
            const ok = POP_PATTERN.test(name);
            return { filter: ok ? chipText({ key: 'pop', negated: false, value: name.toUpperCase() }) : null, exact: ok && name === name.toUpperCase() };
          },
        };
      }),
    urlPattern: () =>
      fold(url, urlNames.length, (s) => {
        const u = urlNames[s]!;
        if (u === '') return none;
        const key = urlGroupKey(u, grouping);
        return { key, pick: () => urlFilter(key, grouping) };
      }),
    // Hosts do not depend on case: `CDN.example` and `cdn.example` are one value, as the host filters compare them.
    host: () =>
      fold(url, urlNames.length, (s) => {
        const h = hostOf(urlNames[s]!)?.toLowerCase();
        return h === undefined ? none : { key: h, pick: () => hostFilter('host', h) };
      }),
    refererHost: () =>
      fold(ref, refNames.length, (s) => {
        const h = s === 0 ? undefined : hostOf(refNames[s]!)?.toLowerCase();
        return h === undefined ? none : { key: h, pick: () => hostFilter('refererHost', h) };
      }),
    uaFamily: () => {
      const families = new Array<ReturnType<typeof uaFamily> | null>(uaN);
      return fold(ua, uaN, (s) => {
        if (s === 0) return none;
        const f = (families[s] ??= uaFamily(rows.userAgentName(s - 1)));
        // A family's name names it alone ("Other" is the kind of that name).
        return { key: uaFamilyKey(f), pick: () => ({ filter: chipText({ key: 'agent', negated: false, values: [canonicalAgent(f.name) ?? f.name] }), exact: true }) };
      });
    },
  };

  const names: readonly FacetName[] = query.facet !== undefined ? [query.facet] : FACET_NAMES;
  const limit = query.limit ?? (query.facet !== undefined ? FACET_ALL_MAX : FACET_TOP);
  const needle = (query.search ?? '').toLowerCase();
  return {
    rows: total,
    partial,
    facets: names.map((name) => {
        const groups = build[name]();
        const found = needle === '' ? groups : groups.filter((g) => g.key.toLowerCase().includes(needle));
        found.sort((a, b) => b.requests - a.requests || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
        const values: FacetValue[] = found.slice(0, limit).map((g) => ({
          key: g.key,
          requests: g.requests,
          share: total === 0 ? 0 : g.requests / total,
          bytes: g.bytes,
          hitRatio: g.counted === 0 ? null : g.hits / g.counted,
          // Worked out for the values listed only: a facet may have a hundred thousand.
          ...g.pick(),
        }));
        return { name, distinct: groups.length, matched: found.length, values };
      }),
  };
}
