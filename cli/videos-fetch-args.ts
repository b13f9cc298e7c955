/** The words of `burrow videos fetch`: flags, their checks, and the help text. */
import { COMMAND_VARIABLES, environmentHelp } from './env-help.js';
import { FetchHeader, FetchUrl, MAX_FETCH_HEADERS } from '../shared/contract/videos-fetch.js';
import { Title } from '../shared/videos/model.js';
import { splitFlags, wantsHelpIn } from './flags.js';
import { KEY_FLAGS_HELP, LIBRARY_FLAGS, libraryFlags, offlineTimeoutMs, type LibraryFlags } from './videos-args.js';

/** The fetch command as parsed; every value checked. */
export interface FetchCommand extends LibraryFlags {
  readonly url: string;
  readonly title?: string;
  readonly headers: readonly FetchHeader[];
  readonly json: boolean;
  /** How long the platform may stay unreachable before the run gives up with exit 3. */
  readonly offlineTimeoutMs: number;
}

/** The usage line of the fetch command. */
export const FETCH_USAGE =
  "videos fetch <url> --library <id> [--header 'Name: value']... [--title <t>] [--collection <id>] [--json] [--library-key KEY] [--video-url URL] [--api-key KEY] [--profile NAME] [--offline-timeout <s>]";

/** The help text of `burrow videos fetch`. */
export const FETCH_HELP = `usage: burrow ${FETCH_USAGE}

Asks Stream to fetch the file at <url> (http or https) into a new video, then follows the video until it is ready
or failed, printing its progress.
  --library <id>         the video library (required)
  --header 'Name: value' a header Stream sends with its download (repeatable, at most ${MAX_FETCH_HEADERS}); values are never printed.
                         Only authentication that fits one request works (Basic or Bearer Authorization, a static
                         key header); signed or expiring links will not.
  --title <t>            the video's title (default: the file name in the URL)
  --collection <id>      put the video in this collection (its guid)
  --json                 one JSON object per line (the default when standard output is not a terminal)
${KEY_FLAGS_HELP}
  --offline-timeout <s>  give up when the platform stays unreachable this long (default 60; 0 waits forever)
A full fetch queue on the platform (HTTP 429) is waited out by itself, as Retry-After says.
Exit status: 0 ready, 1 failed (or refused), 2 usage, 3 platform unreachable, 130/143 interrupted (SIGINT/SIGTERM;
the platform keeps fetching).
${environmentHelp(COMMAND_VARIABLES['videos fetch'])}`;

const VALUE_FLAGS = new Set([...LIBRARY_FLAGS, '--title', '--header', '-H', '--offline-timeout']);
const BOOLEAN_FLAGS = new Set(['--json']);

/** True when --help or -h is among the words. */
export function wantsFetchHelp(args: readonly string[]): boolean {
  return wantsHelpIn(args, VALUE_FLAGS);
}

/** `Name: value` → a checked header; the message names the header by its name only, never its value. */
export function parseHeader(text: string): { ok: true; header: FetchHeader } | { ok: false; message: string } {
  const colon = text.indexOf(':');
  if (colon <= 0) return { ok: false, message: "--header must be 'Name: value'" };
  const name = text.slice(0, colon).trim();
  const value = text.slice(colon + 1).trim();
  const checked = FetchHeader.safeParse({ name, value });
  if (checked.success) return { ok: true, header: checked.data };
  const issue = checked.error.issues[0];
  const field = issue?.path[0] === 'value' ? `the value of --header ${JSON.stringify(name)}` : `--header name ${JSON.stringify(name)}`;
  return { ok: false, message: `${field} ${issue?.message ?? 'is not valid'}` };
}

/** Parses the words after `burrow videos fetch`. */
export function parseFetchArgs(args: readonly string[]): { ok: true; command: FetchCommand } | { ok: false; message: string } {
  const fail = (message: string) => ({ ok: false as const, message });
  const split = splitFlags(args, { values: VALUE_FLAGS, booleans: BOOLEAN_FLAGS });
  if (!split.ok) return fail(split.message);
  const [url, ...extra] = split.words.operands;
  if (url === undefined) return fail('name the URL to fetch');
  // The extra words are not repeated: one may be a header value (a secret) given without --header.
  if (extra.length > 0) return fail(`one URL per run; got ${extra.length + 1} (a header goes after --header, quoted: --header 'Name: value')`);
  const checkedUrl = FetchUrl.safeParse(url);
  if (!checkedUrl.success) return fail(checkedUrl.error.issues[0]?.message ?? 'url is not valid');

  const values = new Map(split.words.values);
  const library = libraryFlags(values, 'the video library to fetch into');
  if (!library.ok) return library;

  const headers: FetchHeader[] = [];
  for (const [flag, text] of split.words.values) {
    if (flag !== '--header' && flag !== '-H') continue;
    const parsed = parseHeader(text);
    if (!parsed.ok) return fail(parsed.message);
    headers.push(parsed.header);
  }
  if (headers.length > MAX_FETCH_HEADERS) return fail(`at most ${MAX_FETCH_HEADERS} --header flags`);

  const titleText = values.get('--title');
  const title = titleText === undefined ? undefined : Title.safeParse(titleText);
  if (title !== undefined && !title.success) return fail(`--title ${title.error.issues[0]?.message ?? 'is not valid'}`);

  const timeout = offlineTimeoutMs(values);
  if (typeof timeout === 'string') return fail(timeout);
  return {
    ok: true,
    command: { url: checkedUrl.data, ...library.flags, ...(title?.success ? { title: title.data } : {}), headers, json: split.words.booleans.has('--json'), offlineTimeoutMs: timeout },
  };
}
