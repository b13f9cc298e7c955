/**
 * A download's bytes carried to the rows' side over a MessagePort of their own, with credit: batches are
 * transferred (not copied) and at most `window` may be unanswered, so the download waits for the parser. The
 * stream is one part per day file, plain or gzip (gunzipped on the rows' side); only the body's bytes cross.
 */
import type { MessagePort } from 'node:worker_threads';
import { createGunzip, type Gunzip } from 'node:zlib';
import { ColumnStore } from '../rows/columns.js';
import type { ByteRow } from '../rows/byte-row.js';
import type { TimeSpan } from '../rows/rows-model.js';
import { V1StreamParser, type V1MalformedSample, type V1ParserOptions } from './v1-parse.js';
import { abortError } from './v1-read.js';

/** Sender → reader. */
export type DayStreamMessage = { readonly t: 'part'; readonly gzip: boolean; readonly size?: number } | { readonly t: 'bytes'; readonly bytes: Uint8Array } | { readonly t: 'end' };
/** Reader → sender: one batch taken; its buffer comes back to be filled again. */
export interface DayStreamAck {
  readonly t: 'ack';
  readonly bytes?: Uint8Array;
}

/** A size guess for the rows of a day file: v1 text compresses about 6.5 times; a line is about 230 bytes, 40 % of it kept. */
const GZIP_RATIO = 8;
const ROW_BYTES = 200;
const ARENA_SHARE = 0.45;

/** Gunzip's output buffers: fewer, larger ones than its 16 KiB default leave less garbage between collections. */
const GUNZIP_CHUNK = 256 * 1024;

/** Default batch size and how many batches may be unanswered. */
export const DAY_BATCH_BYTES = 256 * 1024;
export const DAY_WINDOW = 4;

/** The sending end, in the thread that downloads. */
export class DayStreamSender {
  #batch: Uint8Array;
  #filled = 0;
  #unanswered = 0;
  #wake: (() => void) | null = null;
  #failed: Error | null = null;
  readonly #free: Uint8Array[] = [];
  /** Batches sent, and the most ever unanswered (for tests of the credit). */
  sent = 0;
  maxUnanswered = 0;

  constructor(
    private readonly port: MessagePort,
    private readonly window = DAY_WINDOW,
    private readonly batchBytes = DAY_BATCH_BYTES,
  ) {
    this.#batch = new Uint8Array(batchBytes);
    port.on('message', (m: DayStreamAck) => {
      if (m.t !== 'ack') return;
      // The batch's buffer, back from the reader: filled again rather than a new one made for every batch.
      if (m.bytes !== undefined && m.bytes.buffer.byteLength === this.batchBytes) this.#free.push(new Uint8Array(m.bytes.buffer));
      this.#unanswered--;
      this.#wake?.();
    });
  }

