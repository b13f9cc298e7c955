/** One router: parses every input, runs the handler, and always answers with a Result. */
import type { z } from 'zod';
import { isEventName, isMethodName, type EventName, type MethodName } from '../../shared/contract/channels.js';
import { HAND_CHECKED, type Checker, type Issue } from '../../shared/contract/hand-checked.js';
import type { EventPayload, MethodOutput, Methods } from '../../shared/contract/index.js';
import type { AreaContract } from '../../shared/contract/define.js';
import { formatPath } from '../../shared/common/json-path.js';
import { appError, err, ok, type AppError, type Result } from '../../shared/contract/result.js';
import { AppFailure, toAppError } from './errors.js';

type Contract = typeof import('../../shared/contract/index.js');
let contract: Promise<Contract> | undefined;
let loaded: Contract | undefined;
/** The zod contract, loaded by the first call that is not hand-checked (shared/contract/hand-checked.ts). */
export function loadContract(): Promise<Contract> {
  return (contract ??= import('../../shared/contract/index.js').then((c) => (loaded = c)));
}
const handMethods: Partial<Record<string, { readonly input: Checker; readonly output: Checker }>> = HAND_CHECKED.methods;
const handEvents: Partial<Record<string, Checker>> = HAND_CHECKED.events;

/** Who is calling; handlers may use the signal to stop work when the caller goes away. */
export interface CallContext {
  readonly signal?: AbortSignal;
}

export type Handler<M extends MethodName> = (
  input: z.output<Methods[M]['input']>,
  ctx: CallContext,
) => Promise<MethodOutput<M>>;

export type Handlers = { readonly [M in MethodName]: Handler<M> };

/** The handlers of one area, typed from its contract file: every method it defines, no other. */
export type AreaHandlers<A extends AreaContract> = { readonly [M in keyof A['methods'] & MethodName]: Handler<M> };

/** Turns issues into `{ path: rule }`, paths written as `a.b[0].c` (the empty path is `(input)`). */
export function fieldErrorsOf(issues: readonly Issue[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const path = formatPath(issue.path, '(input)');
    if (out[path] === undefined) out[path] = issue.message;
  }
  return out;
}

export interface Router {
  invoke(method: unknown, input: unknown, ctx?: CallContext): Promise<Result<unknown>>;
}

export interface RouterOptions {
  /** Every error passes through this before it leaves the core (scrubs known key values). */
  readonly redact?: (error: AppError) => AppError | Promise<AppError>;
}

/** Finds a method's handler (starting its area when it has not started yet). */
export type HandlerLookup = (method: MethodName) => Promise<Handler<MethodName> | undefined>;

/** Builds the router over one handler per contract method, or a lookup that finds them. */
export function createRouter(handlers: Handlers | HandlerLookup, options: RouterOptions = {}): Router {
  const redact = options.redact ?? ((e: AppError) => e);
  return {
    async invoke(method, input, ctx = {}) {
      const result = await route(method, input, ctx);
      return result.ok ? result : err(await redact(result.error));
    },
  };

  async function route(method: unknown, input: unknown, ctx: CallContext): Promise<Result<unknown>> {
    if (!isMethodName(method)) {
      return err(appError('unknown_method', 'Unknown method', { detail: `"${String(method).slice(0, 80)}" is not part of the contract.` }));
    }
    const spec = handMethods[method] ?? (await loadContract()).methods[method];
    const parsed = spec.input.safeParse(input ?? {});
    if (!parsed.success) {
      const fieldErrors = fieldErrorsOf(parsed.error.issues);
      return err(appError('validation', `Invalid input for ${method}`, { detail: summarize(fieldErrors), fieldErrors }));
    }
    // A call whose window closed or which was cancelled before it started does no work at all.
    if (ctx.signal?.aborted) return err(appError('cancelled', 'Cancelled'));
    try {
      const found = typeof handlers === 'function' ? await handlers(method) : handlers[method];
      if (found === undefined) return err(appError('unknown_method', 'Unknown method', { detail: `"${method}" has no handler here.` }));
      const handler = found as (i: unknown, c: CallContext) => Promise<unknown>;
      const value = await handler(parsed.data, ctx);
      const checked = spec.output.safeParse(value);
      if (!checked.success) {
        return err(appError('internal', `The core answered ${method} with an unexpected shape`, { detail: summarize(fieldErrorsOf(checked.error.issues)) }));
      }
      return ok(checked.data);
    } catch (e) {
      return err(toAppError(e));
    }
  }
}

function summarize(fieldErrors: Record<string, string>): string {
  return Object.entries(fieldErrors)
    .map(([path, rule]) => `${path}: ${rule}`)
    .join('; ');
}

type Listener = (payload: unknown) => void;

/** Events from the core to whoever listens: each payload is checked against the contract, which is loaded by then. */
export interface EventBus {
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void;
  on(event: unknown, listener: Listener): () => void;
}

/** Creates the event bus; a listener that throws does not stop the others. */
export function createEventBus(): EventBus {
  const listeners = new Map<EventName, Set<Listener>>();
  return {
    emit(event, payload) {
      const schema = handEvents[event] ?? loaded?.events[event];
      if (schema === undefined) throw new Error(`${event} was emitted before the contract was loaded`);
      const parsed = schema.safeParse(payload);
      if (!parsed.success) throw new Error(`${event} does not match the contract: ${summarize(fieldErrorsOf(parsed.error.issues))}`);
      const checked = parsed.data;
      for (const l of listeners.get(event) ?? []) {
        try {
          l(checked);
        } catch {
          // A broken listener (a closed window) must not break delivery to the rest.
        }
      }
    },
    on(event, listener) {
      if (!isEventName(event)) throw new AppFailure(appError('unknown_method', 'Unknown event', { detail: String(event).slice(0, 80) }));
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
      };
    },
  };
}
