/**
 * The host of a logged URL or referer, as the host facet groups it and the `host:` and `referer-host:` filters compare
 * it: the text between `scheme://` and the first `/`, `?` or `#`, port included, in lower case (host names do not
 * depend on case). Text that does not start with a scheme and a host (a bare path, `junk`) has no host.
 */

/** The host of `scheme://host/…` as written, or null when the text does not start with a scheme and a host. */
export function hostOf(url: string): string | null {
  const s = url.indexOf('://');
  if (s <= 0) return null;
  // Only a scheme may stand before "://" (a path holding a URL in its query has no host of its own).
  for (let k = 0; k < s; k++) {
    const c = url.charCodeAt(k);
    const scheme = (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (k > 0 && ((c >= 48 && c <= 57) || c === 43 || c === 45 || c === 46));
    if (!scheme) return null;
  }
  let e = s + 3;
  while (e < url.length) {
    const c = url.charCodeAt(e);
    if (c === 47 /* / */ || c === 63 /* ? */ || c === 35 /* # */) break;
    e++;
  }
  return e === s + 3 ? null : url.slice(s + 3, e);
}

/** The host a `host:` filter compares: hostOf in lower case. */
export function hostKey(url: string | null): string | null {
  if (url === null) return null;
  const h = hostOf(url);
  return h === null ? null : h.toLowerCase();
}

/**
 * What a host filter value may hold: no spaces, no path, query or fragment, no comma (values are listed with commas)
 * and no quote or backslash, at most 255 characters. A logged host outside this cannot be named in a filter.
 */
export const HOST_PATTERN = /^[^\s/?#,"\\]{1,255}$/;
