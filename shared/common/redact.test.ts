import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MASK, createRedactor, headerSecrets, headerValueSecrets, isSecretName, redactError, redactHeaders, redactText, redactUrl } from './redact.js';
import { appError } from '../contract/result.js';

// Oracle from the platform's own encoders (shared/ tests may not use Buffer either).
const b64 = (s: string) => btoa(String.fromCharCode(...new TextEncoder().encode(s)));

describe('isSecretName', () => {
  it.each([
    ['AccessKey', true],
    ['accesskey', true],
    ['Authorization', true],
    ['Proxy-Authorization', true],
    ['Cookie', true],
    ['Set-Cookie', true],
    ['X-Api-Key', true],
    ['x-auth-token', true],
    ['AuthorizationSignature', true],
    ['client_secret', true],
    ['password', true],
    ['X-Amz-Signature', true],
    ['Content-Type', false],
    ['Accept', false],
    ['User-Agent', false],
    ['Retry-After', false],
    ['page', false],
  ])('%s → %s', (name, secret) => {
    expect(isSecretName(name)).toBe(secret);
  });
});

describe('redactHeaders', () => {
  it('masks the whole value of credential headers, scheme-less or not, and keeps the rest', () => {
    const out = redactHeaders({
      AccessKey: 'abc-123-def',
      authorization: 'Bearer eyJhbGciOi.xyz',
      'Proxy-Authorization': 'Basic dXNlcjpwYXNz',
      cookie: 'a=1; b=2',
      'set-cookie': ['sid=1; HttpOnly', 'x=2'],
      'X-Api-Key': 'k',
      'content-type': 'application/json',
      'content-length': 12,
      skipped: undefined,
    });
    expect(out).toEqual({
      AccessKey: MASK,
      authorization: MASK,
      'Proxy-Authorization': MASK,
      cookie: MASK,
      'set-cookie': [MASK, MASK],
      'X-Api-Key': MASK,
      'content-type': 'application/json',
      'content-length': '12',
    });
  });

  it('uses a mask of fixed length whatever the secret length', () => {
    expect(redactHeaders({ AccessKey: 'x' }).AccessKey).toBe(redactHeaders({ AccessKey: 'x'.repeat(500) }).AccessKey);
  });
});

describe('redactUrl', () => {
  it.each([
    ['https://api.example/pullzone?page=1', 'https://api.example/pullzone?page=1'],
    ['https://api.example/x?token=abc&page=2', `https://api.example/x?token=${MASK}&page=2`],
    ['https://api.example/x?api_key=abc#frag', `https://api.example/x?api_key=${MASK}#frag`],
    ['https://api.example/x?Signature=a%2Fb&Expires=9', `https://api.example/x?Signature=${MASK}&Expires=9`],
    ['https://api.example/x?access%5Fkey=abc', `https://api.example/x?access%5Fkey=${MASK}`],
    ['https://user:hunter2@api.example/x', `https://user:${MASK}@api.example/x`],
    ['/relative/path?secret=1', `/relative/path?secret=${MASK}`],
    ['https://api.example/x?flag', 'https://api.example/x?flag'],
  ])('%s', (input, expected) => {
    expect(redactUrl(input)).toBe(expected);
  });
});

describe('redactText', () => {
  const key = 'f3a1c2d4-0b5e-4c6f-9a7b-8c9d0e1f2a3b4c5d6e7f-0a1b';

  it('scrubs the raw, JSON-escaped, URL-encoded and base64 forms', () => {
    const tricky = 'k"ey/with +&=spaces\\';
    const text = [
      `raw ${key}`,
      `b64 ${b64(key)}`,
      `basic ${b64(`user:${key}`)}`,
      `json ${JSON.stringify({ tricky })}`,
      `url ${encodeURIComponent(tricky)}`,
      `b64url ${b64(tricky).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`,
    ].join('\n');
    const out = redactText(text, [key, tricky]);
    expect(out).not.toContain(key);
    expect(out).not.toContain(b64(key));
    expect(out).not.toContain(b64(key).slice(4, 40));
    expect(out).not.toContain(tricky);
    expect(out).not.toContain(encodeURIComponent(tricky));
    expect(out).not.toContain(JSON.stringify(tricky).slice(1, -1));
    expect(out.startsWith(`raw ${MASK}`)).toBe(true);
  });

  it('leaves text alone when no secret is known, and ignores empty or tiny secrets', () => {
    expect(redactText('hello world', [])).toBe('hello world');
    expect(redactText('a b c', ['', 'a'])).toBe('a b c');
  });

  it('masks the base64 of a multi-byte key as the platform encodes it', () => {
    for (const key of ['héllo', '日本語のキー', '🐰 key']) expect(redactText(`x ${b64(key)} y`, [key])).toBe(`x ${MASK} y`);
  });
});

describe('createRedactor', () => {
  it('bundles name-based and value-based redaction', () => {
    const r = createRedactor(['s3cr3t-value']);
    expect(r.headers({ 'x-echo': 'got s3cr3t-value', AccessKey: 'anything' })).toEqual({ 'x-echo': `got ${MASK}`, AccessKey: MASK });
    expect(r.url('http://h/p?q=s3cr3t-value&token=t')).toBe(`http://h/p?q=${MASK}&token=${MASK}`);
    const e = r.error(appError('auth', 'Bad key s3cr3t-value', { detail: 'x s3cr3t-value', code: 'c', fieldErrors: { f: 's3cr3t-value' } }));
    expect(JSON.stringify(e)).not.toContain('s3cr3t-value');
    expect(e.kind).toBe('auth');
  });
});

