/** `burrow sandbox [...]`: the very start-up and stop routine of `npm run sandbox`, under the name `burrow sandbox`. */
import { runSandbox, type SandboxHost } from '../sandbox/main.js';
import type { CliIo } from './io.js';

/** What the command needs from the process besides its streams: signals, the parent's pid and a hard exit. */
export type ProcessHooks = SandboxHost;

/** Serves until SIGINT/SIGTERM or the parent's death, then exits with runSandbox's status. */
export async function runSandboxCommand(args: readonly string[], io: CliIo, hooks: ProcessHooks): Promise<never> {
  // As `npm run sandbox` does: once closed, exit rather than wait for every timer an area may still hold.
  return hooks.exit(await runSandbox(args, io, { name: 'burrow sandbox', host: hooks }));
}
