/** The words of `burrow logs`: flags, their checks against the same filter and range rules the app uses, and the help text. */
import { COMMAND_VARIABLES, environmentHelp } from './env-help.js';
import { addChip, EMPTY_FILTER, type FilterKey, type LogFilter } from '../shared/logs/filter.js';
import { FILTER_TEXT_KEYS, parseFilterValue } from '../shared/logs/filter-text.js';
import type { WhenFlags } from '../shared/logs/range.js';
import type { LogOrder } from '../shared/logs/v2-query.js';
import { splitFlags, wantsHelpIn } from './flags.js';

/** How rows are written. */
export type LogFormat = 'table' | 'ndjson' | 'csv';

/** The command as parsed; every value checked except the time flags, which need the clock. */
export interface LogsCommand {
  /** A pull zone to query (v2), or a local v1 day file. */
  readonly source:
    | { readonly kind: 'zone'; readonly zoneId: number }
    | { readonly kind: 'file'; readonly path: string }
    /** A whole day from the v1 day files; the time zone is the machine's (TZ) unless --utc. */
    | { readonly kind: 'day'; readonly zoneId: number; readonly day: string; readonly utc: boolean };
  readonly when: WhenFlags;
  readonly filter: LogFilter;
  /** Rows to write at most; null with --all. */
  readonly limit: number | null;
  readonly order: LogOrder;
  /** --order file (files only): rows as the file has them; with --limit, reading stops once that many matched. */
  readonly fileOrder?: boolean;
  /** Null: a table on a terminal, NDJSON otherwise. */
  readonly format: LogFormat | null;
  readonly token?: string;
  readonly loggingUrl?: string;
  readonly apiKey?: string;
  readonly profile?: string;
  /** --follow: keep printing rows as they arrive (cli/logs-follow.ts). */
  readonly follow?: boolean;
  /** --include-authorization: write visitors' Authorization headers (other people's credentials; left out by default). */
  readonly includeAuthorization?: boolean;
  /** --facets: each facet's top values (--top of them) over the rows instead of the rows (cli/logs-facets.ts). */
  readonly facets?: { readonly top: number };
}

/** Values per facet that --facets lists unless --top says otherwise. */
export const DEFAULT_FACET_TOP = 10;

/** Rows written when neither --limit nor --all is given (the platform's own page default). */
export const DEFAULT_LIMIT = 100;

/** The usage line. */
export const LOGS_USAGE =
  'logs <pullZoneId> [--day <YYYY-MM-DD> [--utc]] | --file <day.log[.gz]> [--from <t>] [--to <t>] [--last <d>] [--status <s>] [--cache <c>] [--country <cc>] [--pop <p>] [--ip <ip>] [--url <s>] [--ua <s>] [--referer <s>] [--host <h>] [--referer-host <h>] [--agent <a>] [--pattern <p>] [--search <words>] [--request-id <id>] [--limit <n> | --all] [--order asc|desc|file] [--format table|ndjson|csv] [--include-authorization] [--facets [--top <n>]]';

