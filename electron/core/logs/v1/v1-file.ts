/**
 * Reading a local v1 log file (plain or gzip) into a column store as a stream. parseV1FileInWorker runs the same
 * code in worker threads and transfers the columns back; a large plain file is cut at line breaks into one part
 * per worker and joined in file order, a gzip file is read by one worker.
 */
import { open, stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { DEFAULT_ROW_CEILING } from '../../../../shared/logs/v1-line.js';
import { ColumnStore, snapshotTransferList, type ColumnsSnapshot } from '../rows/columns.js';
import { concatSnapshots } from '../rows/snapshot-concat.js';
import { startScriptWorker } from '../rows/start-worker.js';
import { V1StreamParser, type V1MalformedReason, type V1MalformedSample, type V1ParserOptions } from './v1-parse.js';
import { lineRanges, type ByteRange } from './v1-ranges.js';
import { abortError, isAborted, isGzip, streamV1File } from './v1-read.js';
import { RowSelector, STOPPED, type V1RowCeiling, type V1Selection } from './v1-select.js';

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
  /** The store's ceiling; DEFAULT_ROW_CEILING when absent. */
  readonly ceiling?: V1RowCeiling;
  readonly signal?: AbortSignal;
  /** Called at most every progressIntervalMs while reading, and once at the end. */
  readonly onProgress?: (progress: V1FileProgress) => void;
  readonly progressIntervalMs?: number;
  readonly parser?: V1ParserOptions;
  /** Only these rows (read in one part, in this thread). */
  readonly select?: V1Selection;
}

/** A parsed file: its rows, and what was refused. */
export interface V1FileResult {
  readonly store: ColumnStore;
  /** Lines read, accepted and malformed. */
  readonly lines: number;
  readonly malformed: number;
  readonly malformedByReason: ReadonlyMap<V1MalformedReason, number>;
  readonly samples: readonly V1MalformedSample[];
  /** Reading stopped at the store's ceiling: the rows are the file's first ones, and the file has more. */
  readonly truncated?: boolean;
  /** Reading stopped once the selection's limit of rows matched, in file order: the file has more. */
  readonly limited?: boolean;
  /** Gzip data that ended early or is damaged: where reading stopped, in words (the rows before it are kept). */
  readonly endedEarly?: string;
}

/** Options of one worker's part of a file. */
interface V1PartOptions extends V1FileOptions {
  readonly range?: ByteRange;
}

/** Parses a v1 log file (plain, or gzip by content) into a compacted column store, up to the ceiling. */
export async function parseV1File(path: string, options: V1FileOptions = {}): Promise<V1FileResult> {
  return parsePart(path, options);
}

/**
 * The size a gzip file says it inflates to: its last four bytes (the inflated size modulo 4 GiB, for a file of one
 * member); null when that cannot be so (less than the compressed size). Only a first guess for the store's size: a
 * file can lie, and the ceiling still decides what is kept.
 */
async function gzipInflatedSize(path: string, compressedBytes: number): Promise<number | null> {
  if (compressedBytes < 18) return null;
  const handle = await open(path, 'r');
  try {
    const tail = Buffer.alloc(4);
    const { bytesRead } = await handle.read(tail, 0, 4, compressedBytes - 4);
    const size = bytesRead === 4 ? tail.readUInt32LE(0) : 0;
    return size >= compressedBytes ? size : null;
  } finally {
    await handle.close();
  }
}

async function parsePart(path: string, options: V1PartOptions): Promise<V1FileResult> {
  const { signal, onProgress, range } = options;
  if (isAborted(signal)) throw abortError(signal);
  const totalBytes = range === undefined ? (await stat(path)).size : range.end - range.start;
  const gz = await isGzip(path);
  // Rows of about 250 bytes, of which about 40% stays in the arena: a plain file's size, or the size a gzip file
  // says it inflates to, makes a good first guess, which saves the copies (and the freed copies' memory) of growing
  // a million rows from nothing. The first guess stays well inside the ceiling, whatever the file's size.
  const ceiling = options.ceiling ?? DEFAULT_ROW_CEILING;
  const linesBytes = gz ? (range === undefined ? await gzipInflatedSize(path, totalBytes) : null) : totalBytes;
  const store =
    linesBytes === null || options.select !== undefined
      ? new ColumnStore()
      : new ColumnStore(Math.min(Math.ceil(linesBytes / 250), Math.floor(ceiling.maxBytes / 200)), Math.min(Math.ceil(linesBytes * 0.4), Math.floor(ceiling.maxBytes / 2)));
  const interval = options.progressIntervalMs ?? 100;
  let last = 0;
  let bytesRead = 0;
  const report = (force: boolean) => {
    if (onProgress === undefined) return;
    const now = Date.now();
    if (!force && now - last < interval) return;
    last = now;
    onProgress({ bytesRead, totalBytes, lines: parser.lines, malformed: parser.malformed });
  };
  // When the selector has its rows (or the store is full) it stops the read: nothing more is inflated or parsed.
  const selector = new RowSelector(store, ceiling, options.select);
  const parser = new V1StreamParser(selector, { ...options.parser, startsFile: range === undefined || range.start === 0 });
  let endedEarly: string | null = null;
  try {
    ({ endedEarly } = await streamV1File(path, parser, {
      signal: signal === undefined ? selector.stop.signal : AbortSignal.any([signal, selector.stop.signal]),
      range,
      onChunk: (n) => {
        bytesRead = n;
        report(false);
      },
    }));
  } catch (e) {
    if (e !== STOPPED || isAborted(signal)) throw e;
  }
  const kept = selector.finish();
  // Shrinking copies, holding both sizes meanwhile: a store stopped at its ceiling keeps its slack instead.
  if (selector.stopped !== 'ceiling') kept.compact();
  report(true);
  return {
    store: kept,
    lines: selector.stopped === 'ceiling' ? selector.rows + parser.malformed : parser.lines,
    malformed: parser.malformed,
    malformedByReason: parser.malformedByReason,
    samples: parser.samples(),
    ...(selector.stopped === 'ceiling' ? { truncated: true } : {}),
    ...(selector.stopped === 'limit' ? { limited: true } : {}),
    ...(endedEarly !== null ? { endedEarly } : {}),
  };
}

