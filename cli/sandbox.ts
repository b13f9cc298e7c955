/** `burrow sandbox [...]`: the same start-up as `npm run sandbox` — SandboxInfo JSON as the first stdout line, exit 0 on SIGINT/SIGTERM. */
import { parseSandboxArgs, SANDBOX_USAGE } from '../sandbox/main.js';
import { pickSandboxInfo, startSandbox } from '../sandbox/server.js';
import { EXIT, type CliIo } from './io.js';

/** What the command needs from the process besides its streams: signals and a hard exit. */
export interface ProcessHooks {
  onSignal(signal: NodeJS.Signals, handler: (signal: NodeJS.Signals) => void): void;
  exit(code: number): never;
}

/** Starts the sandbox and serves until a signal; resolves only for help or a start-up failure. */
export async function runSandbox(args: readonly string[], io: CliIo, hooks: ProcessHooks): Promise<number> {
  const parsed = parseSandboxArgs(args);
  if (parsed.kind === 'help') {
    io.stdout.write(`${SANDBOX_USAGE.replace(/^usage: /, 'usage: burrow ')}\n`);
    return EXIT.ok;
  }
  if (parsed.kind === 'error') {
    io.stderr.write(`burrow sandbox: ${parsed.message}; ${SANDBOX_USAGE.replace(/^usage: /, 'usage: burrow ')}\n`);
    return EXIT.usage;
  }
  let sandbox;
  try {
    sandbox = await startSandbox(parsed.options);
  } catch (e) {
    io.stderr.write(`burrow sandbox: could not start: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
  io.stdout.write(`${JSON.stringify(pickSandboxInfo(sandbox))}\n`);
  io.stderr.write(`burrow sandbox: serving on ${sandbox.apiUrl} (Ctrl+C to stop)\n`);
  const running = sandbox;
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    // A second signal while closing: stop waiting.
    if (stopping) hooks.exit(signal === 'SIGINT' ? 130 : 143);
    stopping = true;
    running.close().then(
      () => hooks.exit(EXIT.ok),
      (e: unknown) => {
        io.stderr.write(`burrow sandbox: error while closing: ${e instanceof Error ? e.message : String(e)}\n`);
        hooks.exit(1);
      },
    );
  };
  hooks.onSignal('SIGINT', stop);
  hooks.onSignal('SIGTERM', stop);
  return new Promise<number>(() => {
    // Serves until a signal; the handler above ends the process.
  });
}
