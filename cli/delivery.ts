/**
 * `burrow videos stats|top` and `burrow apps health`: how a video, a library's videos and an app's CDN endpoints are
 * delivered, read by the core from the pull zones' logs within each zone's rate budget (the same calls as the app's
 * screens). A partial answer is asked again, going on where it stopped, until it is whole or goes no further.
 */
import type { DeliveryCompleteness } from '../shared/contract/delivery.js';
import type { MethodName } from '../shared/contract/channels.js';
import type { MethodInput, MethodOutput } from '../shared/contract/index.js';
import { BUNNY_ENDPOINTS } from '../shared/settings/endpoint-url.js';
import { areaBaseUrl, resolveAuth } from './config.js';
import { CliCallError, openCore, type CliCoreOptions } from './core.js';
import { deliveryLines, healthLines, topLines } from './delivery-output.js';
import { COMMAND_VARIABLES, environmentHelp } from './env-help.js';
import { splitFlags, wantsHelpIn } from './flags.js';
import { createErrorWriter, EXIT, type CliIo } from './io.js';
import { prettyJson, shownOn as shown } from './output.js';
import { wholeNumber } from './videos-args.js';

const REACH_HELP = `  --api-key KEY          the account key (else BUNNYNET_API_KEY, else the profile)
  --profile, -p NAME     profile in the bunny.net CLI config file (default "default")
  --token <jwt>          a logging token (else BUNNYNET_LOGGING_TOKEN, else the account key)
  --logging-url <url>    the logging API (else BURROW_LOGGING_URL, else https://logging.bunnycdn.com)
  --json                 the answer as JSON`;
const EXITS = 'Exit status: 0 shown (also when the zone keeps no logs: that is said), 1 the platform answered with an error, 2 usage, 3 platform unreachable.';
const ROWS = 'Figures come from the pull zone\'s CDN logs, a few pages at a time within its limit of 30 requests per 10 s.';

/** The three commands: their usage, help, flags and the call each makes. */
const COMMANDS = {
  stats: {
    usage: 'videos stats <guid> --library <id> [--last 24h|3d] [--json]',
    about: 'A video\'s delivery: requests, bytes, cache hit ratio, 4xx/5xx, renditions, countries, referring sites and\nrequests over time, from one query of the library\'s pull zone filtered on the guid.',
    flags: '  --library <id>         the video library (required)\n  --last 24h|3d          the range, ending now (default 24h)',
    values: ['--library', '--last'],
    ranges: ['24h', '3d'],
    env: COMMAND_VARIABLES['videos stats'],
  },
  top: {
    usage: 'videos top --library <id> [--last 24h|3d] [--by requests|bytes] [--limit N] [--json]',
    about: 'A library\'s most delivered videos, from its pull zone\'s logs grouped by the guid in each request\'s path;\ntitles from the library\'s list (its key fetched with the account key unless given).',
    flags: '  --library <id>         the video library (required)\n  --last 24h|3d          the range, ending now (default 24h)\n  --by requests|bytes    what ranks them (default requests)\n  --limit N              how many, 1 to 1000 (default 10)\n  --library-key KEY      the library\'s key, for titles (else BUNNYNET_LIBRARY_KEY, else fetched)\n  --video-url URL        Stream\'s base URL (else BURROW_VIDEO_URL, else https://video.bunnycdn.com)',
    values: ['--library', '--last', '--by', '--limit', '--library-key', '--video-url'],
    ranges: ['24h', '3d'],
    env: COMMAND_VARIABLES['videos top'],
  },
  health: {
    usage: 'apps health <id> [--last 1h|24h] [--json]',
    about: 'Each CDN endpoint of an app and its pull zone\'s figures: requests, 5xx rate, cache hit ratio, bytes per request\n(p50/p95); a 5xx rate above 1 % is marked UNHEALTHY. Anycast endpoints have no logs and are not listed.',
    flags: '  --last 1h|24h          the range, ending now (default 1h)\n  --containers-url URL   the container API (else BURROW_CONTAINERS_URL, else https://api.bunny.net/mc)',
    values: ['--last', '--containers-url'],
    ranges: ['1h', '24h'],
    env: COMMAND_VARIABLES['apps health'],
  },
} as const;

