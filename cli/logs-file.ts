/**
 * `burrow logs --file`: a v1 day file read by the core's streaming parser (gzip or plain), filtered with the same
 * rules as the zone's rows, ordered by time, written with v2's field names so both versions read the same.
 * Malformed lines are counted and named on stderr, never fatal.
 */
import { parseV1File, type V1FileResult } from '../electron/core/logs/v1-file.js';
import { matchesRecord } from '../shared/logs/filter.js';
import { parseDuration, parseWhen } from '../shared/logs/range.js';
import { recordToLogEntry } from '../shared/logs/v2-response.js';
import { createErrorWriter, EXIT, type CliIo } from './io.js';
import type { LogFormat, LogsCommand } from './logs-args.js';
import { RowWriter } from './logs.js';

/** The time window a file's rows must fall in. A file is read whatever its age: no retention rule applies here. */
function fileWindow(cmd: LogsCommand, now: number): { ok: true; from: number; to: number } | { ok: false; message: string } {
  let from = -Infinity;
  let to = Infinity;
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
    from = (Number.isFinite(to) ? to : now) - span.ms;
  }
  if (from >= to) return { ok: false, message: '--from must be before --to' };
  return { ok: true, from, to };
}

/** Runs the file form of `burrow logs`. */
export async function runLogsFile(cmd: LogsCommand, path: string, format: LogFormat, io: CliIo): Promise<number> {
  const err = createErrorWriter(io, () => []);
  const window = fileWindow(cmd, Date.now());
  if (!window.ok) {
    err(`burrow logs: ${window.message}`);
    return EXIT.usage;
  }
  const showProgress = io.stderr.isTTY === true;
  let parsed: V1FileResult;
  try {
    parsed = await parseV1File(path, showProgress ? { onProgress: (p) => io.stderr.write(`\rreading ${p.lines} lines (${Math.floor((100 * p.bytesRead) / Math.max(1, p.totalBytes))} %)  `) } : {});
    if (showProgress) io.stderr.write('\n');
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR') {
      err(`burrow logs: --file ${JSON.stringify(path)} is not a readable file (${String(code)})`);
      return EXIT.usage;
    }
    err(`burrow logs: the file could not be read: ${e instanceof Error ? e.message : String(e)}`);
    return EXIT.http;
  }
  const { store } = parsed;
  const chosen: number[] = [];
  for (let i = 0; i < store.length; i++) {
    const t = store.timestamp(i);
    if (t < window.from || t >= window.to) continue;
    if (cmd.filter.length > 0 && !matchesRecord(cmd.filter, store.record(i))) continue;
    chosen.push(i);
  }
  // Newest first unless asked otherwise, as the platform orders v2; equal times keep the file's order.
  const sign = cmd.order === 'asc' ? 1 : -1;
  chosen.sort((a, b) => sign * (store.timestamp(a) - store.timestamp(b)) || a - b);
  const writer = new RowWriter(io, format, cmd);
  for (const i of cmd.limit === null ? chosen : chosen.slice(0, cmd.limit)) writer.write(recordToLogEntry(store.record(i)));
  writer.end();
  if (parsed.malformed > 0) {
    const first = parsed.samples[0];
    err(`burrow logs: ${parsed.malformed} malformed line${parsed.malformed === 1 ? '' : 's'} of ${parsed.lines} skipped${first ? ` (first at line ${first.line}: ${first.reason})` : ''}`);
  }
  return EXIT.ok;
}
