/**
 * `npm run sandbox -- [--port N] [--data-dir DIR] [--seed N] [--app-limit N] [--fetch-queue-limit N] [--app-transition-ms N] [--discard-uploads] [--no-realism] [--demo-apps]`:
 * starts the sandbox, prints its SandboxInfo as the first stdout line (one JSON object) and serves
 * until SIGINT or SIGTERM, or until its parent process exits. Without `--data-dir` every start is the seed's
 * fresh account in a temporary folder; with it, the account is kept in DIR and found there on the next start.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SandboxOptions } from './context.js';
import { pickSandboxInfo, startSandbox, type Sandbox } from './server.js';

/** The one-line usage shown with a flag error. */
export const SANDBOX_USAGE =
  'usage: sandbox [--port N] [--data-dir DIR] [--seed N] [--app-limit N] [--fetch-queue-limit N] [--app-transition-ms N] [--discard-uploads] [--no-realism] [--demo-apps]';

/** Parsed command line: options for startSandbox, a help request, or the first problem found. */
export type SandboxArgs =
  | { readonly kind: 'options'; readonly options: SandboxOptions }
  | { readonly kind: 'help' }
  | { readonly kind: 'error'; readonly message: string };

/** How often the sandbox checks that its parent process is still there. */
const PARENT_POLL_MS = 1000;

/** A second signal within this time of the first is the same request delivered twice. */
const REPEAT_SIGNAL_MS = 1000;

type NumberFlag = 'port' | 'seed' | 'appLimit' | 'fetchQueueLimit' | 'appTransitionMs';

const NUMBER_FLAGS: Readonly<Record<string, readonly [key: NumberFlag, max: number]>> = {
  '--port': ['port', 65535],
  '--seed': ['seed', 0xffffffff],
  '--app-limit': ['appLimit', 1_000_000],
  '--fetch-queue-limit': ['fetchQueueLimit', 1_000_000],
  '--app-transition-ms': ['appTransitionMs', 600_000],
};

/** Switches (flags without a value) and the option each sets. */
const SWITCHES: Readonly<Record<string, readonly [key: 'discardUploads' | 'realism' | 'demoApps', value: boolean]>> = {
  '--discard-uploads': ['discardUploads', true],
  '--no-realism': ['realism', false],
  '--demo-apps': ['demoApps', true],
};