type Which = keyof typeof COMMANDS;

/** The help text of one of the commands. */
export function deliveryHelp(which: Which): string {
  const c = COMMANDS[which];
  return `usage: burrow ${c.usage} [--api-key KEY] [--profile NAME] [--token JWT] [--logging-url URL]\n\n${c.about}\n${ROWS}\n${c.flags}\n${REACH_HELP}\n${EXITS}\n${environmentHelp(c.env)}`;
}

type Call = { [M in MethodName]: { readonly method: M; readonly input: MethodInput<M> } }['videos.delivery' | 'videos.top' | 'apps.health'];

/** A command as parsed: the call it makes and how the core is opened for it. */
interface Parsed {
  readonly call: Call;
  readonly json: boolean;
  readonly values: ReadonlyMap<string, string>;
}

/** Parses the words after `burrow videos stats|top` or `burrow apps health`. */
export function parseDeliveryArgs(which: Which, args: readonly string[]): { ok: true; parsed: Parsed } | { ok: false; message: string } {
  const c = COMMANDS[which];
  const split = splitFlags(args, { values: new Set([...c.values, '--api-key', '--profile', '-p', '--token', '--logging-url']), booleans: new Set(['--json']) });
  if (!split.ok) return split;
  const values = new Map(split.words.values);
  const operands = split.words.operands;
  if (operands.length !== (which === 'top' ? 0 : 1)) return { ok: false, message: which === 'top' ? 'videos top takes no operands' : `give one ${which === 'stats' ? 'video guid' : 'app id'}` };
  const range = values.get('--last') ?? c.ranges[0];
  if (!(c.ranges as readonly string[]).includes(range)) return { ok: false, message: `--last must be ${c.ranges.join(' or ')}` };
  const json = split.words.booleans.has('--json');
  if (which === 'health') return { ok: true, parsed: { json, values, call: { method: 'apps.health', input: { id: operands[0]!.trim(), range: range as '1h' | '24h' } } } };
  const libraryId = wholeNumber(values.get('--library') ?? '');
  if (libraryId === undefined || libraryId < 1) return { ok: false, message: '--library <id> is required (a whole number above 0)' };
  const r = range as '24h' | '3d';
  if (which === 'stats') return { ok: true, parsed: { json, values, call: { method: 'videos.delivery', input: { libraryId, guid: operands[0]!.trim(), range: r } } } };
  const by = values.get('--by') ?? 'requests';
  if (by !== 'requests' && by !== 'bytes') return { ok: false, message: '--by must be requests or bytes' };
  const limit = values.has('--limit') ? wholeNumber(values.get('--limit') ?? '') : 10;
  if (limit === undefined || limit < 1 || limit > 1000) return { ok: false, message: '--limit must be a whole number from 1 to 1000' };
  return { ok: true, parsed: { json, values, call: { method: 'videos.top', input: { libraryId, range: r, by, limit } } } };
}

