/**
 * Child of the logs cases, a fresh process each time. Modes:
 *   parse <file>        the core's v1 parser over the file into an aggregating sink, split into parts on worker
 *                       threads exactly as the app splits a file it opens; prints lines, ms, histograms
 *   parse-one <file>    the same in this thread alone, for contrast
 *   model <file>        read the file into the core's column store; prints resident memory while holding it
 *   model-app <file>    read the file as the app opens one: on the parser's worker threads, under the app's rows
 *                       ceiling; prints the rows kept, whether the file was cut, the columns' bytes, resident memory
 *                       while holding them and the process's peak
 *   strings <file>      hold the same rows as arrays of strings (the peer of `model`)
 * Timing starts once the modules are loaded, in this thread and in the workers alike (loading TypeScript through
 * tsx is a cost of running from source, not of the parser).
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { type ByteRow, parseV1File, parseV1FileInWorker, planV1FileParts, streamV1File, V1StreamParser, type ByteRange, CACHE_CODES } from '../../electron/core/logs/index.js';

const NO_CEILING = { maxRows: Infinity, maxBytes: Infinity };

interface Tally {
  lines: number;
  malformed: number;
  bytes: number;
  /** Counts by three-digit status code, and by cache code. */
  readonly status: number[];
  readonly cache: number[];
}

/** Streams the file, or one part of it, through the parser into a sink that only counts. */
async function tally(file: string, range: ByteRange | undefined): Promise<Tally> {
  // Status codes are three digits, so a plain array indexed by the code is the histogram.
  const status = new Float64Array(1000);
  const cache = new Float64Array(CACHE_CODES.length);
  let bytes = 0;
  const sink = {
    appendBytes(row: ByteRow) {
      status[row.statusCode]!++;
      cache[row.cacheCode]!++;
      bytes += row.bytesSent;
    },
  };
  const parser = new V1StreamParser(sink, { startsFile: range === undefined || range.start === 0 });
  await streamV1File(file, parser, { range });
  return { lines: parser.lines, malformed: parser.malformed, bytes, status: [...status], cache: [...cache] };
}

function print(t: Tally, ms: number, workers: number): void {
  const status: Record<string, number> = {};
  t.status.forEach((v, k) => {
    if (v > 0) status[String(k)] = v;
  });
  const cache: Record<string, number> = {};
  t.cache.forEach((v, i) => {
    if (v > 0) cache[CACHE_CODES[i]!] = v;
  });
  process.stdout.write(JSON.stringify({ lines: t.lines, malformed: t.malformed, ms, workers, status, cache, bytes: t.bytes }));
}

async function parseOne(file: string): Promise<void> {
  const t0 = performance.now();
  const t = await tally(file, undefined);
  print(t, performance.now() - t0, 1);
}

/** A worker of `parse`: loads, says so, then tallies the range it is sent. */
function startTallyWorker(): Promise<Worker> {
  const self = new URL(import.meta.url).href;
  const code = `import('tsx/esm/api').then((m) => m.tsImport(${JSON.stringify(self)}, ${JSON.stringify(self)}))`;
  const worker = new Worker(code, { eval: true, workerData: { benchTally: true } });
  return new Promise((resolve, reject) => {
    worker.once('message', () => resolve(worker));
    worker.once('error', reject);
  });
}

async function parse(file: string): Promise<void> {
  // As many workers as the app would use for this file; started (and their modules loaded) before the clock.
  const most = (await planV1FileParts(file)).length;
  const workers = await Promise.all(Array.from({ length: most }, startTallyWorker));
  const t0 = performance.now();
  const parts = await planV1FileParts(file);
  const tallies = await Promise.all(
    parts.map(
      (range, i) =>
        new Promise<Tally>((resolve, reject) => {
          workers[i]!.once('message', resolve);
          workers[i]!.once('error', reject);
          workers[i]!.postMessage({ file, range });
        }),
    ),
  );
  const sum = tallies.reduce((a, t) => ({
    lines: a.lines + t.lines,
    malformed: a.malformed + t.malformed,
    bytes: a.bytes + t.bytes,
    status: a.status.map((v, k) => v + t.status[k]!),
    cache: a.cache.map((v, k) => v + t.cache[k]!),
  }));
  const ms = performance.now() - t0;
  await Promise.all(workers.map((w) => w.terminate()));
  print(sum, ms, parts.length);
}

function settledRss(): number {
  (globalThis as { gc?: () => void }).gc?.();
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().rss;
}

async function model(file: string): Promise<void> {
  // The case measures the parser and the store over every line: the app's rows ceiling does not apply.
  const result = await parseV1File(file, { ceiling: NO_CEILING });
  result.store.compact(true);
  const rss = settledRss();
  process.stdout.write(JSON.stringify({ rows: result.store.length, columnBytes: result.store.byteSize, rss }));
}

async function modelApp(file: string): Promise<void> {
  const result = await parseV1FileInWorker(file, { script: new URL('../../electron/core/logs/v1/v1-file.ts', import.meta.url) });
  const rss = settledRss();
  const peakRss = process.resourceUsage().maxRSS * 1024;
  process.stdout.write(JSON.stringify({ rows: result.store.length, lines: result.lines, truncated: result.truncated === true, columnBytes: result.store.byteSize, rss, peakRss }));
}

async function strings(file: string): Promise<void> {
  const rows: string[][] = [];
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) if (line !== '') rows.push(line.split('|'));
  const rss = settledRss();
  process.stdout.write(JSON.stringify({ rows: rows.length, rss }));
}

const data: unknown = workerData;
if (!isMainThread && typeof data === 'object' && data !== null && (data as { benchTally?: unknown }).benchTally === true) {
  const port = parentPort!;
  port.on('message', (m: { file: string; range: ByteRange | undefined }) => {
    void tally(m.file, m.range).then((t) => port.postMessage(t));
  });
  port.postMessage('ready');
} else if (isMainThread) {
  const [mode, file] = process.argv.slice(2);
  const run = { parse, 'parse-one': parseOne, model, 'model-app': modelApp, strings }[mode ?? ''];
  if (run === undefined || file === undefined) throw new Error(`usage: logs-child.ts parse|parse-one|model|model-app|strings <file>`);
  await run(file);
}
