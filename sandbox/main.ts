/**
 * `npm run sandbox -- [--port N] [--data-dir DIR] [--seed N] [--app-limit N] [--fetch-queue-limit N]`:
 * starts the sandbox, prints its SandboxInfo as the first stdout line (one JSON object) and serves
 * until SIGINT or SIGTERM, or until its parent process exits.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SandboxOptions } from './context.js';
import { pickSandboxInfo, startSandbox } from './server.js';

/** The one-line usage shown with a flag error. */
export const SANDBOX_USAGE =
  'usage: sandbox [--port N] [--data-dir DIR] [--seed N] [--app-limit N] [--fetch-queue-limit N]';

/** Parsed command line: options for startSandbox, a help request, or the first problem found. */
export type SandboxArgs =
  | { readonly kind: 'options'; readonly options: SandboxOptions }
  | { readonly kind: 'help' }
  | { readonly kind: 'error'; readonly message: string };

/** How often the sandbox checks that its parent process is still there. */
const PARENT_POLL_MS = 1000;

/** A second signal within this time of the first is the same request delivered twice. */
const REPEAT_SIGNAL_MS = 1000;

type NumberFlag = 'port' | 'seed' | 'appLimit' | 'fetchQueueLimit';

const NUMBER_FLAGS: Readonly<Record<string, readonly [key: NumberFlag, max: number]>> = {
  '--port': ['port', 65535],
  '--seed': ['seed', 0xffffffff],
  '--app-limit': ['appLimit', 1_000_000],
  '--fetch-queue-limit': ['fetchQueueLimit', 1_000_000],
};

/** Parses the sandbox's flags (`--flag value` or `--flag=value`); reusable by the `burrow sandbox` command. */
export function parseSandboxArgs(argv: readonly string[]): SandboxArgs {
  const options: { -readonly [K in keyof SandboxOptions]: SandboxOptions[K] } = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--help' || arg === '-h') return { kind: 'help' };
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const flag = eq === -1 ? arg : arg.slice(0, eq);
    if (flag !== '--data-dir' && !(flag in NUMBER_FLAGS)) return { kind: 'error', message: `unknown argument ${JSON.stringify(arg)}` };
    let value: string | undefined;
    if (eq !== -1) value = arg.slice(eq + 1);
    else {
      value = argv[i + 1];
      i++;
      // `--port --seed 3` is a missing value, not a port named "--seed".
      if (value?.startsWith('--')) value = undefined;
    }
    if (value === undefined || value === '') return { kind: 'error', message: `${flag} needs a value` };
    if (flag === '--data-dir') {
      options.dataDir = resolve(value);
      continue;
    }
    const [key, max] = NUMBER_FLAGS[flag]!;
    if (!/^\d+$/.test(value) || Number(value) > max) {
      return { kind: 'error', message: `${flag} must be a whole number from 0 to ${max}, got ${JSON.stringify(value)}` };
    }
    options[key] = Number(value);
  }
  return { kind: 'options', options };
}

async function main(argv: readonly string[]): Promise<void> {
  const args = parseSandboxArgs(argv);
  if (args.kind === 'help') {
    process.stdout.write(`${SANDBOX_USAGE}\n`);
    return;
  }
  if (args.kind === 'error') {
    process.stderr.write(`sandbox: ${args.message}; ${SANDBOX_USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  let sandbox;
  try {
    sandbox = await startSandbox(args.options);
  } catch (e) {
    process.stderr.write(`sandbox: could not start: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
    return;
  }
  const running = sandbox;
  // A reader that went away (a dead parent's pipe) must not crash us with EPIPE before we close.
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
  let stoppingSince: number | undefined;
  const stop = (reason: NodeJS.Signals | 'orphaned') => {
    if (stoppingSince !== undefined) {
      // Under `npm run`, one Ctrl+C (or a group kill) arrives twice: from the terminal and forwarded
      // by npm. Only a signal that comes later means "stop waiting for the close".
      if (reason === 'orphaned' || Date.now() - stoppingSince < REPEAT_SIGNAL_MS) return;
      process.exit(reason === 'SIGINT' ? 130 : 143);
    }
    stoppingSince = Date.now();
    clearInterval(parentWatch);
    if (reason === 'orphaned') process.stderr.write('sandbox: parent process is gone; stopping\n');
    running.close().then(
      () => process.exit(0),
      (e: unknown) => {
        process.stderr.write(`sandbox: error while closing: ${e instanceof Error ? e.message : String(e)}\n`);
        process.exit(1);
      },
    );
  };
  // Handlers go in before the JSON line: whoever reads it may signal at once, and an unhandled
  // signal would kill the process without closing (a temp data dir would be left behind).
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  const parentWatch = watchParent(() => stop('orphaned'));
  process.stdout.write(`${JSON.stringify(pickSandboxInfo(sandbox))}\n`);
  process.stderr.write(`sandbox: serving on ${sandbox.apiUrl} (Ctrl+C to stop)\n`);
}

/**
 * Calls `onGone` once the parent process has exited (we were re-parented). `npm run` starts us
 * through `sh -c`, which dies of a SIGTERM sent to npm without passing it on; without this check
 * the sandbox would keep serving, and holding its port, with no one left to stop it.
 */
function watchParent(onGone: () => void): NodeJS.Timeout {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid !== parent) onGone();
  }, PARENT_POLL_MS);
  timer.unref();
  return timer;
}

const entry = process.argv[1];
if (entry !== undefined && import.meta.url === pathToFileURL(resolve(entry)).href) {
  void main(process.argv.slice(2));
}
