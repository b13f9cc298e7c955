/** The files area's handlers: what the user has handed the app by drop or picker in this session. */
import type { filesContract } from '../../../shared/contract/files.js';
import type { AreaHandlers } from '../router.js';
import type { FileRegistry } from './registry.js';

/** Builds the handlers over the session's registry. */
export function filesHandlers(files: FileRegistry): AreaHandlers<typeof filesContract> {
  return {
    'files.list': async () => ({ files: files.list() }),
  };
}
