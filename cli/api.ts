/** `burrow api <METHOD> <path> [--body|-b <json>] [--verbose] [--profile NAME] [--api-key KEY]`: one raw request to the core API. */
import { STATUS_CODES } from 'node:http';
import type { EventPayload, MethodOutput } from '../shared/contract/index.js';
import { API_USAGE, parseApiArgs } from '../shared/console/command.js';
import { parseJsonBody } from '../shared/console/command-json.js';
import { MAX_BODY_BYTES } from '../shared/console/command-types.js';
import { redactHeaders } from '../shared/common/redact.js';
import { resolveAuth, routeApiPath } from './config.js';
import { CliCallError, openCore } from './core.js';
import { COMMAND_VARIABLES, environmentHelp } from './env-help.js';
import { createErrorWriter, EXIT, type CliIo } from './io.js';
import { describeBinary, escapeForTerminal, jsonTextOf, looksBinary, prettyJson } from './output.js';
import { readStdinBody, shouldReadStdin } from './stdin.js';

type Answer = MethodOutput<'console.raw'>;

/** The help text of `burrow api`. */
export const API_HELP = `usage: burrow ${API_USAGE}

Sends one request to the bunny.net core API (or the sandbox) and prints the answer.
  METHOD          GET, POST, PUT, PATCH, DELETE, HEAD or OPTIONS (any case)
  path            relative to the API URL, e.g. /pullzone or /dnszone/12?page=1
  --body, -b      JSON request body; otherwise read from standard input when it is not a terminal (not for GET/HEAD)
  --verbose, -v   show the request, each attempt and the response headers on stderr (keys masked)
  --profile, -p   profile in the bunny.net CLI config file (default "default")
  --api-key       API key (else BUNNYNET_API_KEY, else the profile's api_key)
Base URL: BUNNYNET_API_URL, else the profile's api_url, else https://api.bunny.net.
  Paths under /mc, /video and /logging go to BURROW_CONTAINERS_URL, BURROW_VIDEO_URL and BURROW_LOGGING_URL
  (the prefix replaced by that URL) when the variable is set; Stream needs the library's key as --api-key.
Exit status: 0 success (2xx), 1 HTTP error, 2 usage or bad JSON, 3 network failure.
${environmentHelp(COMMAND_VARIABLES.api)}`;

/** Value flags whose next word is never itself a flag, so `--profile -h` is a profile named "-h". */
const TAKES_VALUE = new Set(['--body', '-b', '--profile', '-p', '--api-key']);

function wantsHelp(args: readonly string[]): boolean {
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--') return false;
    if (a === '--help' || a === '-h') return true;
    if (a !== undefined && TAKES_VALUE.has(a)) i++;
  }
  return false;
}

function exitFor({ error }: CliCallError): number {
  switch (error.kind) {
    case 'network':
    case 'timeout':
    case 'cancelled':
      return EXIT.network;
    case 'validation':
    case 'auth':
      return EXIT.usage;
    default:
      return EXIT.http;
  }
}

function headerLines(prefix: string, headers: Readonly<Record<string, string | string[]>>): string[] {
  return Object.entries(redactHeaders(headers)).flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((v) => `${prefix} ${name}: ${v}`));
}

function describeAttempt(a: EventPayload<'console.attempt'>, bodyBytes: number): string[] {
  const lines = [`* attempt ${a.attempt}`, `> ${a.method} ${a.url}`, ...headerLines('>', a.requestHeaders)];
  if (bodyBytes > 0) lines.push(`> (body: ${bodyBytes} bytes)`);
  if (a.status !== undefined) lines.push(`< ${a.status} ${STATUS_CODES[a.status] ?? ''}`.trimEnd(), ...headerLines('<', a.responseHeaders ?? {}));
  if (a.error !== undefined) lines.push(`! ${a.error}`);
  lines.push(a.retry ? `* retrying in ${a.delayMs} ms (${a.reason})` : `* no retry (${a.reason})`);
  return lines;
}

/** The platform's own message for an error answer (core Message and Field, containers detail/title and errors, else the status text). */
function httpErrorLines({ status, problem }: Answer): string[] {
  const lines = [`burrow: HTTP ${`${status} ${STATUS_CODES[status] ?? ''}`.trimEnd()}: ${problem?.detail ?? problem?.title}`];
  for (const [field, message] of Object.entries(problem?.fieldErrors ?? {})) {
    lines.push(problem?.detail?.includes(message) === true ? `  field: ${field}` : `  ${field}: ${message}`);
  }
  if (problem?.code !== undefined) lines.push(`  error key: ${problem.code}`);
  return lines;
}