/** The help text of `burrow logs`. */
export const LOGS_HELP = `usage: burrow ${LOGS_USAGE}

Prints the CDN request logs of a pull zone (the logging API's v2 JSON, kept three days), or of a v1 day file on disk.
  --from <t>, --to <t>   ISO date-times (a time without a zone is UTC), "now", or a duration back from now (90m, 1h, 2d)
  --last <d>             the span before --to (or now), e.g. 15m, 6h, 3d; default 24 h
  --status <s>           codes or classes, comma-separated: 404,5xx
  --cache <c>            cache statuses: HIT,MISS,STALE,BYPASS,REVALIDATED,UPDATING,-
  --country <cc>         ISO country codes: DE,FR          --pop <p>        edge location (POP) code: WA
  --ip <ip>              client address                    --request-id <id>  one request
  --url, --ua, --referer <s>   contains (case-insensitive)  --search <words>  any word in any text field
  --host, --referer-host <h>   the request's or the referrer's host, whole (any case), comma-separated: cdn.example.com
  --agent <a>            user-agent family: a kind (browser, bot, tool, other) or a name (Chrome, Googlebot, curl)
  --pattern <p>          a URL pattern as --facets lists it (ids as {n}, {uuid}, {hex}): https://cdn.example.com/v/{n}/thumb.jpg
                         (these four are applied to the rows the platform sends: it has no parameter for them)
  --day <YYYY-MM-DD>     a whole day, downloaded as the platform's v1 day file(s) in one stream (not v2 pages): the
                         day in the machine's time zone (TZ), or in UTC with --utc; every row of it unless --limit;
                         a day older than 3 days is refused
  --limit <n>            rows to print (default ${DEFAULT_LIMIT})          --all   every row (progress on stderr)
  --order asc|desc       by time (default desc); for --file also "file": as the lines stand, and reading stops
                         once --limit rows matched (by time, a file is read to its end, keeping only --limit rows)
  --format <f>           table (default on a terminal), ndjson (default otherwise) or csv; rows use v2's field names
  --token <jwt>          a logging token (else BUNNYNET_LOGGING_TOKEN, else the account key as burrow api finds it)
  --logging-url <url>    the logging API (else BURROW_LOGGING_URL, else https://logging.bunnycdn.com)
  --api-key KEY, --profile NAME   the account key, as for burrow api
Every request of one zone shares one budget of 30 per 10 s, the platform's limit.
  --follow               keep printing new rows as they arrive, late ones included, each once (Ctrl+C stops)
  --include-authorization   also write each visitor's Authorization header (extended logging) in NDJSON and CSV:
                         their credentials, left out unless asked for (a warning goes to stderr)
  --facets               instead of rows, each facet's top values over every row the filters pick (or --limit of
                         them): cache status, status class and code, country, POP, URL pattern, host, referrer host,
                         user-agent family, each with requests, share, bytes, hit ratio (and, in NDJSON, the filter
                         text that picks it); a table on a terminal, NDJSON otherwise
  --top <n>              values per facet with --facets (default 10, at most 1000)
Exit status: 0 done, 1 the platform answered with an error, 2 usage, 3 the platform could not be reached.
${environmentHelp(COMMAND_VARIABLES.logs)}`;

/** Flag → filter key: each filter as filter text names it (`--referer-host`), but the request id is `--request-id`. */
const FILTER_FLAGS: Readonly<Record<string, FilterKey>> = Object.fromEntries(
  (Object.entries(FILTER_TEXT_KEYS) as [FilterKey, string][]).filter(([k]) => k !== 'originShield' && k !== 'order').map(([k, text]) => [k === 'requestId' ? '--request-id' : `--${text}`, k]),
);
const VALUE_FLAGS = new Set([...Object.keys(FILTER_FLAGS), '--from', '--to', '--last', '--limit', '--order', '--format', '--file', '--token', '--logging-url', '--api-key', '--profile', '-p', '--day', '--top']);
const BOOLEAN_FLAGS = new Set(['--all', '--utc', '--follow', '--include-authorization', '--facets']);

/** True when --help or -h is among the words (a flag's value is not looked at). */
export function wantsLogsHelp(args: readonly string[]): boolean {
  return wantsHelpIn(args, VALUE_FLAGS);
}

