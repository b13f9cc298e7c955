/**
 * Finding known secrets in text, in every form a transcript may echo them: raw, base64, JSON-escaped, URL-encoded,
 * any letter case. redact.ts builds on it; nothing here knows names or headers.
 */

/** Shorter "secrets" would scrub ordinary words out of every text, so they are ignored. */
export const MIN_SECRET_LENGTH = 4;

function utf8(text: string): number[] {
  const bytes: number[] = [];
  for (const ch of text) {
    const c = ch.codePointAt(0) ?? 0;
    if (c < 0x80) bytes.push(c);
    else if (c < 0x800) bytes.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) bytes.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else bytes.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return bytes;
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Standard base64 with padding, without Buffer or btoa (shared/ runs anywhere). */
function base64(bytes: readonly number[]): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i] ?? 0;
    const b = bytes[i + 1];
    const c = bytes[i + 2];
    const n = (a << 16) | ((b ?? 0) << 8) | (c ?? 0);
    out += B64[(n >> 18) & 63]! + B64[(n >> 12) & 63]!;
    out += b === undefined ? '=' : B64[(n >> 6) & 63]!;
    out += c === undefined ? '=' : B64[n & 63]!;
  }
  return out;
}

function percentEncode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    // Lone surrogates cannot be URL-encoded; the raw form is still scrubbed.
    return text;
  }
}

/**
 * Every form in which a secret may show up in a transcript: raw, JSON-escaped, URL-encoded (both hex cases,
 * `+` for space), base64 and base64url, and the base64 runs it leaves inside a longer base64 text
 * (`Basic base64(user:key)`) at each of the three byte alignments. Longest first, so a longer form is masked whole.
 */
export function secretForms(secret: string): string[] {
  if (secret.length < MIN_SECRET_LENGTH) return [];
  const encoded = percentEncode(secret);
  const forms = new Set<string>([
    ...baseForms(secret),
    JSON.stringify(secret).slice(1, -1),
    encoded,
    encoded.replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()),
    encoded.replace(/%20/g, '+'),
  ]);
  return [...forms].filter((f) => f.length >= MIN_SECRET_LENGTH).sort((a, b) => b.length - a.length);
}

/** The text of a base64 or base64url run, when it decodes to UTF-8; undefined otherwise. */
export function decodeBase64Text(text: string): string | undefined {
  const clean = text.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  if (clean.length < 2 || !/^[A-Za-z0-9+/]+$/.test(clean)) return undefined;
  let bits = 0;
  let acc = 0;
  let escaped = '';
  for (const ch of clean) {
    acc = (acc << 6) | B64.indexOf(ch);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      escaped += `%${((acc >> bits) & 0xff).toString(16).padStart(2, '0')}`;
    }
  }
  try {
    return decodeURIComponent(escaped);
  } catch {
    return undefined;
  }
}

/**
 * The forms searched for: the secret itself and its base64 texts. Escaping, URL encoding and letter case are not
 * listed here: the search undoes them in the text first (see `canonical`).
 */
