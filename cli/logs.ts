/**
 * `burrow logs`: a pull zone's CDN logs through the logging API's v2 pages (the same client and rate budget the app
 * uses), or a v1 day file parsed by the same core parser, filtered by the same rules, written as a table, NDJSON or
 * CSV with v2's field names.
 */
import { createPlatformClient, type PlatformClient } from '../electron/core/platform/client.js';
import { AppFailure, toAppError } from '../electron/core/errors.js';
import { createV2LogClient } from '../electron/core/logs/index.js';
import { matchesRecord, toV2Query, type LogFilter } from '../shared/logs/filter.js';
import { rangeFromFlags } from '../shared/logs/range.js';
import { V2_LIMIT_MAX } from '../shared/logs/v2-query.js';
import type { CdnLogRecord } from '../shared/logs/log-record.js';
import type { LogEntry } from '../shared/logs/v2-response.js';
import { countOf } from '../shared/common/plural.js';
import type { AppError } from '../shared/contract/result.js';
import { BUNNY_ENDPOINTS } from '../shared/settings/endpoint-url.js';
import { areaBaseUrl, resolveAuth, type ResolvedAuth } from './config.js';
import { CliCallError, openCore, type CliCore, type CliCoreOptions } from './core.js';
import { createErrorWriter, EXIT, type CliIo } from './io.js';
import { LOGS_HELP, LOGS_USAGE, parseLogsArgs, wantsLogsHelp, type LogFormat, type LogsCommand } from './logs-args.js';
import { csvHeader, csvLine, exportFields, ndjsonLine, tableHeader, tableLine, withoutAuthorization } from './logs-output.js';
import { shownOn } from './output.js';
import { USER_AGENT } from './version.js';

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

/** Where `burrow logs` sends the rows it picked: written out, or counted into facets (--facets). */
export interface RowSink {
  readonly count: number;
  write(entry: LogEntry): void;
  end(): void;
}

/** The rows' writer for a command: the facets of the rows with --facets, else the rows in the format asked for. */
export async function rowSinkFor(io: CliIo, format: LogFormat, cmd: LogsCommand): Promise<RowSink> {
  if (cmd.facets === undefined) return new RowWriter(io, format, cmd);
  const { FacetWriter } = await import('./logs-facets.js');
  return new FacetWriter(io, format === 'ndjson' ? 'ndjson' : 'table', cmd.facets.top);
}

/** True when the row passes the chips the platform could not apply. */
function passesLocal(record: CdnLogRecord, local: LogFilter): boolean {
  return local.length === 0 || matchesRecord(local, record);
}

/** Rows of the platform's answers that could not be read: counted as pages come, said once on stderr at the end. */
export class UnreadableCount {
  rows = 0;
  firstReason: string | null = null;

  add(page: { readonly skipped: number; readonly firstSkipReason?: string }): void {
    this.rows += page.skipped;
    if (page.skipped > 0) this.firstReason ??= page.firstSkipReason ?? null;
  }

