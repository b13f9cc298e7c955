/** The allow-list for links opened in the system browser (QUALITY S12). */

/** Hosts whose https pages Burrow may open: the platform's docs and dashboard. */
export const EXTERNAL_HOSTS: ReadonlySet<string> = new Set([
  'bunny.net',
  'docs.bunny.net',
  'dash.bunny.net',
  'support.bunny.net',
  'github.com',
]);

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
