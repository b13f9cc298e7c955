/**
 * The page side of the Chromium shell's bridge: defines window.burrow with exactly the preload's API.
 * Serialized into an init script, so it must not close over anything but its argument.
 */
export interface BridgeInitArgs {
  readonly methods: readonly string[];
  readonly events: readonly string[];
}

export function installBridge(args: BridgeInitArgs): void {
  const w = window as any;
  const methods = new Set(args.methods);
  const events = new Set(args.events);
  const listeners = new Map<string, Set<(p: unknown) => void>>();
  const invokeBinding = w.__burrowInvoke as (m: string, i: unknown) => Promise<unknown>;
  const dropBinding = w.__burrowDrop as (name: string, base64: string) => Promise<unknown>;
  // The bindings stay reachable only through the bridge, as ipcRenderer is only reachable through the preload.
  delete w.__burrowInvoke;
  delete w.__burrowDrop;

  Object.defineProperty(w, '__burrowDeliver', {
    value: (event: string, payload: unknown) => {
      for (const l of listeners.get(event) ?? []) {
        try {
          l(payload);
        } catch (e) {
          console.error(e);
        }
      }
    },
  });

  const unknown = (what: string, name: unknown) => ({
    ok: false,
    error: { kind: 'unknown_method', title: `Unknown ${what}`, detail: `"${String(name).slice(0, 80)}" is not part of the contract.` },
  });

  const bridge = {
    invoke(method: string, input?: unknown) {
      if (!methods.has(method)) return Promise.resolve(unknown('method', method));
      return invokeBinding(method, input ?? {});
    },
    on(event: string, listener: (p: unknown) => void) {
      if (!events.has(event) || typeof listener !== 'function') throw new Error(`Unknown event "${String(event).slice(0, 80)}"`);
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
      };
    },
    files: Object.freeze({
      async fromDrop(file: File) {
        if (!(file instanceof File)) return { ok: false, error: { kind: 'validation', title: 'Not a file' } };
        // No filesystem path exists in a plain browser: the shell copies the bytes into its drop folder.
        const bytes = new Uint8Array(await file.arrayBuffer());
        let bin = '';
        for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
        return dropBinding(file.name, btoa(bin));
      },
    }),
  };
  Object.defineProperty(w, 'burrow', { value: Object.freeze(bridge), enumerable: true });
}
