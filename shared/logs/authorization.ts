/**
 * Visitors' Authorization headers. A zone with extended logging hands back each visitor's header in clear: the
 * credentials of the zone owner's users. Burrow treats them as secrets: windows of rows carry only a masked form
 * (the scheme kept, the credential replaced), one row's value is given on an explicit reveal, and exports and
 * `burrow logs` leave them out unless asked for by name.
 */

/** What stands in for a credential. */
export const CREDENTIAL_MASK = '••••••••';

/** An auth scheme as HTTP writes one (a token of letters, digits and a few marks), short enough to be a scheme. */
const SCHEME = /^([A-Za-z][A-Za-z0-9!#$%&'*+.^_`|~-]{0,31})[ \t]+\S/;

/**
 * The header with its credential masked: `Bearer abc.def` → `Bearer ••••••••`; a value without a scheme is masked
 * whole. Null and empty stay as they are (nothing to hide).
 */
export function maskAuthorization(value: string | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return value ?? null;
  const m = SCHEME.exec(value);
  return m === null ? CREDENTIAL_MASK : `${m[1]} ${CREDENTIAL_MASK}`;
}
