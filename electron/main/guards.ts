/** Navigation, window-open, webview and permission guards for every web contents and session: the app's pages go nowhere else and get no device access. */
import type { Session, WebContents } from 'electron';
import { isAppUrl } from './app-url.js';

/** Opens a URL in the system browser if, and only if, it passes the allow-list; never throws. */
export type OpenAllowedExternal = (url: string) => void;

/**
 * Attaches the guards to one web contents: navigation and redirects stay on app://burrow, every window
 * open is denied (allow-listed https links go to the browser instead), and <webview> never attaches.
 */
export function attachNavigationGuards(contents: WebContents, openExternal: OpenAllowedExternal): void {
  contents.on('will-navigate', (event) => {
    if (isAppUrl(event.url)) return;
    event.preventDefault();
    openExternal(event.url);
  });
  // Subframes have no business leaving the app either (the CSP already forbids frames; this is the second lock).
  contents.on('will-frame-navigate', (event) => {
    if (isAppUrl(event.url)) return;
    event.preventDefault();
  });
  contents.on('will-redirect', (event) => {
    if (isAppUrl(event.url)) return;
    event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
  });
  contents.setWindowOpenHandler(({ url }) => {
    openExternal(url);
    return { action: 'deny' };
  });
}

// Copying text (a request as curl, an ID) is the one browser permission the UI uses, and only for its own page.
const GRANTED_TO_APP: ReadonlySet<string> = new Set(['clipboard-sanitized-write']);

/** The permission decision: everything is refused except clipboard writes from the app's own origin. */
export function isPermissionGranted(permission: string, requestingUrl: string | undefined): boolean {
  return GRANTED_TO_APP.has(permission) && isAppUrl(requestingUrl);
}

/** Installs the deny-by-default request and check handlers on a session. */
export function denyPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    callback(isPermissionGranted(permission, details.requestingUrl));
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) => {
    return isPermissionGranted(permission, requestingOrigin);
  });
}
