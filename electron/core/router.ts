/** One router: parses every input, runs the handler, and always answers with a Result. */
import type { z } from 'zod';
import { isEventName, isMethodName, type EventName, type MethodName } from '../../shared/channels.js';
import { events, methods, type EventPayload, type MethodOutput } from '../../shared/contract.js';
import { formatPath as formatJsonPath } from '../../shared/json-path.js';
import { appError, err, ok, type AppError, type Result } from '../../shared/result.js';

/** Who is calling; handlers may use the signal to stop work when the caller goes away. */
export interface CallContext {
  readonly signal?: AbortSignal;
}

export type Handler<M extends MethodName> = (
  input: z.output<(typeof methods)[M]['input']>,
  ctx: CallContext,
) => Promise<MethodOutput<M>>;

export type Handlers = { readonly [M in MethodName]: Handler<M> };

/** An error a handler throws on purpose: it reaches the caller as-is. */
export class AppFailure extends Error {
  constructor(readonly error: AppError) {
    super(error.title);
  }
}

/** Turns zod issues into `{ path: rule }`, paths written as `a.b[0].c`. */
export function zodFieldErrors(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const path = formatPath(issue.path);
    if (out[path] === undefined) out[path] = issue.message;
  }
  return out;
}

/** `['a', 0, 'b']` → `a[0].b`; the empty path is `(input)`. */
export function formatPath(path: readonly PropertyKey[]): string {
  return formatJsonPath(path, '(input)');
}

export interface Router {
  invoke(method: unknown, input: unknown, ctx?: CallContext): Promise<Result<unknown>>;
}

export interface RouterOptions {
  /** Every error passes through this before it leaves the core (scrubs known key values). */
  readonly redact?: (error: AppError) => AppError | Promise<AppError>;
}

/** Builds the router over one handler per contract method. */
export function createRouter(handlers: Handlers, options: RouterOptions = {}): Router {
  const redact = options.redact ?? ((e: AppError) => e);
  return {
    async invoke(method, input, ctx = {}) {
      const result = await route(method, input, ctx);
      return result.ok ? result : err(await redact(result.error));
    },
  };

  async function route(method: unknown, input: unknown, ctx: CallContext): Promise<Result<unknown>> {
    {
      if (!isMethodName(method)) {
        return err(appError('unknown_method', 'Unknown method', { detail: `"${String(method).slice(0, 80)}" is not part of the contract.` }));
      }
      const spec = methods[method];
      const parsed = spec.input.safeParse(input ?? {});
      if (!parsed.success) {
        const fieldErrors = zodFieldErrors(parsed.error.issues);
        return err(appError('validation', `Invalid input for ${method}`, { detail: summarize(fieldErrors), fieldErrors }));
      }
      try {
        const handler = handlers[method] as (i: unknown, c: CallContext) => Promise<unknown>;
        const value = await handler(parsed.data, ctx);
        const checked = spec.output.safeParse(value);
        if (!checked.success) {
          return err(appError('internal', `The core answered ${method} with an unexpected shape`, { detail: summarize(zodFieldErrors(checked.error.issues)) }));
        }
        return ok(checked.data);
      } catch (e) {
        return err(toAppError(e));
      }
    }
  }
}

/** Any thrown value as an AppError; AppFailure keeps its shape, everything else becomes internal. */
export function toAppError(e: unknown): AppError {
  if (e instanceof AppFailure) return e.error;
  if (e instanceof Error && e.name === 'AbortError') return appError('cancelled', 'Cancelled');
  const message = e instanceof Error ? e.message : String(e);
  return appError('internal', 'Something went wrong inside Burrow', { detail: message });
}

function summarize(fieldErrors: Record<string, string>): string {
  return Object.entries(fieldErrors)
    .map(([path, rule]) => `${path}: ${rule}`)
    .join('; ');
}

type Listener = (payload: unknown) => void;

/** Events from the core to whoever listens: each payload is checked against the contract. */
export interface EventBus {
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void;
  on(event: unknown, listener: Listener): () => void;
}

/** Creates the event bus; a listener that throws does not stop the others. */
export function createEventBus(): EventBus {
  const listeners = new Map<EventName, Set<Listener>>();
  return {
    emit(event, payload) {
      const checked = events[event].parse(payload);
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