/** The answer's body on stdout (the core has masked every key in it). */
function writeBody(io: CliIo, answer: Answer, warn: (line: string) => void): void {
  const body = Buffer.from(answer.body.buffer, answer.body.byteOffset, answer.body.byteLength);
  if (body.length === 0) return;
  const { contentType } = answer;
  const tty = io.stdout.isTTY === true;
  const json = jsonTextOf(body, contentType);
  if (json.json) {
    const text = `${prettyJson(json.text)}\n`;
    io.stdout.write(tty ? escapeForTerminal(text) : text);
    return;
  }
  if (json.parseError !== undefined) warn(`burrow: the answer says ${contentType ?? 'JSON'} but is not valid JSON (${json.parseError}); shown as received`);
  if (!tty) {
    io.stdout.write(body);
    return;
  }
  if (looksBinary(body)) {
    io.stdout.write(describeBinary(body, contentType));
    return;
  }
  const text = escapeForTerminal(body.toString('utf8'));
  io.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
}

/** Runs `burrow api …`; resolves to the exit status. */
export async function runApi(args: readonly string[], io: CliIo): Promise<number> {
  const secrets: string[] = [];
  const err = createErrorWriter(io, () => secrets);
  if (wantsHelp(args)) {
    io.stdout.write(API_HELP);
    return EXIT.ok;
  }
  const parsed = parseApiArgs(args);
  if (!parsed.ok) {
    err(`burrow: ${parsed.error.message}`);
    if (['empty', 'flag', 'usage'].includes(parsed.error.code) && !parsed.error.message.includes(API_USAGE)) err(`usage: burrow ${API_USAGE}`);
    return EXIT.usage;
  }
  const cmd = parsed.command;
  if (cmd.apiKey !== undefined) secrets.push(cmd.apiKey);
  const auth = resolveAuth({ ...(cmd.apiKey !== undefined ? { apiKeyFlag: cmd.apiKey } : {}), ...(cmd.profile !== undefined ? { profile: cmd.profile } : {}), env: io.env, home: io.home });
  if (!auth.ok) {
    err(`burrow: ${auth.message}`);
    return EXIT.usage;
  }
  const { apiKey, baseUrl, keySource } = auth.auth;
  secrets.push(apiKey);
  const routed = routeApiPath(cmd.path, baseUrl, io.env);
  if (!routed.ok) {
    err(`burrow: ${routed.message}`);
    return EXIT.usage;
  }
  const route = routed.route;

  let bodyText = cmd.bodyText;
  if (shouldReadStdin(io, cmd.method, bodyText !== undefined)) {
    const input = await readStdinBody(io.stdin);
    if (input.kind === 'too-large') {
      err(`burrow: The body on standard input is over ${MAX_BODY_BYTES} bytes (1 MiB), the limit`);
      return EXIT.usage;
    }
    if (input.kind === 'invalid') {
      err(`burrow: ${input.message}`);
      return EXIT.usage;
    }
    if (input.kind === 'text') {
      const checked = parseJsonBody(input.text);
      if (!checked.ok) {
        err(`burrow: ${checked.error.message} (standard input)`);
        return EXIT.usage;
      }
      bodyText = input.text;
    }
  }

  // The text is sent as given, not re-serialized: 64-bit ids and number formats reach the API unchanged.
  const bodyBytes = bodyText === undefined ? 0 : Buffer.byteLength(bodyText);
  if (cmd.verbose) err(`* key from ${keySource}; base ${route.baseUrl}${route.from !== undefined ? ` (${route.from})` : ''}`);
  // The core's URL is the routed base: the one key this command has goes wherever the path was routed.
  const core = await openCore({ auth: { ...auth.auth, baseUrl: route.baseUrl }, env: io.env, home: io.home, secrets });
  const off = core.on('console.attempt', (a) => describeAttempt(a, bodyBytes).forEach(err));
  let answer: Answer;
  try {
    answer = await core.invoke('console.raw', {
      requestId: 'burrow-api',
      method: cmd.method,
      path: route.path,
      area: route.area,
      ...(bodyText !== undefined ? { body: bodyText } : {}),
      ...(cmd.verbose ? { verbose: true } : {}),
    });
  } catch (e) {
    if (!(e instanceof CliCallError)) {
      err(`burrow: unexpected failure: ${e instanceof Error ? e.message : String(e)}`);
      return EXIT.http;
    }
    err(`burrow: ${e.message}`);
    for (const [field, message] of Object.entries(e.error.fieldErrors ?? {})) err(`  ${field}: ${message}`);
    return exitFor(e);
  } finally {
    off();
    await core.close();
  }
  writeBody(io, answer, err);
  if (answer.truncated) {
    err(`burrow: the answer was cut at ${answer.body.byteLength} bytes (too large to keep); the output is incomplete`);
    return EXIT.http;
  }
  if (answer.status >= 200 && answer.status < 300) return EXIT.ok;
  for (const line of httpErrorLines(answer)) err(line);
  return EXIT.http;
}
