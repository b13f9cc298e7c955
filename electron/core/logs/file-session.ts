/** A v1 day file's logs session: the file read (in a worker) into the store, every chip applied in the core. */
import type { LogFilter } from '../../../shared/logs/filter.js';
import type { LogsStatus } from '../../../shared/contract/logs.js';
import { toAppError } from '../errors.js';
import { Session, type SessionEnv } from './session.js';
import type { V1FileResult } from './v1-file.js';

/** A v1 day file read into the store; every chip applies in the core. */
export class FileSession extends Session {
  bytesRead = 0;
  totalBytes = 0;
  lines = 0;
  malformed = 0;
  samples: V1FileResult['samples'] = [];
  #span: { from: number; to: number } | null = null;
  readonly #abort = new AbortController();

  constructor(
    id: string,
    env: SessionEnv,
    filter: LogFilter,
    readonly fileName: string,
  ) {
    super(id, env, filter);
    this.local = filter;
  }

  get partial(): boolean {
    return this.phase === 'loading';
  }

  get signal(): AbortSignal {
    return this.#abort.signal;
  }

  timeSpan() {
    return this.#span;
  }

  status(): LogsStatus {
    return {
      ...this.base(),
      source: { kind: 'file', fileName: this.fileName },
      from: this.#span?.from ?? null,
      to: this.#span?.to ?? null,
      hasMore: false,
      requests: 0,
      budget: null,
      file: { bytesRead: this.bytesRead, totalBytes: this.totalBytes, lines: this.lines, malformed: this.malformed },
    };
  }

  /** Takes the parsed file's rows. */
  loaded(result: V1FileResult): void {
    this.resetRows();
    this.store = result.store;
    this.lines = result.lines;
    this.malformed = result.malformed;
    this.samples = result.samples;
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = 0; i < this.store.length; i++) {
      const t = this.store.timestamp(i);
      if (t < lo) lo = t;
      if (t > hi) hi = t;
    }
    // The last row's own minute is inside the span.
    this.#span = this.store.length === 0 ? null : { from: lo, to: hi + 1 };
    this.phase = 'idle';
    this.publish();
  }

  failed(e: unknown): void {
    const a = toAppError(e);
    this.phase = this.#abort.signal.aborted ? 'cancelled' : 'failed';
    this.error = { kind: a.kind, title: a.title, ...(a.detail !== undefined ? { detail: a.detail } : {}) };
    this.publish();
  }

  setFilter(filter: LogFilter): void {
    this.filter = filter;
    this.local = filter;
    this.refilter();
  }

  cancel(): void {
    this.#abort.abort();
  }

  close(): void {
    this.#abort.abort();
  }
}
