/**
 * The one table of operations on a session's rows: every RowsModel method by name, plus the loads below, which
 * read or write whole files. The rows kept in this thread and in the worker run them through `runRowsOp`, so both
 * behave alike; adding an operation is adding a model method.
 */
import type { MessagePort } from 'node:worker_threads';
import type { LogSort } from '../../../../shared/contract/logs.js';
import type { ExportFormat } from '../../../../shared/logs/export-format.js';
import { writeRowsFile, type ExportWritten } from '../export/export-write.js';
import { readDayStream } from '../v1/day-stream.js';
import { parseV1File, parseV1FileInWorker, planV1FileParts, type V1FileOptions, type V1FileProgress } from '../v1/v1-file.js';
import type { V1RowCeiling, V1Selection } from '../v1/v1-select.js';
import type { V1MalformedSample, V1ParserOptions } from '../v1/v1-parse.js';
import type { RowCounts, RowsModel, TimeSpan } from './rows-model.js';

/** A local v1 file read into the rows: what was read and refused, and the time the rows cover. */
export interface FileLoaded {
  readonly lines: number;
  readonly malformed: number;
  readonly samples: readonly V1MalformedSample[];
  readonly span: TimeSpan | null;
  /** Reading stopped at the store's ceiling: these are the file's first rows; it has more. */
  readonly truncated?: boolean;
  /** Reading stopped once the selection's limit matched: the file has more. */
  readonly limited?: boolean;
  /** Gzip data that ended early or is damaged: where reading stopped (the rows before it are kept). */
  readonly endedEarly?: string;
}

/** A stream read into the rows: as a file, plus the rows left out for being outside the window. */
export interface StreamLoaded extends FileLoaded {
  readonly outside: number;
}

/** What an export writes and where. */
export interface ExportRequest {
  readonly target: string;
  readonly format: ExportFormat;
  readonly sort: LogSort;
  readonly timeZone?: string;
  /** Write visitors' Authorization headers too (left out unless asked for by name). */
  readonly includeAuthorization?: boolean;
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

/** The model's methods that are not operations (the loads below use them). */
const NOT_OPS = new Set(['constructor', 'counts', 'adopt', 'exportView']);
type ModelFn = (...args: never[]) => unknown;
/** Every RowsModel method is an operation a session may ask for by name: the model is the table of operations. */
export type ModelOp = Exclude<{ [K in keyof RowsModel]: RowsModel[K] extends ModelFn ? K : never }[keyof RowsModel], 'counts' | 'adopt' | 'exportView'>;

/** The operations that read or write a whole file; they take a context for cancelling and progress. */
const LOADS = {
  async loadFile(model: RowsModel, ctx: LoadContext, path: string, o: { progressIntervalMs?: number; parser?: V1ParserOptions; ceiling?: V1RowCeiling; select?: V1Selection } = {}): Promise<FileLoaded> {
    const options: V1FileOptions = { ...o, ...(ctx.signal !== undefined ? { signal: ctx.signal } : {}), ...(ctx.onProgress !== undefined ? { onProgress: ctx.onProgress } : {}) };
    // One part is read right here (a selection always is); starting a worker for it would only add the worker's start.
    const parts = ctx.partScript !== undefined && o.select === undefined ? await planV1FileParts(path) : [undefined];
    const r = parts.length > 1 ? await parseV1FileInWorker(path, { ...options, script: ctx.partScript, parts }) : await parseV1File(path, options);
    model.adopt(r.store);
    return {
      lines: r.lines,
      malformed: r.malformed,
      samples: r.samples,
      span: model.span(),
      ...(r.truncated === true ? { truncated: true } : {}),
      ...(r.limited === true ? { limited: true } : {}),
      ...(r.endedEarly !== undefined ? { endedEarly: r.endedEarly } : {}),
    };
  },
  /** A download's bytes arriving on `port` (day-stream.ts), parsed as a file is; rows outside `window` are dropped. */
  async loadStream(model: RowsModel, ctx: LoadContext, port: MessagePort, window: TimeSpan | null, o: { progressIntervalMs?: number } = {}): Promise<StreamLoaded> {
    const r = await readDayStream(port, {
      window,
      ...o,
      ...(ctx.signal !== undefined ? { signal: ctx.signal } : {}),
      onProgress: (p) => ctx.onProgress?.({ bytesRead: 0, totalBytes: 0, lines: p.lines, malformed: p.malformed }),
    });
    model.adopt(r.store);
    return { lines: r.lines, malformed: r.malformed, samples: r.samples, span: model.span(), outside: r.outside };
  },
  /**
   * Writes the matching rows, in the sort given, to `target` (through a temporary file renamed into place). The
   * rows are taken when the calls before it are done; the calls after it need not wait for the writing.
   */
  exportFile(model: RowsModel, ctx: LoadContext, job: ExportRequest, o: { progressIntervalMs?: number } = {}): Promise<ExportWritten> {
    const { store, order } = model.exportView(job.sort);
    ctx.detach?.();
    const { target, format, timeZone, includeAuthorization } = job;
    return writeRowsFile(store, order, { target, format, ...(timeZone !== undefined ? { timeZone } : {}), includeAuthorization: includeAuthorization === true }, {
      ...o,
      ...(ctx.signal !== undefined ? { signal: ctx.signal } : {}),
      ...(ctx.onExportProgress !== undefined ? { onProgress: ctx.onExportProgress } : {}),
    });
  },
};
type Loads = typeof LOADS;
type LoadOp = keyof Loads;

/** An operation on a session's rows, by name. */
export type RowsOpName = ModelOp | LoadOp;
/** Its arguments, as sent. */
export type RowsOpArgs<K extends RowsOpName> = K extends LoadOp ? (Loads[K] extends (m: RowsModel, c: LoadContext, ...a: infer A) => unknown ? A : never) : K extends ModelOp ? Parameters<RowsModel[K]> : never;
/** What it answers. */
export type RowsOpAnswer<K extends RowsOpName> = Awaited<K extends LoadOp ? ReturnType<Loads[K]> : K extends ModelOp ? ReturnType<RowsModel[K]> : never>;
/** One operation as data, as it crosses to the worker. */
export interface RowsOp<K extends RowsOpName = RowsOpName> {
  readonly op: K;
  readonly args: RowsOpArgs<K>;
}

/** True for the operations that build a store of their own: they do not wait for, or hold up, the calls around them. */
export const isLoad = (op: string): boolean => op === 'loadFile' || op === 'loadStream';

/** Carries out one operation; the answer plus the counts after it. */
export async function runRowsOp(model: RowsModel, req: RowsOp, ctx: LoadContext = {}): Promise<{ value: unknown; counts: RowCounts }> {
  const args = req.args as unknown[];
  let value: unknown;
  if (Object.hasOwn(LOADS, req.op)) value = await (LOADS[req.op as LoadOp] as (m: RowsModel, c: LoadContext, ...a: unknown[]) => Promise<unknown>)(model, ctx, ...args);
  else if (!NOT_OPS.has(req.op) && typeof (model as unknown as Record<string, unknown>)[req.op] === 'function') value = await (model as unknown as Record<string, (...a: unknown[]) => unknown>)[req.op]!(...args);
  else throw new Error(`No rows operation is called ${String(req.op)}`);
  return { value, counts: model.counts() };
}
