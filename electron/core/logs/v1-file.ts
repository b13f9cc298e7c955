/**
 * Reading a local v1 log file (plain or gzip) into a column store, as a stream: memory follows the rows kept, not
 * the file. parseV1File runs in the calling thread; parseV1FileInWorker runs the same code in a worker thread and
 * transfers the finished columns back (the buffers move, nothing is copied), so the caller's thread stays free
 * while a large file is read. Filtering and aggregating then happen wherever the store ends up.
 */
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { createGunzip } from 'node:zlib';
import { ColumnStore, snapshotTransferList, type ColumnsSnapshot } from './columns.js';
import { V1StreamParser, type V1MalformedReason, type V1MalformedSample, type V1ParserOptions } from './v1-parse.js';

/** How far a file has been read. */
export interface V1FileProgress {
  /** Bytes of the file read so far (compressed bytes for a gzip file). */
  readonly bytesRead: number;
  readonly totalBytes: number;
  readonly lines: number;
  readonly malformed: number;
}

/** Options of parseV1File and parseV1FileInWorker. */
export interface V1FileOptions {
  readonly signal?: AbortSignal;
  /** Called at most every progressIntervalMs while reading, and once at the end. */
  readonly onProgress?: (progress: V1FileProgress) => void;
  readonly progressIntervalMs?: number;
  readonly parser?: V1ParserOptions;
}

/** A parsed file: its rows, and what was refused. */
export interface V1FileResult {
  readonly store: ColumnStore;
  /** Lines read, accepted and malformed. */
  readonly lines: number;
  readonly malformed: number;
  readonly malformedByReason: ReadonlyMap<V1MalformedReason, number>;
  readonly samples: readonly V1MalformedSample[];
}

const CHUNK = 1024 * 1024;

/** Gzip when the name says so or the first two bytes are gzip's magic number. */
async function isGzip(path: string): Promise<boolean> {
  if (path.toLowerCase().endsWith('.gz')) return true;
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(2);
    const { bytesRead } = await handle.read(head, 0, 2, 0);
    return bytesRead === 2 && head[0] === 0x1f && head[1] === 0x8b;
  } finally {
    await handle.close();
  }
}

function isAborted(signal: AbortSignal | undefined): signal is AbortSignal {
  return signal?.aborted === true;
}

function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error) return reason;
  const e = new Error('The file was not read: cancelled');
  e.name = 'AbortError';
  return e;
}

/** Parses a v1 log file (`.log`, or gzip by name or content) into a compacted column store. */
export async function parseV1File(path: string, options: V1FileOptions = {}): Promise<V1FileResult> {
  const { signal, onProgress } = options;
  if (signal?.aborted === true) throw abortError(signal);
  const totalBytes = (await stat(path)).size;
  const gz = await isGzip(path);
  // Rows of about 250 bytes, of which about 40% stays in the arena; a plain file's size makes a good first guess.
  const store = gz ? new ColumnStore() : new ColumnStore(Math.ceil(totalBytes / 250), Math.ceil(totalBytes * 0.4));
  const parser = new V1StreamParser(store, options.parser);
  const file = createReadStream(path, { highWaterMark: CHUNK });
  const interval = options.progressIntervalMs ?? 100;
  let last = 0;
  const report = (force: boolean) => {
    if (onProgress === undefined) return;
    const now = Date.now();
    if (!force && now - last < interval) return;
    last = now;
    onProgress({ bytesRead: file.bytesRead, totalBytes, lines: parser.lines, malformed: parser.malformed });
  };
  const sink = async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) {
      parser.push(chunk);
      report(false);
      // Checked here too, so an abort during the last chunk's progress report still stops the read.
      if (isAborted(signal)) throw abortError(signal);
    }
  };
  try {
    if (gz) await pipeline(file, createGunzip(), sink, { signal });
    else await pipeline(file, sink, { signal });
  } catch (err) {
    if (isAborted(signal)) throw abortError(signal);
    throw err;
  }
  parser.end();
  store.compact();
  report(true);
  return { store, lines: parser.lines, malformed: parser.malformed, malformedByReason: parser.malformedByReason, samples: parser.samples() };
}

const WORKER_KIND = 'burrow-v1-file';

