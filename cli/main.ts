/** `burrow`: the command line — `burrow api …` for raw requests, `burrow videos upload …` for uploads, `burrow logs …` for CDN logs, `burrow apps …` for container apps, `burrow sandbox …` for the local platform, `burrow --sandbox <command…>` for any of them against a throwaway one. */
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { COMMAND_VARIABLES, environmentHelp, unionOf } from './env-help.js';
import { EXIT, type CliIo } from './io.js';
import type { ProcessHooks } from './sandbox.js';
import { VERSION } from './version.js';

/** The help text of `burrow`. */
export const HELP = `usage: burrow <command> [options]

Commands:
  api <METHOD> <path> [--body|-b <json>] [--verbose] [--profile NAME] [--api-key KEY]
                 send one request to the bunny.net core API
  videos upload <file|folder>... --library <id> [--collection <id>] [--title <t>] [--concurrency <n>] [--json]
                 upload video files to a Stream library through a queue that survives interruptions
  videos fetch <url> --library <id> [--header 'Name: value']... [--title <t>] [--collection <id>] [--json]
                 have Stream fetch a file from an http(s) URL into a new video, and follow it to Ready
  videos list --library <id> [--search <text>] [--collection <id>] [--order date|title] [--json]
                 list a Stream library's videos with their status, length and size
  videos stats <guid> --library <id> [--last 24h|3d] [--json] | videos top --library <id> [--by requests|bytes]
                 a video's delivery, or a library's most delivered videos, from the library's CDN logs
  logs <pullZoneId> | --file <day.log[.gz]> [--last 1h] [--status 5xx] [--cache MISS] [--all] [--format table|ndjson|csv]
                 print a pull zone's CDN request logs (or a v1 day file's), filtered
  apps list | get <id> | delete <id> | create --file <app.json> [--dry-run] [--json] [--deploy [--wait]]
  apps create --from-compose <docker-compose.yml> [--anycast <port>] [--dry-run]
  apps health <id> [--last 1h|24h] [--json]
                 each CDN endpoint of an app: requests, 5xx rate, cache hit ratio, bytes per request
  apps update <id> --file <app.json> | deploy|undeploy|restart <id> [--wait] | scale <id> --min N --max N
       | env <id> --container <name> (--set K=V | --unset K | --file .env)
                 Magic Containers applications: see them, change them (the changes shown first), run and scale
                 them; every request is checked with the platform's rules first
  sandbox [--env] [--port N] [--data-dir DIR] [--seed N] [--app-limit N] [--fetch-queue-limit N] [--discard-uploads] [--no-realism]
                 run the local platform; prints its JSON (URLs, keys) as the first line, or with --env the
                 export lines that point burrow at it
  --sandbox <command>...
                 run any command above against a sandbox of its own, started before it and closed after it

${environmentHelp(unionOf(...Object.values(COMMAND_VARIABLES)))}
Run "burrow <command> --help" for details. Version ${VERSION}.
`;

/** Runs one command line; resolves to the exit status. */
export async function main(argv: readonly string[], io: CliIo, hooks: ProcessHooks): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    // Loaded on demand: `burrow api` need not load the sandbox's upload server, nor the sandbox the HTTP client.
    case 'api':
      return (await import('./api.js')).runApi(rest, io);
    case 'videos':
      return (await import('./videos.js')).runVideos(rest, io, hooks);
    case 'logs':
      return (await import('./logs.js')).runLogs(rest, io);
    case 'apps':
      return (await import('./apps.js')).runApps(rest, io);
    case 'sandbox':
      return (await import('./sandbox.js')).runSandboxCommand(rest, io, hooks);
    case '--sandbox':
      return (await import('./sandbox.js')).runWithSandbox(rest, io, hooks, main);
    case '--help':
    case '-h':
    case 'help':
      io.stdout.write(HELP);
      return EXIT.ok;
    case '--version':
    case '-V':
      io.stdout.write(`${VERSION}\n`);
      return EXIT.ok;
    case undefined:
      io.stderr.write(HELP);
      return EXIT.usage;
    default:
      io.stderr.write(`burrow: unknown command ${JSON.stringify(command)}; the commands are api, apps, videos, logs and sandbox (burrow --help)\n`);
      return EXIT.usage;
  }
}

/** Runs `main` on the real process: its argv, streams and environment. */
export async function runProcess(argv: readonly string[]): Promise<void> {
  // A reader that went away (`burrow api get /x | head -1`) is not an error worth a stack trace.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw e;
  });
  const io: CliIo = {
    // Opened only by a command that reads it: making the stream costs a `burrow api get` a few milliseconds.
    get stdin() {
      return process.stdin;
    },
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    home: homedir(),
  };
  const hooks: ProcessHooks = {
    onSignal: (s, h) => process.on(s, h),
    offSignal: (s, h) => process.off(s, h),
    parentPid: () => process.ppid,
    exit: (code) => process.exit(code),
  };
  process.exitCode = await main(argv, io, hooks);
}

const entry = process.argv[1];
if (entry !== undefined && import.meta.url === pathToFileURL(resolve(entry)).href) {
  void runProcess(process.argv.slice(2));
}
