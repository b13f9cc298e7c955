/** The allow-list for links opened in the system browser: only pages the platform itself publishes. */

/**
 * Hosts whose https pages Burrow may open: the platform's site, docs, dashboard and support pages.
 * Never a host that serves anyone's content (a code-hosting site, a paste site): a link there could be any page at all.
 */
export const EXTERNAL_HOSTS: ReadonlySet<string> = new Set(['bunny.net', 'docs.bunny.net', 'dash.bunny.net', 'support.bunny.net']);

/** True only for a well-formed `https:` URL on an allow-listed host, with no credentials in it. */
export function isAllowedExternalUrl(raw: string): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  return url.protocol === 'https:' && url.username === '' && url.password === '' && EXTERNAL_HOSTS.has(url.hostname) && url.port === '';
}
