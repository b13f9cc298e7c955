/**
 * `npm run sandbox -- [--port N] [--data-dir DIR] [--seed N] [--app-limit N] [--fetch-queue-limit N]`:
 * starts the sandbox, prints its SandboxInfo as the first stdout line (one JSON object) and serves
 * until SIGINT or SIGTERM.
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
  process.stdout.write(`${JSON.stringify(pickSandboxInfo(sandbox))}\n`);
  process.stderr.write(`sandbox: serving on ${sandbox.apiUrl} (Ctrl+C to stop)\n`);
  const running = sandbox;
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      // A second signal while closing: give up waiting.
      process.exit(signal === 'SIGINT' ? 130 : 143);
    }
    stopping = true;
    running.close().then(
      () => process.exit(0),
      (e: unknown) => {
        process.stderr.write(`sandbox: error while closing: ${e instanceof Error ? e.message : String(e)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

const entry = process.argv[1];
if (entry !== undefined && import.meta.url === pathToFileURL(resolve(entry)).href) {
  void main(process.argv.slice(2));
}