/** The core's options for a command: the account key, the logging API (and token), Stream or the container API. */
function coreOptions(which: Which, p: Parsed, io: CliIo, secrets: string[]): { ok: true; options: CliCoreOptions } | { ok: false; message: string } {
  const v = p.values;
  const auth = resolveAuth({ ...(v.has('--api-key') ? { apiKeyFlag: v.get('--api-key')! } : {}), ...(v.has('--profile') ? { profile: v.get('--profile')! } : {}), env: io.env, home: io.home });
  if (!auth.ok) return auth;
  const logging = areaBaseUrl({ name: '--logging-url', value: v.get('--logging-url') }, 'BURROW_LOGGING_URL', io.env, BUNNY_ENDPOINTS.loggingUrl);
  const other = which === 'health' ? areaBaseUrl({ name: '--containers-url', value: v.get('--containers-url') }, 'BURROW_CONTAINERS_URL', io.env, `${auth.auth.baseUrl.replace(/\/+$/, '')}/mc`) : areaBaseUrl({ name: '--video-url', value: v.get('--video-url') }, 'BURROW_VIDEO_URL', io.env, BUNNY_ENDPOINTS.videoUrl);
  if (!logging.ok) return logging;
  if (!other.ok) return other;
  const token = v.get('--token') ?? (io.env.BUNNYNET_LOGGING_TOKEN || undefined);
  const libraryKey = v.get('--library-key') ?? (io.env.BUNNYNET_LIBRARY_KEY || undefined);
  secrets.push(...[auth.auth.apiKey, token, libraryKey].filter((s): s is string => s !== undefined));
  const libraryId = p.call.method === 'videos.top' ? p.call.input.libraryId : undefined;
  return {
    ok: true,
    options: {
      auth: auth.auth, env: io.env, home: io.home, dataDir: 'temporary',
      endpoints: { loggingUrl: logging.url, ...(which === 'health' ? { containersUrl: other.url } : { videoUrl: other.url }) },
      ...(token !== undefined ? { loggingToken: token } : {}),
      // Titles of the top list need the library's key: the one given, else fetched with the account key.
      ...(libraryId === undefined ? {} : libraryKey !== undefined ? { libraryKeys: new Map([[libraryId, libraryKey]]) } : { fetchKeyOf: libraryId }),
    },
  };
}

/** Runs one of the commands; resolves to the exit status. */
export async function runDelivery(which: Which, args: readonly string[], io: CliIo): Promise<number> {
  const name = which === 'health' ? 'apps health' : `videos ${which}`;
  if (wantsHelpIn(args, new Set(COMMANDS[which].values))) {
    io.stdout.write(deliveryHelp(which));
    return EXIT.ok;
  }
  const parsed = parseDeliveryArgs(which, args);
  if (!parsed.ok) {
    io.stderr.write(`burrow ${name}: ${parsed.message}\nusage: burrow ${COMMANDS[which].usage}\n`);
    return EXIT.usage;
  }
  const secrets: string[] = [];
  const err = createErrorWriter(io, () => secrets);
  const opts = coreOptions(which, parsed.parsed, io, secrets);
  if (!opts.ok) {
    err(`burrow ${name}: ${opts.message}`);
    return EXIT.usage;
  }
  try {
    const core = await openCore(opts.options);
    try {
      const { method, input } = parsed.parsed.call;
      const ask = () => core.invoke(method, input as never) as Promise<MethodOutput<typeof method> & { completeness: DeliveryCompleteness }>;
      // Each call goes on with the same walk in the core; one that brings no new page ends the asking.
      let answer = await ask();
      while (answer.completeness.partial) {
        const next = await ask();
        const moved = next.completeness.pagesRead > answer.completeness.pagesRead;
        answer = next;
        if (!moved) break;
      }
      if (parsed.parsed.json) io.stdout.write(shown(io.stdout, `${prettyJson(JSON.stringify(answer))}\n`));
      else {
        const lines = method === 'videos.delivery' ? deliveryLines(answer as MethodOutput<'videos.delivery'>) : method === 'videos.top' ? topLines(answer as MethodOutput<'videos.top'>) : healthLines(answer as MethodOutput<'apps.health'>);
        io.stdout.write(shown(io.stdout, lines.map((l) => `${l}\n`).join('')));
      }
      if (answer.completeness.partial) err(`Partial: ${answer.completeness.reason ?? 'not every page could be read'}.`);
      if (answer.completeness.rowsSkipped > 0) err(`${answer.completeness.rowsSkipped} log rows could not be read and are not counted.`);
      return EXIT.ok;
    } finally {
      await core.close();
    }
  } catch (e) {
    if (!(e instanceof CliCallError)) throw e;
    const a = e.error;
    err(`burrow ${name}: ${a.title}`);
    if (a.detail !== undefined) err(a.detail);
    if (a.kind === 'network' || a.kind === 'timeout') return EXIT.network;
    return a.status === undefined && a.kind === 'validation' ? EXIT.usage : EXIT.http;
  }
}
