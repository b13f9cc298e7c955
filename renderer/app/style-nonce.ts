/** The style nonce the server put in index.html for this load, read once; none when it was not replaced (vite dev). */
import { STYLE_NONCE_META, STYLE_NONCE_PLACEHOLDER } from '../../shared/common/csp';

let cached: string | null | undefined;

/** The nonce that lets an injected style element apply under the page's CSP, or null when the page has none. */
export function styleNonce(): string | null {
  if (cached === undefined) {
    const value = document.querySelector<HTMLMetaElement>(`meta[name="${STYLE_NONCE_META}"]`)?.content ?? '';
    cached = value === '' || value === STYLE_NONCE_PLACEHOLDER ? null : value;
  }
  return cached;
}
