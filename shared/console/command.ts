/**
 * The one parser of the raw request command `api METHOD PATH [--body JSON] [--verbose] [--profile NAME] [--api-key KEY]`,
 * shared by the `burrow` command line and the in-app console. Pure: errors are values, nothing throws.
 */
import { parseJsonBody } from './command-json.js';
import { quoteBareJsonBodies } from './command-lenient.js';
import { shellDoubleQuote, shellQuote, showText, tokenize } from './command-shell.js';
import {
  API_METHODS,
  MAX_PATH_LENGTH,
  type ApiCommand,
  type ApiCommandError,
  type ApiCommandErrorCode,
  type ApiMethod,
  type ApiParse,
} from './command-types.js';

/** One-line usage of the command. */
export const API_USAGE = 'api <METHOD> <path> [--body|-b <json>] [--verbose|-v] [--profile|-p <name>] [--api-key <key>]';

function fail(code: ApiCommandErrorCode, message: string, position?: number): { ok: false; error: ApiCommandError } {
  return { ok: false, error: position === undefined ? { code, message } : { code, message, position } };
}

/** Case-insensitive, ASCII only (so `poſt`, which upper-cases to POST, is not a method). */
function parseMethod(raw: string): ApiMethod | undefined {
  if (!/^[A-Za-z]+$/.test(raw)) return undefined;
  const upper = raw.toUpperCase();
  return API_METHODS.find((m) => m === upper);
}

// C0, DEL and C1 controls: CR/LF split headers, NUL truncates, the rest only hide what is sent.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

/**
 * Validates and normalizes a path relative to the API URL so it cannot leave it: adds a missing leading `/`; refuses an absolute URL
 * or any `scheme:`, `//host`, a backslash, control characters, a `#` fragment and anything over MAX_PATH_LENGTH.
 */
export function checkPath(raw: string): { ok: true; path: string } | { ok: false; error: ApiCommandError } {
  if (raw.length === 0) return fail('path', 'Path is required.');
  const control = CONTROL.exec(raw);
  if (control) {
    return fail('path', `The path must not contain control characters (CR, LF, NUL…): found ${showText(control[0])} at position ${control.index}`, control.index);
  }
  const backslash = raw.indexOf('\\');
  if (backslash !== -1) return fail('path', `The path must not contain a backslash (found at position ${backslash})`, backslash);
  if (raw.startsWith('//')) return fail('path', 'The path must not start with // (that names another host); give a path such as /pullzone', 0);
  if (!raw.startsWith('/') && SCHEME.test(raw)) {
    return fail('path', `The path must be relative to the API URL, not an absolute URL (${showText(raw)}); give a path such as /pullzone`, 0);
  }
  const hash = raw.indexOf('#');
  if (hash !== -1) return fail('path', `The path must not contain # (a fragment is never sent; write %23 for a literal #), found at position ${hash}`, hash);
  const path = raw.startsWith('/') ? raw : `/${raw}`;
  if (path.length > MAX_PATH_LENGTH) return fail('path', `The path is ${path.length} characters long; the limit is ${MAX_PATH_LENGTH}`, MAX_PATH_LENGTH);
  return { ok: true, path };
}

interface Flags {
  bodyText?: string;
  verbose: boolean;
  profile?: string;
  apiKey?: string;
}

type ValueFlag = 'body' | 'profile' | 'apiKey';

const VALUE_FLAGS: Readonly<Record<string, ValueFlag>> = { '--body': 'body', '-b': 'body', '--profile': 'profile', '-p': 'profile', '--api-key': 'apiKey' };
const FLAG_LIST = '--body/-b, --verbose/-v, --profile/-p, --api-key';

function setValue(flags: Flags, which: ValueFlag, name: string, value: string): ApiCommandError | undefined {
  const current = which === 'body' ? flags.bodyText : flags[which];
  if (current !== undefined) return { code: 'flag', message: `${name} is given more than once` };
  if (which === 'body') flags.bodyText = value;
  else if (value.length === 0) return { code: 'flag', message: `${name} needs a non-empty value` };
  else flags[which] = value;
  return undefined;
}

