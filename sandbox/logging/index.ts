/** Placeholder until this area is implemented. */
import type { Area, SandboxContext } from '../context.js';

export function createLoggingArea(_ctx: SandboxContext): Area {
  return { handle: async () => false };
}
