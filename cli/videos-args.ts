/** The words of `burrow videos upload`: flags, their checks, and the help texts. */
import { COMMAND_VARIABLES, environmentHelp, unionOf } from './env-help.js';
import { LibraryId } from '../shared/settings/profiles.js';
import { CONCURRENCY, Title } from '../shared/videos/model.js';
import { splitFlags, wantsHelpIn } from './flags.js';
import { parseRate } from './rate.js';

/** The flags every videos command takes for its library, its key and Stream's URL, checked. */
export interface LibraryFlags {
  readonly libraryId: number;
  readonly collectionId: string | null;
  readonly libraryKey?: string;
  readonly videoUrl?: string;
  readonly apiKey?: string;
  readonly profile?: string;
}

/** The value flags of LibraryFlags. */
export const LIBRARY_FLAGS = ['--library', '--collection', '--library-key', '--video-url', '--api-key', '--profile', '-p'] as const;

/** The help lines of the key flags, alike in every videos command. */
export const KEY_FLAGS_HELP = `  --library-key KEY      the library's key (else BUNNYNET_LIBRARY_KEY, else fetched with the account key)
  --video-url URL        Stream's base URL (else BURROW_VIDEO_URL, else https://video.bunnycdn.com)
  --api-key KEY          account key for fetching the library's key (else BUNNYNET_API_KEY, else the profile)
  --profile, -p NAME     profile in the bunny.net CLI config file (default "default")`;

/** A whole number as typed, else undefined. */
export function wholeNumber(text: string): number | undefined {
  return /^\d{1,15}$/.test(text.trim()) ? Number(text.trim()) : undefined;
}

/** The library flags as given: --library is required (`purpose` says what for). */
export function libraryFlags(values: ReadonlyMap<string, string>, purpose: string): { ok: true; flags: LibraryFlags } | { ok: false; message: string } {
  const libraryText = values.get('--library');
  if (libraryText === undefined) return { ok: false, message: `--library <id> is required (${purpose})` };
  const library = LibraryId.safeParse(wholeNumber(libraryText));
  if (!library.success) return { ok: false, message: `--library must be a library id (a whole number above 0); got ${JSON.stringify(libraryText)}` };
  const collection = values.get('--collection')?.trim();
  if (collection === '' || (collection !== undefined && collection.length > 100)) return { ok: false, message: '--collection must be a collection id of 1 to 100 characters' };
  const optional = (flag: string, key: keyof LibraryFlags) => (values.has(flag) ? { [key]: values.get(flag) } : {});
  const flags = { libraryId: library.data, collectionId: collection ?? null, ...optional('--library-key', 'libraryKey'), ...optional('--video-url', 'videoUrl'), ...optional('--api-key', 'apiKey'), ...optional('--profile', 'profile') };
  return { ok: true, flags };
}

/** --offline-timeout in milliseconds (default 60 s), or the message. */
export function offlineTimeoutMs(values: ReadonlyMap<string, string>): number | string {
  const text = values.get('--offline-timeout');
  const seconds = text === undefined ? 60 : wholeNumber(text);
  return seconds === undefined || seconds > 86_400 ? '--offline-timeout must be a whole number of seconds from 0 to 86400' : seconds * 1000;
}

/** The upload command as parsed; every value checked. */
export interface UploadCommand extends LibraryFlags {
  readonly paths: readonly string[];
  readonly title?: string;
  readonly concurrency: number;
  /** --limit-rate: the upload cap in bytes per second (kept for later runs), null for none; undefined keeps the queue's own. */
  readonly bandwidthCap?: number | null;
  readonly json: boolean;
  /** False with --no-wait: a file counts as done once the platform has verified it, without waiting for encoding. */
  readonly wait: boolean;
  /** Upload files this machine already uploaded to the library (otherwise they are skipped). */
  readonly again: boolean;
  /** How long the platform may stay unreachable before the run gives up with exit 3. */
  readonly offlineTimeoutMs: number;
  /** Send every file of this run by the resumable protocol. */
  readonly resumable: boolean;
  /** Files of at least this many bytes go resumable (kept for later runs, like --concurrency). */
  readonly resumableOver?: number;
}

