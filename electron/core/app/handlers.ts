/** The app area's handlers: which shell hosts the core, and links out to the user's browser. */
import type { appContract } from '../../../shared/contract/app.js';
import type { CorePorts } from '../ports.js';
import type { AreaHandlers } from '../router.js';
import { isAllowedExternalUrl } from './external.js';

/** Builds the handlers over the shell's ports. */
export function appHandlers(ports: CorePorts): AreaHandlers<typeof appContract> {
  return {
    'app.info': async () => ({
      name: 'Burrow',
      version: ports.appVersion,
      shell: ports.shell,
      platform: ports.platform,
      dataDir: ports.dataDir,
    }),
    'app.openExternal': async ({ url }) => {
      if (!isAllowedExternalUrl(url)) return { opened: false };
      await ports.openExternal(url);
      return { opened: true };
    },
  };
}
