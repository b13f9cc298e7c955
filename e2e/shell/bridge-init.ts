/**
 * The page side of the Chromium shell's bridge: defines window.burrow with exactly the preload's API
 * and behaviour (same names, same errors; see electron/preload/index.ts).
 * Serialized into an init script, so it must not close over anything but its argument.
 */
export interface BridgeInitArgs {
  readonly methods: readonly string[];
  readonly events: readonly string[];
  /** The page-side name the shell looks dropped Files up by. */
  readonly droppedFileLookup: string;
}

/**
 * tsx/esbuild wrap named functions in `__name(fn, "name")` calls; the page has no such helper, so the
 * shell defines a harmless one before the bridge script runs.
 */
export const NAME_HELPER_SHIM = 'globalThis.__name = globalThis.__name || ((target) => target);';

type Result = { ok: boolean; value?: unknown; error?: { kind: string; title: string; detail?: string } };

export function installBridge(args: BridgeInitArgs): void {
  const w = window as unknown as Record<string, unknown>;
  const methods = new Set(args.methods);
  const events = new Set(args.events);
  const listeners = new Map<string, Set<(p: unknown) => void>>();
  const invokeBinding = w.__burrowInvoke as (m: string, i: unknown) => Promise<Result>;
  const dropBinding = w.__burrowDrop as (ids: string[], method: string, input: unknown) => Promise<{ result: Result | null; refused: string[] }>;
  // The bindings stay reachable only through the bridge, as ipcRenderer is only reachable through the preload.
  delete w.__burrowInvoke;
  delete w.__burrowDrop;

  const failure = (kind: string, title: string, detail: string): Result => ({ ok: false, error: { kind, title, detail } });
  const describe = (value: unknown) => (typeof value === 'string' ? `"${value.slice(0, 80)}"` : typeof value);
  // As in the preload: a broken transport (or an input IPC cannot clone) becomes an error result, never a rejection.
  const call = async (send: () => Promise<Result>, input: unknown): Promise<Result> => {
    try {
      structuredClone(input);
      return await send();
    } catch (e) {
      return failure('internal', 'Burrow’s core did not answer', e instanceof Error ? e.message : String(e));
    }
  };

  // Dropped files wait here, by id, while the shell asks Chromium for the path behind each.
  const dropped = new Map<string, File>();
  let lastDropId = 0;
  Object.defineProperty(w, args.droppedFileLookup, { value: (id: string) => dropped.get(id) });

  Object.defineProperty(w, '__burrowDeliver', {
    value: (event: string, payload: unknown) => {
      for (const l of [...(listeners.get(event) ?? [])]) {
        try {
          l(payload);
        } catch {
          // One broken listener must not starve the others.
        }
      }
    },
  });

  const bridge = {
    invoke(method: string, input?: unknown) {
      if (!methods.has(method)) return Promise.resolve(failure('unknown_method', 'Unknown method', `${describe(method)} is not part of the contract.`));
      return call(() => invokeBinding(method, input ?? {}), input ?? {});
    },
    on(event: string, listener: (p: unknown) => void) {
      if (!events.has(event)) throw new TypeError(`Unknown event ${describe(event)}`);
      if (typeof listener !== 'function') throw new TypeError('The listener must be a function');
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener);
      let active = true;
      return () => {
        if (!active) return;
        active = false;
        set.delete(listener);
      };
    },
    files: Object.freeze({
      // As the preload: one call with every file and the method to run on them; the page never learns a path.
      async drop(files: readonly unknown[], method: string, input?: unknown) {
        if (!methods.has(method)) return { result: failure('unknown_method', 'Unknown method', `${describe(method)} is not part of the contract.`), refused: [] };
        const names = new Map<string, string>();
        const refused: string[] = [];
        for (const file of Array.isArray(files) ? files : []) {
          if (!(file instanceof File)) {
            refused.push('a file');
            continue;
          }
          // Only the path crosses, never the bytes: the shell looks each File up and asks Chromium where it lives.
          const id = `drop-${++lastDropId}`;
          dropped.set(id, file);
          names.set(id, file.name);
        }
        try {
          if (names.size === 0) return { result: null, refused };
          const answer = await dropBinding([...names.keys()], method, input ?? {});
          return { result: answer.result, refused: [...refused, ...answer.refused.map((id) => names.get(id) ?? 'a file')] };
        } catch (e) {
          return { result: failure('internal', 'Burrow’s core did not answer', e instanceof Error ? e.message : String(e)), refused };
        } finally {
          for (const id of names.keys()) dropped.delete(id);
        }
      },
    }),
  };
  Object.defineProperty(w, 'burrow', { value: Object.freeze(bridge), enumerable: true });
}