interface WorkerInput {
  readonly kind: typeof WORKER_KIND;
  readonly path: string;
  readonly parser?: V1ParserOptions;
  readonly progressIntervalMs?: number;
}

type WorkerMessage =
  | { readonly type: 'progress'; readonly progress: V1FileProgress }
  | {
      readonly type: 'done';
      readonly snapshot: ColumnsSnapshot;
      readonly lines: number;
      readonly malformed: number;
      readonly malformedByReason: readonly (readonly [V1MalformedReason, number])[];
      readonly samples: readonly V1MalformedSample[];
    }
  | { readonly type: 'error'; readonly message: string; readonly code?: string };

/** Extra options of the worker variant. */
export interface V1WorkerOptions extends V1FileOptions {
  /**
   * The script the worker runs: this module as built. Defaults to this module's own file; a `.ts` file is loaded
   * through tsx, for tests and scripts run from source.
   */
  readonly script?: string | URL;
}

function startWorker(script: string | URL, input: WorkerInput): Worker {
  const href = script instanceof URL ? script.href : script.startsWith('file:') ? script : pathToFileURL(script).href;
  if (!href.endsWith('.ts')) return new Worker(new URL(href), { workerData: input });
  // Source files need a TypeScript loader inside the worker; tsx registers one for the import it makes.
  const code = `import('tsx/esm/api').then((m) => m.tsImport(${JSON.stringify(href)}, ${JSON.stringify(href)}))`;
  return new Worker(code, { eval: true, workerData: input });
}

/**
 * parseV1File in a worker thread: progress arrives as messages, and the finished columns are transferred back
 * into a store in this thread. Aborting terminates the worker.
 */
export function parseV1FileInWorker(path: string, options: V1WorkerOptions = {}): Promise<V1FileResult> {
  const { signal, onProgress } = options;
  if (signal?.aborted === true) return Promise.reject(abortError(signal));
  const input: WorkerInput = { kind: WORKER_KIND, path, parser: options.parser, progressIntervalMs: options.progressIntervalMs };
  // Bundled as CommonJS (the Electron build) `import.meta` is empty: the core passes the built script there.
  const worker = startWorker(options.script ?? import.meta.url, input);
  return new Promise<V1FileResult>((resolve, reject) => {
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      fn();
      void worker.terminate();
    };
    const onAbort = () => finish(() => reject(abortError(signal!)));
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (m: WorkerMessage) => {
      if (m.type === 'progress') onProgress?.(m.progress);
      else if (m.type === 'error') finish(() => reject(Object.assign(new Error(m.message), m.code === undefined ? {} : { code: m.code })));
      else {
        const store = ColumnStore.fromSnapshot(m.snapshot);
        const result: V1FileResult = { store, lines: m.lines, malformed: m.malformed, malformedByReason: new Map(m.malformedByReason), samples: m.samples };
        finish(() => resolve(result));
      }
    });
    worker.on('error', (err) => finish(() => reject(err)));
    worker.on('exit', (code) => finish(() => reject(new Error(`The log parser stopped before it finished (exit code ${code})`))));
  });
}

/** The worker's side: parse, report progress, send the columns back. */
async function runWorker(input: WorkerInput): Promise<void> {
  const port = parentPort!;
  const post = (m: WorkerMessage, transfer: ArrayBuffer[] = []) => port.postMessage(m, transfer);
  try {
    const r = await parseV1File(input.path, {
      parser: input.parser,
      progressIntervalMs: input.progressIntervalMs,
      onProgress: (progress) => post({ type: 'progress', progress }),
    });
    const snapshot = r.store.snapshot();
    post(
      { type: 'done', snapshot, lines: r.lines, malformed: r.malformed, malformedByReason: [...r.malformedByReason], samples: r.samples },
      snapshotTransferList(snapshot),
    );
  } catch (err) {
    const e = err instanceof Error ? err : new Error(String(err));
    const code = (e as NodeJS.ErrnoException).code;
    post({ type: 'error', message: e.message, ...(code === undefined ? {} : { code }) });
  }
}

const data: unknown = workerData;
if (!isMainThread && typeof data === 'object' && data !== null && (data as { kind?: unknown }).kind === WORKER_KIND) {
  void runWorker(data as WorkerInput);
}
