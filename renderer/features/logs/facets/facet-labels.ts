/**
 * How the facets panel names things: each facet's heading, a value as shown (a country by its English name), the
 * colour of a value's share bar, and why a value no filter can pick is not clickable.
 */
import type { FacetName } from '../../../../shared/contract/logs';
import { escapeForDisplay } from '../../../../shared/common/display';
import { NO_CACHE_STATUS } from '../../../../shared/logs/cache-status';
import { cacheColorVar, statusClassColorVar } from '../view-types';

/** The key the core gives values that rows lack (no country, no referer…): the same as a row without cache status. */
export const NO_VALUE_KEY = NO_CACHE_STATUS;

/** A facet's heading; the URL facet says whether it groups URLs into patterns. */
export function facetLabel(name: FacetName, patterns: boolean): string {
  const labels: Record<FacetName, string> = {
    cache: 'Cache status',
    statusClass: 'Status class',
    status: 'Status code',
    country: 'Country',
    pop: 'Edge location (POP)',
    urlPattern: patterns ? 'URL pattern' : 'URL',
    host: 'Host',
    refererHost: 'Referrer host',
    uaFamily: 'User agent',
  };
  return labels[name];
}

/** A country's name in English ("Germany (DE)"), the code itself where the runtime does not know it. */
function countryNamer(): (code: string) => string {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames(['en'], { type: 'region' });
  } catch {
    names = null;
  }
  return (code) => {
    let name: string | undefined;
    try {
      name = names?.of(code.toUpperCase());
    } catch {
      name = undefined;
    }
    return name !== undefined && name !== code.toUpperCase() ? `${name} (${code})` : code;
  };
}

export const countryName = countryNamer();

/**
 * What a value row shows for a key: countries by name, URLs without their scheme, the rest as the core wrote them.
 * Keys come from visitors' requests: control characters and bidi overrides in them show as visible escapes.
 */
export function valueText(name: FacetName, key: string): string {
  if (key === NO_VALUE_KEY) return key;
  if (name === 'country') return countryName(key);
  const safe = escapeForDisplay(key, { oneLine: true });
  return name === 'urlPattern' ? safe.replace(/^https?:\/\//i, '') : safe;
}

/**
 * A long URL cut in the middle: the head (which the row ellipsizes as far as it must) and a tail kept whole, so the
 * end of a path (the file, the pattern's last part) stays readable in a narrow panel. No tail for short text.
 */
export function middleCut(name: FacetName, text: string): { readonly head: string; readonly tail: string } {
  const long = (name === 'urlPattern' || name === 'refererHost' || name === 'host') && text.length > 24;
  if (!long) return { head: text, tail: '' };
  // The tail starts at a slash when one falls within its last 20 characters (whole path segments read best).
  const slash = text.indexOf('/', text.length - 20);
  const at = slash > 0 ? slash : text.length - Math.min(14, Math.floor(text.length / 2));
  return { head: text.slice(0, at), tail: text.slice(at) };
}

/** The CSS colour of a value's share bar: cache statuses and status classes in their chart colours. */
export function barColor(name: FacetName, key: string): string {
  if (name === 'cache') return `var(${cacheColorVar(key === NO_VALUE_KEY ? '-' : key)})`;
  if (name === 'statusClass') return `var(${statusClassColorVar(key)})`;
  return 'var(--accent)';
}

/** Why a value without a filter cannot be clicked, in words for its tooltip. */
export function noFilterReason(name: FacetName, key: string): string {
  if (key === NO_VALUE_KEY) return 'Rows without a value cannot be picked by a filter.';
  if (name === 'urlPattern') return 'A pattern stands for many URLs; no filter picks exactly these rows.';
  return 'No filter can pick this value.';
}

/** The tooltip of a value whose filter picks rows containing its text: a few more rows than counted may match. */
export const CONTAINS_NOTE = 'Filters on rows containing this text, which may pick a few more rows than counted here.';
