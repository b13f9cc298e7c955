/**
 * `burrow logs <zone> --day YYYY-MM-DD` (the platform's v1 day files, in TZ's day unless --utc) and `--file` (a v1
 * file; only the rows its window, --limit and --order pick are kept as it is read): read into a core session as
 * the app reads them, then written from its windows or facets. Malformed lines are counted and named, never fatal.
 */
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { LogSort, LogsStatus } from '../shared/contract/logs.js';
import type { AppError } from '../shared/contract/result.js';
import { localTimeZone, planDay } from '../shared/logs/day.js';
import { formatFilterText } from '../shared/logs/filter-text.js';
import { parseDuration, parseWhen } from '../shared/logs/range.js';
import { DEFAULT_ROW_CEILING } from '../shared/logs/v1-line.js';
import { CliCallError, openCore, type CliCore } from './core.js';
import { createErrorWriter, EXIT, type CliIo } from './io.js';
import type { LogFormat, LogsCommand } from './logs-args.js';
import { cliLoggingCore, RowWriter, withCore } from './logs.js';

/** Opens a session and waits until its rows are read, showing each status on the way; its last status. */
async function readSession(core: CliCore, open: () => Promise<LogsStatus>, progress: (s: LogsStatus) => void): Promise<LogsStatus> {
  let id: string | null = null;
  const early: LogsStatus[] = [];
  let settled: (s: LogsStatus) => void = () => undefined;
  const done = new Promise<LogsStatus>((resolve) => (settled = resolve));
  const onStatus = (s: LogsStatus) => {
    progress(s);
    if (s.phase !== 'loading' && s.phase !== 'loading-all') settled(s);
  };
  const off = core.on('logs.status', (s) => (id === null ? early.push(s) : s.sessionId === id && onStatus(s)));
  try {
    const opened = await open();
    id = opened.sessionId;
    for (const s of [opened, ...early.splice(0)]) if (s.sessionId === id) onStatus(s);
    return await done;
  } finally {
    off();
  }
}

/** Writes a read session's rows in `sort` (none: as they arrived), or their facets. */
async function writeSession(core: CliCore, status: LogsStatus, sort: LogSort | undefined, cmd: LogsCommand, format: LogFormat, io: CliIo): Promise<void> {
  const { sessionId } = status;
  if (cmd.facets !== undefined) {
    const { writeFacets } = await import('./logs-facets.js');
    writeFacets(io, format, await core.invoke('logs.facets', { sessionId, query: { limit: cmd.facets.top } }));
  } else {
    const writer = new RowWriter(io, format, cmd);
    const want = Math.min(cmd.limit ?? Infinity, status.matchingRows);
    const order = sort !== undefined ? { sort } : {};
    for (let offset = 0; offset < want; offset += 500) {
      const { rows } = await core.invoke('logs.window', { sessionId, offset, count: Math.min(500, want - offset), ...order });
      for (const { index, authorizationMasked, ...entry } of rows) {
        // Windows carry a visitor's header masked; --include-authorization asks for it in clear, row by row.
        const clear = authorizationMasked === true && cmd.includeAuthorization === true ? (await core.invoke('logs.revealAuthorization', { sessionId, index, ...order, ...(entry.requestId ? { requestId: entry.requestId } : {}) })).value : undefined;
        writer.write(clear === undefined ? entry : { ...entry, authorizationHeader: clear });
      }
    }
    writer.end();
  }
}

/** Says how many lines were malformed, where the first one is and why, so the user can look at it. */
async function sayMalformed(core: CliCore, status: LogsStatus, err: (line: string) => void): Promise<void> {
  const malformed = status.file?.malformed ?? 0;
  if (malformed > 0) {
    const [first] = (await core.invoke('logs.malformed', { sessionId: status.sessionId })).samples;
    err(`burrow logs: ${malformed} malformed line${malformed === 1 ? '' : 's'} of ${status.file?.lines ?? 0} skipped${first ? ` (first at line ${first.line}: ${first.reason})` : ''}`);
  }
}

/** Runs the day form of `burrow logs`. */
export async function runLogsDay(cmd: LogsCommand, source: { readonly zoneId: number; readonly day: string; readonly utc: boolean }, format: LogFormat, io: CliIo): Promise<number> {
  const secrets: string[] = [];
  const err = createErrorWriter(io, () => secrets);
  const timeZone = source.utc ? 'UTC' : localTimeZone();
  if (timeZone === null) {
    err('burrow logs: this machine\'s time zone has no name to read a day in; set TZ to one (TZ=Europe/Berlin) or give --utc');
    return EXIT.usage;
  }
  const plan = planDay(source.day, timeZone, Date.now());
  if (!plan.ok) {
    err(`burrow logs: --day ${plan.message}`);
    return EXIT.usage;
  }
  const made = await cliLoggingCore(cmd, io, secrets, err);
  if ('exit' in made) return made.exit;
  const { core } = made;
  const showProgress = io.stderr.isTTY === true;
  return withCore(core, showProgress, io, err, async () => {
    const status = await readSession(
      core,
      () => core.invoke('logs.open', { source: { kind: 'day', zoneId: source.zoneId, day: source.day, timeZone }, filter: formatFilterText(cmd.filter) }),
      (s) => showProgress && s.file !== null && io.stderr.write(`\r${source.day} (${timeZone}): ${(s.file.bytesRead / 1e6).toFixed(1)} MB, ${s.file.lines} lines  `),
    );
    if (showProgress) io.stderr.write('\n');
    if (status.phase === 'failed') throw new CliCallError((status.error ?? { kind: 'internal', title: 'The day could not be read' }) as AppError);
    // Newest first unless asked otherwise, as v2 orders; equal times keep the file's order.
    await writeSession(core, status, { key: 'time', dir: cmd.order }, cmd, format, io);
    if (plan.partial) err(`burrow logs: only part of ${source.day} is still kept by the platform (3 days); the rows before that are gone`);
    await sayMalformed(core, status, err);
    return EXIT.ok;
  });
}