const WORKER_KIND = 'burrow-v1-file';
/** Plain files below this size are read by one worker: starting a second and joining the parts would cost more. */
const PARALLEL_MIN_BYTES = 32 * 1024 * 1024;

interface WorkerInput {
  readonly kind: typeof WORKER_KIND;
  readonly path: string;
  readonly range?: ByteRange;
  readonly parser?: V1ParserOptions;
  readonly progressIntervalMs?: number;
  readonly ceiling?: V1RowCeiling;
  /** The first part's worker also joins the others' columns onto its own, sent to it once they are done. */
  readonly joinsLater: boolean;
}

/** Sent to the first part's worker: the later parts' columns, in file order. */
interface JoinMessage {
  readonly type: 'join';
  readonly snapshots: readonly ColumnsSnapshot[];
}

interface PartDone {
  readonly snapshot: ColumnsSnapshot;
  readonly lines: number;
  readonly malformed: number;
  readonly malformedByReason: readonly (readonly [V1MalformedReason, number])[];
  readonly samples: readonly V1MalformedSample[];
  readonly truncated?: boolean;
  readonly endedEarly?: string;
}

type WorkerMessage =
  | { readonly type: 'progress'; readonly progress: V1FileProgress }
  | ({ readonly type: 'done' } & PartDone)
  | { readonly type: 'error'; readonly message: string; readonly code?: string };

/** Extra options of the worker variant. */
export interface V1WorkerOptions extends V1FileOptions {
  /**
   * The script the workers run: this module as built. Defaults to this module's own file; a `.ts` file is loaded
   * through tsx, for tests and scripts run from source.
   */
  readonly script?: string | URL;
  /**
   * Workers for a plain file. By default two when the machine has two cores or more and the file is at least
   * 32 MiB, else one; a gzip file always gets one.
   */
  readonly workers?: number;
  /** The parts planV1FileParts already chose for this file, so they are not looked for twice. */
  readonly parts?: readonly (ByteRange | undefined)[];
}

/**
 * The parts parseV1FileInWorker reads a file in, one worker each: one whole-file part (undefined), or line-aligned
 * ranges of a plain file. Exported so the benchmark splits a file exactly as the app does.
 */
export async function planV1FileParts(path: string, workers?: number): Promise<readonly (ByteRange | undefined)[]> {
  const want = Math.max(1, Math.floor(workers ?? Math.min(2, availableParallelism())));
  if (want === 1) return [undefined];
  const size = (await stat(path)).size;
  if ((workers === undefined && size < PARALLEL_MIN_BYTES) || (await isGzip(path))) return [undefined];
  const ranges = await lineRanges(path, size, want);
  return ranges.length > 1 ? ranges : [undefined];
}

/** One worker reading one part; `send` passes it a message, `stop` terminates it. */
function runPart(
  script: string | URL,
  input: WorkerInput,
  onProgress: (p: V1FileProgress) => void,
): { readonly done: Promise<PartDone>; readonly send: (m: JoinMessage, transfer: ArrayBuffer[]) => void; readonly stop: () => void } {
  const worker = startScriptWorker(script, input);
  const done = new Promise<PartDone>((resolve, reject) => {
    worker.on('message', (m: WorkerMessage) => {
      if (m.type === 'progress') onProgress(m.progress);
      else if (m.type === 'error') reject(Object.assign(new Error(m.message), m.code === undefined ? {} : { code: m.code }));
      else resolve(m);
    });
    worker.on('error', reject);
    worker.on('exit', (code) => reject(new Error(`The log parser stopped before it finished (exit code ${code})`)));
  });
  return { done, send: (m, transfer) => worker.postMessage(m, transfer), stop: () => void worker.terminate() };
}

/**
 * The parts' results as one, in file order: line numbers of later parts move on by the lines before them. The
 * first part's snapshot already holds every part's rows.
 */
