/**
 * The `app://burrow/` protocol handler: serves the built renderer from one folder, nothing else.
 * No Electron import: it takes a fetch `Request` and answers a fetch `Response`, so plain Node tests it.
 */
import fs from 'node:fs';
import { extname, join, relative, isAbsolute, sep } from 'node:path';
import { APP_HOST, APP_SCHEME, CONTENT_SECURITY_POLICY, contentSecurityPolicy, newStyleNonce, withStyleNonce } from '../../shared/common/csp.js';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
};

/** The Content-Type for a served file, by extension; unknown types are opaque bytes. */
export function contentTypeFor(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/** Where a request URL points inside the root, or why it is refused. */
export type PathResolution =
  | { readonly ok: true; readonly segments: readonly string[] }
  | { readonly ok: false; readonly status: 403 | 404; readonly reason: string };

// Raw-text checks run before any decoding, so double-encoded or mixed tricks never reach the file system.
const FORBIDDEN_RAW = /[\\\u0000-\u001f\u007f]|%(?:2f|5c|00)/i;
const URL_PREFIX = new RegExp(`^${APP_SCHEME}://([^/?#]*)([^?#]*)`, 'i');

/**
 * Splits an `app://` URL into safe path segments. Refuses (403) a foreign host, `.`/`..` in any spelling,
 * encoded slashes or backslashes, NUL and control characters, empty segments (`//etc`), and drive letters.
 */
export function resolveRequestPath(rawUrl: string): PathResolution {
  const match = URL_PREFIX.exec(rawUrl);
  if (!match) return { ok: false, status: 403, reason: 'not an app:// URL' };
  const host = match[1] ?? '';
  if (host !== APP_HOST) return { ok: false, status: 403, reason: 'foreign host' };
  const rawPath = match[2] === undefined || match[2] === '' ? '/' : match[2];
  if (FORBIDDEN_RAW.test(rawPath)) return { ok: false, status: 403, reason: 'forbidden character' };
  if (rawPath === '/') return { ok: true, segments: ['index.html'] };
  const parts = rawPath.split('/');
  if (parts[0] !== '') return { ok: false, status: 403, reason: 'relative path' };
  const segments: string[] = [];
  for (let i = 1; i < parts.length; i++) {
    let part: string;
    try {
      part = decodeURIComponent(parts[i] ?? '');
    } catch {
      return { ok: false, status: 403, reason: 'bad escape' };
    }
    if (part === '') {
      // A trailing slash names a folder (not served); an inner empty segment is an absolute-path trick.
      if (i === parts.length - 1) return { ok: false, status: 404, reason: 'folder' };
      return { ok: false, status: 403, reason: 'empty segment' };
    }
    if (part === '.' || part === '..') return { ok: false, status: 403, reason: 'dot segment' };
    if (/[/\\:\u0000-\u001f\u007f]/.test(part)) return { ok: false, status: 403, reason: 'forbidden character' };
    segments.push(part);
  }
  return { ok: true, segments };
}

/** True when `child` is strictly inside `root` (both already absolute and real). */
function isInside(root: string, child: string): boolean {
  const rel = relative(root, child);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) && !rel.split(sep).includes('..');
}

function plain(status: number, text: string): Response {
  const headers = baseHeaders('text/plain; charset=utf-8');
  if (status === 405) headers.set('Allow', 'GET, HEAD');
  return new Response(text, { status, headers });
}

function baseHeaders(contentType: string, policy = CONTENT_SECURITY_POLICY): Headers {
  const headers = new Headers();
  headers.set('Content-Type', contentType);
  headers.set('Content-Security-Policy', policy);
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('Cache-Control', 'no-cache');
  return headers;
}

/**
 * Serves index.html with a nonce of its own: the header and the page's CSP meta let only style elements carrying it
 * apply, and the page reads it from its nonce meta. A fresh one per load, so a nonce seen once is worth nothing later.
 */
async function servePage(path: string, method: string): Promise<Response> {
  const nonce = newStyleNonce();
  const body = Buffer.from(withStyleNonce(await fs.promises.readFile(path, 'utf8'), nonce), 'utf8');
  const headers = baseHeaders(contentTypeFor(path), contentSecurityPolicy(nonce));
  headers.set('Content-Length', String(body.byteLength));
  return new Response(method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers });
}

/**
 * Builds the handler for `protocol.handle('app', ...)` over `root` (the built renderer folder).
 * After the URL checks, the real path of the file must still lie inside the real root, which defeats symlink escapes.
 */
export function createAppProtocolHandler(root: string): (request: Request) => Promise<Response> {
  let rootReal: Promise<string> | null = null;
  // fs.promises is looked up per call: inside a packaged app Electron patches it to read from app.asar.
  const realRoot = () => (rootReal ??= fs.promises.realpath(root));

  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return plain(405, 'Method not allowed');
    const resolved = resolveRequestPath(request.url);
    if (!resolved.ok) return plain(resolved.status, resolved.status === 403 ? 'Forbidden' : 'Not found');
    let base: string;
    try {
      base = await realRoot();
    } catch {
      rootReal = null;
      return plain(404, 'Not found');
    }
    const candidate = join(base, ...resolved.segments);
    if (!isInside(base, candidate)) return plain(403, 'Forbidden');
    let real: string;
    try {
      real = await fs.promises.realpath(candidate);
    } catch {
      return plain(404, 'Not found');
    }
    if (!isInside(base, real)) return plain(403, 'Forbidden');
    try {
      const info = await fs.promises.stat(real);
      if (!info.isFile()) return plain(404, 'Not found');
      if (real === join(base, 'index.html')) return await servePage(real, request.method);
      const headers = baseHeaders(contentTypeFor(real));
      headers.set('Content-Length', String(info.size));
      if (request.method === 'HEAD') return new Response(null, { status: 200, headers });
      const body = await fs.promises.readFile(real);
      return new Response(new Uint8Array(body), { status: 200, headers });
    } catch {
      return plain(404, 'Not found');
    }
  };
}
