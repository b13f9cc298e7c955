/** Redaction of secrets in headers, URLs and free text: every log line, verbose transcript and error passes through here. */
import type { AppError } from '../contract/result.js';
import { decodeBase64Text, MIN_SECRET_LENGTH, scrubberOf } from './scrub.js';

/** What a masked value becomes: fixed length, so the mask says nothing about the secret's size. */
export const MASK = '••••••••';

/** Names that always carry credentials, whatever their value looks like (compared without case or separators). */
const ALWAYS_SECRET = new Set(['accesskey', 'authorization', 'proxyauthorization', 'cookie', 'setcookie', 'key']);

/**
 * How a credential's name ends, once case and separators are dropped: `X-Api-Key`, `ReadOnlyPassword`,
 * `ZoneSecurityKey`, `access_token`, `Upload-Signature`. Anchored at the end on purpose, so names that only
 * mention a credential — `ErrorKey`, `KeyId`, `PublicKey`, `StickySessionCookieName`, `AuthorizationExpire` — stay readable.
 */
const SECRET_ENDING = /(apikey|accesskey|securitykey|privatekey|signingkey|secretkey|certificatekey|password|passwd|pwd|secret|token|signature|credentials?|sessionid|auth)$/;

/**
 * True when a header, query parameter or JSON member of this name holds a credential: the one rule for
 * every place that masks by name (verbose transcripts, history, the console's body view).
 */
export function isSecretName(name: string): boolean {
  const folded = name.trim().toLowerCase().replace(/[-_.\s]/g, '');
  return ALWAYS_SECRET.has(folded) || SECRET_ENDING.test(folded);
}

/** A header value as Node and undici hand them out. */
export type HeaderValue = string | number | readonly string[] | undefined;

/** Masks the whole value of every credential header, scheme and all (`Bearer x` → the mask). */
export function redactHeaders(headers: Readonly<Record<string, HeaderValue>>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const secret = isSecretName(name);
    if (Array.isArray(value)) out[name] = value.map((v: string) => (secret ? MASK : v));
    else out[name] = secret ? MASK : String(value);
  }
  return out;
}

/** True when a query parameter of this name, as written in a URL (`api%5Fkey`, `api+key`), holds a credential. */
export function isSecretQueryName(raw: string): boolean {
  return isSecretName(decodeName(raw));
}

function decodeName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/** Masks credential-named query parameters and any password in the URL's user info; everything else is kept byte for byte. */
export function redactUrl(url: string): string {
  const hashAt = url.indexOf('#');
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  const beforeHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const queryAt = beforeHash.indexOf('?');
  let head = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const query = queryAt === -1 ? undefined : beforeHash.slice(queryAt + 1);

  // scheme://user:password@host — only the password part is masked, so the user still recognises the URL.
  head = head.replace(/^([a-z][a-z0-9+.-]*:\/\/)([^/?#@]*)@/i, (_m, scheme: string, info: string) => {
    const colon = info.indexOf(':');
    return colon === -1 ? `${scheme}${info}@` : `${scheme}${info.slice(0, colon)}:${MASK}@`;
  });
  if (query === undefined) return head + hash;
  const parts = query.split('&').map((part) => {
    const eq = part.indexOf('=');
    const name = eq === -1 ? part : part.slice(0, eq);
    if (eq === -1 || !isSecretQueryName(name)) return part;
    return `${name}=${MASK}`;
  });
  return `${head}?${parts.join('&')}${hash}`;
}

function unquote(text: string): string {
  const t = text.trim();
  return t.length >= 2 && t.startsWith('"') && t.endsWith('"') ? t.slice(1, -1) : t;
}

/**
 * Every part of a header value that carries a credential, beside the whole value, because a server may echo only
 * a part: the credentials after any scheme (`Bearer <token>`, `Token <key>`), a Basic credential's base64 text and
 * what it decodes to (`user:password`, and the password alone), and each item of a list value (`k1, k2`,
 * `a=1; b=2`, `Digest username="u", response="r"`) with its value on its own. Parts shorter than the shortest
 * secret are left out, as everywhere.
 */
export function headerValueSecrets(value: string): string[] {
  const parts = new Set<string>();
  const whole = value.trim();
  parts.add(whole);
  const schemed = /^([A-Za-z][A-Za-z0-9!#$%&'*+.^_`|~-]*)\s+(\S[\s\S]*)$/.exec(whole);
  const credentials = schemed ? (schemed[2] ?? '').trim() : whole;
  parts.add(credentials);
  const decoded = decodeBase64Text(credentials);
  if (schemed && schemed[1]?.toLowerCase() === 'basic' && decoded !== undefined) {
    parts.add(decoded);
    const colon = decoded.indexOf(':');
    if (colon !== -1) parts.add(decoded.slice(colon + 1));
  }
  // A JSON Web Token's signature is what proves it; a server may quote that part alone.
  const jwt = /^[\w-]+\.[\w-]+\.([\w-]+)$/.exec(credentials);
  if (jwt) parts.add(jwt[1] ?? '');
  for (const item of credentials.split(/[,;]/)) {
    const t = item.trim();
    parts.add(unquote(t));
    const eq = t.indexOf('=');
    if (eq > 0) parts.add(unquote(t.slice(eq + 1)));
  }
  return [...parts].filter((p) => p.length >= MIN_SECRET_LENGTH);
}

/** The secrets of a set of header values (each whole, and each credential-bearing part). */
export function headerSecrets(values: readonly string[]): string[] {
  return [...new Set(values.flatMap(headerValueSecrets))];
}

/** Replaces every known secret, in every form it may take, anywhere in the text. */
export function redactText(text: string, knownSecrets: readonly string[]): string {
  return scrubberOf(knownSecrets, MASK)(text);
}

/** One redactor per set of known secrets: names first, then every known value. */
export interface Redactor {
  readonly headers: (headers: Readonly<Record<string, HeaderValue>>) => Record<string, string | string[]>;
  readonly url: (url: string) => string;
  readonly text: (text: string) => string;
  readonly error: (error: AppError) => AppError;
}

/** Builds a redactor that masks secret-named headers and query parameters and scrubs the given values everywhere. */
export function createRedactor(knownSecrets: readonly string[]): Redactor {
  const text = scrubberOf(knownSecrets, MASK);
  return {
    text,
    url: (u) => text(redactUrl(u)),
    headers: (h) => {
      const out: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(redactHeaders(h))) {
        out[text(name)] = Array.isArray(value) ? value.map(text) : text(value as string);
      }
      return out;
    },
    error: (e) => scrubError(e, text),
  };
}

/** An AppError with every known secret scrubbed from its texts and field errors. */
export function redactError(error: AppError, knownSecrets: readonly string[]): AppError {
  return scrubError(error, scrubberOf(knownSecrets, MASK));
}

function scrubError(error: AppError, t: (s: string) => string): AppError {
  const out: { -readonly [K in keyof AppError]: AppError[K] } = { ...error, title: t(error.title) };
  if (error.detail !== undefined) out.detail = t(error.detail);
  if (error.code !== undefined) out.code = t(error.code);
  if (error.fieldErrors !== undefined) {
    // fromEntries keeps a "__proto__" field as an own property.
    out.fieldErrors = Object.fromEntries(Object.entries(error.fieldErrors).map(([path, message]) => [t(path), t(message)]));
  }
  if (error.platformSays !== undefined) {
    out.platformSays = Object.fromEntries(Object.entries(error.platformSays).map(([path, message]) => [t(path), t(message)]));
  }
  return out;
}
