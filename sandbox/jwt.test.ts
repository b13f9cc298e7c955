import { describe, expect, it } from 'vitest';
import { signJwt, verifyJwt } from './jwt.js';

const secret = 'test-secret';
const now = Date.UTC(2025, 0, 1);
const claims = { sub: 'account', iat: now / 1000, exp: now / 1000 + 3600, scope: 'logging' };

describe('jwt', () => {
  it('round-trips claims through sign and verify', () => {
    const result = verifyJwt(signJwt(claims, secret), secret, now);
    expect(result).toEqual({ ok: true, claims });
  });

  it('refuses a token signed with another secret', () => {
    expect(verifyJwt(signJwt(claims, 'other'), secret, now)).toEqual({ ok: false, error: 'bad-signature' });
  });

  it('refuses a tampered payload', () => {
    const [h, , s] = signJwt(claims, secret).split('.');
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'admin' })).toString('base64url');
    expect(verifyJwt(`${h}.${forged}.${s}`, secret, now)).toEqual({ ok: false, error: 'bad-signature' });
  });

  it('refuses an expired token', () => {
    expect(verifyJwt(signJwt(claims, secret), secret, now + 3600_000)).toEqual({ ok: false, error: 'expired' });
  });

  it('refuses alg none and garbage', () => {
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
    expect(verifyJwt(none, secret, now)).toEqual({ ok: false, error: 'bad-algorithm' });
    expect(verifyJwt('not-a-jwt', secret, now)).toEqual({ ok: false, error: 'malformed' });
    expect(verifyJwt('a.b.c', secret, now)).toEqual({ ok: false, error: 'malformed' });
  });
});
