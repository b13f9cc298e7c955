/**
 * The renderer's Content-Security-Policy, the one place it is written: the app:// protocol handler and the
 * Chromium shell's server send it as a header, and rewrite index.html's meta copy to match on every load.
 */

/** The app's own origin when served by the Electron protocol handler. */
export const APP_SCHEME = 'app';
export const APP_HOST = 'burrow';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/**
 * What index.html carries where the per-load style nonce goes (in the CSP meta and the nonce meta).
 * The servers replace it; the vite dev server does not, so there the nonce matches no style element.
 */
export const STYLE_NONCE_PLACEHOLDER = '__BURROW_STYLE_NONCE__';

/** The name of the meta tag that hands the page its style nonce. */
export const STYLE_NONCE_META = 'burrow-style-nonce';

/** A style nonce as the servers make it: base64 only, so it is safe unescaped in a header and an attribute. */
const NONCE_SHAPE = /^[A-Za-z0-9+/]{22,}={0,2}$/;

/**
 * The policy, strict: nothing but our own scripts, no network from the renderer beyond 'self'. Given a nonce,
 * style elements carrying it may apply too (the body editor injects its styles as one); scripts never get one.
 */
export function contentSecurityPolicy(styleNonce?: string): string {
  if (styleNonce !== undefined && styleNonce !== STYLE_NONCE_PLACEHOLDER && !NONCE_SHAPE.test(styleNonce)) {
    throw new Error('A style nonce must be base64 of at least 128 random bits.');
  }
  return [
    "default-src 'none'",
    "script-src 'self'",
    styleNonce === undefined ? "style-src 'self'" : `style-src 'self' 'nonce-${styleNonce}'`,
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The policy for everything but index.html: no nonce, so no inline style at all. */
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

// shared/ compiles without Node or DOM types; the two web-standard globals used here (present in Node and in
// browsers alike) are declared for this module.
declare const crypto: { getRandomValues<T extends Uint8Array>(array: T): T };
declare function btoa(data: string): string;

/** A fresh style nonce: 128 random bits from the platform's CSPRNG, base64. Made anew for each index.html response. */
export function newStyleNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** index.html with every nonce placeholder replaced, so its CSP meta and nonce meta agree with the header sent with it. */
export function withStyleNonce(html: string, styleNonce: string): string {
  if (!NONCE_SHAPE.test(styleNonce)) throw new Error('A style nonce must be base64 of at least 128 random bits.');
  return html.replaceAll(STYLE_NONCE_PLACEHOLDER, styleNonce);
}
