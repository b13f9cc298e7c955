/** Turns a response body into what the console shows: pretty JSON, text, or a hex preview — with secrets masked. */
import type { ConsoleBody } from '../../../shared/console/model.js';
import { hexPreview } from '../../../shared/common/display.js';
import { maskSecretMembers, prettyJson } from '../../../shared/common/json-text.js';
import { MASK, isSecretName, redactText } from '../../../shared/common/redact.js';
import { secretForms } from '../../../shared/common/scrub.js';

const TEXT_TYPES = /^(text\/|application\/(json|.*\+json|xml|.*\+xml|javascript|x-www-form-urlencoded|problem\+json))/i;

/** Masks the values of credential-named members of JSON text (the history's rule), keeping everything else as sent. */
const maskMembers = (text: string) => maskSecretMembers(text, isSecretName, MASK);

function looksLikeText(bytes: Buffer): boolean {
  const sample = bytes.subarray(0, 4096);
  if (sample.includes(0)) return false;
  // Valid UTF-8 round-trips; binary almost never does.
  return Buffer.from(sample.toString('utf8'), 'utf8').equals(sample) || sample.length === 4096;
}

function isJson(text: string): { ok: true } | { ok: false; message: string } {
  try {
    JSON.parse(text);
    return { ok: true };
  } catch (e) {
    return { ok: false, message: (e as Error).message };
  }
}

/**
 * The body as received, for the verbose view: same text and layout, with credential members
 * masked (when it is JSON) and known key values scrubbed.
 */
export function rawText(bytes: Buffer, secrets: readonly string[]): string {
  const text = bytes.toString('utf8');
  return redactText(isJson(text).ok ? maskMembers(text).text : text, secrets);
}

/** Builds the displayed body; `truncated` bodies are never parsed as JSON. Numbers keep every digit. */
export function viewBody(bytes: Buffer, contentType: string, truncated: boolean, secrets: readonly string[]): ConsoleBody {
  if (bytes.length === 0) return { kind: 'empty' };
  const jsonish = /json/i.test(contentType) || (contentType === '' && /^\s*[[{]/.test(bytes.subarray(0, 64).toString('utf8')));
  if (jsonish || TEXT_TYPES.test(contentType) || (contentType === '' && looksLikeText(bytes))) {
    const text = bytes.toString('utf8');
    if (jsonish && !truncated) {
      const check = isJson(text);
      if (check.ok) {
        const { text: maskedText, masked } = maskMembers(text);
        return { kind: 'json', text: redactText(prettyJson(maskedText), secrets), masked };
      }
      return { kind: 'text', text: redactText(text, secrets), parseError: `Not valid JSON: ${check.message}` };
    }
    return { kind: 'text', text: redactText(text, secrets), ...(jsonish ? { parseError: 'Not parsed: the body is larger than the display limit' } : {}) };
  }
  return { kind: 'binary', contentType: contentType || 'unknown', hex: hexPreview(bytes) };
}

/** Replaces every form of every secret in raw bytes with the mask, so even an unparsed body never shows a key. */
export function scrubBytes(body: Buffer, secrets: readonly string[], mask: string): Buffer {
  const forms = [...new Set(secrets.flatMap(secretForms))].sort((a, b) => b.length - a.length).map((f) => Buffer.from(f, 'utf8'));
  if (forms.length === 0) return body;
  const maskBytes = Buffer.from(mask, 'utf8');
  let out = body;
  for (const form of forms) {
    let at = out.indexOf(form);
    if (at === -1) continue;
    const parts: Buffer[] = [];
    let from = 0;
    while (at !== -1) {
      parts.push(out.subarray(from, at), maskBytes);
      from = at + form.length;
      at = out.indexOf(form, from);
    }
    parts.push(out.subarray(from));
    out = Buffer.concat(parts);
  }
  return out;
}
