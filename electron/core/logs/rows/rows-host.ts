/**
 * Where sessions keep their rows. `inThreadRows` keeps them in the calling thread (tests, scripts); `workerRows`
 * keeps every session's rows in one worker thread, so reading a file, filtering, sorting and aggregating a million
 * rows run there while the core's own thread goes on answering. Either way a session sees the same async handle:
 * operations run in the order they were asked, and the row counts after the latest one are at hand without a
 * round trip.
 */
import { MessagePort, type Worker } from 'node:worker_threads';
import { RowsModel, type RowCounts } from './rows-model.js';
import { scriptHref, startScriptWorker } from './start-worker.js';
import { isLoad, runRowsOp, type LoadContext, type RowsOp, type RowsOpAnswer, type RowsOpArgs, type RowsOpName } from './rows-ops.js';
import type { V1FileProgress } from '../v1/v1-file.js';

/** One session's rows, wherever they are. */
export interface RowsHandle {
  /** Rows held and rows matching, as of the latest answered operation. */
  readonly counts: RowCounts;
  /** Runs one operation of the table (rows-ops.ts); `ctx` cancels a load and hears its progress. */
  call<K extends RowsOpName>(op: K, args: RowsOpArgs<K>, ctx?: LoadContext): Promise<RowsOpAnswer<K>>;
  /** Frees the rows. */
  close(): void;
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
  return {
    get counts() {
      return counts;
    },
    async call(op, args, ctx) {
      if (op === 'reset') {
        epoch++;
        counts = { loaded: 0, matching: 0 };
      }
      const mine = epoch;
      const r = await raw({ op, args }, ctx);
      if (mine === epoch) counts = r.counts;
      return r.value as RowsOpAnswer<typeof op>;
    },
    close,
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
        const loads = isLoad(req.op);
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
      const post = (msg: ToWorker) => state.w.postMessage(msg, 'args' in msg ? (msg.args as unknown[]).filter((a) => a instanceof MessagePort) : []);
      const raw: Raw = (req, ctx) => {
        if (closed || state.dead) return Promise.reject(ended());
        const id = nextId++;
        // The cancel names the read it stops.
        const onAbort = () => post({ id, model, op: 'cancelLoad' });
        ctx?.signal?.addEventListener('abort', onAbort, { once: true });
        const answer = new Promise<{ value: unknown; counts: RowCounts }>((resolve, reject) => {
          state.pending.set(id, {
            resolve,
            reject,
            ...(ctx?.onProgress !== undefined ? { onProgress: ctx.onProgress } : {}),
            ...(ctx?.onExportProgress !== undefined ? { onExportProgress: ctx.onExportProgress } : {}),
          });
        });
        state.w.ref();
        post({ id, model, ...req });
        if (ctx?.signal?.aborted === true) onAbort();
        return answer.finally(() => ctx?.signal?.removeEventListener('abort', onAbort));
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
