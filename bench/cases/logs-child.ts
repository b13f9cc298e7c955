/**
 * Child of the logs cases, a fresh process each time. Modes:
 *   parse <file>        stream the file through the core's v1 parser into an aggregating sink; prints lines, ms, histograms
 *   model <file>        read the file into the core's column store; prints resident memory while holding it
 *   strings <file>      hold the same rows as arrays of strings (the peer of `model`)
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { ByteRow } from '../../electron/core/logs/columns.js';
import { parseV1File } from '../../electron/core/logs/v1-file.js';
import { V1StreamParser } from '../../electron/core/logs/v1-parse.js';
import { CACHE_CODES } from '../../electron/core/logs/types.js';

const [mode, file] = process.argv.slice(2);

async function parse(): Promise<void> {
  // Status codes are three digits, so a plain array indexed by the code is the histogram.
  const status = new Float64Array(1000);
  const cache = new Array<number>(CACHE_CODES.length).fill(0);
  let bytes = 0;
  const sink = {
    appendBytes(row: ByteRow) {
      status[row.statusCode]!++;
      cache[row.cacheCode]!++;
      bytes += row.bytesSent;
    },
  };
  const t0 = performance.now();
  const parser = new V1StreamParser(sink);
  for await (const chunk of createReadStream(file!, { highWaterMark: 1 << 20 })) parser.push(chunk as Buffer);
  parser.end();
  const ms = performance.now() - t0;
  const statusOut: Record<string, number> = {};
  status.forEach((v, k) => {
    if (v > 0) statusOut[String(k)] = v;
  });
  const cacheOut: Record<string, number> = {};
  CACHE_CODES.forEach((c, i) => {
    if (cache[i]! > 0) cacheOut[c] = cache[i]!;
  });
  process.stdout.write(JSON.stringify({ lines: parser.lines, malformed: parser.malformed, ms, status: statusOut, cache: cacheOut, bytes }));
}

function settledRss(): number {
  (globalThis as { gc?: () => void }).gc?.();
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().rss;
}

async function model(): Promise<void> {
  const result = await parseV1File(file!);
  result.store.compact(true);
  const rss = settledRss();
  process.stdout.write(JSON.stringify({ rows: result.store.length, rss }));
}

async function strings(): Promise<void> {
  const rows: string[][] = [];
  for await (const line of createInterface({ input: createReadStream(file!), crlfDelay: Infinity })) if (line !== '') rows.push(line.split('|'));
  const rss = settledRss();
  process.stdout.write(JSON.stringify({ rows: rows.length, rss }));
}

await (mode === 'parse' ? parse() : mode === 'model' ? model() : strings());