/** The time window a file's rows must fall in. A file is read whatever its age: no retention rule applies here. */
function fileWindow(cmd: LogsCommand, now: number): { ok: true; from?: number; to?: number } | { ok: false; message: string } {
  let from: number | undefined;
  let to: number | undefined;
  if (cmd.when.to !== undefined) {
    const t = parseWhen(cmd.when.to, now);
    if (!t.ok) return { ok: false, message: `--to ${t.message}` };
    to = t.ms;
  }
  if (cmd.when.from !== undefined) {
    if (cmd.when.last !== undefined) return { ok: false, message: '--last and --from cannot be combined: --last already sets the start' };
    const f = parseWhen(cmd.when.from, now);
    if (!f.ok) return { ok: false, message: `--from ${f.message}` };
    from = f.ms;
  }
  if (cmd.when.last !== undefined) {
    const span = parseDuration(cmd.when.last);
    if (!span.ok) return { ok: false, message: `--last ${span.message}` };
    from = (to ?? now) - span.ms;
  }
  if (from !== undefined && to !== undefined && from >= to) return { ok: false, message: '--from must be before --to' };
  return { ok: true, ...(from !== undefined ? { from } : {}), ...(to !== undefined ? { to } : {}) };
}

/** Runs the file form of `burrow logs`. */
export async function runLogsFile(cmd: LogsCommand, path: string, format: LogFormat, io: CliIo): Promise<number> {
  const err = createErrorWriter(io, () => []);
  const window = fileWindow(cmd, Date.now());
  if (!window.ok) {
    err(`burrow logs: ${window.message}`);
    return EXIT.usage;
  }
  const info = await stat(path).catch((e: NodeJS.ErrnoException) => e);
  const code = info instanceof Error ? info.code : info.isDirectory() ? 'EISDIR' : undefined;
  if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR') {
    err(`burrow logs: --file ${JSON.stringify(path)} is not a readable file (${code})`);
    return EXIT.usage;
  }
  const showProgress = io.stderr.isTTY === true;
  const order = cmd.fileOrder === true ? 'file' : cmd.order;
  const { ok: _, ...select } = window;
  // A file needs no key: the core reads it from disk, and nothing of it is kept after this run.
  const core = await openCore({ auth: null, env: io.env, home: io.home, dataDir: 'temporary' });
  let lastReport = 0;
  return withCore(core, showProgress, io, err, async () => {
    const [given] = (await core.invokeWithFiles([resolve(path)], 'files.list', {})).files;
    if (!given) throw new Error(`--file ${path} could not be opened`);
    const token = given.token;
    const open = () => core.invoke('logs.open', { source: { kind: 'file', token, select: { ...select, order, ...(cmd.limit !== null ? { limit: cmd.limit } : {}) } }, filter: formatFilterText(cmd.filter) });
    const status = await readSession(core, open, (s) => {
      const now = Date.now();
      if (!showProgress || s.file === null || now - lastReport < 100) return;
      lastReport = now;
      io.stderr.write(`\rreading ${s.file.lines} lines (${Math.floor((100 * s.file.bytesRead) / Math.max(1, s.file.totalBytes))} %)  `);
    });
    if (showProgress) io.stderr.write('\n');
    const file = status.file!;
    if (status.phase === 'failed') {
      err(`burrow logs: the file could not be read: ${status.error?.detail ?? status.error?.title ?? 'unknown error'}`);
      return EXIT.http;
    }
    await writeSession(core, status, order === 'file' ? undefined : { key: 'time', dir: order }, cmd, format, io);
    await sayMalformed(core, status, err);
    if (file.endedEarly !== undefined) err(`burrow logs: ${file.endedEarly}; the rows before that point are shown`);
    const where = `reading stopped at byte ${file.bytesRead} of ${file.totalBytes}`;
    if (file.limited === true) err(`burrow logs: --limit ${cmd.limit} rows found in the first ${file.lines} lines (${where}); the file has more`);
    if (file.truncated === true) err(`burrow logs: showing the first ${status.loadedRows} matching rows of this file; the file has more (${where}: Burrow keeps at most ${DEFAULT_ROW_CEILING.maxRows} rows or ${DEFAULT_ROW_CEILING.maxBytes / 1024 / 1024} MiB of them)`);
    // A file that could not be decompressed to its end is a failure, even with the rows before the cut printed.
    return file.endedEarly !== undefined ? EXIT.http : EXIT.ok;
  });
}
