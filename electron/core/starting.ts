/**
 * A core that starts when its shell says (once the window's page has loaded: until then the shell's process serves the
 * page undisturbed) or at the first call, whichever comes first. The shell hands it to the window at once: calls made
 * before it is up are answered once it is, and a core that fails to start answers every call with the reason.
 */
import { appError, err, type Result } from '../../shared/contract/result.js';
import type { Core } from './index.js';

export interface StartingCore extends Core {
  /** Starts the core now; does nothing once it has started (or was closed first). */
  start(): void;
}

/** `create`'s core, usable before it has started; what cannot wait (pathOf, quitQuestion) answers as an idle core. */
export function startingCore(create: () => Promise<Core>): StartingCore {
  let core: Core | undefined;
  let failure: Result<never> | undefined;
  let settled: Promise<Core | undefined> | undefined;
  // Listeners added before the start wait for it without causing it.
  const waiting = new Set<(c: Core) => void>();
  const fail = (detail: string) => ((failure = err(appError('internal', 'Burrow could not start', { detail }))), undefined);
  const up = () =>
    (settled ??= Promise.resolve()
      .then(create)
      .then(
        (c) => {
          core = c;
          for (const attach of waiting) attach(c);
          waiting.clear();
          return c;
        },
        (e: unknown) => fail(e instanceof Error ? e.message : String(e)),
      ));
  return {
    start: () => void up(),
    invoke: async (method, input, ctx) => (await up())?.invoke(method, input, ctx) ?? failure!,
    invokeWithFiles: async (paths, method, input, ctx) => (await up())?.invokeWithFiles(paths, method, input, ctx) ?? failure!,
    pathOf: (token) => core?.pathOf(token),
    hasLibraryKey: async (id) => (await up())?.hasLibraryKey(id) ?? failure!,
    on(event, listener) {
      if (core) return core.on(event, listener);
      let off: (() => void) | undefined;
      const attach = (c: Core) => (off = c.on(event, listener));
      waiting.add(attach);
      return () => {
        waiting.delete(attach);
        off?.();
      };
    },
    emit: (event, payload) => void up().then((c) => c?.emit(event, payload)),
    // With no core there are no known keys to scrub, so only the title may go out.
    redactError: async (e) => (await up())?.redactError(e) ?? appError(e.kind, e.title),
    embeddedSandbox: async () => (await up())?.embeddedSandbox() ?? null,
    quitQuestion: () => core?.quitQuestion() ?? null,
    async close() {
      // A core never started is not started now: later calls answer that Burrow has closed.
      settled ??= Promise.resolve(fail('Burrow has closed.'));
      await (await settled)?.close();
    },
  };
}
