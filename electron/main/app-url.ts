/** The app's own origin, checked component by component (Node's URL gives custom schemes an opaque `null` origin). */
import { APP_HOST, APP_ORIGIN, APP_SCHEME } from '../../shared/common/csp.js';

/** True only for `app://burrow/...`: exact scheme and host, no port, no credentials. */
export function isAppUrl(raw: unknown): boolean {
  if (typeof raw !== 'string') return false;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  return (
    url.protocol === `${APP_SCHEME}:` &&
    url.hostname === APP_HOST &&
    url.port === '' &&
    url.username === '' &&
    url.password === ''
  );
}

/** The frame facts the IPC check needs; a subset of Electron's WebFrameMain. */
export interface SenderFrame {
  readonly url: string;
  readonly origin: string;
  readonly parent: unknown;
}

/**
 * True when an IPC message comes from the app's own top-level page:
 * a frame exists, it is the main frame, and both its URL and its serialized origin are ours.
 * The origin check also refuses sandboxed iframes and about:blank popups, whose origin differs from their URL.
 */
export function isTrustedSender(frame: SenderFrame | null | undefined): boolean {
  if (frame === null || frame === undefined) return false;
  if (frame.parent !== null) return false;
  return frame.origin === APP_ORIGIN && isAppUrl(frame.url);
}
