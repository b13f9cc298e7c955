/**
 * The operations a session asks of its rows, as plain data, and how one is carried out on a RowsModel. The same
 * function serves the rows kept in this thread and the rows kept in the worker, so both behave alike.
 */
import type { FacetsQuery, LogAggregates, LogFacets, LogRow, LogSort } from '../../../../shared/contract/logs.js';
import type { LogFilter } from '../../../../shared/logs/filter.js';
import type { UrlGrouping } from '../../../../shared/logs/url-pattern.js';
import type { CdnLogRecord } from '../../../../shared/logs/log-record.js';
import { RowsModel, type RowCounts, type TimeSpan, type ValueKey } from './rows-model.js';
import { parseV1File, parseV1FileInWorker, planV1FileParts, type V1FileOptions, type V1FileProgress, type V1RowCeiling } from '../v1/v1-file.js';
import type { V1MalformedSample, V1ParserOptions } from '../v1/v1-parse.js';
import type { ExportFormat } from '../../../../shared/logs/export-format.js';
import { writeRowsFile, type ExportWritten } from '../export/export-write.js';
import type { MessagePort } from 'node:worker_threads';
import { readDayStream } from '../v1/day-stream.js';

/** A local v1 file read into the rows: what was read and refused, and the time the rows cover. */
export interface FileLoaded {
  readonly lines: number;
  readonly malformed: number;
  readonly samples: readonly V1MalformedSample[];
  readonly span: TimeSpan | null;
  /** Reading stopped at the store's ceiling: these are the file's first rows; it has more. */
  readonly truncated?: boolean;
  /** Gzip data that ended early or is damaged: where reading stopped (the rows before it are kept). */
  readonly endedEarly?: string;
}

/** One request to a session's rows. */
export type RowsOp =
  | { readonly op: 'append'; readonly records: readonly CdnLogRecord[] }
  | { readonly op: 'reset' }
  | { readonly op: 'setLocal'; readonly filter: LogFilter }
  | { readonly op: 'window'; readonly offset: number; readonly count: number; readonly sort: LogSort }
  | { readonly op: 'findStatus'; readonly from: number; readonly step: 1 | -1; readonly sort: LogSort; readonly min: number; readonly max: number }
  | { readonly op: 'aggregates'; readonly span: TimeSpan | null; readonly partial: boolean; readonly bucketMs?: number; readonly urls?: UrlGrouping }
  | { readonly op: 'values'; readonly key: ValueKey; readonly prefix: string }
  | { readonly op: 'facets'; readonly query: FacetsQuery; readonly partial: boolean }
  /** `ceiling` replaces the store's default ceiling (the bench reads a whole million-line file). */
  | { readonly op: 'loadFile'; readonly path: string; readonly progressIntervalMs?: number; readonly parser?: V1ParserOptions; readonly ceiling?: V1RowCeiling }
  | { readonly op: 'exportFile'; readonly target: string; readonly format: ExportFormat; readonly sort: LogSort; readonly timeZone?: string; readonly includeAuthorization?: boolean; readonly progressIntervalMs?: number }
  /** A download's bytes arriving on `port` (day-stream.ts), parsed as a file is; rows outside `window` are dropped. */
  | { readonly op: 'loadStream'; readonly port: MessagePort; readonly window: TimeSpan | null; readonly progressIntervalMs?: number }
  | { readonly op: 'trimOldest'; readonly count: number }
  | { readonly op: 'arrivalWindow'; readonly offset: number; readonly count: number }
  | { readonly op: 'span' }
  | { readonly op: 'findRequest'; readonly requestId: string; readonly sort: LogSort }
  | { readonly op: 'authorization'; readonly index: number; readonly sort: LogSort; readonly requestId?: string };

/** A stream read into the rows: as a file, plus the rows left out for being outside the window. */
export interface StreamLoaded extends FileLoaded {
  readonly outside: number;
}

/** What each operation answers. */
export interface RowsOpResults {
  append: void;
  reset: void;
  setLocal: void;
  window: { rows: LogRow[]; total: number };
  findStatus: number | null;
  aggregates: LogAggregates;
  values: string[];
  facets: LogFacets;
  loadFile: FileLoaded;
  exportFile: ExportWritten;
  loadStream: StreamLoaded;
  trimOldest: { rows: number; matching: number };
  arrivalWindow: { rows: LogRow[]; total: number };
  span: TimeSpan | null;
  findRequest: number | null;
  authorization: string | null;
}

