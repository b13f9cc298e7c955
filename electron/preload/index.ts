/**
 * The preload: puts exactly `window.burrow = { invoke, on, files: { drop } }` into the page.
 * No ipcRenderer, no channel names and no Node objects cross the bridge; names are checked here and again in main.
 * Imports only `electron` and the zod-free channel list, so the sandboxed bundle stays tiny.
 */
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { DROP_CHANNEL, EVENT_CHANNEL, INVOKE_CHANNEL, SUBSCRIBE_CHANNEL, isEventName, isMethodName } from '../../shared/contract/channels.js';
import type { BurrowBridge, DropResult } from '../../shared/contract/index.js';
import type { AppError, Result } from '../../shared/contract/result.js';

type Listener = (payload: unknown) => void;

function failure(kind: AppError['kind'], title: string, detail: string): Result<never> {
  return { ok: false, error: { kind, title, detail } };
}

function describe(value: unknown): string {
  return typeof value === 'string' ? `"${value.slice(0, 80)}"` : typeof value;
}

// The main process answers with Results; a rejection means the transport itself broke (no handler yet, window closing).
async function call(channel: string, arg: unknown): Promise<Result<unknown>> {
  try {
    return (await ipcRenderer.invoke(channel, arg)) as Result<unknown>;
  } catch (e) {
    return failure('internal', 'Burrow’s core did not answer', e instanceof Error ? e.message : String(e));
  }
}

const listeners = new Map<string, Set<Listener>>();

ipcRenderer.on(EVENT_CHANNEL, (_event, message: unknown) => {
  if (typeof message !== 'object' || message === null) return;
  const { event, payload } = message as { event?: unknown; payload?: unknown };
  if (typeof event !== 'string') return;
  for (const listener of [...(listeners.get(event) ?? [])]) {
    try {
      listener(payload);
    } catch {
      // One broken listener must not starve the others.
    }
  }
});

const bridge: BurrowBridge = {
  invoke(method, input) {
    if (!isMethodName(method)) {
      return Promise.resolve(failure('unknown_method', 'Unknown method', `${describe(method)} is not part of the contract.`));
    }
    return call(INVOKE_CHANNEL, { method, input: input ?? {} });
  },

  on(event, listener) {
    // A typo in an event name is a programming error: fail loudly instead of listening to nothing forever.
    if (!isEventName(event)) throw new TypeError(`Unknown event ${describe(event)}`);
    if (typeof listener !== 'function') throw new TypeError('The listener must be a function');
    let set = listeners.get(event);
    if (!set) {
      set = new Set();
      listeners.set(event, set);
      ipcRenderer.send(SUBSCRIBE_CHANNEL, { event, subscribe: true });
    }
    set.add(listener);
    let active = true;
    return () => {
      if (!active) return;
      active = false;
      const current = listeners.get(event);
      if (!current) return;
      current.delete(listener);
      if (current.size === 0) {
        listeners.delete(event);
        ipcRenderer.send(SUBSCRIBE_CHANNEL, { event, subscribe: false });
      }
    };
  },

  files: {
    // Every path of the drop goes in one message with the call to make: main gets tokens for them and makes it.
    async drop(files, method, input): Promise<DropResult> {
      if (!isMethodName(method)) return { result: failure('unknown_method', 'Unknown method', `${describe(method)} is not part of the contract.`), refused: [] };
      const paths: string[] = [];
      const refused: string[] = [];
      for (const file of Array.isArray(files) ? files : []) {
        let path = '';
        try {
          path = webUtils.getPathForFile(file as File);
        } catch {
          // Not a File at all: refused below, as one made in the page is.
        }
        if (path) paths.push(path);
        else refused.push(typeof (file as { name?: unknown }).name === 'string' ? (file as File).name : 'a file');
      }
      return { result: paths.length > 0 ? await call(DROP_CHANNEL, { paths, method, input: input ?? {} }) : null, refused };
    },
  },
};

contextBridge.exposeInMainWorld('burrow', bridge);