/** The usage line of the upload command. */
export const UPLOAD_USAGE =
  'videos upload <file|folder>... --library <id> [--collection <id>] [--title <t>] [--concurrency <n>] [--limit-rate <rate>] [--json] [--no-wait] [--again] [--library-key KEY] [--video-url URL] [--api-key KEY] [--profile NAME] [--offline-timeout <s>] [--resumable] [--resumable-over <size>]';

/** The help text of `burrow videos`. */
export const VIDEOS_HELP = `usage: burrow videos <command> [options]

Commands:
  upload <file|folder>... --library <id> [options]
                 upload video files (folders are searched for them) to a Stream library
  fetch <url> --library <id> [options]
                 have Stream fetch a file from an http(s) URL into a new video, and follow it
  list --library <id> [--search <text>] [--collection <id>] [--json]
                 list a library's videos with their status, length and size
  stats <guid> --library <id> [--last 24h|3d] [--json]
                 a video's delivery from the library's CDN logs: requests, bytes, renditions, countries, referrers
  top --library <id> [--last 24h|3d] [--by requests|bytes] [--limit N] [--json]
                 a library's most delivered videos

Run "burrow videos <command> --help" for details.
${environmentHelp(unionOf(COMMAND_VARIABLES['videos upload'], COMMAND_VARIABLES['videos fetch'], COMMAND_VARIABLES['videos list'], COMMAND_VARIABLES['videos top']))}`;

/** The help text of `burrow videos upload`. */
export const UPLOAD_HELP = `usage: burrow ${UPLOAD_USAGE}

Uploads video files to a Stream library through a queue kept on disk: run the same command again after an
interruption (Ctrl+C, a kill, a lost network) and it continues the same uploads on the same videos.
  --library <id>         the video library (required)
  --collection <id>      put new videos in this collection (its guid); an upload begun earlier stays where it began
  --title <t>            the video's title (one file only; default: the file name without its extension)
  --concurrency <n>      uploads at once, ${CONCURRENCY.min} to ${CONCURRENCY.max} (default ${CONCURRENCY.default})
  --limit-rate <rate>    cap all uploads together at this many bytes per second: 500k, 2M, 1.5MB (decimal), or off
                         (kept for later runs, like --concurrency)
  --json                 one JSON object per line (the default when standard output is not a terminal)
  --no-wait              done once the platform has the whole file, without waiting for encoding
  --again                upload files this machine already uploaded to the library (otherwise skipped)
${KEY_FLAGS_HELP}
  --offline-timeout <s>  give up when the platform stays unreachable this long (default 60; 0 waits forever)
  --resumable            send every file by the resumable (tus) protocol: a cut or a kill continues where it stopped
  --resumable-over <size>
                         files at least this large go resumable by themselves (default 1GiB, kept for later runs);
                         a size is bytes, or a number with K, M, G, T (powers of 1024; KiB… too) or KB, MB, GB, TB
Queue: BURROW_STATE_DIR, else $XDG_STATE_HOME/burrow/cli-uploads, else ~/.local/state/burrow/cli-uploads.
Exit status: 0 every file done, 1 a file failed, 2 usage, 3 platform unreachable, 130/143 interrupted (SIGINT/SIGTERM).
${environmentHelp(COMMAND_VARIABLES['videos upload'])}`;

const VALUE_FLAGS = new Set([...LIBRARY_FLAGS, '--title', '--concurrency', '--limit-rate', '--offline-timeout', '--resumable-over']);
const BOOLEAN_FLAGS = new Set(['--json', '--no-wait', '--again', '--resumable']);

/** True when --help or -h is among the words (a flag's value is not looked at). */
export function wantsHelp(args: readonly string[]): boolean {
  return wantsHelpIn(args, VALUE_FLAGS);
}

