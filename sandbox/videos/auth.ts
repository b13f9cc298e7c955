/** Library keys and TUS upload signatures of the Stream API. */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { SeedData, SeedLibrary } from '../context.js';

/** What a key may do in a library: everything, or only read (the library's read-only key). */
export type LibraryAccess = 'full' | 'read';

/**
 * The access a key grants to a library. Only that library's own keys count: the account key,
 * another library's key, a missing key and an unknown library all give undefined (401).
 */
export function libraryAccess(seed: SeedData, libraryId: number, key: string | undefined): LibraryAccess | undefined {
  const library = findLibrary(seed, libraryId);
  if (!library || key === undefined) return undefined;
  if (sameText(key, library.key)) return 'full';
  if (sameText(key, library.readOnlyKey)) return 'read';
  return undefined;
}

/** The seeded library with this id. */
export function findLibrary(seed: SeedData, libraryId: number): SeedLibrary | undefined {
  return seed.libraries.find((l) => l.id === libraryId);
}

/** The TUS AuthorizationSignature: hex SHA-256 of libraryId + library key + expire + videoId, concatenated. */
export function tusSignature(libraryId: number | string, libraryKey: string, expire: number | string, videoId: string): string {
  return createHash('sha256').update(`${libraryId}${libraryKey}${expire}${videoId}`).digest('hex');
}

/** The four headers bunny.net requires on every TUS request. */
export interface TusCredentials {
  readonly signature: string | undefined;
  readonly expire: string | undefined;
  readonly libraryId: string | undefined;
  readonly videoId: string | undefined;
}

/** Why TUS credentials were refused, or the library and video they authorize. */
export type TusAuthResult =
  | { readonly ok: true; readonly libraryId: number; readonly videoId: string }
  | { readonly ok: false; readonly reason: string };

/** Checks TUS credentials against the seeded library keys and the clock (seconds since the epoch). */
export function checkTusCredentials(seed: SeedData, creds: TusCredentials, nowMs: number): TusAuthResult {
  const { signature, expire, libraryId, videoId } = creds;
  if (!signature || !expire || !libraryId || !videoId) {
    return { ok: false, reason: 'AuthorizationSignature, AuthorizationExpire, LibraryId and VideoId are required' };
  }
  if (!isSafeInteger(libraryId) || !isSafeInteger(expire)) {
    return { ok: false, reason: 'LibraryId and AuthorizationExpire must be whole numbers (AuthorizationExpire in Unix seconds)' };
  }
  const library = findLibrary(seed, Number(libraryId));
  if (!library) return { ok: false, reason: 'Unknown library' };
  if (!sameText(signature.toLowerCase(), tusSignature(libraryId, library.key, expire, videoId))) {
    return { ok: false, reason: 'Invalid AuthorizationSignature' };
  }
  if (Number(expire) * 1000 <= nowMs) return { ok: false, reason: 'AuthorizationExpire has passed' };
  return { ok: true, libraryId: library.id, videoId: videoId.toLowerCase() };
}

/** Decimal digits only, naming a safe integer. */
function isSafeInteger(text: string): boolean {
  return /^\d{1,16}$/.test(text) && Number.isSafeInteger(Number(text));
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
