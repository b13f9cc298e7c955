/**
 * The console area's door: `console.raw` (the request of `burrow api`) and `console.cancel` live here; the app's
 * console (send a line, history, bodies in and out: ./send.ts) loads on its first call, so the command loads no more.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { consoleContract } from '../../../shared/contract/console.js';
import { MASK } from '../../../shared/common/redact.js';
import type { AttemptInfo, PlatformClient } from '../platform/client.js';
import { mapPlatformError } from '../platform/errors.js';
import type { Dialogs } from '../ports.js';
import type { AreaHandlers, EventBus } from '../router.js';
import { scrubBytes } from './body-view.js';
import type { ConsoleApp } from './send.js';

export interface ConsoleAreaDeps {
  readonly dataDir: string;
  readonly dialogs: Dialogs;
  /** The active profile's id, client and core API URL. */
  active(): Promise<{ readonly profileId: string; readonly client: PlatformClient; readonly apiUrl: string }>;
  knownSecrets(): Promise<string[]>;
  readonly emit: EventBus['emit'];
}

/** The console area: its handlers, and `close()`, which deletes the session's spooled bodies. */
export interface ConsoleArea {
  readonly handlers: AreaHandlers<typeof consoleContract>;
  close(): Promise<void>;
}

/** Builds the console area over its ports. */
export function createConsoleArea(deps: ConsoleAreaDeps): ConsoleArea {
  const running = new Map<string, AbortController>();
  // Bodies a previous run spooled go now (the spool itself loads with the app's console); synchronously, as the spool
  // deletes them on close, which spares `burrow api` the start of the thread pool.
  rmSync(join(deps.dataDir, 'console', 'bodies'), { recursive: true, force: true });

  /** Runs a request under its id, registered before the first await, so a console.cancel that follows always finds it. */
  const tracked = async <T>(requestId: string, signal: AbortSignal | undefined, run: (stop: AbortSignal) => Promise<T>): Promise<T> => {
    const controller = new AbortController();
    running.set(requestId, controller);
    try {
      // Stopped by console.cancel, or by the caller going away (a closed window, a cancelled call).
      return await run(signal ? AbortSignal.any([controller.signal, signal]) : controller.signal);
    } finally {
      running.delete(requestId);
    }
  };
  let loaded: Promise<{ readonly handlers: ConsoleApp; close(): void }> | undefined;
  const app = async () => (await (loaded ??= import('./send.js').then((m) => m.createConsoleApp(deps)))).handlers;

  const handlers: ConsoleArea['handlers'] = {
    'console.send': (input, { signal }) => tracked(input.requestId, signal, async (stop) => (await app())['console.send'](input, { signal: stop })),
    'console.history': async (input, ctx) => (await app())['console.history'](input, ctx),
    'console.loadBody': async (input, ctx) => (await app())['console.loadBody'](input, ctx),
    'console.saveResponse': async (input, ctx) => (await app())['console.saveResponse'](input, ctx),
    'console.raw': ({ requestId, method, path, body, area = 'core', verbose }, { signal }) =>
      tracked(requestId, signal, async (stop) => {
        const { client } = await deps.active();
        const res = await client.send({
          area: 'core',
          method,
          path,
          ...(body !== undefined ? { body, contentType: 'application/json' } : {}),
          signal: stop,
          ...(verbose === true ? { onAttempt: (a: AttemptInfo) => deps.emit('console.attempt', { requestId, ...a }) } : {}),
        });
        const secrets = await deps.knownSecrets();
        const failed = res.status < 200 || res.status >= 300;
        const contentType = res.headers['content-type'];
        return {
          status: res.status,
          ...(contentType !== undefined ? { contentType } : {}),
          body: scrubBytes(res.body, secrets, MASK),
          truncated: res.truncated,
          // The contract keeps the error's words (title, detail, code, fields) and drops the rest.
          ...(failed ? { problem: mapPlatformError(area, res.status, res.headers, res.body, method, path, secrets) } : {}),
        };
      }),
    'console.cancel': async ({ requestId }) => {
      const c = running.get(requestId);
      c?.abort();
      return { cancelled: !!c };
    },
  };
  return { handlers, close: async () => (await loaded)?.close() };
}
