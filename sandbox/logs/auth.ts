/** Who may read logs: the account key in `AccessKey`, or a sandbox-signed JWT in `Authorization: Bearer`. */
import type { IncomingMessage } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import type { SandboxContext } from '../context.js';
import { header } from '../http.js';
import { verifyJwt, type JwtError } from '../jwt.js';

/** Outcome of checking a request's credentials. */
export type AuthResult =
  | { readonly ok: true; readonly via: 'access-key' | 'bearer' }
  | { readonly ok: false; readonly status: 401 | 403; readonly code: 'unauthorized' | 'forbidden'; readonly message: string };

const TOKEN_ERRORS: Readonly<Record<JwtError, string>> = {
  malformed: 'Bearer token is not a well-formed JWT',
  'bad-algorithm': 'Bearer token must be signed with HS256',
  'bad-signature': 'Bearer token signature is invalid',
  expired: 'Bearer token has expired',
  'not-yet-valid': 'Bearer token is not valid yet',
};

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Checks credentials (AccessKey wins when both are sent); no credentials is 401, wrong ones 403. */
export function authenticate(req: IncomingMessage, ctx: SandboxContext): AuthResult {
  const key = header(req, 'AccessKey')?.trim();
  if (key !== undefined && key !== '') {
    if (sameText(key, ctx.seed.accountKey)) return { ok: true, via: 'access-key' };
    return { ok: false, status: 403, code: 'forbidden', message: 'AccessKey is not a valid API key for this account' };
  }
  const authorization = header(req, 'Authorization')?.trim();
  if (authorization === undefined || authorization === '') {
    return { ok: false, status: 401, code: 'unauthorized', message: 'Send an AccessKey header or Authorization: Bearer <JWT>' };
  }
  const m = /^Bearer\s+(\S+)$/i.exec(authorization);
  if (m === null) {
    return { ok: false, status: 401, code: 'unauthorized', message: 'Authorization must use the Bearer scheme' };
  }
  const verdict = verifyJwt(m[1] ?? '', ctx.seed.jwtSecret, ctx.options.now());
  if (verdict.ok) return { ok: true, via: 'bearer' };
  return { ok: false, status: 403, code: 'forbidden', message: TOKEN_ERRORS[verdict.error] };
}
