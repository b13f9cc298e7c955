/**
 * Where sessions keep their rows. `inThreadRows` keeps them in the calling thread (tests, scripts); `workerRows`
 * keeps every session's rows in one worker thread, so reading a file, filtering, sorting and aggregating a million
 * rows run there while the core's own thread goes on answering. Either way a session sees the same async handle:
 * operations run in the order they were asked, and the row counts after the latest one are at hand without a
 * round trip.
 */
import type { MessagePort, Worker } from 'node:worker_threads';
import type { FacetsQuery, LogAggregates, LogFacets, LogRow, LogSort } from '../../../../shared/contract/logs.js';
import type { LogFilter } from '../../../../shared/logs/filter.js';
import type { UrlGrouping } from '../../../../shared/logs/url-pattern.js';
import type { CdnLogRecord } from '../../../../shared/logs/log-record.js';
import { RowsModel, type RowCounts, type TimeSpan, type ValueKey } from './rows-model.js';
import { scriptHref, startScriptWorker } from './start-worker.js';
import { runRowsOp, type FileLoaded, type LoadContext, type RowsOp, type RowsOpResults, type StreamLoaded } from './rows-ops.js';
import type { V1FileProgress, V1RowCeiling } from '../v1/v1-file.js';
import type { ExportFormat } from '../../../../shared/logs/export-format.js';
import type { ExportWritten } from '../export/export-write.js';

