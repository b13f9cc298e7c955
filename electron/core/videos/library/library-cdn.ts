/**
 * What the library browser needs from the library's CDN: its hostname (asked of the core API with the account key:
 * the library names its pull zone, the pull zone its hostnames), the thumbnail's bytes (the window loads no image
 * from the network, so the core fetches it and hands over a data: URL), and the links a user copies.
 */
import { readPullZone, readVideoLibrary } from '../../../../shared/common/core-answers.js';
import type { PlatformClient } from '../../platform/types.js';
import type { PlatformVideo } from './library-api.js';

/** The largest thumbnail taken; a bigger answer is not a thumbnail. */
export const MAX_THUMBNAIL_BYTES = 2 * 1024 * 1024;
// SVG too: the window shows thumbnails as <img> data: URLs, where an SVG runs no script and loads nothing.
const THUMBNAIL_TYPES = /^image\/(jpeg|png|webp|gif|avif|svg\+xml)$/;
const THUMBNAIL_TIMEOUT_MS = 10_000;
/** Thumbnails kept in memory, the most recently used; each is small, and a page shows a few dozen. */
const THUMBNAIL_CACHE = 300;
/** How long a library whose CDN host could not be found is not asked again. */
const HOST_RETRY_MS = 5 * 60_000;


/** The pull zone a library delivers through (asked with the account key), or null when the platform does not say. */
export async function libraryZoneId(client: PlatformClient, libraryId: number, signal?: AbortSignal): Promise<number | null> {
  // Read liberally: a library answer whose members are null, missing or not as documented names no zone.
  const library = readVideoLibrary(await client.json<unknown>({ area: 'core', method: 'GET', path: `/videolibrary/${libraryId}`, ...(signal ? { signal } : {}) }), libraryId);
  return library.ok ? library.value.pullZoneId : null;
}

/** The CDN host of a library, or null when the account key is missing or the platform does not say. */
export async function findCdnHost(client: PlatformClient, libraryId: number, signal?: AbortSignal): Promise<string | null> {
  const opts = signal ? { signal } : {};
  const zoneId = await libraryZoneId(client, libraryId, signal);
  if (zoneId === null) return null;
  const zone = readPullZone(await client.json<unknown>({ area: 'core', method: 'GET', path: `/pullzone/${zoneId}`, ...opts }), zoneId);
  const names = zone.ok ? zone.value.hostnames : [];
  // The zone's own *.b-cdn.net name always serves the library; a custom name may not have its certificate yet.
  const host = names.find((h) => h.isSystemHostname) ?? names[0];
  return host ? host.value.toLowerCase() : null;
}

/** A host on this machine (a local sandbox's address): no CDN is there, and nothing there has a certificate. */
const LOOPBACK_HOST = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d{1,5})?$/i;

/** The base URL of a CDN host: https, except plain http for a host on this machine. */
export function cdnBaseUrl(host: string): string {
  return `${LOOPBACK_HOST.test(host) ? 'http' : 'https'}://${host}`;
}

/** The thumbnail's URL: the one the platform gives, else the file it names on the library's CDN host. */
export function thumbnailUrlOf(video: PlatformVideo, host: string | null): string | null {
  if (video.thumbnail.url) return video.thumbnail.url;
  if (host === null || !video.thumbnail.fileName) return null;
  return `${cdnBaseUrl(host)}/${encodeURIComponent(video.video.guid)}/${encodeURIComponent(video.thumbnail.fileName)}`;
}

/** An image at `url` as a data: URL, or null when it is not there, not an image, or too large. */
export async function fetchThumbnail(url: string, signal?: AbortSignal): Promise<string | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  const timeout = AbortSignal.timeout(THUMBNAIL_TIMEOUT_MS);
  try {
    const res = await fetch(parsed, { signal: signal ? AbortSignal.any([signal, timeout]) : timeout, redirect: 'follow' });
    const type = (res.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    const declared = Number(res.headers.get('content-length') ?? '0');
    if (!res.ok || !THUMBNAIL_TYPES.test(type) || declared > MAX_THUMBNAIL_BYTES || res.body === null) {
      await res.body?.cancel();
      return null;
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of res.body) {
      size += chunk.byteLength;
      if (size > MAX_THUMBNAIL_BYTES) return null;
      chunks.push(chunk);
    }
    return `data:${type};base64,${Buffer.concat(chunks).toString('base64')}`;
  } catch {
    // No thumbnail is not an error of the list: the row shows its placeholder.
    return null;
  }
}

/** Per-session memory of CDN hosts and thumbnails, so a page redrawn every few seconds asks nothing again. */
export class CdnCache {
  // Keyed by client: the core makes one per profile, so another profile never sees this one's hosts.
  private readonly hosts = new WeakMap<PlatformClient, Map<number, { readonly host: string | null; readonly at: number }>>();
  private readonly thumbnails = new Map<string, string | null>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The library's CDN host, asked once per client (profile) and library; a failure is asked again after a while. */
  async host(client: PlatformClient, libraryId: number, signal?: AbortSignal): Promise<string | null> {
    let mine = this.hosts.get(client);
    if (!mine) {
      mine = new Map();
      this.hosts.set(client, mine);
    }
    const known = mine.get(libraryId);
    if (known && (known.host !== null || this.now() - known.at < HOST_RETRY_MS)) return known.host;
    let host: string | null;
    try {
      host = await findCdnHost(client, libraryId, signal);
    } catch {
      // No account key, or the core API refused: the browser works without the CDN, only no thumbnails or playlist.
      host = null;
    }
    // A call stopped by its caller learned nothing.
    if (!signal?.aborted) mine.set(libraryId, { host, at: this.now() });
    return host;
  }

  /** The thumbnail at `url` as a data: URL, fetched once. */
  async thumbnail(url: string, signal?: AbortSignal): Promise<string | null> {
    if (this.thumbnails.has(url)) {
      const hit = this.thumbnails.get(url) ?? null;
      // Most recently used last, so the oldest goes first.
      this.thumbnails.delete(url);
      this.thumbnails.set(url, hit);
      return hit;
    }
    const got = await fetchThumbnail(url, signal);
    if (signal?.aborted) return got;
    this.thumbnails.set(url, got);
    while (this.thumbnails.size > THUMBNAIL_CACHE) {
      const oldest = this.thumbnails.keys().next().value;
      if (oldest === undefined) break;
      this.thumbnails.delete(oldest);
    }
    return got;
  }

}
