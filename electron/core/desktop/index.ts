/**
 * The app area's door: which shell hosts the core, and links out to the user's browser, only to pages the platform
 * itself publishes.
 */
import type { appContract } from '../../../shared/contract/desktop.js';
import type { CorePorts } from '../ports.js';
import type { AreaHandlers } from '../router.js';

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

/** Builds the handlers over the shell's ports. */
export function appHandlers(ports: CorePorts): AreaHandlers<typeof appContract> {
  return {
    'desktop.info': async () => ({
      name: 'Burrow',
      version: ports.appVersion,
      shell: ports.shell,
      platform: ports.platform,
      dataDir: ports.dataDir,
    }),
    'desktop.openExternal': async ({ url }) => {
      if (!isAllowedExternalUrl(url)) return { opened: false };
      await ports.openExternal(url);
      return { opened: true };
    },
  };
}
