/** The words of `burrow videos fetch`: flags, their checks, and the help text. */
import { COMMAND_VARIABLES, environmentHelp } from './env-help.js';
import { FetchHeader, FetchUrl, MAX_FETCH_HEADERS } from '../shared/contract/videos-fetch.js';
import { LibraryId } from '../shared/settings/profiles.js';
import { Title } from '../shared/videos/model.js';
import { splitFlags, wantsHelpIn } from './flags.js';

/** The fetch command as parsed; every value checked. */
export interface FetchCommand {
  readonly url: string;
  readonly libraryId: number;
  readonly collectionId: string | null;
  readonly title?: string;
  readonly headers: readonly FetchHeader[];
  readonly json: boolean;
  readonly libraryKey?: string;
  readonly videoUrl?: string;
  readonly apiKey?: string;
  readonly profile?: string;
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
  --library-key KEY      the library's key (else BUNNYNET_LIBRARY_KEY, else fetched with the account key)
  --video-url URL        Stream's base URL (else BURROW_VIDEO_URL, else https://video.bunnycdn.com)
  --api-key KEY          account key for fetching the library's key (else BUNNYNET_API_KEY, else the profile)
  --profile, -p NAME     profile in the bunny.net CLI config file (default "default")
  --offline-timeout <s>  give up when the platform stays unreachable this long (default 60; 0 waits forever)
A full fetch queue on the platform (HTTP 429) is waited out by itself, as Retry-After says.
Exit status: 0 ready, 1 failed (or refused), 2 usage, 3 platform unreachable, 130/143 interrupted (SIGINT/SIGTERM;
the platform keeps fetching).
${environmentHelp(COMMAND_VARIABLES['videos fetch'])}`;

const VALUE_FLAGS = new Set(['--library', '--collection', '--title', '--header', '-H', '--library-key', '--video-url', '--api-key', '--profile', '-p', '--offline-timeout']);
const BOOLEAN_FLAGS = new Set(['--json']);

/** True when --help or -h is among the words. */
export function wantsFetchHelp(args: readonly string[]): boolean {
  return wantsHelpIn(args, VALUE_FLAGS);
}

function wholeNumber(text: string): number | undefined {
  return /^\d{1,15}$/.test(text) ? Number(text) : undefined;
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
  const libraryText = values.get('--library');
  if (libraryText === undefined) return fail('--library <id> is required (the video library to fetch into)');
  const library = LibraryId.safeParse(wholeNumber(libraryText.trim()));
  if (!library.success) return fail(`--library must be a library id (a whole number above 0); got ${JSON.stringify(libraryText)}`);

  const headers: FetchHeader[] = [];
  for (const [flag, text] of split.words.values) {
    if (flag !== '--header' && flag !== '-H') continue;
    const parsed = parseHeader(text);
    if (!parsed.ok) return fail(parsed.message);
    headers.push(parsed.header);
  }
  if (headers.length > MAX_FETCH_HEADERS) return fail(`at most ${MAX_FETCH_HEADERS} --header flags`);

  const collection = values.get('--collection')?.trim();
  if (collection === '' || (collection !== undefined && collection.length > 100)) return fail('--collection must be a collection id of 1 to 100 characters');
  const titleText = values.get('--title');
  const title = titleText === undefined ? undefined : Title.safeParse(titleText);
  if (title !== undefined && !title.success) return fail(`--title ${title.error.issues[0]?.message ?? 'is not valid'}`);

  const timeoutText = values.get('--offline-timeout');
  const timeoutSeconds = timeoutText === undefined ? 60 : wholeNumber(timeoutText.trim());
  if (timeoutSeconds === undefined || timeoutSeconds > 86_400) return fail('--offline-timeout must be a whole number of seconds from 0 to 86400');

  const optional = (flag: string, key: keyof FetchCommand) => {
    const v = values.get(flag);
    return v === undefined ? {} : { [key]: v };
  };
  return {
    ok: true,
    command: {
      url: checkedUrl.data,
      libraryId: library.data,
      collectionId: collection ?? null,
      ...(title?.success ? { title: title.data } : {}),
      headers,
      json: split.words.booleans.has('--json'),
      ...optional('--library-key', 'libraryKey'),
      ...optional('--video-url', 'videoUrl'),
      ...optional('--api-key', 'apiKey'),
      ...optional('--profile', 'profile'),
      offlineTimeoutMs: timeoutSeconds * 1000,
    },
  };
}