/** Parses the sandbox's flags (`--flag value` or `--flag=value`); reusable by the `burrow sandbox` command. */
export function parseSandboxArgs(argv: readonly string[]): SandboxArgs {
  const options: { -readonly [K in keyof SandboxOptions]: SandboxOptions[K] } = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--help' || arg === '-h') return { kind: 'help' };
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const flag = eq === -1 ? arg : arg.slice(0, eq);
    const toggle = SWITCHES[flag];
    if (toggle !== undefined) {
      // A switch: `--discard-uploads=anything` is a mistake, not a value.
      if (eq !== -1) return { kind: 'error', message: `${flag} takes no value` };
      options[toggle[0]] = toggle[1];
      continue;
    }
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
      // A folder of one's own is asked for to keep the account between runs.
      options.dataDir = resolve(value);
      options.persist = true;
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

/** The streams runSandbox writes to; `on`, when present, lets it ignore a reader that went away. */
export interface SandboxIo {
  readonly stdout: SandboxOutput;
  readonly stderr: SandboxOutput;
}

/** One output stream of SandboxIo. */
export interface SandboxOutput {
  write(chunk: string): unknown;
  on?(event: 'error', listener: (e: Error) => void): unknown;
}

/** What runSandbox needs from the process: its signals, its parent, and a hard exit. */
export interface SandboxHost {
  onSignal(signal: NodeJS.Signals, handler: (signal: NodeJS.Signals) => void): void;
  offSignal(signal: NodeJS.Signals, handler: (signal: NodeJS.Signals) => void): void;
  parentPid(): number;
  exit(code: number): never;
}

/** How runSandbox presents itself: the command name in messages and usage, and the process it runs in. */
export interface RunSandboxOptions {
  readonly name?: string;
  readonly host?: SandboxHost;
  /** What goes to stdout once it serves (ending in a newline); by default the SandboxInfo JSON line. */
  readonly announce?: (sandbox: Sandbox) => string;
}

/** The real process as a SandboxHost. */
export const PROCESS_HOST: SandboxHost = {
  onSignal: (signal, handler) => process.on(signal, handler),
  offSignal: (signal, handler) => process.off(signal, handler),
  parentPid: () => process.ppid,
  exit: (code) => process.exit(code),
};

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/**
 * The sandbox command (`npm run sandbox` and `burrow sandbox`): parses the flags, starts the sandbox,
 * installs the stop handlers, then prints the SandboxInfo JSON line. Resolves with the exit status:
 * at once for help (0), a bad flag (2) or a failed start (1); otherwise once SIGINT/SIGTERM or the
 * parent's death has closed it (0, or 1 when closing failed). A second signal later than
 * REPEAT_SIGNAL_MS exits at once (130/143) through `host.exit`.
 */
export async function runSandbox(argv: readonly string[], io: SandboxIo, opts: RunSandboxOptions = {}): Promise<number> {
  const name = opts.name ?? 'sandbox';
  const host = opts.host ?? PROCESS_HOST;
  const usage = `usage: ${name}${SANDBOX_USAGE.slice('usage: sandbox'.length)}`;
  const args = parseSandboxArgs(argv);
  if (args.kind === 'help') {
    io.stdout.write(`${usage}\n`);
    return 0;
  }
  if (args.kind === 'error') {
    io.stderr.write(`${name}: ${args.message}; ${usage}\n`);
    return 2;
  }
  let sandbox;
  try {
    sandbox = await startSandbox(args.options);
  } catch (e) {
    io.stderr.write(`${name}: could not start: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
  const running = sandbox;
  // A reader that went away (a dead parent's pipe) must not crash us with EPIPE before we close.
  for (const stream of [io.stdout, io.stderr]) stream.on?.('error', () => undefined);
  return new Promise<number>((resolveStopped) => {
    let stoppingSince: number | undefined;
    const stop = (reason: NodeJS.Signals | 'orphaned') => {
      if (stoppingSince !== undefined) {
        // Under `npm run`, one Ctrl+C (or a group kill) arrives twice: from the terminal and forwarded
        // by npm. Only a signal that comes later means "stop waiting for the close".
        if (reason === 'orphaned' || Date.now() - stoppingSince < REPEAT_SIGNAL_MS) return;
        host.exit(reason === 'SIGINT' ? 130 : 143);
      }
      stoppingSince = Date.now();
      clearInterval(parentWatch);
      if (reason === 'orphaned') io.stderr.write(`${name}: parent process is gone; stopping\n`);
      const done = (code: number) => {
        for (const signal of SIGNALS) host.offSignal(signal, stop);
        resolveStopped(code);
      };
      running.close().then(
        () => done(0),
        (e: unknown) => {
          io.stderr.write(`${name}: error while closing: ${e instanceof Error ? e.message : String(e)}\n`);
          done(1);
        },
      );
    };
    // Handlers go in before the JSON line: whoever reads it may signal at once, and an unhandled
    // signal would kill the process without closing (a temp data dir would be left behind).
    const parentWatch = watchParent(host, () => stop('orphaned'));
    for (const signal of SIGNALS) host.onSignal(signal, stop);
    io.stdout.write(opts.announce?.(running) ?? `${JSON.stringify(pickSandboxInfo(running))}\n`);
    io.stderr.write(`${name}: serving on ${running.apiUrl} (Ctrl+C to stop)\n`);
  });
}

/**
 * Calls `onGone` once the parent process has exited (we were re-parented). `npm run` starts us
 * through `sh -c`, which dies of a SIGTERM sent to npm without passing it on; without this check
 * the sandbox would keep serving, and holding its port, with no one left to stop it.
 */
function watchParent(host: SandboxHost, onGone: () => void): NodeJS.Timeout {
  const parent = host.parentPid();
  const timer = setInterval(() => {
    if (host.parentPid() !== parent) onGone();
  }, PARENT_POLL_MS);
  timer.unref();
  return timer;
}

const entry = process.argv[1];
if (entry !== undefined && import.meta.url === pathToFileURL(resolve(entry)).href) {
  // Exit rather than wait for the event loop to drain: closing is done, nothing left is worth waiting for.
  void runSandbox(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr }).then((code) => process.exit(code));
}
