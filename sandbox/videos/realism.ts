/**
 * The variety the Stream schema allows, sent when realism is on (at a low rate, decided by a hash of the seed and
 * the video or the call, so the same run answers the same way): keys a client does not know yet, nullable lists
 * sent as null, a just-in-time library saying so, and now and then a list call refused with 429 and no Retry-After.
 */
import { createHash } from 'node:crypto';
import type { SandboxContext } from '../context.js';
import { findLibrary } from './auth.js';
import type { VideoModel } from './model.js';

/** One list call in this many (per library) is answered 429 without Retry-After. */
export const LIST_429_EVERY = 40;

function bucket(seed: number, text: string, of: number): number {
  return createHash('sha256').update(`${seed}:${text}`).digest().readUInt32BE(0) % of;
}

/** The VideoModel as a realistic platform may send it: the same facts, in the variety the schema allows. */
export function realisticVideo(ctx: SandboxContext, model: VideoModel): VideoModel {
  if (!ctx.options.realism) return model;
  const jit = findLibrary(ctx.seed, model.videoLibraryId)?.jitEncoding === true;
  let out: VideoModel = jit ? { ...model, jitEncodingEnabled: true } : model;
  const pick = bucket(ctx.options.seed, model.guid, 8);
  // About one video in four carries keys a client does not know (a newer platform's fields).
  if (pick === 0 || pick === 5) out = { ...out, ...({ resolutionsToEncode: '720p,1080p', zzFutureField: { added: true } } as object) } as VideoModel;
  // About one in four sends its empty lists as null, as the schema allows.
  if (pick === 1 || pick === 5) {
    out = {
      ...out,
      captions: out.captions.length === 0 ? null : out.captions,
      chapters: out.chapters.length === 0 ? null : out.chapters,
      moments: out.moments.length === 0 ? null : out.moments,
      metaTags: out.metaTags.length === 0 ? null : out.metaTags,
      transcodingMessages: out.transcodingMessages.length === 0 ? null : out.transcodingMessages,
    } as unknown as VideoModel;
  }
  return out;
}

/** Counts list calls per library; true when this one is to be refused with 429 (never the first of a library). */
export function createListLimiter(ctx: SandboxContext): (libraryId: number) => boolean {
  const calls = new Map<number, number>();
  return (libraryId) => {
    if (!ctx.options.realism) return false;
    const n = (calls.get(libraryId) ?? 0) + 1;
    calls.set(libraryId, n);
    return n % LIST_429_EVERY === 0;
  };
}
