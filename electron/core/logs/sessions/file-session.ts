/** A v1 day file's logs session: the file read into the rows (in the rows' worker in the app), every chip applied there. */
import type { LogFilter } from '../../../../shared/logs/filter.js';
import type { LogsStatus } from '../../../../shared/contract/logs.js';
import type { TimeSpan } from '../rows/rows-model.js';
import { Session, type SessionBase } from './session.js';
import type { V1MalformedSample } from '../v1/v1-parse.js';
import type { V1Selection } from '../v1/v1-select.js';

/** A v1 day file read into the rows; every chip applies to them. */
export class FileSession extends Session {
  bytesRead = 0;
  totalBytes = 0;
  lines = 0;
  malformed = 0;
  samples: readonly V1MalformedSample[] = [];
  /** The file has more rows than the store's ceiling let in: the rows held are its first. */
  truncated = false;
  /** Reading stopped once the selection's limit of rows matched: the file has more. */
  limited = false;
  /** Where gzip data that ended early or is damaged stopped reading, in words; null when read whole. */
  endedEarly: string | null = null;
  #span: TimeSpan | null = null;
  readonly #abort = new AbortController();

  constructor(
    base: SessionBase,
    readonly fileName: string,
    /** Only these rows, chosen as the file is read (the filter's too). */
    private readonly select?: Omit<V1Selection, 'filter'>,
  ) {
    super(...base);
  }

  get partial(): boolean {
    return this.phase === 'loading';
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
      file: {
        bytesRead: this.bytesRead,
        totalBytes: this.totalBytes,
        lines: this.lines,
        malformed: this.malformed,
        ...(this.truncated ? { truncated: true } : {}),
        ...(this.limited ? { limited: true } : {}),
        ...(this.endedEarly !== null ? { endedEarly: this.endedEarly } : {}),
      },
    };
  }

  /** Reads the file, publishing progress as it goes; ends idle, failed or cancelled (never throws). */
  async load(path: string): Promise<void> {
    try {
      await this.rows.call('setLocal', [this.filter]);
      const r = await this.rows.call('loadFile', [path, this.select ? { select: { ...this.select, filter: this.filter } } : {}], {
        signal: this.#abort.signal,
        onProgress: (p) => {
          this.bytesRead = p.bytesRead;
          this.totalBytes = p.totalBytes;
          this.lines = p.lines;
          this.malformed = p.malformed;
          if (!this.#closed) this.publish();
        },
      });
      this.lines = r.lines;
      this.malformed = r.malformed;
      this.samples = r.samples;
      this.truncated = r.truncated === true;
      this.limited = r.limited === true;
      this.endedEarly = r.endedEarly ?? null;
      this.#span = r.span;
      this.phase = 'idle';
    } catch (e) {
      this.fail(e, this.#abort.signal.aborted ? 'cancelled' : 'failed');
    }
    if (!this.#closed) this.publish();
  }

  async setFilter(filter: LogFilter): Promise<void> {
    this.filter = filter;
    await this.rows.call('setLocal', [filter]);
  }

  cancel(): void {
    this.#abort.abort();
  }

  #closed = false;

  close(): void {
    this.#closed = true;
    this.#abort.abort();
    this.rows.close();
  }
}
