import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, STYLE_NONCE_PLACEHOLDER, contentSecurityPolicy, newStyleNonce, withStyleNonce } from './csp.js';

/** The directives of a policy, by name. */
function directives(policy: string): Map<string, readonly string[]> {
  return new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('content security policy', () => {
  it('without a nonce allows no inline style and only our own scripts', () => {
    const csp = directives(CONTENT_SECURITY_POLICY);
    expect(csp.get('style-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/nonce|unsafe/);
  });

  it('with a nonce lets only style elements carrying it apply, never scripts', () => {
    const nonce = newStyleNonce();
    const csp = directives(contentSecurityPolicy(nonce));
    expect(csp.get('style-src')).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    csp.delete('style-src');
    const strict = directives(CONTENT_SECURITY_POLICY);
    strict.delete('style-src');
    expect(csp).toEqual(strict);
  });

  it('refuses a nonce that is not plain base64 of 128 bits or more, so nothing can be smuggled into the policy or the page', () => {
    for (const bad of ["abc' 'unsafe-inline", 'short', `${'A'.repeat(22)}; script-src *`, `${'A'.repeat(22)}" onload="x`, '']) {
      expect(() => contentSecurityPolicy(bad), bad).toThrow(/nonce/);
      expect(() => withStyleNonce('<p>', bad), bad).toThrow(/nonce/);
    }
  });

  it('makes a fresh 128-bit base64 nonce each time', () => {
    const nonces = Array.from({ length: 50 }, newStyleNonce);
    expect(new Set(nonces).size).toBe(50);
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(atob(nonce)).toHaveLength(16);
    }
  });

  it('puts the nonce in every placeholder of the page', () => {
    const nonce = newStyleNonce();
    const html = withStyleNonce(`<a content="${STYLE_NONCE_PLACEHOLDER}"><b content="x ${STYLE_NONCE_PLACEHOLDER}">`, nonce);
    expect(html).toBe(`<a content="${nonce}"><b content="x ${nonce}">`);
  });
});
