/**
 * `burrow logs`: a pull zone's CDN logs (v2 pages, a whole day, a live tail) or a v1 day file, read through the core
 * as the app reads them (the same paging, rate budget, parser and filter rules), written as a table, NDJSON or CSV
 * with v2's field names.
 */
import { formatFilterText } from '../shared/logs/filter-text.js';
import { rangeFromFlags } from '../shared/logs/range.js';
import type { LogEntry } from '../shared/logs/v2-response.js';
import { countOf } from '../shared/common/plural.js';
import { BUNNY_ENDPOINTS } from '../shared/settings/endpoint-url.js';
import { areaBaseUrl, resolveAuth } from './config.js';
import { CliCallError, openCore, type CliCore, type CliCoreOptions } from './core.js';
import { createErrorWriter, EXIT, type CliIo } from './io.js';
import { LOGS_HELP, LOGS_USAGE, parseLogsArgs, wantsLogsHelp, type LogFormat, type LogsCommand } from './logs-args.js';
import { csvHeader, csvLine, exportFields, ndjsonLine, tableHeader, tableLine, withoutAuthorization } from './logs-output.js';
import { shownOn } from './output.js';

type Env = Readonly<Record<string, string | undefined>>;

/** The logging API's base URL: --logging-url, else BURROW_LOGGING_URL, else bunny.net's. */
export function loggingUrlFor(flag: string | undefined, env: Env): { ok: true; url: string } | { ok: false; message: string } {
  return areaBaseUrl({ name: '--logging-url', value: flag }, 'BURROW_LOGGING_URL', env, BUNNY_ENDPOINTS.loggingUrl);
}

/**
 * Writes rows in one format; the header goes out before the first row (or alone, for an empty CSV or table).
 * Visitors' Authorization headers are left out (no CSV column, no NDJSON key) unless --include-authorization.
 */
export class RowWriter {
  #started = false;
  count = 0;
  readonly #withAuth: boolean;
  constructor(
    private readonly io: CliIo,
    private readonly format: LogFormat,
    options: { readonly includeAuthorization?: boolean } = {},
  ) {
    this.#withAuth = options.includeAuthorization === true;
  }

