/** Keeps whole response bodies on disk for "save to file", however large; the console shows only the first 10 MB. */
import { closeSync, ftruncateSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { copyFile, rm } from 'node:fs/promises';
import { join } from 'node:path';

/** How many recent responses stay saveable. */
const KEPT = 5;

interface Body {
  readonly path: string;
  bytes: number;
}

/** Response bodies by request id, newest last; older ones are deleted as new ones arrive. */
export class BodySpool {
  readonly #dir: string;
  readonly #bodies = new Map<string, Body>();

  constructor(dataDir: string) {
    this.#dir = join(dataDir, 'console', 'bodies');
  }

  /** Forgets bodies a previous run left behind. */
  async clear(): Promise<void> {
    this.#bodies.clear();
    await rm(this.#dir, { recursive: true, force: true });
  }

  /**
   * A sink for one request's body chunks (called synchronously, in order, by the platform client);
   * a retry starts the file over. `done()` closes it and returns the total size.
   */
  open(requestId: string): { write(chunk: Buffer, attempt: number): void; done(ok: boolean): number } {
    mkdirSync(this.#dir, { recursive: true });
    const body: Body = { path: join(this.#dir, `${requestId.replace(/[^A-Za-z0-9-]/g, '_')}.body`), bytes: 0 };
    const fd = openSync(body.path, 'w', 0o600);
    let attemptSeen = 0;
    let closed = false;
    return {
      write: (chunk, attempt) => {
        if (attempt !== attemptSeen) {
          attemptSeen = attempt;
          ftruncateSync(fd, 0);
          body.bytes = 0;
        }
        writeSync(fd, chunk, 0, chunk.length, body.bytes);
        body.bytes += chunk.length;
      },
      done: (ok) => {
        if (!closed) closeSync(fd);
        closed = true;
        if (!ok) {
          void rm(body.path, { force: true });
          return body.bytes;
        }
        this.#bodies.set(requestId, body);
        while (this.#bodies.size > KEPT) {
          const oldest = this.#bodies.keys().next().value as string;
          void rm(this.#bodies.get(oldest)!.path, { force: true });
          this.#bodies.delete(oldest);
        }
        return body.bytes;
      },
    };
  }

  /** Copies a kept body to `target`; the size, or null when it is no longer kept. */
  async saveTo(requestId: string, target: string): Promise<number | null> {
    const body = this.#bodies.get(requestId);
    if (!body) return null;
    await copyFile(body.path, target);
    return body.bytes;
  }

  has(requestId: string): boolean {
    return this.#bodies.has(requestId);
  }
}
