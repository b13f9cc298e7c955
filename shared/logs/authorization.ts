/**
 * Visitors' Authorization headers. A zone with extended logging hands back each visitor's header in clear: the
 * credentials of the zone owner's users. Burrow treats them as secrets: windows of rows carry only a masked form
 * (the scheme kept, the credential replaced), one row's value is given on an explicit reveal, and exports and
 * `burrow logs` leave them out unless asked for by name.
 */

/** What stands in for a credential. */
export const CREDENTIAL_MASK = '••••••••';

/**
 * A scheme name kept in front of the mask: letters only and short (Bearer, Basic, Digest, Negotiate, token), or
 * one of the registered schemes whose names carry digits or hyphens. Anything else before the first space (an
 * `sk_live_…` key followed by text) may itself be the credential, so the whole value is masked.
 */
const LETTERS_SCHEME = /^[A-Za-z]{1,16}$/;
const NAMED_SCHEMES: ReadonlySet<string> = new Set(['aws4-hmac-sha256', 'scram-sha-1', 'scram-sha-256', 'hoba', 'mutual', 'vapid']);
const FIRST_TOKEN = /^(\S+)[ \t]+\S/;

function schemeOf(value: string): string | undefined {
  const m = FIRST_TOKEN.exec(value);
  if (m === null) return undefined;
  const token = m[1]!;
  return LETTERS_SCHEME.test(token) || NAMED_SCHEMES.has(token.toLowerCase()) ? token : undefined;
}

/**
 * The header with its credential masked: `Bearer abc.def` → `Bearer ••••••••`; a value without a scheme is masked
 * whole. Null and empty stay as they are (nothing to hide).
 */
export function maskAuthorization(value: string | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return value ?? null;
  const scheme = schemeOf(value);
  return scheme === undefined ? CREDENTIAL_MASK : `${scheme} ${CREDENTIAL_MASK}`;
}