function joinParts(parts: readonly PartDone[], maxSamples: number): V1FileResult {
  const malformedByReason = new Map<V1MalformedReason, number>();
  const samples: V1MalformedSample[] = [];
  let lines = 0;
  let malformed = 0;
  for (const p of parts) {
    for (const [reason, n] of p.malformedByReason) malformedByReason.set(reason, (malformedByReason.get(reason) ?? 0) + n);
    for (const x of p.samples) if (samples.length < maxSamples) samples.push({ ...x, line: x.line + lines });
    lines += p.lines;
    malformed += p.malformed;
  }
  const store = ColumnStore.fromSnapshot(parts[0]!.snapshot);
  const endedEarly = parts.find((p) => p.endedEarly !== undefined)?.endedEarly;
  return { store, lines, malformed, malformedByReason, samples, ...(parts.some((p) => p.truncated === true) ? { truncated: true } : {}), ...(endedEarly !== undefined ? { endedEarly } : {}) };
}

/**
 * parseV1File in worker threads: progress arrives as messages (summed over the parts). The later parts' columns
 * go to the first part's worker, which joins them onto its own (a copy of every row, done there so this thread
 * stays free), and the whole is transferred back into a store here. Aborting, or any part failing, terminates
 * them all.
 */
export async function parseV1FileInWorker(path: string, options: V1WorkerOptions = {}): Promise<V1FileResult> {
  const { signal, onProgress } = options;
  if (signal?.aborted === true) throw abortError(signal);
  const ranges = options.parts ?? (await planV1FileParts(path, options.workers));
  // Read through the options: the check above narrowed `signal` as if it could not have changed since.
  if (options.signal?.aborted === true) throw abortError(options.signal);
  // Bundled as CommonJS (the Electron build) `import.meta` is empty: the core passes the built script there.
  const script = options.script ?? import.meta.url;
  const latest: (V1FileProgress | undefined)[] = ranges.map(() => undefined);
  const total = ranges.at(-1)?.end;
  const report = (i: number, p: V1FileProgress) => {
    latest[i] = p;
    if (onProgress === undefined) return;
    if (total === undefined) return onProgress(p);
    const sum = (f: (x: V1FileProgress) => number) => latest.reduce((n, x) => n + (x === undefined ? 0 : f(x)), 0);
    onProgress({ bytesRead: sum((x) => x.bytesRead), totalBytes: total, lines: sum((x) => x.lines), malformed: sum((x) => x.malformed) });
  };
  // Parts share the ceiling: each keeps its share, so the joined store stays within it.
  const whole = options.ceiling ?? DEFAULT_ROW_CEILING;
  const ceiling: V1RowCeiling = { maxRows: Math.ceil(whole.maxRows / ranges.length), maxBytes: Math.ceil(whole.maxBytes / ranges.length) };
  const runs = ranges.map((range, i) =>
    runPart(script, { kind: WORKER_KIND, path, range, parser: options.parser, progressIntervalMs: options.progressIntervalMs, ceiling, joinsLater: i === 0 && ranges.length > 1 }, (p) =>
      report(i, p),
    ),
  );
  const stopAll = () => runs.forEach((r) => r.stop());
  let onAbort = () => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(abortError(signal!));
    signal?.addEventListener('abort', onAbort, { once: true });
  });
  try {
    const joined = async () => {
      const later = await Promise.all(runs.slice(1).map((r) => r.done));
      if (later.length > 0) {
        const snapshots = later.map((p) => p.snapshot);
        runs[0]!.send({ type: 'join', snapshots }, snapshots.flatMap(snapshotTransferList));
      }
      return [await runs[0]!.done, ...later];
    };
    // Any part failing settles this at once (and counts as handled, whenever the join would have waited for it).
    const failed = new Promise<never>((_, reject) => runs.forEach((r) => r.done.catch(reject)));
    const parts = await Promise.race([joined(), failed, aborted]);
    return joinParts(parts, options.parser?.maxSamples ?? 1000);
  } finally {
    signal?.removeEventListener('abort', onAbort);
    stopAll();
  }
}

/** The worker's side: parse its part, report progress, send the columns back. */
async function runWorker(input: WorkerInput): Promise<void> {
  const port = parentPort!;
  const post = (m: WorkerMessage, transfer: ArrayBuffer[] = []) => port.postMessage(m, transfer);
  try {
    const r = await parsePart(input.path, {
      range: input.range,
      parser: input.parser,
      progressIntervalMs: input.progressIntervalMs,
      ...(input.ceiling !== undefined ? { ceiling: input.ceiling } : {}),
      onProgress: (progress) => post({ type: 'progress', progress }),
    });
    let snapshot = r.store.snapshot();
    if (input.joinsLater) {
      const join = await new Promise<JoinMessage>((resolve) => port.once('message', resolve));
      snapshot = concatSnapshots([snapshot, ...join.snapshots]);
    }
    post(
      {
        type: 'done',
        snapshot,
        lines: r.lines,
        malformed: r.malformed,
        malformedByReason: [...r.malformedByReason],
        samples: r.samples,
        ...(r.truncated === true ? { truncated: true } : {}),
        ...(r.endedEarly !== undefined ? { endedEarly: r.endedEarly } : {}),
      },
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