function baseForms(secret: string): string[] {
  if (secret.length < MIN_SECRET_LENGTH) return [];
  const forms = new Set<string>([secret]);
  const bytes = utf8(secret);
  const b64 = base64(bytes);
  forms.add(b64);
  forms.add(b64.replace(/=+$/, ''));
  forms.add(b64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''));
  for (const skip of [0, 1, 2]) {
    const whole = Math.floor((bytes.length - skip) / 3) * 3;
    if (whole < 6) continue;
    const core = base64(bytes.slice(skip, skip + whole));
    forms.add(core);
    forms.add(core.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return [...forms].filter((f) => f.length >= MIN_SECRET_LENGTH);
}

const JSON_SHORT_ESCAPES: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', '/': '/', n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };

function lowerChar(ch: string): string {
  const l = ch.toLowerCase();
  return l.length === ch.length ? l : ch;
}

function hexAt(text: string, at: number, digits: number): number | undefined {
  const part = text.slice(at, at + digits);
  return part.length === digits && /^[0-9a-fA-F]+$/.test(part) ? parseInt(part, 16) : undefined;
}

/** A text as the scrubber compares it, with where each of its characters came from in the original. */
interface Canonical {
  readonly text: string;
  readonly from: Int32Array;
  readonly to: Int32Array;
}

/**
 * The text with JSON escapes (`\u002B`, `\/`, `\"`) and URL encoding (`%2B`, `%2b`, multi-byte UTF-8 runs) undone
 * and every letter in lower case, so one plain search finds a secret whichever of those shapes it was echoed in,
 * even mixed character by character. `from`/`to` give each character's span in the original text.
 */
function canonical(text: string): Canonical {
  const parts: string[] = [];
  const from = new Int32Array(text.length);
  const to = new Int32Array(text.length);
  let n = 0;
  const emit = (chars: string, start: number, end: number) => {
    const lowered = lowerText(chars);
    parts.push(lowered);
    for (let k = 0; k < lowered.length; k++, n++) {
      // A plain run maps character to character; an escape maps all it stands for to its whole span.
      from[n] = end - start === chars.length ? start + k : start;
      to[n] = end - start === chars.length ? start + k + 1 : end;
    }
  };
  const special = /[\\%]/g;
  let i = 0;
  while (i < text.length) {
    special.lastIndex = i;
    const found = special.exec(text);
    const at = found === null ? text.length : found.index;
    if (at > i) emit(text.slice(i, at), i, at);
    i = at;
    if (i >= text.length) break;
    const c = text[i]!;
    if (c === '\\') {
      const next = text[i + 1];
      const short = next === undefined ? undefined : JSON_SHORT_ESCAPES[next];
      if (short !== undefined) {
        emit(short, i, i + 2);
        i += 2;
        continue;
      }
      const code = next === 'u' || next === 'U' ? hexAt(text, i + 2, 4) : undefined;
      if (code !== undefined) {
        emit(String.fromCharCode(code), i, i + 6);
        i += 6;
        continue;
      }
    } else {
      const lead = hexAt(text, i + 1, 2);
      if (lead !== undefined) {
        const count = lead < 0x80 ? 1 : lead >= 0xc2 && lead < 0xe0 ? 2 : lead >= 0xe0 && lead < 0xf0 ? 3 : lead >= 0xf0 && lead < 0xf5 ? 4 : 0;
        let cp = count === 1 ? lead : count === 2 ? lead & 0x1f : count === 3 ? lead & 0x0f : lead & 0x07;
        let ok = count > 0;
        for (let k = 1; ok && k < count; k++) {
          const b = text[i + 3 * k] === '%' ? hexAt(text, i + 3 * k + 1, 2) : undefined;
          if (b === undefined || (b & 0xc0) !== 0x80) ok = false;
          else cp = (cp << 6) | (b & 0x3f);
        }
        if (ok && cp <= 0x10ffff) {
          emit(String.fromCodePoint(cp), i, i + 3 * count);
          i += 3 * count;
          continue;
        }
      }
    }
    emit(c, i, i + 1);
    i += 1;
  }
  return { text: parts.join(''), from: from.subarray(0, n), to: to.subarray(0, n) };
}

/** Lower case that keeps every character in its place (a character whose lower case is longer stays as it is). */
function lowerText(text: string): string {
  const lowered = text.toLowerCase();
  if (lowered.length === text.length) return lowered;
  let out = '';
  for (let k = 0; k < text.length; k++) out += lowerChar(text[k]!);
  return out;
}

/** What a search looks for, per form: the form undone and lower-cased, and the form lower-cased as it is (`+` for a space too). */
function needlesOf(knownSecrets: readonly string[]): string[] {
  const needles = new Set<string>();
  for (const form of new Set(knownSecrets.flatMap(baseForms))) {
    needles.add(canonical(form).text);
    needles.add(lowerText(form));
    if (form.includes(' ')) needles.add(lowerText(form.replace(/ /g, '+')));
  }
  return [...needles].filter((f) => f.length > 0).sort((a, b) => b.length - a.length);
}

function scrubOnce(text: string, needles: readonly string[], mask: string): string {
  const spans: [number, number][] = [];
  // Searched once as written (only lower-cased) and once with escapes undone: an escape-like run next to a secret
  // (`%0` before `0abc…`) must not hide the secret written plainly.
  const plain = lowerText(text);
  for (const needle of needles) {
    for (let at = plain.indexOf(needle); at !== -1; at = plain.indexOf(needle, at + 1)) spans.push([at, at + needle.length]);
  }
  if (/[\\%]/.test(text)) {
    const canon = canonical(text);
    for (const needle of needles) {
      for (let at = canon.text.indexOf(needle); at !== -1; at = canon.text.indexOf(needle, at + 1)) {
        spans.push([canon.from[at]!, canon.to[at + needle.length - 1]!]);
      }
    }
  }
  if (spans.length === 0) return text;
  spans.sort((x, y) => x[0] - y[0]);
  // Overlapping finds become one mask.
  const merged: [number, number][] = [];
  for (const [start, stop] of spans) {
    const last = merged[merged.length - 1];
    if (last !== undefined && start < last[1]) last[1] = Math.max(last[1], stop);
    else merged.push([start, stop]);
  }
  let out = '';
  let kept = 0;
  for (const [start, stop] of merged) {
    out += text.slice(kept, start) + mask;
    kept = stop;
  }
  return out + text.slice(kept);
}

/** Replaces every one of `knownSecrets`, in every form it may take, anywhere in a text with `mask`. */
export function scrubberOf(knownSecrets: readonly string[], mask: string): (text: string) => string {
  const needles = needlesOf(knownSecrets);
  return (text) => {
    if (needles.length === 0) return text;
    let out = text;
    // A secret that contains the mask's character could re-form across a mask; a few passes settle it.
    for (let pass = 0; pass < 4; pass++) {
      const before = out;
      out = scrubOnce(out, needles, mask);
      if (out === before) break;
    }
    return out;
  };
}