const UNITS: Readonly<Record<string, number>> = {
  '': 1, b: 1,
  k: 1024, kib: 1024, m: 1024 ** 2, mib: 1024 ** 2, g: 1024 ** 3, gib: 1024 ** 3, t: 1024 ** 4, tib: 1024 ** 4,
  kb: 1e3, mb: 1e6, gb: 1e9, tb: 1e12,
};

/** A size such as `1073741824`, `500M`, `1.5GiB` or `2GB`, in whole bytes; undefined when it is not one. */
export function parseSize(text: string): number | undefined {
  const m = /^(\d{1,15}(?:\.\d{1,6})?)\s*([a-z]{0,3})$/i.exec(text.trim());
  const unit = m ? UNITS[(m[2] ?? '').toLowerCase()] : undefined;
  if (!m || unit === undefined) return undefined;
  const bytes = Math.round(Number(m[1]) * unit);
  return Number.isSafeInteger(bytes) ? bytes : undefined;
}

function firstIssue(result: { success: boolean; error?: { issues: readonly { message: string }[] } }): string {
  return result.error?.issues[0]?.message ?? 'is not valid';
}

/** Parses the words after `burrow videos upload`. */
export function parseUploadArgs(args: readonly string[]): { ok: true; command: UploadCommand } | { ok: false; message: string } {
  const fail = (message: string) => ({ ok: false as const, message });
  const split = splitFlags(args, { values: VALUE_FLAGS, booleans: BOOLEAN_FLAGS });
  if (!split.ok) return fail(split.message);
  const paths = split.words.operands;
  // A flag given twice: the last one counts.
  const values = new Map(split.words.values);
  const booleans = split.words.booleans;
  if (paths.length === 0) return fail('name at least one file or folder to upload');
  if (paths.some((p) => p === '')) return fail('a file name is empty');

  const library = libraryFlags(values, 'the video library to upload to');
  if (!library.ok) return library;

  const concurrencyText = values.get('--concurrency');
  const concurrency = concurrencyText === undefined ? CONCURRENCY.default : wholeNumber(concurrencyText);
  if (concurrency === undefined || concurrency < CONCURRENCY.min || concurrency > CONCURRENCY.max) {
    return fail(`--concurrency must be a whole number from ${CONCURRENCY.min} to ${CONCURRENCY.max}`);
  }

  const rateText = values.get('--limit-rate');
  const rate = rateText === undefined ? undefined : parseRate(rateText);
  if (rate !== undefined && !rate.ok) return fail(`--limit-rate ${rate.message}`);

  const titleText = values.get('--title');
  let title: string | undefined;
  if (titleText !== undefined) {
    const checked = Title.safeParse(titleText);
    if (!checked.success) return fail(`--title ${firstIssue(checked)}`);
    if (paths.length > 1) return fail('--title names one video: give exactly one file with it');
    title = checked.data;
  }

  const timeout = offlineTimeoutMs(values);
  if (typeof timeout === 'string') return fail(timeout);

  const overText = values.get('--resumable-over');
  const resumableOver = overText === undefined ? undefined : parseSize(overText);
  if (overText !== undefined && (resumableOver === undefined || resumableOver < 1024 ** 2 || resumableOver > 2 ** 50)) {
    return fail(`--resumable-over must be a size from 1MiB up (e.g. 500M, 2GiB); got ${JSON.stringify(overText)}`);
  }

  const command: UploadCommand = {
    paths,
    ...library.flags,
    ...(title !== undefined ? { title } : {}),
    concurrency,
    ...(rate !== undefined ? { bandwidthCap: rate.bytesPerSecond } : {}),
    json: booleans.has('--json'),
    wait: !booleans.has('--no-wait'),
    again: booleans.has('--again'),
    offlineTimeoutMs: timeout,
    resumable: booleans.has('--resumable'),
    ...(resumableOver !== undefined ? { resumableOver } : {}),
  };
  return { ok: true, command };
}
