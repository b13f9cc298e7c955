/**
 * Writes a session's matching rows to a file, where the rows live (the rows worker in the app): rows are decoded
 * one at a time and written in batches of a few hundred KiB, so neither the whole file nor the rows as objects
 * are ever held. The file is written under a temporary name next to the target and renamed into place once
 * complete; a cancel or a failure removes the temporary file, so the target never holds part of an export.
 */
import { randomBytes } from 'node:crypto';
import { open, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { csvHeader, csvLine, exportFields, isoWithOffset, ndjsonLine, offsetResolver, withoutAuthorization, type ExportFormat } from '../../../../shared/logs/export-format.js';
import type { CdnLogRecord } from '../../../../shared/logs/log-record.js';
import { formatV1Line } from '../../../../shared/logs/v1-line.js';
import { recordToLogEntry } from '../../../../shared/logs/v2-response.js';
import type { RowsView } from '../rows/types.js';

/** What to write and where. */
export interface ExportJob {
  readonly target: string;
  readonly format: ExportFormat;
  /** An IANA zone for the times of CSV and NDJSON; UTC (`+00:00`) without one. v1 lines keep UNIX milliseconds. */
  readonly timeZone?: string;
  /**
   * Write visitors' Authorization headers too. Off by default: they are other people's credentials. Without it CSV
   * has no such column, NDJSON no such key, and v1 lines keep their 15 fields with `-` in its place.
   */
  readonly includeAuthorization?: boolean;
}

/** The record with its Authorization header taken out (a v1 line then writes `-` there). */
function recordWithoutAuthorization(rec: CdnLogRecord): CdnLogRecord {
  return rec.extended === undefined || rec.extended.authorizationHeader === null ? rec : { ...rec, extended: { ...rec.extended, authorizationHeader: null } };
}

/** What an export wrote. */
export interface ExportWritten {
  readonly rows: number;
  readonly bytes: number;
}

/** How a running export reports and is stopped. */
export interface ExportControl {
  readonly signal?: AbortSignal;
  onProgress?(written: number, total: number): void;
  /** At most one progress report per this many ms (the first and last always go); 100 by default. */
  readonly progressIntervalMs?: number;
  /** Characters per write; 256 Ki by default. */
  readonly batchChars?: number;
}

/** The error a cancelled export ends with. */
export function exportCancelled(): Error {
  return Object.assign(new Error('The export was cancelled'), { name: 'AbortError', code: 'ABORT_ERR' });
}

/**
 * The temporary name an export is written under: hidden, next to the target, unique, and short whatever the
 * target's length (a name the file system takes must not become one it refuses). It starts with as much of the
 * target's name as fits in a few dozen characters, so a leftover after a crash says what it was.
 */
export function partialPath(target: string): string {
  return join(dirname(target), `.${basename(target).slice(0, 40)}.${randomBytes(4).toString('hex')}.partial`);
}

/** Writes the rows `order` names (indexes into `rows`, in the order given) to `job.target`. */
export async function writeRowsFile(rows: RowsView, order: ArrayLike<number>, job: ExportJob, control: ExportControl = {}): Promise<ExportWritten> {
  const { signal } = control;
  if (signal?.aborted) throw exportCancelled();
  const offset = offsetResolver(job.timeZone);
  const withAuth = job.includeAuthorization === true;
  const fields = exportFields(withAuth);
  const line: (i: number) => string =
    job.format === 'v1'
      ? (i) => `${formatV1Line(withAuth ? rows.record(i) : recordWithoutAuthorization(rows.record(i)))}\n`
      : (i) => {
          const entry = recordToLogEntry(rows.record(i));
          const t = rows.timestamp(i);
          const timed = { ...entry, timestamp: isoWithOffset(t, offset(t)) };
          if (job.format === 'csv') return csvLine(timed, fields);
          return ndjsonLine(withAuth ? timed : withoutAuthorization(timed));
        };
  const total = order.length;
  const every = control.progressIntervalMs ?? 100;
  const batchChars = control.batchChars ?? 256 * 1024;
  // A folder is not a file to write: said before anything is written (the rename would fail with a riddle).
  if (/[\\/]$/.test(job.target) || (await stat(job.target).catch(() => null))?.isDirectory() === true) {
    throw Object.assign(new Error(`${job.target} is a folder`), { code: 'EISDIR' });
  }
  const temp = partialPath(job.target);
  let out: FileHandle | null = await open(temp, 'wx', 0o644);
  let bytes = 0;
  let lastReport = -Infinity;
  const report = (written: number, force: boolean) => {
    const now = Date.now();
    if (!force && now - lastReport < every) return;
    lastReport = now;
    control.onProgress?.(written, total);
  };
  try {
    const write = async (text: string) => {
      const buf = Buffer.from(text, 'utf8');
      let at = 0;
      while (at < buf.length) at += (await out!.write(buf, at, buf.length - at)).bytesWritten;
      bytes += buf.length;
    };
    report(0, true);
    let batch = job.format === 'csv' ? csvHeader(fields) : '';
    for (let k = 0; k < total; k++) {
      batch += line(order[k]!);
      if (batch.length >= batchChars) {
        await write(batch);
        batch = '';
        if (signal?.aborted) throw exportCancelled();
        report(k + 1, false);
      }
    }
    if (batch !== '') await write(batch);
    if (signal?.aborted) throw exportCancelled();
    await out.sync();
    await out.close();
    out = null;
    await rename(temp, job.target);
    report(total, true);
    return { rows: total, bytes };
  } catch (e) {
    await out?.close().catch(() => undefined);
    await rm(temp, { force: true });
    throw e;
  }
}
