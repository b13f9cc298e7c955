/**
 * The variety a real Magic Containers or core API answer may carry, for the sandbox's realism switch: chosen per
 * object by a hash of the seed and the object's id, so the same object answers the same way every time (a list and a
 * GET of one app agree) and a run is repeatable. Only the shape varies — extra members, an enum in another letter case
 * or one the client does not know — never what the sandbox itself keeps or decides by.
 */
import type { SandboxContext } from '../context.js';

type Wire = Readonly<Record<string, unknown>>;

/** A number in [0, 1) from the seed and a key: FNV-1a, then a finalizer so keys alike in all but their end spread out. */
export function varietyDraw(seed: number, key: string): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35) >>> 0;
  h ^= h >>> 16;
  return (h >>> 0) / 2 ** 32;
}

/** Members a later version of the platform might add. */
const EXTRA = { zz_unknown: 'added by a later platform version', NewField: { nested: [1, 'two', null] } } as const;

/** Whether realism is on for this sandbox. */
const on = (ctx: SandboxContext) => ctx.options.realism;

/** About one object in this many gains members the client does not know. */
const EXTRA_EVERY = 4;

/** The object with members the client does not know, for about one object in EXTRA_EVERY. */
export function withExtraMembers(ctx: SandboxContext, key: string, value: Wire): Wire {
  if (!on(ctx) || varietyDraw(ctx.options.seed, `extra:${key}`) * EXTRA_EVERY >= 1) return value;
  return { ...value, ...EXTRA };
}

/**
 * An application status as a real platform may write it: mostly as kept, sometimes in PascalCase (the older
 * schema's spelling) or upper case, and now and then a status the client does not know.
 */
export function variedStatus(ctx: SandboxContext, appId: string, status: string): string {
  if (!on(ctx)) return status;
  const d = varietyDraw(ctx.options.seed, `status:${appId}`);
  if (d < 0.1) return status.charAt(0).toUpperCase() + status.slice(1);
  if (d < 0.15) return status.toUpperCase();
  if (d < 0.2) return 'hibernating';
  return status;
}
