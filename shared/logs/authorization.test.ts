import { describe, expect, it } from 'vitest';
import { CREDENTIAL_MASK, maskAuthorization } from './authorization.js';

describe('maskAuthorization', () => {
  it('keeps a real scheme name and masks the credential', () => {
    expect(maskAuthorization('Bearer abc.def')).toBe(`Bearer ${CREDENTIAL_MASK}`);
    expect(maskAuthorization('Basic dXNlcjpwYXNz')).toBe(`Basic ${CREDENTIAL_MASK}`);
    expect(maskAuthorization('AWS4-HMAC-SHA256 Credential=AKIA/x, Signature=abc')).toBe(`AWS4-HMAC-SHA256 ${CREDENTIAL_MASK}`);
    expect(maskAuthorization('SCRAM-SHA-256 data=abc')).toBe(`SCRAM-SHA-256 ${CREDENTIAL_MASK}`);
  });

  it('masks the whole value when the first word is not a scheme name (it may be the credential itself)', () => {
    expect(maskAuthorization('sk_live_abc123 x')).toBe(CREDENTIAL_MASK);
    expect(maskAuthorization('abc123def456 trailing')).toBe(CREDENTIAL_MASK);
    expect(maskAuthorization('Averyveryverylongword secret')).toBe(CREDENTIAL_MASK);
    expect(maskAuthorization('ghp_0123456789abcdef')).toBe(CREDENTIAL_MASK);
    expect(maskAuthorization('token.with.dots rest')).toBe(CREDENTIAL_MASK);
  });

  it('leaves null and empty as they are', () => {
    expect(maskAuthorization(null)).toBeNull();
    expect(maskAuthorization('')).toBe('');
  });
});