/** One session's rows, wherever they are. */
export interface RowsHandle {
  /** Rows held and rows matching, as of the latest answered operation. */
  readonly counts: RowCounts;
  append(records: readonly CdnLogRecord[]): Promise<void>;
  reset(): Promise<void>;
  setLocal(filter: LogFilter): Promise<void>;
  window(offset: number, count: number, sort: LogSort): Promise<{ rows: LogRow[]; total: number }>;
  /** The nearest matching row past `from`, in the sort given, whose status is in `min..max`; null when none. */
  findStatus(from: number, step: 1 | -1, sort: LogSort, min: number, max: number): Promise<number | null>;
  /** `urls` says how the top URLs group (exact paths without query strings by default). */
  aggregates(span: TimeSpan | null, partial: boolean, bucketMs?: number, urls?: UrlGrouping): Promise<LogAggregates>;
  values(key: ValueKey, prefix: string): Promise<string[]>;
  /** Facets with counts over the matching rows (facets.ts); only the small answer crosses from the worker. */
  facets(query: FacetsQuery, partial: boolean): Promise<LogFacets>;
  /** Reads a v1 file into the rows (in place of any held); the signal stops the read. */
  loadFile(path: string, options: { signal?: AbortSignal; onProgress?: (p: V1FileProgress) => void; progressIntervalMs?: number; ceiling?: V1RowCeiling }): Promise<FileLoaded>;
  /** Frees the rows. */
  close(): void;
  /** The place, in the sort given, of the matching row with this request id; null when none matches. */
  findRequest(requestId: string, sort: LogSort): Promise<number | null>;
  /** The Authorization header of the matching row at `index` in the sort given, in clear (for one explicit reveal). */
  authorization(index: number, sort: LogSort, requestId?: string): Promise<string | null>;
  /** Drops the `count` rows that arrived first; how many rows went and how many of them matched. */
  trimOldest(count: number): Promise<{ rows: number; matching: number }>;
  /** Matching rows in arrival order (a live tail), newest arrival last. */
  arrivalWindow(offset: number, count: number): Promise<{ rows: LogRow[]; total: number }>;
  /** The first and last time among the rows held (a live tail's window); null when there are none. */
  span(): Promise<TimeSpan | null>;
  /** Reads a download's bytes sent on the other end of `port` (day-stream.ts) into the rows, in place of any held. */
  loadStream(port: MessagePort, window: TimeSpan | null, options: { signal?: AbortSignal; onProgress?: (p: V1FileProgress) => void; progressIntervalMs?: number }): Promise<StreamLoaded>;
  /**
   * Writes the matching rows, in the sort given, to `target` (through a temporary file renamed into place). The
   * rows are taken when the calls before it are done; the calls after it need not wait for the writing.
   */
  exportFile(job: ExportRequest, options: { signal?: AbortSignal; onProgress?: (written: number, total: number) => void; progressIntervalMs?: number }): Promise<ExportWritten>;
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

/** Makes row handles. */
export interface RowsHost {
  open(): RowsHandle;
  /** Frees everything (the worker stops). */
  close(): void;
}

type Raw = (req: RowsOp, ctx?: LoadContext) => Promise<{ value: unknown; counts: RowCounts }>;

/**
 * The handle over a way of running operations. It keeps the counts of the latest answer, except that a reset
 * zeroes them at once and answers to calls made before it no longer count: a session restarting shows no rows
 * straight away, and a late answer about the old rows cannot bring them back.
 */
function handleOver(raw: Raw, close: () => void): RowsHandle {
  let counts: RowCounts = { loaded: 0, matching: 0 };
  let epoch = 0;
  const send = async <K extends RowsOp['op']>(req: Extract<RowsOp, { op: K }>, ctx?: LoadContext): Promise<RowsOpResults[K]> => {
    if (req.op === 'reset') {
      epoch++;
      counts = { loaded: 0, matching: 0 };
    }
    const mine = epoch;
    const r = await raw(req, ctx);
    if (mine === epoch) counts = r.counts;
    return r.value as RowsOpResults[K];
  };
  return {
    get counts() {
      return counts;
    },
    append: (records) => send({ op: 'append', records }),
    reset: () => send({ op: 'reset' }),
    setLocal: (filter) => send({ op: 'setLocal', filter }),
    window: (offset, count, sort) => send({ op: 'window', offset, count, sort }),
    findStatus: (from, step, sort, min, max) => send({ op: 'findStatus', from, step, sort, min, max }),
    aggregates: (span, partial, bucketMs, urls) => send({ op: 'aggregates', span, partial, ...(bucketMs !== undefined ? { bucketMs } : {}), ...(urls !== undefined ? { urls } : {}) }),
    values: (key, prefix) => send({ op: 'values', key, prefix }),
    facets: (query, partial) => send({ op: 'facets', query, partial }),
    loadFile: (path, o) =>
      send(
        { op: 'loadFile', path, ...(o.progressIntervalMs !== undefined ? { progressIntervalMs: o.progressIntervalMs } : {}), ...(o.ceiling !== undefined ? { ceiling: o.ceiling } : {}) },
        { ...(o.signal !== undefined ? { signal: o.signal } : {}), ...(o.onProgress !== undefined ? { onProgress: o.onProgress } : {}) },
      ),
    close,
    exportFile: (job, o) =>
      send(
        { op: 'exportFile', ...job, ...(o.progressIntervalMs !== undefined ? { progressIntervalMs: o.progressIntervalMs } : {}) },
        { ...(o.signal !== undefined ? { signal: o.signal } : {}), ...(o.onProgress !== undefined ? { onExportProgress: o.onProgress } : {}) },
      ),
    loadStream: (port, window, o) =>
      send(
        { op: 'loadStream', port, window, ...(o.progressIntervalMs !== undefined ? { progressIntervalMs: o.progressIntervalMs } : {}) },
        { ...(o.signal !== undefined ? { signal: o.signal } : {}), ...(o.onProgress !== undefined ? { onProgress: o.onProgress } : {}) },
      ),
    trimOldest: (count) => send({ op: 'trimOldest', count }),
    arrivalWindow: (offset, count) => send({ op: 'arrivalWindow', offset, count }),
    span: () => send({ op: 'span' }),
    findRequest: (requestId, sort) => send({ op: 'findRequest', requestId, sort }),
    authorization: (index, sort, requestId) => send({ op: 'authorization', index, sort, ...(requestId !== undefined ? { requestId } : {}) }),
  };
}

/** Rows kept in this thread. */
export function inThreadRows(): RowsHost {
  return {
    open() {
      const model = new RowsModel();
      let queue: Promise<unknown> = Promise.resolve();
      const raw: Raw = (req, ctx) => {
        if (req.op === 'exportFile') return detached(queue, (next) => (queue = next), () => runRowsOp(model, req, ctx), ctx);
        // A file read builds its own store and swaps it in at the end, so it does not hold up the calls behind it.
        const loads = req.op === 'loadFile' || req.op === 'loadStream';
        const run = loads ? runRowsOp(model, req, ctx) : queue.then(() => runRowsOp(model, req, ctx));
        if (!loads) queue = run.catch(() => undefined);
        return run;
      };
      return handleOver(raw, () => model.reset());
    },
    close() {},
  };
}

/**
 * Runs an export in a queue of calls: it starts when the calls before it are done, and the queue moves on once it
 * has taken its rows (or ended), not when its file is written.
 */
export function detached<T>(queue: Promise<unknown>, setQueue: (q: Promise<unknown>) => void, run: (ctx: LoadContext) => Promise<T>, ctx: LoadContext = {}): Promise<T> {
  let go!: () => void;
  const taken = new Promise<void>((resolve) => (go = resolve));
  const result = queue.then(() => run({ ...ctx, detach: go }));
  setQueue(Promise.race([taken, result.then(() => undefined, () => undefined)]));
  return result;
}

/** Tells the worker module it was started as the rows worker. */
export const ROWS_WORKER_KIND = 'burrow-logs-rows';

/** A message to the worker; for 'cancelLoad' the id is that of the file read it stops. */
export type ToWorker = RowsRequest | { readonly id: number; readonly model: number; readonly op: 'cancelLoad' } | { readonly id: number; readonly model: number; readonly op: 'close' };

/** An operation on one session's rows, as sent to the worker. */
export type RowsRequest = { readonly id: number; readonly model: number } & RowsOp;

/** A message from the worker. */
export type FromWorker =
  | { readonly type: 'reply'; readonly id: number; readonly ok: true; readonly value: unknown; readonly counts: RowCounts }
  | { readonly type: 'reply'; readonly id: number; readonly ok: false; readonly error: { readonly message: string; readonly name: string; readonly code?: string } }
  | { readonly type: 'progress'; readonly id: number; readonly progress: V1FileProgress }
  | { readonly type: 'exportProgress'; readonly id: number; readonly written: number; readonly total: number };

function startWorker(script: string | URL): Worker {
  // The worker starts its own helpers (a large file read in parts) from the same script.
  return startScriptWorker(script, { kind: ROWS_WORKER_KIND, script: scriptHref(script) });
}

interface Pending {
  resolve(r: { value: unknown; counts: RowCounts }): void;
  reject(e: Error): void;
  onProgress?: (p: V1FileProgress) => void;
  onExportProgress?: (written: number, total: number) => void;
}

/**
 * Rows kept in one worker thread running `script` (rows-worker.ts, or its build). The worker starts with the first
 * session and holds the process open only while an answer is awaited. If it dies, every waiting call fails and
 * the sessions it held answer that they have ended; the next session starts a new worker.
 */
export function workerRows(script: string | URL): RowsHost {
  let worker: { readonly w: Worker; readonly pending: Map<number, Pending>; dead: boolean } | null = null;
  let nextId = 1;
  let nextModel = 1;

  const ended = () => Object.assign(new Error('The log view has ended: its rows are gone. Open the zone or the file again.'), { code: 'LOGS_ROWS_GONE' });

  const start = () => {
    const w = startWorker(script);
    w.unref();
    const state = { w, pending: new Map<number, Pending>(), dead: false };
    const fail = (e: Error) => {
      if (state.dead) return;
      state.dead = true;
      if (worker === state) worker = null;
      for (const p of state.pending.values()) p.reject(e);
      state.pending.clear();
    };
    w.on('message', (m: FromWorker) => {
      const p = state.pending.get(m.id);
      if (p === undefined) return;
      if (m.type === 'progress') return p.onProgress?.(m.progress);
      if (m.type === 'exportProgress') return p.onExportProgress?.(m.written, m.total);
      state.pending.delete(m.id);
      if (state.pending.size === 0) w.unref();
      if (m.ok) p.resolve({ value: m.value, counts: m.counts });
      else p.reject(Object.assign(new Error(m.error.message), { name: m.error.name }, m.error.code !== undefined ? { code: m.error.code } : {}));
    });
    w.on('error', (e) => fail(e));
    w.on('exit', (code) => fail(Object.assign(new Error(`The log worker stopped (exit code ${code})`), { code: 'LOGS_WORKER_EXIT' })));
    return state;
  };

  return {
    open() {
      const state = (worker ??= start());
      const model = nextModel++;
      let closed = false;
      // A stream's port moves to the worker with the message that names it.
      const post = (msg: ToWorker) => state.w.postMessage(msg, msg.op === 'loadStream' ? [msg.port] : []);
      const raw: Raw = (req, ctx) => {
        if (closed || state.dead) return Promise.reject(ended());
        const id = nextId++;
        return new Promise((resolve, reject) => {
          // The cancel names the read it stops.
          const onAbort = () => post({ id, model, op: 'cancelLoad' });
          ctx?.signal?.addEventListener('abort', onAbort, { once: true });
          state.pending.set(id, {
            resolve: (r) => {
              ctx?.signal?.removeEventListener('abort', onAbort);
              resolve(r);
            },
            reject: (e) => {
              ctx?.signal?.removeEventListener('abort', onAbort);
              reject(e);
            },
            ...(ctx?.onProgress !== undefined ? { onProgress: ctx.onProgress } : {}),
            ...(ctx?.onExportProgress !== undefined ? { onExportProgress: ctx.onExportProgress } : {}),
          });
          state.w.ref();
          post({ id, model, ...req });
          if (ctx?.signal?.aborted === true) onAbort();
        });
      };
      const close = () => {
        if (closed) return;
        closed = true;
        if (!state.dead) post({ id: nextId++, model, op: 'close' });
      };
      return handleOver(raw, close);
    },
    close() {
      const state = worker;
      worker = null;
      if (state !== null) void state.w.terminate();
    },
  };
}
