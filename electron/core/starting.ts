/**
 * A core that is still starting, for a shell to hand its window at once: the page draws while the core starts, and
 * calls made meanwhile are answered once it is up. A core that fails to start answers every call with that failure.
 */
import { appError, err, type Result } from '../../shared/contract/result.js';
import type { Core } from './index.js';

/** `starting`'s core, usable before it has started; what cannot wait (pathOf, quitQuestion) answers as an idle core. */
export function startingCore(starting: Promise<Core>): Core {
  let core: Core | undefined;
  let failure: Result<never> | undefined;
  const settled = starting.then(
    (c) => (core = c),
    (e: unknown) => ((failure = err(appError('internal', 'Burrow could not start', { detail: e instanceof Error ? e.message : String(e) }))), undefined),
  );
  const up = () => settled;
  return {
    invoke: async (method, input, ctx) => (await up())?.invoke(method, input, ctx) ?? failure!,
    invokeWithFiles: async (paths, method, input, ctx) => (await up())?.invokeWithFiles(paths, method, input, ctx) ?? failure!,
    pathOf: (token) => core?.pathOf(token),
    hasLibraryKey: async (id) => (await up())?.hasLibraryKey(id) ?? failure!,
    on(event, listener) {
      let off: (() => void) | undefined;
      let gone = false;
      void up().then((c) => {
        if (c && !gone) off = c.on(event, listener);
      });
      return () => {
        gone = true;
        off?.();
      };
    },
    emit: (event, payload) => void up().then((c) => c?.emit(event, payload)),
    // With no core there are no known keys to scrub, so only the title may go out.
    redactError: async (e) => (await up())?.redactError(e) ?? appError(e.kind, e.title),
    embeddedSandbox: async () => (await up())?.embeddedSandbox() ?? null,
    quitQuestion: () => core?.quitQuestion() ?? null,
    close: async () => (await up())?.close(),
  };
}
