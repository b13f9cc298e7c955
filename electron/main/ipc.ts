/**
 * The IPC transport: the contract router bound to ipcMain. Every handler first refuses any sender that is not the
 * app's own top-level page (`isTrustedSender`); the router then validates each input with zod. Whatever leaves here is scrubbed of known secrets, failures of the transport itself included.
 */
import type { IpcMain, IpcMainEvent, IpcMainInvokeEvent, WebContents } from 'electron';
import { DROP_CHANNEL, EVENT_CHANNEL, INVOKE_CHANNEL, SUBSCRIBE_CHANNEL, isEventName, type EventName } from '../../shared/contract/channels.js';
import { appError, err, type AppError, type Result } from '../../shared/contract/result.js';
import type { Core } from '../core/index.js';
import { isTrustedSender } from './app-url.js';

/** What a refused sender gets back: a plain error, never a hint of what would have worked. */
export const REFUSED: Result<never> = err(appError('auth', 'Call refused', { detail: 'The call did not come from the Burrow window.' }));

/** The largest dropped-file path accepted; real paths are far shorter. */
const MAX_PATH_LENGTH = 4096;
/** The most files one drop may carry (as many as a call may name by token). */
const MAX_DROPPED = 100_000;

/** A drop message from the preload: the dropped files' paths, and the call to make on them. */
function dropOf(arg: unknown): { paths: string[]; method: string; input: unknown } | null {
  if (typeof arg !== 'object' || arg === null) return null;
  const { paths, method, input } = arg as { paths?: unknown; method?: unknown; input?: unknown };
  if (typeof method !== 'string' || !Array.isArray(paths) || paths.length === 0 || paths.length > MAX_DROPPED) return null;
  const ok = paths.every((p) => typeof p === 'string' && p !== '' && p.length <= MAX_PATH_LENGTH && !p.includes('\0'));
  return ok ? { paths: paths as string[], method, input } : null;
}

/** Scrubs known secrets out of an error before it reaches the window. */
export type ErrorRedactor = (error: AppError) => Promise<AppError>;

/** The error's texts may hold anything (a key the platform echoed), so with nothing to scrub them it keeps only its title. */
const withoutDetail: ErrorRedactor = async (e) => appError(e.kind, e.title);

/** The one place in the app that calls `ipcMain.handle`; a handler that throws answers an internal error, redacted. */
function handleTrusted(
  ipcMain: Pick<IpcMain, 'handle'>,
  channel: string,
  handler: (event: IpcMainInvokeEvent, arg: unknown) => Promise<Result<unknown>>,
  redact: ErrorRedactor = withoutDetail,
): void {
  ipcMain.handle(channel, async (event, ...args: unknown[]) => {
    if (!isTrustedSender(event.senderFrame)) return REFUSED;
    try {
      return await handler(event, args[0]);
    } catch (e) {
      const failure = appError('internal', 'Something went wrong inside Burrow', { detail: e instanceof Error ? e.message : String(e) });
      try {
        return err(await redact(failure));
      } catch {
        // A redactor that fails cannot vouch for the text: only the title goes out.
        return err(await withoutDetail(failure));
      }
    }
  });
}

/** Per window: the abort signal for its calls and its event subscriptions, dropped when the window goes. */
interface Peer {
  readonly abort: AbortController;
  readonly subscriptions: Map<EventName, () => void>;
}

/**
 * What the transport uses of the core. `redactError` is the core's own scrubbing of known key values, the one every
 * router result passes through; a core without it gets thrown failures answered by their title alone.
 */
export type TransportCore = Pick<Core, 'invoke' | 'invokeWithFiles' | 'on'> & { readonly redactError?: ErrorRedactor };

export interface Transport {
  /** Live subscriptions per web contents id (for tests and diagnostics). */
  subscriptionCount(contentsId: number): number;
  dispose(): void;
}

/** Binds the core to ipcMain: INVOKE_CHANNEL and DROP_CHANNEL answer calls, SUBSCRIBE_CHANNEL manages event pushes. */
export function registerIpc(ipcMain: Pick<IpcMain, 'handle' | 'on' | 'removeHandler' | 'removeAllListeners'>, core: TransportCore): Transport {
  const peers = new Map<number, Peer>();
  const redact: ErrorRedactor = core.redactError ? (e) => core.redactError!(e) : withoutDetail;

  const peerOf = (contents: WebContents): Peer => {
    let peer = peers.get(contents.id);
    if (!peer) {
      const created: Peer = { abort: new AbortController(), subscriptions: new Map() };
      peers.set(contents.id, created);
      contents.once('destroyed', () => {
        created.abort.abort();
        for (const off of created.subscriptions.values()) off();
        peers.delete(contents.id);
      });
      peer = created;
    }
    return peer;
  };

  handleTrusted(ipcMain, INVOKE_CHANNEL, async (event, arg) => {
    if (typeof arg !== 'object' || arg === null || typeof (arg as { method?: unknown }).method !== 'string') {
      return err(appError('validation', 'Malformed call', { detail: 'Expected { method, input }.' }));
    }
    const { method, input } = arg as { method: string; input?: unknown };
    return core.invoke(method, input, { signal: peerOf(event.sender).abort.signal });
  }, redact);

  // A drop is one call: the core registers the paths and runs the method on their tokens through the router.
  handleTrusted(ipcMain, DROP_CHANNEL, async (event, arg) => {
    const drop = dropOf(arg);
    if (!drop) return err(appError('validation', 'Malformed drop', { detail: 'Expected { paths, method, input }.' }));
    return core.invokeWithFiles(drop.paths, drop.method, drop.input, { signal: peerOf(event.sender).abort.signal });
  }, redact);

  // The one place that listens with `ipcMain.on`; untrusted messages are dropped silently.
  ipcMain.on(SUBSCRIBE_CHANNEL, (event: IpcMainEvent, arg: unknown) => {
    if (!isTrustedSender(event.senderFrame) || typeof arg !== 'object' || arg === null) return;
    const { event: name, subscribe } = arg as { event?: unknown; subscribe?: unknown };
    if (!isEventName(name) || typeof subscribe !== 'boolean') return;
    const contents = event.sender;
    const peer = peerOf(contents);
    const existing = peer.subscriptions.get(name);
    if (!subscribe) {
      existing?.();
      peer.subscriptions.delete(name);
      return;
    }
    if (existing) return;
    const off = core.on(name, (payload) => {
      if (!contents.isDestroyed()) contents.send(EVENT_CHANNEL, { event: name, payload });
    });
    peer.subscriptions.set(name, off);
  });

  return {
    subscriptionCount: (id) => peers.get(id)?.subscriptions.size ?? 0,
    dispose() {
      ipcMain.removeHandler(INVOKE_CHANNEL);
      ipcMain.removeHandler(DROP_CHANNEL);
      ipcMain.removeAllListeners(SUBSCRIBE_CHANNEL);
      for (const peer of peers.values()) {
        peer.abort.abort();
        for (const off of peer.subscriptions.values()) off();
      }
      peers.clear();
    },
  };
}
