/** The embedded default: the sandbox started in-process on a loopback port, stopped with the app. */
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Sandbox } from '../../../sandbox/server.js';

/** The seed every embedded sandbox uses, so its keys and demo data stay the same between starts. */
export const EMBEDDED_SEED = 1;

/**
 * Starts the sandbox on first use and keeps one running instance. It keeps its account (apps, videos, collections,
 * zones) in the app's data folder, so what the user made is still there after the app restarts, until a reset.
 */
export class EmbeddedSandbox {
  readonly #dataDir: string;
  #running: Promise<Sandbox> | null = null;

  constructor(dataDir: string) {
    this.#dataDir = join(dataDir, 'sandbox');
  }

  /** The folder the sandbox keeps its account and small uploads in. */
  get dataDir(): string {
    return this.#dataDir;
  }

  /** The running sandbox, starting it if needed; a failed start is retried on the next call. */
  get(): Promise<Sandbox> {
    if (!this.#running) this.#track(this.#start());
    return this.#running!;
  }

  /** The sandbox if it is already running, without starting it. */
  async peek(): Promise<Sandbox | null> {
    return this.#running ? this.#running.catch(() => null) : null;
  }

  /**
   * Starts the sandbox over with the seed's fresh account: closes it, deletes everything it kept, and starts it
   * again, on the same port when that is still free (so clients and upload URLs keep their address).
   * Calls made meanwhile wait for the new sandbox.
   */
  async reset(): Promise<void> {
    const previous = this.#running;
    const restarted = (async () => {
      const old = previous ? await previous.catch(() => null) : null;
      const port = old ? Number(new URL(old.apiUrl).port) : undefined;
      await old?.close();
      await rm(this.#dataDir, { recursive: true, force: true });
      if (port === undefined) return this.#start();
      // Another program may have taken the port in between: then any free one does.
      return this.#start(port).catch(() => this.#start());
    })();
    this.#track(restarted);
    await restarted;
  }

  async close(): Promise<void> {
    const s = await this.peek();
    this.#running = null;
    await s?.close();
  }

  async #start(port?: number): Promise<Sandbox> {
    const started = performance.now();
    await mkdir(this.#dataDir, { recursive: true });
    // Loaded on first use, so what imports the settings door (apps, videos) does not load the sandbox's modules.
    const { startSandbox } = await import('../../../sandbox/server.js');
    const sandbox = await startSandbox({ dataDir: this.#dataDir, seed: EMBEDDED_SEED, processingStepMs: 1500, persist: true, ...(port === undefined ? {} : { port }) });
    // For the launch bench, which reads it in the same process.
    performance.measure('sandbox-start', { start: started });
    return sandbox;
  }

  #track(running: Promise<Sandbox>): void {
    this.#running = running;
    running.catch(() => {
      if (this.#running === running) this.#running = null;
    });
  }
}
