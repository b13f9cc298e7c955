/** The embedded default: the sandbox started in-process on a loopback port, stopped with the app. */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { startSandbox, type Sandbox } from '../../../sandbox/server.js';

/** The seed every embedded sandbox uses, so its keys and demo data stay the same between starts. */
export const EMBEDDED_SEED = 1;

/** Starts the sandbox on first use and keeps one running instance. */
export class EmbeddedSandbox {
  readonly #dataDir: string;
  #running: Promise<Sandbox> | null = null;

  constructor(dataDir: string) {
    this.#dataDir = join(dataDir, 'sandbox');
  }

  /** The running sandbox, starting it if needed; a failed start is retried on the next call. */
  get(): Promise<Sandbox> {
    if (!this.#running) {
      this.#running = mkdir(this.#dataDir, { recursive: true }).then(() =>
        startSandbox({ dataDir: this.#dataDir, seed: EMBEDDED_SEED, processingStepMs: 1500, persist: true }),
      );
      this.#running.catch(() => {
        this.#running = null;
      });
    }
    return this.#running;
  }

  /** The sandbox if it is already running, without starting it. */
  async peek(): Promise<Sandbox | null> {
    return this.#running ? this.#running.catch(() => null) : null;
  }

  async close(): Promise<void> {
    const s = await this.peek();
    this.#running = null;
    await s?.close();
  }
}
