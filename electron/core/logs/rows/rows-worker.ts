/**
 * The worker thread that keeps the rows of every logs session (see workerRows in rows-host.ts). Built on its own
 * for Electron; loaded from source through tsx elsewhere. Each message names a session's rows and one operation;
 * operations on the same rows run in the order they arrive, and a file read can be cancelled while it runs.
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { RowsModel } from './rows-model.js';
import { ROWS_WORKER_KIND, type FromWorker, type RowsRequest, type ToWorker } from './rows-host.js';
import { isLoad, runRowsOp } from './rows-ops.js';
import { detached } from './rows-host.js';

function serve(partScript: string | undefined): void {
  const port = parentPort!;
  const models = new Map<number, { model: RowsModel; queue: Promise<unknown>; load: { id: number; abort: AbortController } | null; exports?: Map<number, AbortController> }>();
  // A cancel can overtake the read it names while that read still waits its turn.
  const cancelled = new Set<number>();
  const post = (m: FromWorker) => port.postMessage(m);

  port.on('message', (msg: ToWorker) => {
    if (msg.op === 'close') {
      models.get(msg.model)?.load?.abort.abort();
      for (const a of models.get(msg.model)?.exports?.values() ?? []) a.abort();
      models.delete(msg.model);
      return;
    }
    let entry = models.get(msg.model);
    if (msg.op === 'cancelLoad') {
      if (entry?.load?.id === msg.id) entry.load.abort.abort();
      else if (entry?.exports?.has(msg.id)) entry.exports.get(msg.id)!.abort();
      else cancelled.add(msg.id);
      return;
    }
    if (entry === undefined) {
      entry = { model: new RowsModel(), queue: Promise.resolve(), load: null };
      models.set(msg.model, entry);
    }
    const e = entry;
    const req: RowsRequest = msg;
    const op = async () => {
      const load = isLoad(msg.op) ? { id: msg.id, abort: new AbortController() } : null;
      if (load) {
        e.load = load;
        if (cancelled.delete(msg.id)) load.abort.abort();
      }
      try {
        const r = await runRowsOp(e.model, req, load ? { signal: load.abort.signal, onProgress: (progress) => post({ type: 'progress', id: msg.id, progress }), ...(partScript !== undefined ? { partScript } : {}) } : {});
        post({ type: 'reply', id: msg.id, ok: true, value: r.value, counts: r.counts });
      } catch (err) {
        const x = err instanceof Error ? err : new Error(String(err));
        const code = (x as NodeJS.ErrnoException).code;
        post({ type: 'reply', id: msg.id, ok: false, error: { message: x.message, name: x.name, ...(typeof code === 'string' ? { code } : {}) } });
      } finally {
        if (load && e.load === load) e.load = null;
      }
    };
    if (msg.op === 'exportFile') {
      const abort = new AbortController();
      if (cancelled.delete(msg.id)) abort.abort();
      const exports = (e.exports ??= new Map());
      exports.set(msg.id, abort);
      const ctx = { signal: abort.signal, onExportProgress: (written: number, total: number) => post({ type: 'exportProgress', id: msg.id, written, total }) };
      const run = detached(e.queue, (q) => (e.queue = q), (c) => runRowsOp(e.model, req, c), ctx);
      void run.then(
        (r) => post({ type: 'reply', id: msg.id, ok: true, value: r.value, counts: r.counts }),
        (err: unknown) => {
          const x = err instanceof Error ? err : new Error(String(err));
          const code = (x as NodeJS.ErrnoException).code;
          post({ type: 'reply', id: msg.id, ok: false, error: { message: x.message, name: x.name, ...(typeof code === 'string' ? { code } : {}) } });
        },
      ).finally(() => exports.delete(msg.id));
      return;
    }
    // A file read builds its own store and swaps it in at the end, so it does not hold up the calls behind it.
    if (isLoad(msg.op)) void op();
    else e.queue = e.queue.then(op);
  });
}

const data: unknown = workerData;
if (!isMainThread && typeof data === 'object' && data !== null && (data as { kind?: unknown }).kind === ROWS_WORKER_KIND) {
  const script = (data as { script?: unknown }).script;
  serve(typeof script === 'string' ? script : undefined);
}
