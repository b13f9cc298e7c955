/** Placeholder until this area is implemented. */
import type { Area, SandboxContext } from '../context.js';

export function createCoreApiArea(_ctx: SandboxContext): Area {
  return { handle: async () => false };
}
