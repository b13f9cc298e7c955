/** A scripted `window.burrow` for component tests: answers per method, records calls, emits events on demand. */
import type { EventName, MethodName } from '../../shared/contract/channels';
import type { BurrowBridge, EventPayload, MethodInput, MethodOutput } from '../../shared/contract/index';
import type { AppError, Result } from '../../shared/contract/result';

type Answer<M extends MethodName> = MethodOutput<M> | { readonly error: AppError } | ((input: MethodInput<M>) => MethodOutput<M>);

/** The fake, with what a test needs to drive it. */
export interface FakeBridge extends BurrowBridge {
  /** Every call, in order. */
  readonly calls: { readonly method: string; readonly input: unknown }[];
  /** Sets what a method answers from now on. */
  answer<M extends MethodName>(method: M, answer: Answer<M>): void;
  /** Delivers an event to the page's listeners. */
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void;
  /** How many calls a method has had. */
  count(method: MethodName): number;
  /**
   * Which dropped files have a path on disk from now on (by default none, as for Files made in the page). A drop of
   * some calls its method as main does, the input given their tokens (`t-<name>`); the rest are refused by name.
   */
  acceptDrops(accept?: (file: File) => boolean): void;
  /** Every input of a method's calls, in order. */
  inputs<M extends MethodName>(method: M): MethodInput<M>[];
}

/** Builds a fake and installs it as `window.burrow`. */
export function installFakeBridge(): FakeBridge {
  const answers = new Map<string, unknown>();
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const calls: { method: string; input: unknown }[] = [];
  let accepted: (file: File) => boolean = () => false;
  const fake: FakeBridge = {
    calls,
    answer(method, answer) {
      answers.set(method, answer);
    },
    emit(event, payload) {
      for (const l of [...(listeners.get(event) ?? [])]) l(payload);
    },
    count(method) {
      return calls.filter((c) => c.method === method).length;
    },
    acceptDrops(accept = () => true) {
      accepted = accept;
    },
    inputs<M extends MethodName>(method: M) {
      return calls.filter((c) => c.method === method).map((c) => c.input as MethodInput<M>);
    },
    async invoke(method, input): Promise<Result<unknown>> {
      calls.push({ method, input });
      if (!answers.has(method)) return { ok: false, error: { kind: 'internal', title: `No answer scripted for ${method}` } };
      const a = answers.get(method);
      if (typeof a === 'function') return { ok: true, value: (a as (i: unknown) => unknown)(input) };
      if (a && typeof a === 'object' && 'error' in a) return { ok: false, error: (a as { error: AppError }).error };
      return { ok: true, value: a };
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      set.add(listener);
      return () => set.delete(listener);
    },
    files: {
      async drop(files, method, input) {
        const dropped = files as readonly File[];
        const tokens = dropped.filter((f) => accepted(f)).map((f) => `t-${f.name}`);
        const refused = dropped.filter((f) => !accepted(f)).map((f) => f.name);
        return { result: tokens.length > 0 ? await fake.invoke(method, { ...input, tokens }) : null, refused };
      },
    },
  };
  Object.defineProperty(window, 'burrow', { value: fake, configurable: true, writable: true });
  return fake;
}