describe('property: random keys never survive redaction', () => {
  const keyArb = fc.string({ minLength: 8, maxLength: 64, unit: 'grapheme-ascii' }).filter((k) => k.trim().length >= 8);

  it('transcripts, header sets and errors lose the key and its base64', () => {
    fc.assert(
      fc.property(keyArb, fc.string(), fc.string(), (key, before, after) => {
        const r = createRedactor([key]);
        const transcript = r.text(
          `${before}→ GET /x\nAccessKey: ${key}\n← 401 ${JSON.stringify({ Message: `bad key ${key}` })}\nbasic ${b64(`u:${key}`)}\n${b64(key)}${after}`,
        );
        const headers = JSON.stringify(r.headers({ AccessKey: key, 'x-debug': `${before}${key}${after}`, authorization: `Bearer ${key}` }));
        const error = JSON.stringify(redactError(appError('http', `t ${key}`, { detail: `${before}${key}${b64(key)}` }), [key]));
        for (const out of [transcript, headers, error]) {
          expect(out.includes(key)).toBe(false);
          expect(out.includes(b64(key))).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('isSecretName: one rule for headers, query parameters and JSON members', () => {
  it.each(['AccessKey', 'accesskey', 'Authorization', 'Proxy-Authorization', 'Cookie', 'Set-Cookie', 'X-Api-Key', 'api_key', 'key', 'ApiKey', 'ReadOnlyApiKey', 'ZoneSecurityKey', 'AWSSigningKey', 'AWSSigningSecret', 'CertificateKey', 'ReadOnlyPassword', 'Password', 'access_token', 'LogForwardingToken', 'Upload-Signature', 'token', 'credentials', 'X-Custom-Auth', 'session_id'])(
    '%s holds a credential',
    (name) => expect(isSecretName(name)).toBe(true),
  );
  it.each(['ErrorKey', 'KeyId', 'PublicKey', 'StickySessionCookieName', 'AuthorizationExpire', 'EnableTokenAuthentication', 'Content-Type', 'Name', 'Id', 'VideoLibraryId'])(
    '%s does not',
    (name) => expect(isSecretName(name)).toBe(false),
  );
});

describe('headerValueSecrets', () => {
  it('names every credential part of a header value beside the whole', () => {
    expect(headerValueSecrets('Bearer SECRETTOKEN999')).toEqual(expect.arrayContaining(['Bearer SECRETTOKEN999', 'SECRETTOKEN999']));
    // user:hunter2026 in base64: the text, what it decodes to, and the password alone.
    expect(headerValueSecrets('Basic dXNlcjpodW50ZXIyMDI2')).toEqual(expect.arrayContaining(['dXNlcjpodW50ZXIyMDI2', 'user:hunter2026', 'hunter2026']));
    expect(headerValueSecrets('firstkey-66, secondkey-77')).toEqual(expect.arrayContaining(['firstkey-66', 'secondkey-77']));
    expect(headerValueSecrets('Digest username="alice", response="6629fae49393a05397450978507c4ef1"')).toEqual(expect.arrayContaining(['6629fae49393a05397450978507c4ef1']));
    expect(headerValueSecrets('sid=abcdef123; theme=dark')).toEqual(expect.arrayContaining(['abcdef123']));
  });

  it('leaves out parts too short to scrub, and scrubs a token echoed alone', () => {
    expect(headerValueSecrets('Basic dTpwdw==')).not.toContain('pw');
    expect(redactText('token SECRETTOKEN999 refused', headerSecrets(['Bearer SECRETTOKEN999']))).toBe(`token ${MASK} refused`);
  });
});

describe('redactText: a credential the platform echoes in another letter case or escaped', () => {
  const basic = `Basic ${b64('user:pa+ss/word>1')}`;

  it('scrubs a token echoed in lower or mixed case', () => {
    const secrets = headerSecrets(['Bearer SECRETTOKEN999']);
    expect(redactText('{"message":"token secrettoken999 refused"}', secrets)).toBe(`{"message":"token ${MASK} refused"}`);
    expect(redactText('token SecretToken999 refused', secrets)).toBe(`token ${MASK} refused`);
  });

  it('scrubs a Basic password echoed with JSON escapes, \\/ and URL encoding in either hex case', () => {
    const secrets = headerSecrets([basic]);
    for (const echoed of ['pa\\u002Bss\\/word\\u003E1', 'pa\\u002bss\\u002fword\\u003e1', 'pa%2Bss%2fword%3e1', 'PA+SS/WORD>1', 'pa\\u002Bss%2Fword>1']) {
      expect(redactText(`bad password ${echoed} for user`, secrets)).toBe(`bad password ${MASK} for user`);
    }
    expect(redactText(`bad creds user%3Apa%2Bss%2Fword%3E1`, secrets)).toBe(`bad creds ${MASK}`);
  });

  it('scrubs the signature of a bearer JSON Web Token echoed alone', () => {
    const secrets = headerSecrets(['Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.SIGNATUREPARTxyz']);
    expect(redactText('invalid signature signaturepartXYZ', secrets)).toBe(`invalid signature ${MASK}`);
  });

  it('still ignores tiny secrets in any case, and leaves ordinary words alone', () => {
    expect(redactText('abc ABC a\\u0062c', ['abc'])).toBe('abc ABC a\\u0062c');
    expect(redactText('the bearer token was refused', headerSecrets(['Bearer SECRETTOKEN999']))).toBe('the bearer token was refused');
  });
});
