/**
 * `burrow logs <zone> --day YYYY-MM-DD`: a whole day from the platform's v1 day files — one UTC file, or the two a
 * local day spans — read by the core's day session (`logs.open`, as the app reads a day: downloaded as a stream
 * within the zone's rate budget, parsed as it arrives, only the day's own rows kept, the filter applied), then
 * written from its windows in time order as every other `burrow logs` form. The day is in the machine's time zone
 * (TZ) unless --utc; a day older than the 3 days kept, or in the future, is refused before anything is sent.
 */
import type { LogsStatus } from '../shared/contract/logs.js';
import { localTimeZone, planDay } from '../shared/logs/day.js';
import { formatFilterText } from '../shared/logs/filter-text.js';
import type { AppError } from '../shared/contract/result.js';
import { CliCallError } from './core.js';
import { createErrorWriter, EXIT, type CliIo } from './io.js';
import type { LogFormat, LogsCommand } from './logs-args.js';
import { cliLoggingCore, failureExit, RowWriter } from './logs.js';

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
  let id: string | null = null;
  const early: LogsStatus[] = [];
  let settled: (s: LogsStatus) => void = () => undefined;
  const done = new Promise<LogsStatus>((resolve) => (settled = resolve));
  const onStatus = (s: LogsStatus) => {
    if (showProgress && s.file !== null) io.stderr.write(`\r${source.day} (${timeZone}): ${(s.file.bytesRead / 1e6).toFixed(1)} MB, ${s.file.lines} lines  `);
    if (s.phase !== 'loading' && s.phase !== 'loading-all') settled(s);
  };
  const off = core.on('logs.status', (s) => (id === null ? early.push(s) : s.sessionId === id && onStatus(s)));
  try {
    const opened = await core.invoke('logs.open', { source: { kind: 'day', zoneId: source.zoneId, day: source.day, timeZone }, filter: formatFilterText(cmd.filter) });
    id = opened.sessionId;
    for (const s of [opened, ...early.splice(0)]) if (s.sessionId === id) onStatus(s);
    const status = await done;
    if (showProgress) io.stderr.write('\n');
    if (status.phase === 'failed') throw new CliCallError((status.error ?? { kind: 'internal', title: 'The day could not be read' }) as AppError);
    const sessionId = status.sessionId;
    if (cmd.facets !== undefined) {
      const { writeFacets } = await import('./logs-facets.js');
      writeFacets(io, format, await core.invoke('logs.facets', { sessionId, query: { limit: cmd.facets.top } }));
    } else {
      // Newest first unless asked otherwise, as v2 orders; equal times keep the file's order.
      const sort = { key: 'time', dir: cmd.order === 'asc' ? 'asc' : 'desc' } as const;
      const writer = new RowWriter(io, format, cmd);
      const want = Math.min(cmd.limit ?? Infinity, status.matchingRows);
      for (let offset = 0; offset < want; offset += 500) {
        const { rows } = await core.invoke('logs.window', { sessionId, offset, count: Math.min(500, want - offset), sort });
        for (const { index, authorizationMasked, ...entry } of rows) {
          // Windows carry a visitor's header masked; --include-authorization asks for it in clear, row by row.
          const clear = authorizationMasked === true && cmd.includeAuthorization === true ? (await core.invoke('logs.revealAuthorization', { sessionId, index, sort, ...(entry.requestId ? { requestId: entry.requestId } : {}) })).value : undefined;
          writer.write(clear === undefined ? entry : { ...entry, authorizationHeader: clear });
        }
      }
      writer.end();
    }
    if (plan.partial) err(`burrow logs: only part of ${source.day} is still kept by the platform (3 days); the rows before that are gone`);
    const malformed = status.file?.malformed ?? 0;
    if (malformed > 0) {
      // As --file says it: the count, then where the first one is and why, so the user can look at it.
      const [first] = (await core.invoke('logs.malformed', { sessionId })).samples;
      err(`burrow logs: ${malformed} malformed line${malformed === 1 ? '' : 's'} of ${status.file?.lines ?? 0} skipped${first ? ` (first at line ${first.line}: ${first.reason})` : ''}`);
    }
    return EXIT.ok;
  } catch (e) {
    if (showProgress) io.stderr.write('\n');
    return failureExit(e, err);
  } finally {
    off();
    await core.close();
  }
}