  /** Starts a part (a day file, of `size` bytes as sent when known); what was gathered of the one before goes first. */
  part(gzip: boolean, size?: number): Promise<void> {
    return Promise.resolve(this.#flush()).then(() => this.port.postMessage({ t: 'part', gzip, ...(size !== undefined ? { size } : {}) } satisfies DayStreamMessage));
  }

  /** Adds bytes; the promise, when there is one, resolves once the reader has room again. */
  write(chunk: Uint8Array): void | Promise<void> {
    let at = 0;
    while (at < chunk.length) {
      const n = Math.min(chunk.length - at, this.batchBytes - this.#filled);
      this.#batch.set(chunk.subarray(at, at + n), this.#filled);
      this.#filled += n;
      at += n;
      if (this.#filled === this.batchBytes) {
        const pending = this.#flush();
        // The rest of this chunk fits the fresh batch only if there is room; otherwise wait for it here.
        if (pending !== undefined && at < chunk.length) return pending.then(() => this.write(chunk.subarray(at)));
        if (pending !== undefined) return pending;
      }
    }
    return undefined;
  }

  /** Sends what is gathered and the end. */
  async end(): Promise<void> {
    await this.#flush();
    this.port.postMessage({ t: 'end' } satisfies DayStreamMessage);
  }

  /** Fails every wait (the reader stopped); later writes fail too. */
  fail(e: Error): void {
    this.#failed = e;
    this.#wake?.();
  }

  close(): void {
    this.port.close();
  }

  /** Transfers the gathered batch; resolves when fewer than `window` batches are unanswered. */
  #flush(): Promise<void> | undefined {
    if (this.#failed) return Promise.reject(this.#failed);
    if (this.#filled > 0) {
      const bytes = this.#batch.subarray(0, this.#filled);
      this.port.postMessage({ t: 'bytes', bytes } satisfies DayStreamMessage, [bytes.buffer as ArrayBuffer]);
      this.#batch = this.#free.pop() ?? new Uint8Array(this.batchBytes);
      this.#filled = 0;
      this.sent++;
      this.#unanswered++;
      this.maxUnanswered = Math.max(this.maxUnanswered, this.#unanswered);
    }
    if (this.#unanswered < this.window) return undefined;
    return new Promise<void>((resolve, reject) => {
      this.#wake = () => {
        if (this.#failed) {
          this.#wake = null;
          reject(this.#failed);
        } else if (this.#unanswered < this.window) {
          this.#wake = null;
          resolve();
        }
      };
    });
  }
}

/** What the reader made of the stream. */
export interface DayStreamResult {
  readonly store: ColumnStore;
  readonly lines: number;
  readonly malformed: number;
  readonly samples: readonly V1MalformedSample[];
  /** Rows parsed but outside the day (the other local day's part of a UTC file). */
  readonly outside: number;
}

/** Options of readDayStream. */
export interface DayStreamOptions {
  /** Keep only rows in `[from, to)`; all rows when null. */
  readonly window: TimeSpan | null;
  readonly signal?: AbortSignal;
  readonly parser?: V1ParserOptions;
  readonly onProgress?: (p: { readonly lines: number; readonly malformed: number }) => void;
  readonly progressIntervalMs?: number;
}

/**
 * The reading end, on the rows' side: every part through the same v1 stream parser local files use, into one
 * column store, each batch answered once the parser (or gunzip) has taken it. Resolves at the end message.
 */
export function readDayStream(port: MessagePort, options: DayStreamOptions): Promise<DayStreamResult> {
  // Made at the first part, sized from its length: growing a million rows by doubling would hold each old copy
  // beside the new one until the next collection. Capacity never written is never resident, so a guess on the
  // high side costs address space only, and the store is not compacted afterwards (that would copy it all).
  let store: ColumnStore | null = null;
  const storeFor = (size: number | undefined, gzip: boolean) => {
    if (store !== null) return store;
    const plain = size === undefined ? 0 : gzip ? size * GZIP_RATIO : size;
    store = plain > 0 ? new ColumnStore(Math.ceil(plain / ROW_BYTES), Math.ceil(plain * ARENA_SHARE)) : new ColumnStore();
    return store;
  };
  let outside = 0;
  const win = options.window;
  const sink = {
    appendBytes(row: ByteRow) {
      if (win !== null && (row.timestampMs < win.from || row.timestampMs >= win.to)) outside++;
      else (store ?? storeFor(undefined, false)).appendBytes(row);
    },
  };
  const parser = new V1StreamParser(sink, options.parser);
  const interval = options.progressIntervalMs ?? 100;
  let last = 0;
  const report = (force: boolean) => {
    const now = Date.now();
    if (!force && now - last < interval) return;
    last = now;
    options.onProgress?.({ lines: parser.lines, malformed: parser.malformed });
  };
  let gunzip: Gunzip | null = null;
  let gzError: Error | null = null;

  const endPart = async () => {
    const g = gunzip;
    gunzip = null;
    if (g !== null) {
      await new Promise<void>((resolve, reject) => {
        g.once('end', resolve);
        g.once('error', reject);
        g.end();
      });
    }
    // A last line without its newline ends with its file.
    parser.end();
  };

  return new Promise<DayStreamResult>((resolve, reject) => {
    let chain = Promise.resolve();
    let done = false;
    const finish = (e: Error | null) => {
      if (done) return;
      done = true;
      options.signal?.removeEventListener('abort', onAbort);
      port.close();
      gunzip?.destroy();
      if (e) reject(e);
      else {
        report(true);
        resolve({ store: store ?? new ColumnStore(), lines: parser.lines, malformed: parser.malformed, samples: parser.samples(), outside });
      }
    };
    const onAbort = () => finish(abortError(options.signal!));
    if (options.signal?.aborted === true) return onAbort();
    options.signal?.addEventListener('abort', onAbort, { once: true });

    const step = async (m: DayStreamMessage) => {
      if (done) return;
      if (gzError) throw gzError;
      if (m.t === 'part') {
        await endPart();
        storeFor(m.size, m.gzip);
        if (m.gzip) {
          const g = createGunzip({ chunkSize: GUNZIP_CHUNK });
          g.on('data', (c: Buffer) => parser.push(c));
          g.on('error', (e) => (gzError = e));
          gunzip = g;
        }
      } else if (m.t === 'bytes') {
        const g = gunzip;
        if (g !== null) await new Promise<void>((res, rej) => g.write(m.bytes, (e) => (e ? rej(e) : res())));
        else parser.push(m.bytes);
        if (gzError) throw gzError;
        // Taken (the parser copies what it keeps; gunzip is done with its input): the buffer goes back.
        port.postMessage({ t: 'ack', bytes: m.bytes } satisfies DayStreamAck, [m.bytes.buffer as ArrayBuffer]);
        report(false);
      } else {
        await endPart();
        finish(null);
      }
    };
    port.on('message', (m: DayStreamMessage) => {
      chain = chain.then(() => step(m)).catch((e: unknown) => finish(e instanceof Error ? e : new Error(String(e))));
    });
  });
}
