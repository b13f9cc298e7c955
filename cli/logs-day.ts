/**
 * `burrow logs <zone> --day YYYY-MM-DD`: a whole day from the platform's v1 day files — one UTC file, or the two a
 * local day spans — downloaded as a stream through the same platform client and rate budget as v2 paging, parsed
 * by the core's v1 stream parser as it arrives (with the same credit the app uses, here within one thread), only
 * the day's own rows kept, then filtered, ordered and written as every other `burrow logs` form. The day is in the
 * machine's time zone (TZ) unless --utc; a day older than the 3 days kept, or in the future, is refused before
 * anything is sent.
 */
import { MessageChannel } from 'node:worker_threads';
import { downloadDay, DayStreamSender, readDayStream, type DayStreamResult, processRateBudget } from '../electron/core/logs/index.js';
import { localTimeZone, planDay } from '../shared/logs/day.js';
import { matchesRecord } from '../shared/logs/filter.js';
import { recordToLogEntry } from '../shared/logs/v2-response.js';
import { createErrorWriter, EXIT, type CliIo } from './io.js';
import type { LogFormat, LogsCommand } from './logs-args.js';
import { cliLoggingClient, failureExit, rowSinkFor } from './logs.js';

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
  const made = cliLoggingClient(cmd, io, secrets, err);
  if ('exit' in made) return made.exit;
  const { client } = made;
  const showProgress = io.stderr.isTTY === true;
  let lines = 0;
  let bytes = 0;
  const progress = () => {
    if (showProgress) io.stderr.write(`\r${source.day} (${timeZone}): ${(bytes / 1e6).toFixed(1)} MB, ${lines} lines  `);
  };
  const { port1, port2 } = new MessageChannel();
  const sender = new DayStreamSender(port1);
  const stop = new AbortController();
  let parsed: DayStreamResult;
  try {
    const reading = readDayStream(port2, {
      window: { from: plan.from, to: plan.to },
      signal: stop.signal,
      onProgress: (p) => {
        lines = p.lines;
        progress();
      },
    });
    // The reader failing fails the download's wait too (and the other way round).
    reading.catch((e: unknown) => sender.fail(e instanceof Error ? e : new Error(String(e))));
    try {
      await downloadDay({ client, budget: processRateBudget(), zoneId: source.zoneId, files: plan.files, sender, signal: stop.signal, onBytes: (n) => ((bytes = n), progress()) });
      await sender.end();
    } catch (e) {
      stop.abort();
      await reading.catch(() => undefined);
      throw e;
    }
    parsed = await reading;
    if (showProgress) io.stderr.write('\n');
  } catch (e) {
    if (showProgress) io.stderr.write('\n');
    return failureExit(e, err);
  } finally {
    sender.close();
    await client.close();
  }
  const { store } = parsed;
  const chosen: number[] = [];
  for (let i = 0; i < store.length; i++) if (cmd.filter.length === 0 || matchesRecord(cmd.filter, store.record(i))) chosen.push(i);
  // Newest first unless asked otherwise, as v2 orders; equal times keep the file's order.
  const sign = cmd.order === 'asc' ? 1 : -1;
  chosen.sort((a, b) => sign * (store.timestamp(a) - store.timestamp(b)) || a - b);
  const writer = await rowSinkFor(io, format, cmd);
  for (const i of cmd.limit === null ? chosen : chosen.slice(0, cmd.limit)) writer.write(recordToLogEntry(store.record(i)));
  writer.end();
  if (plan.partial) err(`burrow logs: only part of ${source.day} is still kept by the platform (3 days); the rows before that are gone`);
  if (parsed.malformed > 0) {
    // As --file says it: the count, then where the first one is and why, so the user can look at it.
    const first = parsed.samples[0];
    err(`burrow logs: ${parsed.malformed} malformed line${parsed.malformed === 1 ? '' : 's'} of ${parsed.lines} skipped${first ? ` (first at line ${first.line}: ${first.reason})` : ''}`);
  }
  return EXIT.ok;
}