/** Parses the words after `api`: METHOD PATH, then flags in any order (`--` ends the flags). */
export function parseApiArgs(args: readonly string[]): ApiParse {
  if (args.length === 0) return fail('empty', `No command: expected ${API_USAGE}`);
  const flags: Flags = { verbose: false };
  const positional: string[] = [];
  let flagsDone = false;
  for (let k = 0; k < args.length; k++) {
    const arg = args[k]!;
    if (flagsDone || arg === '-' || !arg.startsWith('-')) {
      positional.push(arg);
      continue;
    }
    if (arg === '--') {
      flagsDone = true;
      continue;
    }
    if (arg === '--verbose' || arg === '-v') {
      flags.verbose = true;
      continue;
    }
    if (arg === '--help' || arg === '-h') return fail('usage', `Usage: ${API_USAGE}`);
    const eq = arg.indexOf('=');
    const name = arg.startsWith('--') && eq !== -1 ? arg.slice(0, eq) : arg;
    const which = VALUE_FLAGS[name];
    if (name === '--verbose') return fail('flag', '--verbose takes no value');
    if (which === undefined) return fail('flag', `Unknown flag ${showText(name)}: the flags are ${FLAG_LIST}`);
    let value: string;
    if (name !== arg) value = arg.slice(eq + 1);
    else {
      const next = args[k + 1];
      if (next === undefined) return fail('flag', `${name} needs a value${which === 'body' ? ' (a JSON text)' : ''}`);
      value = next;
      k++;
    }
    const problem = setValue(flags, which, name, value);
    if (problem) return { ok: false, error: problem };
  }
  const [rawMethod, rawPath, extra] = positional;
  if (rawMethod === undefined) return fail('method', `Method is required: one of ${API_METHODS.join(', ')}`);
  const method = parseMethod(rawMethod);
  if (method === undefined) return fail('method', `Invalid method ${showText(rawMethod)}: use one of ${API_METHODS.join(', ')}`);
  if (rawPath === undefined) return fail('path', 'Path is required.');
  const path = checkPath(rawPath);
  if (!path.ok) return path;
  if (extra !== undefined) {
    // `--body {"a": 1}` without quotes splits into several words.
    const hint = /[[\]{}]/.test(extra) ? ` (quote a JSON body: --body '{"a": 1}')` : '';
    return fail('usage', `Unexpected argument ${showText(extra)}: expected ${API_USAGE}${hint}`);
  }
  const command: { -readonly [K in keyof ApiCommand]: ApiCommand[K] } = { method, path: path.path, verbose: flags.verbose };
  if (flags.bodyText !== undefined) {
    const body = parseJsonBody(flags.bodyText);
    if (!body.ok) return body;
    command.body = body.value;
    command.bodyText = flags.bodyText;
  }
  if (flags.profile !== undefined) command.profile = flags.profile;
  if (flags.apiKey !== undefined) command.apiKey = flags.apiKey;
  return { ok: true, command };
}

const PREFIXES = new Set(['burrow', 'bunny']);

/** How a typed line is read. */
export interface ApiLineOptions {
  /**
   * The app's own command line: an unquoted JSON object or array after --body is taken whole
   * (`--body {"a": 1}`), where a shell would have split it into words.
   */
  readonly lenientBody?: boolean;
}

/** Parses a typed line: an optional leading `burrow` (or `bunny`) and/or `api`, then as parseApiArgs. */
export function parseApiLine(line: string, options: ApiLineOptions = {}): ApiParse {
  const words = tokenize(options.lenientBody ? quoteBareJsonBodies(line) : line);
  if (!words.ok) return words;
  let tokens = words.tokens;
  if (tokens[0] !== undefined && PREFIXES.has(tokens[0].toLowerCase())) tokens = tokens.slice(1);
  if (tokens[0] !== undefined && tokens[0].toLowerCase() === 'api') tokens = tokens.slice(1);
  if (tokens.length === 0) return fail('empty', `Type a command: ${API_USAGE}`);
  return parseApiArgs(tokens);
}

function bodyTextOf(cmd: ApiCommand): string | undefined {
  if (cmd.bodyText !== undefined) return cmd.bodyText;
  if (cmd.body === undefined) return undefined;
  try {
    return JSON.stringify(cmd.body) ?? 'null';
  } catch {
    return 'null';
  }
}

/** The command as a line that parseApiLine reads back to the same method, path, body, verbose and profile; never the key. */
export function formatApiCommand(cmd: ApiCommand): string {
  const words = ['api', cmd.method, shellQuote(cmd.path)];
  const body = bodyTextOf(cmd);
  if (body !== undefined) words.push('--body', shellQuote(body));
  if (cmd.verbose) words.push('--verbose');
  if (cmd.profile !== undefined) words.push('--profile', shellQuote(cmd.profile));
  return words.join(' ');
}

/** The same request as a curl command; the key is a shell variable (double-quoted so it expands), never the value. */
export function toCurl(cmd: ApiCommand, baseUrl: string, keyPlaceholder = '$BUNNYNET_API_KEY'): string {
  const url = baseUrl.replace(/\/+$/, '') + cmd.path;
  // curl waits for a body after -X HEAD unless told with -I that none comes.
  const words = ['curl', '-X', cmd.method, ...(cmd.method === 'HEAD' ? ['-I'] : []), shellQuote(url)];
  words.push('-H', shellDoubleQuote(`AccessKey: ${keyPlaceholder}`), '-H', shellQuote('Accept: application/json'));
  const body = bodyTextOf(cmd);
  if (body !== undefined) words.push('-H', shellQuote('Content-Type: application/json'), '--data', shellQuote(body));
  return words.join(' ');
}
