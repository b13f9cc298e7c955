/**
 * `burrow videos list`: one page of a library's videos, on the same core call as the app's library browser, with the
 * library's key found as `burrow videos upload` finds it.
 */
import { COMMAND_VARIABLES, environmentHelp } from './env-help.js';
import { LIBRARY_PAGE_SIZES, LibraryOrder, type LibraryQuery } from '../shared/contract/videos-library.js';
import { formatLength, videoWords } from '../shared/videos/status.js';
import { CliCallError } from './core.js';
import { splitFlags, wantsHelpIn } from './flags.js';
import { createErrorWriter, EXIT, type CliIo } from './io.js';
import { prettyJson, shownOn as shown } from './output.js';
import { KEY_FLAGS_HELP, LIBRARY_FLAGS, libraryFlags, wholeNumber, type LibraryFlags } from './videos-args.js';
import { openVideosCore } from './videos-setup.js';

/** The usage line of the list command. */
export const LIST_USAGE =
  'videos list --library <id> [--search <text>] [--collection <id>] [--order date|title] [--page <n>] [--per-page <n>] [--json] [--library-key KEY] [--video-url URL] [--api-key KEY] [--profile NAME]';

/** The help text of `burrow videos list`. */
export const LIST_HELP = `usage: burrow ${LIST_USAGE}

Lists one page of a Stream library's videos, newest first: a header row, then id, status, length, size and title,
one per line (--json: the page as JSON — totalItems, page, itemsPerPage and items).
  --library <id>         the video library (required)
  --search <text>        only videos whose title contains the text
  --collection <id>      only videos in this collection (its guid)
  --order date|title     newest first (default), or by title
  --page <n>             which page, from 1 (default 1)
  --per-page <n>         videos per page, ${LIBRARY_PAGE_SIZES.min} to ${LIBRARY_PAGE_SIZES.max} (default 100)
  --json                 the page as JSON
${KEY_FLAGS_HELP}
Exit status: 0 listed, 1 the platform answered with an error, 2 usage or no key, 3 platform unreachable.
${environmentHelp(COMMAND_VARIABLES['videos list'])}`;

const VALUE_FLAGS = new Set([...LIBRARY_FLAGS, '--search', '--order', '--page', '--per-page']);
const BOOLEAN_FLAGS = new Set(['--json']);

/** The list command as parsed. */
export interface ListCommand extends LibraryFlags {
  readonly query: LibraryQuery;
  readonly json: boolean;
}

/** Parses the words after `burrow videos list`. */
export function parseListArgs(args: readonly string[]): { ok: true; command: ListCommand } | { ok: false; message: string } {
  const split = splitFlags(args, { values: VALUE_FLAGS, booleans: BOOLEAN_FLAGS });
  if (!split.ok) return split;
  if (split.words.operands.length > 0) return { ok: false, message: `videos list takes no operands; got ${JSON.stringify(split.words.operands[0])}` };
  const values = new Map(split.words.values);
  const library = libraryFlags(values, 'the video library to list');
  if (!library.ok) return library;
  const order = LibraryOrder.safeParse(values.get('--order') ?? 'date');
  if (!order.success) return { ok: false, message: '--order must be date or title' };
  const page = values.has('--page') ? wholeNumber(values.get('--page') ?? '') : 1;
  if (page === undefined || page < 1) return { ok: false, message: '--page must be a whole number from 1' };
  const perPage = values.has('--per-page') ? wholeNumber(values.get('--per-page') ?? '') : 100;
  if (perPage === undefined || perPage < LIBRARY_PAGE_SIZES.min || perPage > LIBRARY_PAGE_SIZES.max) {
    return { ok: false, message: `--per-page must be a whole number from ${LIBRARY_PAGE_SIZES.min} to ${LIBRARY_PAGE_SIZES.max}` };
  }
  const search = values.get('--search') ?? '';
  if (search.length > 200) return { ok: false, message: '--search must be at most 200 characters' };
  const { libraryId, collectionId } = library.flags;
  return { ok: true, command: { ...library.flags, query: { libraryId, page, itemsPerPage: perPage, search, collectionId, orderBy: order.data }, json: split.words.booleans.has('--json') } };
}

const MB = 1_000_000;
const size = (bytes: number) => (bytes >= MB ? `${(bytes / MB).toFixed(1)} MB` : `${Math.round(bytes / 1000)} KB`);

/** Says how many videos of the page could not be read, and the first reason. */
export function unreadableLine(u: { readonly count: number; readonly firstReason: string }): string {
  return `${u.count} video${u.count === 1 ? '' : 's'} on this page could not be read and ${u.count === 1 ? 'is' : 'are'} not listed (first: ${u.firstReason})`;
}

/** Runs `burrow videos list …`; resolves to the exit status. */
export async function runVideosList(args: readonly string[], io: CliIo): Promise<number> {
  if (wantsHelpIn(args, VALUE_FLAGS)) {
    io.stdout.write(LIST_HELP);
    return EXIT.ok;
  }
  const parsed = parseListArgs(args);
  if (!parsed.ok) {
    io.stderr.write(`burrow: ${parsed.message} (burrow videos list --help)\n`);
    return EXIT.usage;
  }
  const cmd = parsed.command;
  const secrets: string[] = [cmd.libraryKey, cmd.apiKey].filter((s): s is string => s !== undefined);
  const err = createErrorWriter(io, () => secrets);
  const core = await openVideosCore(cmd, io, secrets, err);
  if (typeof core === 'number') return core;
  try {
    const page = await core.invoke('videos.libraryList', cmd.query);
    if (cmd.json) {
      io.stdout.write(shown(io.stdout, `${prettyJson(JSON.stringify(page))}\n`));
      if (page.unreadable) err(unreadableLine(page.unreadable));
      return EXIT.ok;
    }
    const row = (id: string, status: string, length: string, bytes: string, title: string) => [id.padEnd(36), status.padEnd(27), length.padStart(8), bytes.padStart(9), title].join('  ');
    // A table starts with its column names, as `burrow logs` does; an empty page prints no table at all.
    if (page.items.length > 0) io.stdout.write(`${row('ID', 'STATUS', 'LENGTH', 'SIZE', 'TITLE')}\n`);
    for (const v of page.items) {
      const line = row(v.guid, videoWords(v).label, formatLength(v.length), size(v.storageSize), shown(io.stdout, v.title, { oneLine: true }));
      io.stdout.write(shown(io.stdout, `${line}\n`));
    }
    const pages = Math.max(1, Math.ceil(page.totalItems / page.itemsPerPage));
    // The count goes to stderr, so stdout holds the table alone (its header, then one video a line) for a pipe.
    err(page.totalItems === 0 ? 'No videos.' : `Page ${page.page} of ${pages} · ${page.totalItems} video${page.totalItems === 1 ? '' : 's'}`);
    if (page.unreadable) err(unreadableLine(page.unreadable));
    return EXIT.ok;
  } catch (e) {
    if (!(e instanceof CliCallError)) throw e;
    const a = e.error;
    err(`burrow videos list: ${a.title}`);
    if (a.detail !== undefined) err(a.detail);
    return a.kind === 'network' || a.kind === 'timeout' ? EXIT.network : EXIT.http;
  } finally {
    await core.close();
  }
}
