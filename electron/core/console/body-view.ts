/** Turns a response body into what the console shows: pretty JSON, text, or a hex preview — with secrets masked. */
import type { ConsoleBody } from '../../../shared/console.js';
import { hexPreview } from '../../../shared/display.js';
import { MASK, redactText } from '../../../shared/redact.js';

/** Field names whose string values are credentials (ApiKey, ReadOnlyPassword, ZoneSecurityKey…); not ErrorKey or KeyId. */
const SECRET_FIELD = /(api[-_]?key|access[-_]?key|security[-_]?key|private[-_]?key|password|passwd|secret|token|signature|credentials?)$/i;

const TEXT_TYPES = /^(text\/|application\/(json|.*\+json|xml|.*\+xml|javascript|x-www-form-urlencoded|problem\+json))/i;

/** Replaces string values of secret-named fields (ApiKey, Password, …) with the mask; counts them. */
export function maskSecretFields(value: unknown): { value: unknown; masked: number } {
  let masked = 0;
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, inner] of Object.entries(v)) {
        if (typeof inner === 'string' && inner !== '' && SECRET_FIELD.test(k)) {
          out[k] = MASK;
          masked++;
        } else out[k] = walk(inner);
      }
      return out;
    }
    return v;
  };
  return { value: walk(value), masked };
}

function looksLikeText(bytes: Buffer): boolean {
  const sample = bytes.subarray(0, 4096);
  if (sample.includes(0)) return false;
  // Valid UTF-8 round-trips; binary almost never does.
  return Buffer.from(sample.toString('utf8'), 'utf8').equals(sample) || sample.length === 4096;
}

// A JSON member `"<name>": "<string>"`, as written in the raw text (any spacing, escaped quotes inside).
const JSON_MEMBER = /("((?:[^"\\]|\\.)*)"\s*:\s*)"((?:[^"\\]|\\.)*)"/g;

/**
 * The body as received, for the verbose view: same bytes and layout, but credential-named string
 * members masked and known key values scrubbed.
 */
export function rawText(bytes: Buffer, secrets: readonly string[]): string {
  const text = bytes.toString('utf8').replace(JSON_MEMBER, (whole, head: string, name: string, value: string) =>
    value !== '' && SECRET_FIELD.test(name) ? `${head}"${MASK}"` : whole,
  );
  return redactText(text, secrets);
}

/** Builds the displayed body; `truncated` bodies are never parsed as JSON. */
export function viewBody(bytes: Buffer, contentType: string, truncated: boolean, secrets: readonly string[]): ConsoleBody {
  if (bytes.length === 0) return { kind: 'empty' };
  const jsonish = /json/i.test(contentType) || (contentType === '' && /^\s*[[{]/.test(bytes.subarray(0, 64).toString('utf8')));
  if (jsonish || TEXT_TYPES.test(contentType) || (contentType === '' && looksLikeText(bytes))) {
    const text = bytes.toString('utf8');
    if (jsonish && !truncated) {
      try {
        const { value, masked } = maskSecretFields(JSON.parse(text));
        return { kind: 'json', text: redactText(JSON.stringify(value, null, 2), secrets), masked };
      } catch (e) {
        return { kind: 'text', text: redactText(text, secrets), parseError: `Not valid JSON: ${(e as Error).message}` };
      }
    }
    return { kind: 'text', text: redactText(text, secrets), ...(jsonish ? { parseError: 'Not parsed: the body is larger than the display limit' } : {}) };
  }
  return { kind: 'binary', contentType: contentType || 'unknown', hex: hexPreview(bytes) };
}
