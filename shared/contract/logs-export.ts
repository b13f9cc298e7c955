/**
 * Logs export: a session's matching rows written to a file the user chooses in the native dialog, as CSV, NDJSON
 * or v1 pipe lines. A zone with more pages on the platform loads them first (within the zone's shared budget);
 * `logs.exportStatus` events follow the paging and the writing; `logs.exportCancel` stops it, leaving no file.
 */
import { z } from 'zod';
import { EXPORT_FORMATS } from '../logs/export-format.js';
import { SessionId } from './logs-tail.js';

const Sort = z.object({ key: z.enum(['time', 'status', 'cache', 'bytes', 'country', 'pop']), dir: z.enum(['asc', 'desc']) }).strict();

/** Where an export stands; the payload of every `logs.exportStatus` event. */
export const LogsExportStatus = z.object({
  sessionId: SessionId,
  format: z.enum(EXPORT_FORMATS),
  /** The file being written (the path chosen in the dialog). */
  path: z.string(),
  /** `paging`: the zone's remaining pages are loading; `writing`: rows go to the file; then how it ended. */
  phase: z.enum(['paging', 'writing', 'saved', 'cancelled', 'failed']),
  /** While paging: rows loaded so far, the matching ones and the requests made. */
  loadedRows: z.number().int(),
  matchingRows: z.number().int(),
  requests: z.number().int(),
  /** While writing: rows written of the total. */
  written: z.number().int(),
  total: z.number().int(),
  /** Bytes of the file once saved. */
  bytes: z.number().int(),
  error: z.object({ title: z.string(), detail: z.string().optional() }).nullable(),
});
export type LogsExportStatus = z.infer<typeof LogsExportStatus>;

export const logsExportContract = {
  methods: {
    /**
     * Asks where to save, then writes the session's matching rows there in the sort given (the table's), and
     * answers when the file is complete: `saved` with the path, rows and bytes; `cancelled` (no file);
     * `dismissed` when the dialog was closed. Times are ISO 8601 with the offset of `timeZone` (UTC without one);
     * v1 lines keep the platform's UNIX milliseconds. Visitors' Authorization headers are left out (no CSV column,
     * no NDJSON key, `-` in a v1 line) unless `includeAuthorization` asks for them: the file then holds credentials.
     */
    'logs.export': {
      input: z
        .object({ sessionId: SessionId, format: z.enum(EXPORT_FORMATS), sort: Sort.optional(), timeZone: z.string().min(1).max(64).optional(), includeAuthorization: z.boolean().optional() })
        .strict(),
      output: z.object({ outcome: z.enum(['saved', 'cancelled', 'dismissed']), path: z.string().nullable(), rows: z.number().int(), bytes: z.number().int() }),
    },
    /** Stops the session's running export (paging or writing); its file is not left behind. */
    'logs.exportCancel': { input: z.object({ sessionId: SessionId }).strict(), output: z.object({}) },
  },
  events: {
    'logs.exportStatus': LogsExportStatus,
  },
} as const;
