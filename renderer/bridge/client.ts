/** A typed client over window.burrow: calls resolve to values or throw a BridgeError carrying the AppError. */
import type { EventName, MethodName } from '../../shared/contract/channels';
import type { EventPayload, FileMethod, MethodInput, MethodOutput } from '../../shared/contract/index';
import type { AppError } from '../../shared/contract/result';

/** Thrown by call(): keeps the core's plain error object for the UI to show. */
export class BridgeError extends Error {
  constructor(readonly error: AppError) {
    super(error.title);
    this.name = 'BridgeError';
  }
}

function bridge() {
  const b = (window as Partial<Window>).burrow;
  if (!b) throw new BridgeError({ kind: 'internal', title: 'Burrow’s bridge is missing', detail: 'The page was opened outside the app.' });
  return b;
}

/** Calls a contract method; throws BridgeError on a failed result. */
export async function call<M extends MethodName>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>> {
  const result = await bridge().invoke(method, input);
  if (!result.ok) throw new BridgeError(result.error);
  return result.value as MethodOutput<M>;
}

/**
 * Hands dropped Files to the core and calls `method` on them in one call (the core adds their tokens to `input`);
 * `refused` names the files with no path on disk, and `value` is null when none had one. Throws BridgeError on a failure.
 */
export async function drop<M extends FileMethod>(files: readonly File[], method: M, input: Omit<MethodInput<M>, 'tokens'>): Promise<{ value: MethodOutput<M> | null; refused: readonly string[] }> {
  const { result, refused } = await bridge().files.drop(files, method, input);
  if (result && !result.ok) throw new BridgeError(result.error);
  return { value: result ? (result.value as MethodOutput<M>) : null, refused };
}

/** Subscribes to a contract event; returns the unsubscribe function. Only bridge/events.ts listens: features register there. */
export function subscribe<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
  return bridge().on(event, (p) => listener(p as EventPayload<E>));
}

/** The AppError inside anything thrown, for display. */
export function errorOf(e: unknown): AppError {
  if (e instanceof BridgeError) return e.error;
  return { kind: 'internal', title: 'Unexpected error', detail: e instanceof Error ? e.message : String(e) };
}