  /** "burrow logs: N rows could not be read (first: reason)", or nothing when every row could. */
  report(err: (line: string) => void): void {
    if (this.rows === 0) return;
    err(`burrow logs: ${this.rows} row${this.rows === 1 ? '' : 's'} could not be read and ${this.rows === 1 ? 'was' : 'were'} skipped${this.firstReason !== null ? ` (first: ${this.firstReason})` : ''}`);
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
  if (cmd.source.kind === 'file') return (await import('./logs-file.js')).runLogsFile(cmd, cmd.source.path, format, io);
  if (cmd.source.kind === 'day') return (await import('./logs-day.js')).runLogsDay(cmd, cmd.source, format, io);
  return runZone(cmd, cmd.source.zoneId, format, io);
}

/** The key, logging URL and token a `burrow logs` command reaches the platform with; the exit status when it has none. */
function loggingAccess(cmd: LogsCommand, io: CliIo, secrets: string[], err: (line: string) => void): { auth: ResolvedAuth | null; loggingUrl: string; token?: string } | { exit: number } {
  const url = loggingUrlFor(cmd.loggingUrl, io.env);
  if (!url.ok) {
    err(`burrow logs: ${url.message}`);
    return { exit: EXIT.usage };
  }
  const token = cmd.token ?? (io.env.BUNNYNET_LOGGING_TOKEN || undefined);
  if (token !== undefined) {
    secrets.push(token);
    return { auth: null, loggingUrl: url.url, token };
  }
  const auth = resolveAuth({ ...(cmd.apiKey !== undefined ? { apiKeyFlag: cmd.apiKey } : {}), ...(cmd.profile !== undefined ? { profile: cmd.profile } : {}), env: io.env, home: io.home });
  if (!auth.ok) {
    err(`burrow logs: ${auth.message}; or give a logging token with --token or BUNNYNET_LOGGING_TOKEN`);
    return { exit: EXIT.usage };
  }
  secrets.push(auth.auth.apiKey);
  return { auth: auth.auth, loggingUrl: url.url };
}

/** The core of a `burrow logs` command (a logging token, else the account key); the exit status when it cannot be opened. */
export async function cliLoggingCore(cmd: LogsCommand, io: CliIo, secrets: string[], err: (line: string) => void, logsTail?: CliCoreOptions['logsTail']): Promise<{ core: CliCore } | { exit: number }> {
  const access = loggingAccess(cmd, io, secrets, err);
  if ('exit' in access) return access;
  const core = await openCore({
    auth: access.auth,
    env: io.env,
    home: io.home,
    // Nothing of a logs command is kept: the core's folder is this run's own.
    dataDir: 'temporary',
    endpoints: { loggingUrl: access.loggingUrl },
    ...(access.token !== undefined ? { loggingToken: access.token } : {}),
    ...(logsTail ? { logsTail } : {}),
  });
  return { core };
}

/** The platform client of `burrow logs` (a logging token, else the account key); the exit status when it cannot be made. */
export function cliLoggingClient(cmd: LogsCommand, io: CliIo, secrets: string[], err: (line: string) => void): { client: PlatformClient } | { exit: number } {
  const access = loggingAccess(cmd, io, secrets, err);
  if ('exit' in access) return access;
  const apiUrl = access.auth?.baseUrl ?? BUNNY_ENDPOINTS.apiUrl;
  const accountKey = access.auth?.apiKey ?? null;
  const { token } = access;
  const client = createPlatformClient({
    endpoints: () => ({ apiUrl, containersUrl: `${apiUrl.replace(/\/+$/, '')}/mc`, videoUrl: BUNNY_ENDPOINTS.videoUrl, loggingUrl: access.loggingUrl }),
    credentials: {
      accountKey: async () => accountKey,
      libraryKey: async () => null,
      logging: async () => (token !== undefined ? { kind: 'bearer', token } : { kind: 'accessKey' }),
    },
    userAgent: USER_AGENT,
  });
  return { client };
}

/** The exit status of a failure (the core's answer, or the client's): 3 when the platform could not be reached, 2 for a usage error, else 1. */
export function failureExit(e: unknown, err: (line: string) => void): number {
  const a: Pick<AppError, 'kind' | 'title' | 'detail' | 'status'> | null = e instanceof CliCallError ? e.error : e instanceof AppFailure ? toAppError(e) : null;
  if (a === null) throw e;
  err(`burrow logs: ${a.title}`);
  if (a.detail !== undefined) err(a.detail);
  return a.kind === 'network' || a.kind === 'timeout' ? EXIT.network : a.status === undefined && a.kind === 'validation' ? EXIT.usage : EXIT.http;
}

async function runZone(cmd: LogsCommand, zoneId: number, format: LogFormat, io: CliIo): Promise<number> {
  const secrets: string[] = [];
  const err = createErrorWriter(io, () => secrets);
  const range = rangeFromFlags(cmd.when, Date.now());
  if (!range.ok) {
    err(`burrow logs: ${range.message}`);
    return EXIT.usage;
  }
  const made = cliLoggingClient(cmd, io, secrets, err);
  if ('exit' in made) return made.exit;
  const { client } = made;
  const { query, localOnly } = toV2Query(cmd.filter, range);
  const writer = await rowSinkFor(io, format, cmd);
  const showProgress = cmd.limit === null && io.stderr.isTTY === true;
  let requests = 0;
  const unreadable = new UnreadableCount();
  let stopped: string | undefined;
  try {
    const v2 = createV2LogClient({ client });
    const pageSize = Math.min(cmd.limit ?? V2_LIMIT_MAX, V2_LIMIT_MAX);
    walk: for await (const page of v2.pages(zoneId, { ...query, order: cmd.order }, { pageSize })) {
      requests += page.requests;
      unreadable.add(page);
      stopped = page.stopped;
      for (let k = 0; k < page.rows.length; k++) {
        if (!passesLocal(page.rows[k]!, localOnly)) continue;
        writer.write(page.entries[k]!);
        if (cmd.limit !== null && writer.count >= cmd.limit) break walk;
      }
      if (showProgress) io.stderr.write(`\r${countOf(writer.count, 'row')}, ${countOf(requests, 'request')}${page.hasMore ? '…' : ''}  `);
    }
    if (showProgress) io.stderr.write('\n');
    writer.end();
    unreadable.report(err);
    if (stopped !== undefined) err(`burrow logs: ${stopped}`);
    return EXIT.ok;
  } catch (e) {
    if (showProgress) io.stderr.write('\n');
    return failureExit(e, err);
  } finally {
    await client.close();
  }
}
