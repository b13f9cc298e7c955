/** HS256 JSON Web Tokens for the sandbox's logging bearer auth, built on node:crypto only. */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Claims the sandbox puts in (and expects from) a logging token. */
export interface JwtClaims {
  readonly sub: string;
  /** Issued at, seconds since the epoch. */
  readonly iat: number;
  /** Expiry, seconds since the epoch. */
  readonly exp: number;
  readonly scope?: string;
  readonly [claim: string]: unknown;
}

/** Why a token was refused. */
export type JwtError = 'malformed' | 'bad-algorithm' | 'bad-signature' | 'expired' | 'not-yet-valid';

/** Outcome of verifyJwt. */
export type JwtResult =
  | { readonly ok: true; readonly claims: JwtClaims }
  | { readonly ok: false; readonly error: JwtError };

function b64url(data: Buffer | string): string {
  return Buffer.from(data).toString('base64url');
}

function hmac(secret: string, input: string): Buffer {
  return createHmac('sha256', secret).update(input).digest();
}

/** Signs claims as a compact HS256 JWT. */
export function signJwt(claims: JwtClaims, secret: string): string {
  const head = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = b64url(JSON.stringify(claims));
  const sig = b64url(hmac(secret, `${head}.${body}`));
  return `${head}.${body}.${sig}`;
}

function parseSegment(segment: string): unknown {
  try {
    return JSON.parse(Buffer.from(segment, 'base64url').toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

function isClaims(v: unknown): v is JwtClaims {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return typeof o.sub === 'string' && typeof o.iat === 'number' && typeof o.exp === 'number';
}

/**
 * Verifies a compact HS256 JWT: algorithm, signature (constant-time), then exp/iat against `nowMs`.
 * A token is refused when another algorithm is declared, so "alg: none" can never pass.
 */
export function verifyJwt(token: string, secret: string, nowMs: number = Date.now()): JwtResult {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, error: 'malformed' };
  const [head = '', body = '', sig = ''] = parts;
  const header = parseSegment(head);
  if (typeof header !== 'object' || header === null) return { ok: false, error: 'malformed' };
  if ((header as Record<string, unknown>).alg !== 'HS256') return { ok: false, error: 'bad-algorithm' };
  const expected = hmac(secret, `${head}.${body}`);
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, error: 'bad-signature' };
  }
  const claims = parseSegment(body);
  if (!isClaims(claims)) return { ok: false, error: 'malformed' };
  const nowSec = Math.floor(nowMs / 1000);
  if (claims.exp <= nowSec) return { ok: false, error: 'expired' };
  // A minute of leeway for clock skew between the signer and us.
  if (claims.iat > nowSec + 60) return { ok: false, error: 'not-yet-valid' };
  return { ok: true, claims };
}