/** Parses the words after `burrow logs`. */
export function parseLogsArgs(args: readonly string[]): { ok: true; command: LogsCommand } | { ok: false; message: string } {
  const fail = (message: string) => ({ ok: false as const, message });
  // A zone id is never negative, but a word like `-5` is read as the operand it was meant to be, then refused.
  const split = splitFlags(args, { values: VALUE_FLAGS, booleans: BOOLEAN_FLAGS, operand: (w) => /^-\d/.test(w) });
  if (!split.ok) return fail(split.message);
  const { operands: positional, values, booleans } = split.words;
  const single = new Map<string, string>();
  let filter: LogFilter = EMPTY_FILTER;
  for (const [name, value] of values) {
    const key = FILTER_FLAGS[name];
    if (key === undefined) {
      if (single.has(name)) return fail(`${name} is given twice`);
      single.set(name, value);
      continue;
    }
    // Comma lists and repeated flags of list keys add up; a single-value key given twice is refused by the filter's own rule.
    const chip = parseFilterValue(key, key === 'search' ? value : value.trim());
    // The rule's message names the filter key; the flag says it better here.
    if (!chip.ok) return fail(`${name} ${chip.message.replace(/^[a-zA-Z-]+: /, '')}`);
    if (['pop', 'ip', 'url', 'pattern', 'ua', 'referer', 'requestId'].includes(key) && filter.some((c) => c.key === key && !c.negated)) return fail(`${name} is given twice`);
    filter = addChip(filter, chip.chip);
  }

  const file = single.get('--file');
  let source: LogsCommand['source'];
  if (file !== undefined) {
    if (positional.length > 0) return fail('give a pull zone id or --file, not both');
    if (file.trim() === '') return fail('--file needs a path');
    source = { kind: 'file', path: file };
  } else {
    if (positional.length === 0) return fail('name the pull zone (its id), or a v1 day file with --file');
    if (positional.length > 1) return fail(`one pull zone at a time; got ${positional.map((p) => JSON.stringify(p)).join(', ')}`);
    const text = positional[0]!.trim();
    if (!/^\d{1,15}$/.test(text) || Number(text) < 1) return fail(`the pull zone must be its id, a whole number above 0; got ${JSON.stringify(positional[0])}`);
    source = { kind: 'zone', zoneId: Number(text) };
  }
  const day = single.get('--day');
  if (day !== undefined) {
    if (source.kind !== 'zone') return fail('--day reads a pull zone\'s day; it does not go with --file');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day.trim())) return fail(`--day must be a date as YYYY-MM-DD; got ${JSON.stringify(day)}`);
    if (['--from', '--to', '--last'].some((f) => single.has(f))) return fail('--day is a whole day: it does not go with --from, --to or --last');
    source = { kind: 'day', zoneId: source.zoneId, day: day.trim(), utc: booleans.has('--utc') };
  } else if (booleans.has('--utc')) {
    return fail('--utc goes with --day');
  }

  const wantsFacets = booleans.has('--facets');
  const topText = single.get('--top');
  let top = DEFAULT_FACET_TOP;
  if (topText !== undefined) {
    if (!wantsFacets) return fail('--top goes with --facets');
    if (!/^\d{1,4}$/.test(topText.trim()) || Number(topText) < 1 || Number(topText) > 1000) return fail(`--top must be a whole number from 1 to 1000; got ${JSON.stringify(topText)}`);
    top = Number(topText);
  }
  if (wantsFacets && booleans.has('--follow')) return fail('--facets counts the rows of a range, a day or a file; it does not go with --follow');
  if (wantsFacets && single.get('--format') === 'csv') return fail('--facets writes a table or NDJSON, not csv');

  const limitText = single.get('--limit');
  if (limitText !== undefined && booleans.has('--all')) return fail('--limit and --all cannot be combined');
  // A whole day, and the facets of a range or a file, count every row unless --limit says otherwise.
  let limit: number | null = booleans.has('--all') || source.kind === 'day' || wantsFacets ? null : DEFAULT_LIMIT;
  if (limitText !== undefined) {
    if (!/^\d{1,9}$/.test(limitText.trim()) || Number(limitText) < 1) return fail(`--limit must be a whole number above 0; got ${JSON.stringify(limitText)}`);
    limit = Number(limitText);
  }
  let orderText = single.get('--order') ?? 'desc';
  const fileOrder = orderText === 'file';
  if (fileOrder) {
    if (source.kind !== 'file') return fail('--order file is for --file: a zone\'s rows come by time');
    orderText = 'asc';
  }
  if (orderText !== 'asc' && orderText !== 'desc') return fail(`--order must be asc or desc (or file, with --file); got ${JSON.stringify(orderText)}`);
  const formatText = single.get('--format');
  if (formatText !== undefined && formatText !== 'table' && formatText !== 'ndjson' && formatText !== 'csv') {
    return fail(`--format must be table, ndjson or csv; got ${JSON.stringify(formatText)}`);
  }
  const when: { -readonly [K in keyof WhenFlags]: WhenFlags[K] } = {};
  for (const [flag, key] of [['--from', 'from'], ['--to', 'to'], ['--last', 'last']] as const) {
    const v = single.get(flag);
    if (v !== undefined) when[key] = v;
  }
  const optional = (flag: string, key: 'token' | 'loggingUrl' | 'apiKey' | 'profile') => {
    const v = single.get(flag);
    return v === undefined ? {} : { [key]: v };
  };
  return {
    ok: true,
    command: {
      source,
      when,
      filter,
      limit,
      order: orderText,
      ...(fileOrder ? { fileOrder: true } : {}),
      format: formatText ?? null,
      ...optional('--token', 'token'),
      ...optional('--logging-url', 'loggingUrl'),
      ...optional('--api-key', 'apiKey'),
      ...optional('--profile', 'profile'),
      ...(booleans.has('--follow') ? { follow: true } : {}),
      ...(booleans.has('--include-authorization') ? { includeAuthorization: true } : {}),
      ...(wantsFacets ? { facets: { top } } : {}),
    },
  };
}
