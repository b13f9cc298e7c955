/** The files area's door: what the user has handed the app by drop or picker in this session, paths behind tokens. */
import type { filesContract } from '../../../shared/contract/files.js';
import type { AreaHandlers } from '../router.js';
import type { FileRegistry } from './registry.js';

export { FileRegistry } from './registry.js';

/** Builds the handlers over the session's registry. */
export function filesHandlers(files: FileRegistry): AreaHandlers<typeof filesContract> {
  return {
    'files.list': async ({ tokens }) => ({ files: await files.list(tokens) }),
  };
}
