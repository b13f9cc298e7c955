/**
 * `burrow logs --file`: a v1 day file read by the core's streaming parser (gzip or plain, told apart by content),
 * filtered with the same rules as the zone's rows as it is read, ordered by time (or as the file has them), written
 * with v2's field names so both versions read the same. Malformed lines are counted and named on stderr, never
 * fatal; gzip data cut short keeps the rows before the cut.
 */
import { stat } from 'node:fs/promises';
import { ColumnStore, type ByteRow, DEFAULT_ROW_CEILING, type V1RowCeiling, V1StreamParser, streamV1File } from '../electron/core/logs/index.js';
import { matchesRecord } from '../shared/logs/filter.js';
import { parseDuration, parseWhen } from '../shared/logs/range.js';
import { recordToLogEntry } from '../shared/logs/v2-response.js';
import { createErrorWriter, EXIT, type CliIo } from './io.js';
import type { LogFormat, LogsCommand } from './logs-args.js';
import { rowSinkFor } from './logs.js';

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

/**
 * Where the parser's rows go for `burrow logs --file`: each row is checked against the time window and the filter
 * as it is read, and only matching rows are kept, so memory follows what is printed, not the file.
 * - In file order (`--order file`) with a limit, reading stops once that many rows matched.
 * - By time with a limit, only the best `limit` rows so far are kept (pruned whenever many more are held, and a
 *   row that cannot beat the last of them is not kept at all): the whole file is read, but a gzip bomb costs no
 *   more memory than its best `limit` rows.
 * - Every row (`--all`): the rows' ceiling applies, as in the app; past it reading stops and the output says so.
 */
class FileSelector {
  kept = new ColumnStore();
  /** Why reading stopped before the end: the limit reached in file order, or the ceiling. */
  stopped: 'limit' | 'ceiling' | null = null;
  readonly stop = new AbortController();
  /** By time with a limit, once pruned: the time of the last row kept; a row must beat it to be kept. */
  #bar: number | null = null;
  #checkAt = 0;

  constructor(
    private readonly cmd: LogsCommand,
    private readonly window: { from: number; to: number },
    private readonly order: FileOrder,
    private readonly ceiling: V1RowCeiling,
  ) {}

  appendBytes(row: ByteRow): void {
    if (this.stopped !== null) return;
    const t = row.timestampMs;
    if (t < this.window.from || t >= this.window.to) return;
    // Equal times keep the file's order, so a later row with the bar's time ranks after every kept one.
    if (this.#bar !== null && (this.order === 'asc' ? t >= this.#bar : t <= this.#bar)) return;
    const k = this.kept;
    if (k.length >= this.ceiling.maxRows || (k.length >= this.#checkAt && k.usedBytes >= this.ceiling.maxBytes)) return this.#halt('ceiling');
    if (k.length >= this.#checkAt) this.#checkAt = k.length + 4096;
    k.appendBytes(row);
    if (this.cmd.filter.length > 0 && !matchesRecord(this.cmd.filter, k.record(k.length - 1))) return k.dropLast();
    const limit = this.cmd.limit;
    if (limit === null) return;
    if (this.order === 'file') {
      if (k.length >= limit) this.#halt('limit');
    } else if (k.length >= Math.max(2 * limit, 65_536)) this.#prune(limit);
  }

  #halt(why: 'limit' | 'ceiling'): void {
    this.stopped = why;
    this.stop.abort(STOPPED);
  }

  /** The kept rows' places in the order asked for; equal times keep the file's order. */
  ordered(): number[] {
    const k = this.kept;
    const idx = Array.from({ length: k.length }, (_, i) => i);
    if (this.order === 'file') return idx;
    const sign = this.order === 'asc' ? 1 : -1;
    return idx.sort((a, b) => sign * (k.timestamp(a) - k.timestamp(b)) || a - b);
  }

  /** Keeps only the best `limit` rows so far, in file order; the last of them sets the bar. */
  #prune(limit: number): void {
    const ranked = this.ordered().slice(0, limit);
    this.#bar = this.kept.timestamp(ranked[ranked.length - 1]!);
    const next = new ColumnStore(Math.max(limit, 1024));
    for (const i of ranked.sort((a, b) => a - b)) next.appendRecord(this.kept.record(i));
    this.kept = next;
    this.#checkAt = 0;
  }
}

const STOPPED = new Error('burrow logs: enough rows');
type FileOrder = 'asc' | 'desc' | 'file';

/** Runs the file form of `burrow logs`. */
export async function runLogsFile(cmd: LogsCommand, path: string, format: LogFormat, io: CliIo): Promise<number> {
  const err = createErrorWriter(io, () => []);
  const window = fileWindow(cmd, Date.now());
  if (!window.ok) {
    err(`burrow logs: ${window.message}`);
    return EXIT.usage;
  }
  const showProgress = io.stderr.isTTY === true;
  const order: FileOrder = cmd.fileOrder === true ? 'file' : cmd.order;
  const selector = new FileSelector(cmd, window, order, DEFAULT_ROW_CEILING);
  const parser = new V1StreamParser(selector);
  let bytesRead = 0;
  let totalBytes = 0;
  let endedEarly: string | null = null;
  let lastReport = 0;
  try {
    totalBytes = (await stat(path)).size;
    ({ endedEarly } = await streamV1File(path, parser, {
      signal: selector.stop.signal,
      onChunk: (n) => {
        bytesRead = n;
        const now = Date.now();
        if (!showProgress || now - lastReport < 100) return;
        lastReport = now;
        io.stderr.write(`\rreading ${parser.lines} lines (${Math.floor((100 * n) / Math.max(1, totalBytes))} %)  `);
      },
    }));
    if (showProgress) io.stderr.write('\n');
  } catch (e) {
    if (showProgress) io.stderr.write('\n');
    if (e !== STOPPED) {
      const code = (e as { code?: unknown }).code;
      if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR') {
        err(`burrow logs: --file ${JSON.stringify(path)} is not a readable file (${String(code)})`);
        return EXIT.usage;
      }
      err(`burrow logs: the file could not be read: ${e instanceof Error ? e.message : String(e)}`);
      return EXIT.http;
    }
  }
  const { kept } = selector;
  const writer = await rowSinkFor(io, format, cmd);
  const chosen = selector.ordered();
  for (const i of cmd.limit === null ? chosen : chosen.slice(0, cmd.limit)) writer.write(recordToLogEntry(kept.record(i)));
  writer.end();
  if (parser.malformed > 0) {
    const first = parser.samples()[0];
    err(`burrow logs: ${parser.malformed} malformed line${parser.malformed === 1 ? '' : 's'} of ${parser.lines} skipped${first ? ` (first at line ${first.line}: ${first.reason})` : ''}`);
  }
  if (endedEarly !== null) err(`burrow logs: ${endedEarly}; the rows before that point are shown`);
  const where = `reading stopped at byte ${bytesRead} of ${totalBytes}`;
  if (selector.stopped === 'limit') err(`burrow logs: --limit ${cmd.limit} rows found in the first ${parser.lines} lines (${where}); the file has more`);
  if (selector.stopped === 'ceiling') err(`burrow logs: showing the first ${kept.length} matching rows of this file; the file has more (${where}: Burrow keeps at most ${DEFAULT_ROW_CEILING.maxRows} rows or ${DEFAULT_ROW_CEILING.maxBytes / 1024 / 1024} MiB of them)`);
  // A file that could not be decompressed to its end is a failure, even with the rows before the cut printed.
  return endedEarly !== null ? EXIT.http : EXIT.ok;
}
