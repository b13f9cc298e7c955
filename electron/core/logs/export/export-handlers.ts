/**
 * `logs.export` and `logs.exportCancel`: exactly a session's matching rows to a file chosen in the native dialog.
 * A zone with more pages on the platform loads them first, through the zone's shared budget (the session's own
 * "load all"); then the rows' side writes the file, streamed, under a temporary name renamed into place. One
 * export per session at a time; `logs.exportStatus` events follow it.
 */
import { basename } from 'node:path';
import type { LogsExportStatus } from '../../../../shared/contract/logs-export.js';
import type { LogSort } from '../../../../shared/contract/logs.js';
import { isTimeZone } from '../../../../shared/logs/day.js';
import { EXPORT_EXTENSIONS, type ExportFormat } from '../../../../shared/logs/export-format.js';
import { appError } from '../../../../shared/contract/result.js';
import { AppFailure } from '../../errors.js';
import type { Dialogs } from '../../ports.js';
import type { LogsHandlers } from '../index.js';
import { DaySession } from '../sessions/day-session.js';
import type { FileSession } from '../sessions/file-session.js';
import { ZoneSession } from '../sessions/session.js';

type ExportHandlers = Pick<LogsHandlers, 'logs.export' | 'logs.exportCancel'>;

/** What the export handlers need from the area. */
export interface ExportDeps {
  /** The session by id (throws not_found when it has ended). */
  session(id: string): ZoneSession | FileSession;
  readonly dialogs: Dialogs;
  emit(status: LogsExportStatus): void;
  /** How often the paging phase reports; 250 ms by default. */
  readonly pagingReportMs?: number;
}

const TIME_SORT: LogSort = { key: 'time', dir: 'asc' };

/** The name the save dialog suggests: the zone and the start of its range, or the file's own name. */
export function exportFileName(s: ZoneSession | FileSession, format: ExportFormat): string {
  const ext = EXPORT_EXTENSIONS[format];
  if (s instanceof ZoneSession) {
    const from = new Date(s.from).toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
    return `burrow-logs-zone-${s.zoneId}-${from}Z.${ext}`;
  }
  const base = s.fileName.replace(/\.gz$/i, '').replace(/\.log$/i, '');
  return `${base}-export.${ext}`;
}

/** A write failure in words: what went wrong with the file, not a code. */
function writeFailure(e: unknown, path: string): AppFailure {
  if (e instanceof AppFailure) return e;
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  const name = basename(path);
  const detail = e instanceof Error ? e.message : String(e);
  switch (code) {
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return new AppFailure(appError('validation', `Burrow may not write ${name} there`, { detail: 'Choose a folder you can write to.' }));
    case 'ENOSPC':
    case 'EDQUOT':
      return new AppFailure(appError('validation', `The disk is full: ${name} was not saved`, { detail: 'Free some space or choose another disk.' }));
    case 'EISDIR':
      return new AppFailure(appError('validation', `${path} is a folder, not a file`, { detail: 'Name a file to save to, such as rows.csv inside that folder.', fieldErrors: { path: 'must name a file, not a folder' } }));
    case 'ENOENT':
    case 'ENOTDIR':
      return new AppFailure(appError('not_found', `The folder for ${name} does not exist`, { detail }));
    case 'LOGS_ROWS_GONE':
    case 'LOGS_WORKER_EXIT':
      return new AppFailure(appError('not_found', 'This log view has ended', { detail: 'Open the zone or the file again, then export.' }));
    default:
      return new AppFailure(appError('internal', `${name} could not be written`, { detail }));
  }
}

/** The export handlers over the area's sessions. */
export function exportHandlers(deps: ExportDeps): ExportHandlers {
  const running = new Map<string, AbortController>();
  return {
    'logs.export': async ({ sessionId, format, sort, timeZone, includeAuthorization }) => {
      const s = deps.session(sessionId);
      if (running.has(sessionId)) throw new AppFailure(appError('conflict', 'This view is already being exported', { detail: 'Wait for it to finish, or cancel it.' }));
      if (timeZone !== undefined && !isTimeZone(timeZone)) throw new AppFailure(appError('validation', `Unknown time zone "${timeZone}"`, { fieldErrors: { timeZone: 'must be an IANA time zone name' } }));
      if (!(s instanceof ZoneSession) && s.phase === 'loading') {
        const day = s instanceof DaySession;
        throw new AppFailure(appError('validation', day ? 'The day is still downloading' : 'The file is still being read', { detail: day ? 'Export once the whole day is in.' : 'Export once it is read in full.' }));
      }
      const abort = new AbortController();
      running.set(sessionId, abort);
      try {
        const path = await deps.dialogs.saveFile({ title: 'Export log rows', defaultName: exportFileName(s, format) });
        if (path === null) return { outcome: 'dismissed' as const, path: null, rows: 0, bytes: 0 };
        let status: LogsExportStatus = { sessionId, format, path, phase: 'paging', loadedRows: 0, matchingRows: 0, requests: 0, written: 0, total: 0, bytes: 0, error: null };
        const emit = (change: Partial<LogsExportStatus>) => {
          status = { ...status, ...change };
          deps.emit(status);
        };
        const cancelled = () => {
          emit({ phase: 'cancelled' });
          return { outcome: 'cancelled' as const, path, rows: 0, bytes: 0 };
        };
        try {
          if (s instanceof ZoneSession && s.hasMore) {
            const report = () => {
              const st = s.status();
              emit({ loadedRows: st.loadedRows, matchingRows: st.matchingRows, requests: st.requests });
            };
            const stop = () => s.cancel();
            abort.signal.addEventListener('abort', stop, { once: true });
            const timer = setInterval(report, deps.pagingReportMs ?? 250);
            try {
              report();
              s.loadAll();
              await s.settled();
            } finally {
              clearInterval(timer);
              abort.signal.removeEventListener('abort', stop);
            }
            report();
            // Cancelled here, or the loading itself stopped from the load bar: nothing is written either way.
            if (abort.signal.aborted || s.phase === 'cancelled') return cancelled();
            if (s.error !== null) throw new AppFailure(appError('internal', `The remaining pages could not be loaded: ${s.error.title}`, s.error.detail !== undefined ? { detail: s.error.detail } : {}));
            if (s.hasMore) throw new AppFailure(appError('conflict', 'The view changed while its pages loaded', { detail: 'Nothing was saved. Export again.' }));
          }
          emit({ phase: 'writing', total: s.status().matchingRows });
          const r = await s.rows.call(
            'exportFile',
            [{ target: path, format, sort: sort ?? TIME_SORT, ...(timeZone !== undefined ? { timeZone } : {}), includeAuthorization: includeAuthorization === true }],
            { signal: abort.signal, onExportProgress: (written, total) => emit({ written, total }) },
          );
          emit({ phase: 'saved', written: r.rows, total: r.rows, bytes: r.bytes });
          return { outcome: 'saved' as const, path, rows: r.rows, bytes: r.bytes };
        } catch (e) {
          if (abort.signal.aborted || (e as Error | undefined)?.name === 'AbortError') return cancelled();
          const failure = writeFailure(e, path);
          emit({ phase: 'failed', error: { title: failure.error.title, ...(failure.error.detail !== undefined ? { detail: failure.error.detail } : {}) } });
          throw failure;
        }
      } finally {
        running.delete(sessionId);
      }
    },
    'logs.exportCancel': async ({ sessionId }) => {
      running.get(sessionId)?.abort();
      return {};
    },
  };
}
