/** The renderer's Content-Security-Policy, shared by index.html's meta tag check and the app:// protocol header. */

/** The app's own origin when served by the Electron protocol handler. */
export const APP_SCHEME = 'app';
export const APP_HOST = 'burrow';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/** Strict: nothing but our own scripts; no network from the renderer at all beyond 'self'. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
