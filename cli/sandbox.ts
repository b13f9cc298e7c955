/**
 * `burrow sandbox [...]`: the very start-up and stop routine of `npm run sandbox`, under the name `burrow sandbox`;
 * `--env` prints the shell lines that point `burrow` at it instead of its JSON. `burrow --sandbox <command…>` runs
 * one command against a sandbox of its own, started in this process before the command and closed after it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runSandbox, SANDBOX_USAGE, type SandboxHost } from '../sandbox/main.js';
import { startSandbox, type Sandbox } from '../sandbox/server.js';
import { COMMAND_VARIABLES, environmentHelp } from './env-help.js';
import { EXIT, type CliIo } from './io.js';

/** What the command needs from the process besides its streams: signals, the parent's pid and a hard exit. */
export type ProcessHooks = SandboxHost;

/** The flags `burrow sandbox` shares with `npm run sandbox`, as its usage line writes them. */
const SHARED_FLAGS = SANDBOX_USAGE.slice('usage: sandbox '.length);

/** The help text of `burrow sandbox`. */
export const SANDBOX_HELP = `usage: burrow sandbox [--env] ${SHARED_FLAGS}
       burrow --sandbox <command>...

Runs the local platform (the sandbox the app uses when no key is set) until Ctrl+C or SIGTERM. Its first line on
standard output is one JSON object: its URLs, the account key, the libraries with their keys and the pull zones.
  --env                  print instead the lines a shell needs to point burrow at it (export BUNNYNET_API_URL=… and
                         the others), then serve: paste them into another shell, or
                         burrow sandbox --env > sandbox.env &   and, once the file is written,   . ./sandbox.env
  --port N               the port (default: any free one)
  --data-dir DIR         keep its files here (default: a temporary folder, removed when it stops)
  --seed N               the seed of its made-up data
  --app-limit N, --fetch-queue-limit N, --discard-uploads, --no-realism   as for npm run sandbox
burrow --sandbox <command>... runs any other command against a sandbox of its own, started before it and closed
after it (its data goes with it), and exits with that command's status: burrow --sandbox videos list --library 105643
${environmentHelp(COMMAND_VARIABLES.sandbox)}`;

/** Variables that hold a real account's secrets: the sandbox would refuse them, and they must not be sent to it. */
const CLEARED = ['BUNNYNET_LIBRARY_KEY', 'BUNNYNET_LOGGING_TOKEN'] as const;

/** The variables that point every command at this sandbox; the upload queue goes in a folder of the sandbox's own. */
export function sandboxVariables(sandbox: Pick<Sandbox, 'apiUrl' | 'accountKey' | 'containersUrl' | 'videoUrl' | 'loggingUrl'>, stateDir: string): Record<string, string> {
  return {
    BUNNYNET_API_URL: sandbox.apiUrl,
    BUNNYNET_API_KEY: sandbox.accountKey,
    BURROW_CONTAINERS_URL: sandbox.containersUrl,
    BURROW_VIDEO_URL: sandbox.videoUrl,
    BURROW_LOGGING_URL: sandbox.loggingUrl,
    BURROW_STATE_DIR: stateDir,
  };
}

/** A value quoted for a POSIX shell: inside single quotes, where only a single quote itself needs care. */
function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/** The `export` lines for a shell (and the `unset` of a real account's secrets). */
export function exportLines(variables: Readonly<Record<string, string>>): string {
  const exports = Object.entries(variables).map(([name, value]) => `export ${name}=${shellQuote(value)}\n`);
  return `${exports.join('')}unset ${CLEARED.join(' ')}\n`;
}

/** Serves until SIGINT/SIGTERM or the parent's death, then exits with runSandbox's status. */
export async function runSandboxCommand(args: readonly string[], io: CliIo, hooks: ProcessHooks): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    io.stdout.write(SANDBOX_HELP);
    return EXIT.ok;
  }
  const badEnv = args.find((a) => a.startsWith('--env='));
  if (badEnv !== undefined) {
    io.stderr.write(`burrow sandbox: --env takes no value (burrow sandbox --help)\n`);
    return EXIT.usage;
  }
  const env = args.includes('--env');
  const rest = args.filter((a) => a !== '--env');
  const announce = env ? (s: Sandbox) => exportLines(sandboxVariables(s, join(s.dataDir, 'cli-uploads'))) : undefined;
  // As `npm run sandbox` does: once closed, exit rather than wait for every timer an area may still hold.
  return hooks.exit(await runSandbox(rest, io, { name: 'burrow sandbox', host: hooks, ...(announce ? { announce } : {}) }));
}

/** Runs one command line (main's signature, passed in so this module need not load main's). */
export type RunCommand = (argv: readonly string[], io: CliIo, hooks: ProcessHooks) => Promise<number>;

/**
 * `burrow --sandbox <command…>`: starts a sandbox on a free port, runs the command with the variables pointing at
 * it (over whatever the shell set), closes it and exits with the command's status. A command that exits the
 * process by itself (a second Ctrl+C) still takes the sandbox's temporary folders with it.
 */
export async function runWithSandbox(argv: readonly string[], io: CliIo, hooks: ProcessHooks, run: RunCommand): Promise<number> {
  const [command] = argv;
  // `burrow --sandbox --help` asks about --sandbox itself: its help is the sandbox's.
  if (command === '--help' || command === '-h') {
    io.stdout.write(SANDBOX_HELP);
    return EXIT.ok;
  }
  if (command === undefined || command.startsWith('-') || command === 'sandbox' || command === 'help') {
    io.stderr.write(`burrow --sandbox: name the command to run against a sandbox of its own, e.g. burrow --sandbox apps list${command === 'sandbox' ? ' (burrow sandbox runs one by itself)' : ''}\n`);
    return EXIT.usage;
  }
  let sandbox: Sandbox;
  try {
    sandbox = await startSandbox({ port: 0 });
  } catch (e) {
    io.stderr.write(`burrow --sandbox: the sandbox could not start: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
  const stateDir = mkdtempSync(join(tmpdir(), 'burrow-sandbox-queue-'));
  const cleanUp = () => {
    rmSync(stateDir, { recursive: true, force: true });
    rmSync(sandbox.dataDir, { recursive: true, force: true });
  };
  const env: Record<string, string | undefined> = { ...io.env, ...sandboxVariables(sandbox, stateDir) };
  for (const name of CLEARED) delete env[name];
  const exitAfterCleanUp = (code: number): never => {
    cleanUp();
    return hooks.exit(code);
  };
  let code: number;
  try {
    code = await run(argv, { ...io, env }, { ...hooks, exit: exitAfterCleanUp });
  } finally {
    await sandbox.close().catch((e: unknown) => io.stderr.write(`burrow --sandbox: error while closing the sandbox: ${e instanceof Error ? e.message : String(e)}\n`));
    cleanUp();
  }
  // As `burrow sandbox` does: once closed, exit rather than wait for every timer an area may still hold.
  return hooks.exit(code);
}
