/** createCore(ports): the whole main-process logic, with no Electron import. */
import { mkdir } from 'node:fs/promises';
import type { EventName } from '../../shared/channels.js';
import type { EventPayload } from '../../shared/contract.js';
import type { Result } from '../../shared/result.js';
import { isAllowedExternalUrl } from './external.js';
import { FileRegistry } from './files/registry.js';
import type { CorePorts } from './ports.js';
import { createEventBus, createRouter, toAppError, type CallContext, type Handlers } from './router.js';

export type { CorePorts } from './ports.js';

/** The core as a shell sees it: invoke a method, listen to events, register a dropped file, close. */
export interface Core {
  invoke(method: unknown, input: unknown, ctx?: CallContext): Promise<Result<unknown>>;
  on(event: unknown, listener: (payload: unknown) => void): () => void;
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void;
  /** Only for the shells' own drop path; the renderer cannot reach it through invoke(). */
  registerDroppedFile(path: string): Promise<Result<unknown>>;
  close(): Promise<void>;
}

/** Builds the core over the shell's ports. */
export async function createCore(ports: CorePorts): Promise<Core> {
  await mkdir(ports.dataDir, { recursive: true });
  const bus = createEventBus();
  const files = new FileRegistry();

  const handlers: Handlers = {
    'app.info': async () => ({
      name: 'Burrow',
      version: ports.appVersion,
      shell: ports.shell,
      platform: ports.platform,
      dataDir: ports.dataDir,
    }),
    'app.openExternal': async ({ url }) => {
      if (!isAllowedExternalUrl(url)) return { opened: false };
      await ports.openExternal(url);
      return { opened: true };
    },
    'files.list': async () => ({ files: files.list() }),
  };
  const router = createRouter(handlers);

  return {
    invoke: (method, input, ctx) => router.invoke(method, input, ctx),
    on: (event, listener) => bus.on(event, listener),
    emit: (event, payload) => bus.emit(event, payload),
    async registerDroppedFile(path) {
      try {
        return { ok: true, value: await files.register(path) };
      } catch (e) {
        return { ok: false, error: toAppError(e) };
      }
    },
    async close() {},
  };
}
