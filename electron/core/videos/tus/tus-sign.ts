/**
 * The signed headers bunny.net requires on every TUS request: a SHA-256 over the library id, the library key, the
 * expiry and the video id. Computed in the core, never in the renderer: the key stays in this process.
 */
import { createHash } from 'node:crypto';

/** How far ahead a signature expires: well past the platform's one-hour minimum, so a slow chunk never outlives it. */
export const TUS_SIGNATURE_TTL_S = 6 * 3600;
/** The platform asks for at least this much validity left on every request. */
export const TUS_MIN_VALIDITY_S = 3600;

/** The hex AuthorizationSignature: SHA-256 of libraryId, key, expire and videoId written one after another. */
export function tusSignature(libraryId: number, libraryKey: string, expire: number, videoId: string): string {
  return createHash('sha256').update(`${libraryId}${libraryKey}${expire}${videoId}`).digest('hex');
}

/** The four TUS headers of one request. */
export interface TusAuthHeaders {
  readonly AuthorizationSignature: string;
  readonly AuthorizationExpire: string;
  readonly VideoId: string;
  readonly LibraryId: string;
}

/** Gives the headers of the next request for one video; re-signs by itself before the expiry gets close, or when told. */
export interface TusSigner {
  headers(): Promise<TusAuthHeaders>;
  /** The platform refused the signature (401): the next request gets a fresh one, always for the same video. */
  invalidate(): void;
  /** How many signatures were made (the first included). */
  readonly signed: number;
}

/** What a signer needs: the video, and the library key as the profile (or the command line) holds it. */
export interface TusSignerOptions {
  readonly libraryId: number;
  readonly videoId: string;
  libraryKey(): Promise<string> | string;
  readonly now?: () => number;
  readonly ttlSeconds?: number;
}

/** Creates the signer of one upload. */
export function createTusSigner(o: TusSignerOptions): TusSigner {
  const now = o.now ?? Date.now;
  // Below an hour left is not enough for the platform; the floor keeps a caller from asking for less.
  const ttl = Math.max(o.ttlSeconds ?? TUS_SIGNATURE_TTL_S, TUS_MIN_VALIDITY_S + 60);
  let current: { readonly expire: number; readonly headers: TusAuthHeaders } | undefined;
  let signed = 0;
  return {
    get signed() {
      return signed;
    },
    invalidate() {
      current = undefined;
    },
    async headers() {
      const nowS = Math.floor(now() / 1000);
      if (current && current.expire - nowS >= TUS_MIN_VALIDITY_S) return current.headers;
      const key = await o.libraryKey();
      const expire = nowS + ttl;
      signed++;
      current = {
        expire,
        headers: {
          AuthorizationSignature: tusSignature(o.libraryId, key, expire, o.videoId),
          AuthorizationExpire: String(expire),
          VideoId: o.videoId,
          LibraryId: String(o.libraryId),
        },
      };
      return current.headers;
    },
  };
}