  #start(): void {
    if (this.#started) return;
    this.#started = true;
    if (this.format === 'csv') this.io.stdout.write(csvHeader(exportFields(this.#withAuth)));
    if (this.format === 'table') this.io.stdout.write(tableHeader());
  }

  write(entry: LogEntry): void {
    this.#start();
    this.count++;
    // URLs, user agents and referers are what requesters sent: escaped on a terminal like every command's output.
    if (this.format === 'ndjson') this.io.stdout.write(shownOn(this.io.stdout, ndjsonLine(this.#withAuth ? entry : withoutAuthorization(entry))));
    else if (this.format === 'csv') this.io.stdout.write(`${shownOn(this.io.stdout, csvLine(entry, exportFields(this.#withAuth)).slice(0, -2))}\r\n`);
    else this.io.stdout.write(tableLine(entry, Number(this.io.env.COLUMNS) || 120));
  }

  end(): void {
    this.#start();
  }
}

/** Runs `burrow logs …`; resolves to the exit status. */
export async function runLogs(args: readonly string[], io: CliIo): Promise<number> {
  if (wantsLogsHelp(args)) {
    io.stdout.write(LOGS_HELP);
    return EXIT.ok;
  }
  const parsed = parseLogsArgs(args);
  if (!parsed.ok) {
    io.stderr.write(`burrow logs: ${parsed.message}\nusage: burrow ${LOGS_USAGE}\n`);
    return EXIT.usage;
  }
  const cmd = parsed.command;
  const format: LogFormat = cmd.format ?? (io.stdout.isTTY === true ? 'table' : 'ndjson');
  if (cmd.includeAuthorization === true) {
    io.stderr.write(
      format === 'table'
        ? 'burrow logs: --include-authorization: the table has no Authorization column; use --format ndjson or csv to write them\n'
        : 'burrow logs: warning: --include-authorization writes your visitors\' Authorization headers (their credentials) in clear; keep the output as you would a password\n',
    );
  }
  if (cmd.follow === true) return (await import('./logs-follow.js')).runLogsFollow(cmd, format, io);
  if (cmd.source.kind === 'file') return (await import('./logs-session.js')).runLogsFile(cmd, cmd.source.path, format, io);
  if (cmd.source.kind === 'day') return (await import('./logs-session.js')).runLogsDay(cmd, cmd.source, format, io);
  return runZone(cmd, cmd.source.zoneId, format, io);
}

/** The core of a `burrow logs` command (a logging token, else the account key); the exit status when it cannot be opened. */
export async function cliLoggingCore(cmd: LogsCommand, io: CliIo, secrets: string[], err: (line: string) => void, logsTail?: CliCoreOptions['logsTail']): Promise<{ core: CliCore } | { exit: number }> {
  const url = loggingUrlFor(cmd.loggingUrl, io.env);
  if (!url.ok) {
    err(`burrow logs: ${url.message}`);
    return { exit: EXIT.usage };
  }
  const token = cmd.token ?? (io.env.BUNNYNET_LOGGING_TOKEN || undefined);
  const auth = token !== undefined ? null : resolveAuth({ ...(cmd.apiKey !== undefined ? { apiKeyFlag: cmd.apiKey } : {}), ...(cmd.profile !== undefined ? { profile: cmd.profile } : {}), env: io.env, home: io.home });
  if (auth !== null && !auth.ok) {
    err(`burrow logs: ${auth.message}; or give a logging token with --token or BUNNYNET_LOGGING_TOKEN`);
    return { exit: EXIT.usage };
  }
  secrets.push(token ?? auth!.auth.apiKey);
  const core = await openCore({
    auth: auth?.auth ?? null,
    env: io.env,
    home: io.home,
    // Nothing of a logs command is kept: the core's folder is this run's own.
    dataDir: 'temporary',
    endpoints: { loggingUrl: url.url },
    ...(token !== undefined ? { loggingToken: token } : {}),
    ...(logsTail ? { logsTail } : {}),
  });
  return { core };
}

/** The exit status of a failed call: 3 when the platform could not be reached, 2 for a usage error, else 1. */
export function failureExit(e: unknown, err: (line: string) => void): number {
  if (!(e instanceof CliCallError)) throw e;
  const a = e.error;
  err(`burrow logs: ${a.title}`);
  if (a.detail !== undefined) err(a.detail);
  return a.kind === 'network' || a.kind === 'timeout' ? EXIT.network : a.status === undefined && a.kind === 'validation' ? EXIT.usage : EXIT.http;
}

/** Runs a command's work over its core: a failure ends the progress line and is told; the core is closed either way. */
export async function withCore(core: CliCore, showProgress: boolean, io: CliIo, err: (line: string) => void, work: () => Promise<number>): Promise<number> {
  try {
    return await work();
  } catch (e) {
    if (showProgress) io.stderr.write('\n');
    return failureExit(e, err);
  } finally {
    await core.close();
  }
}

/** A zone's rows over a range, written page by page as the core's walk hands them on (or their facets at the end). */
async function runZone(cmd: LogsCommand, zoneId: number, format: LogFormat, io: CliIo): Promise<number> {
  const secrets: string[] = [];
  const err = createErrorWriter(io, () => secrets);
  const range = rangeFromFlags(cmd.when, Date.now());
  if (!range.ok) {
    err(`burrow logs: ${range.message}`);
    return EXIT.usage;
  }
  const made = await cliLoggingCore(cmd, io, secrets, err);
  if ('exit' in made) return made.exit;
  const { core } = made;
  const writer = new RowWriter(io, format, cmd);
  const showProgress = cmd.limit === null && io.stderr.isTTY === true;
  let requests = 0;
  // Rows of the platform's answers that could not be read: counted as pages come, said once at the end.
  let skipped = 0;
  let firstReason: string | undefined;
  return withCore(core, showProgress, io, err, async () => {
    let page = await core.invoke('logs.page', {
      zoneId,
      range: { kind: 'absolute', from: range.from, to: range.to },
      filter: formatFilterText(cmd.filter),
      order: cmd.order,
      ...(cmd.limit !== null ? { limit: cmd.limit } : {}),
      ...(cmd.includeAuthorization === true ? { includeAuthorization: true } : {}),
      ...(cmd.facets !== undefined ? { facets: { limit: cmd.facets.top } } : {}),
    });
    for (;;) {
      requests += page.requests;
      skipped += page.skipped;
      firstReason ??= page.firstSkipReason;
      for (const entry of page.entries) writer.write(entry);
      if (showProgress) io.stderr.write(`\r${cmd.facets === undefined ? `${countOf(writer.count, 'row')}, ` : ''}${countOf(requests, 'request')}${page.done ? '' : '…'}  `);
      if (page.done) break;
      page = await core.invoke('logs.page', { walkId: page.walkId });
    }
    if (showProgress) io.stderr.write('\n');
    if (page.facets !== undefined) (await import('./logs-facets.js')).writeFacets(io, format, page.facets);
    else writer.end();
    if (skipped > 0) err(`burrow logs: ${skipped} row${skipped === 1 ? '' : 's'} could not be read and ${skipped === 1 ? 'was' : 'were'} skipped${firstReason !== undefined ? ` (first: ${firstReason})` : ''}`);
    if (page.stopped !== undefined) err(`burrow logs: ${page.stopped}`);
    return EXIT.ok;
  });
}