/** Where a running file load reports and how it is stopped. */
export interface LoadContext {
  readonly signal?: AbortSignal;
  onProgress?(progress: V1FileProgress): void;
  /**
   * The worker script that can read a part of a file (the rows worker's own). With it, a large plain file is read
   * in parts by several workers at once; without it, in this thread.
   */
  readonly partScript?: string | URL;
  /** An export's progress: rows written of the total. */
  onExportProgress?(written: number, total: number): void;
  /** Called once an export has taken its rows: the calls queued behind it may run while it writes. */
  detach?(): void;
}

/** Carries out one operation; the answer plus the counts after it. */
export async function runRowsOp(model: RowsModel, req: RowsOp, ctx: LoadContext = {}): Promise<{ value: unknown; counts: RowCounts }> {
  const value = await perform(model, req, ctx);
  return { value, counts: model.counts() };
}

async function perform(model: RowsModel, req: RowsOp, ctx: LoadContext): Promise<unknown> {
  switch (req.op) {
    case 'append':
      return model.append(req.records);
    case 'reset':
      return model.reset();
    case 'setLocal':
      return model.setLocal(req.filter);
    case 'window':
      return model.window(req.offset, req.count, req.sort);
    case 'findStatus':
      return model.findStatus(req.from, req.step, req.sort, req.min, req.max);
    case 'aggregates':
      return model.aggregates(req.span, req.partial, req.bucketMs, req.urls);
    case 'values':
      return model.values(req.key, req.prefix);
    case 'facets':
      return model.facets(req.query, req.partial);
    case 'loadFile': {
      const options: V1FileOptions = {
        ...(ctx.signal !== undefined ? { signal: ctx.signal } : {}),
        ...(ctx.onProgress !== undefined ? { onProgress: ctx.onProgress } : {}),
        ...(req.progressIntervalMs !== undefined ? { progressIntervalMs: req.progressIntervalMs } : {}),
        ...(req.parser !== undefined ? { parser: req.parser } : {}),
        ...(req.ceiling !== undefined ? { ceiling: req.ceiling } : {}),
      };
      // One part is read right here; starting a worker for it would only add the worker's start.
      const parts = ctx.partScript !== undefined ? await planV1FileParts(req.path) : [undefined];
      const r = parts.length > 1 ? await parseV1FileInWorker(req.path, { ...options, script: ctx.partScript, parts }) : await parseV1File(req.path, options);
      model.adopt(r.store);
      const loaded: FileLoaded = {
        lines: r.lines,
        malformed: r.malformed,
        samples: r.samples,
        span: model.span(),
        ...(r.truncated === true ? { truncated: true } : {}),
        ...(r.endedEarly !== undefined ? { endedEarly: r.endedEarly } : {}),
      };
      return loaded;
    }
    case 'exportFile': {
      const { store, order } = model.exportView(req.sort);
      ctx.detach?.();
      return writeRowsFile(store, order, { target: req.target, format: req.format, ...(req.timeZone !== undefined ? { timeZone: req.timeZone } : {}), includeAuthorization: req.includeAuthorization === true }, {
        ...(ctx.signal !== undefined ? { signal: ctx.signal } : {}),
        ...(ctx.onExportProgress !== undefined ? { onProgress: ctx.onExportProgress } : {}),
        ...(req.progressIntervalMs !== undefined ? { progressIntervalMs: req.progressIntervalMs } : {}),
      });
    }
    case 'loadStream': {
      const r = await readDayStream(req.port, {
        window: req.window,
        ...(ctx.signal !== undefined ? { signal: ctx.signal } : {}),
        ...(req.progressIntervalMs !== undefined ? { progressIntervalMs: req.progressIntervalMs } : {}),
        onProgress: (p) => ctx.onProgress?.({ bytesRead: 0, totalBytes: 0, lines: p.lines, malformed: p.malformed }),
      });
      model.adopt(r.store);
      const loaded: StreamLoaded = { lines: r.lines, malformed: r.malformed, samples: r.samples, span: model.span(), outside: r.outside };
      return loaded;
    }
    case 'trimOldest':
      return model.trimOldest(req.count);
    case 'arrivalWindow':
      return model.arrivalWindow(req.offset, req.count);
    case 'span':
      return model.span();
    case 'findRequest':
      return model.findRequest(req.requestId, req.sort);
    case 'authorization':
      return model.authorizationFor(req.index, req.sort, req.requestId);
  }
}
