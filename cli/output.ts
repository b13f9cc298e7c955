/** How `burrow api` writes a response: pretty JSON, raw bytes, terminal escaping, non-JSON handling by Content-Type, the key masked by the core. */
import { escapeForDisplay } from '../shared/common/display.js';
import type { OutStream } from './io.js';
import { prettyJson } from '../shared/common/json-text.js';

/**
 * Makes text safe to show on a terminal: control characters (other than newline and tab) and bidi overrides become
 * `\uXXXX`, so an escape sequence cannot clear the screen or reorder what is shown. Inside a JSON string this stays valid JSON.
 */
export const escapeForTerminal = escapeForDisplay;

/**
 * Text for a stream, as every command writes untrusted text: escaped (escapeForTerminal) when the stream is a
 * terminal, the bytes as they are for a pipe or a file. `oneLine` for text that must not break the line it is on.
 */
export function shownOn(out: OutStream, text: string, options: { readonly oneLine?: boolean } = {}): string {
  return out.isTTY === true ? escapeForTerminal(text, options) : text;
}

/** Re-indents valid JSON text with 2 spaces without parsing its values (64-bit ids keep every digit). */
export { prettyJson };

/** True when the answer is JSON: a JSON content type, or a body that parses as JSON. Empty is not JSON. */
export function jsonTextOf(body: Buffer, contentType: string | undefined): { json: true; text: string } | { json: false; parseError?: string } {
  if (body.length === 0) return { json: false };
  const text = decodeUtf8(body);
  if (text === undefined) return { json: false, ...(isJsonType(contentType) ? { parseError: 'not UTF-8 text' } : {}) };
  try {
    JSON.parse(text);
    return { json: true, text };
  } catch (e) {
    return isJsonType(contentType) ? { json: false, parseError: e instanceof Error ? e.message : String(e) } : { json: false };
  }
}

function isJsonType(contentType: string | undefined): boolean {
  return contentType !== undefined && /[/+]json\b/i.test(contentType.split(';')[0] ?? '');
}

/** The body as text when it is valid UTF-8, else undefined. */
export function decodeUtf8(body: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body);
  } catch {
    return undefined;
  }
}

/** What a terminal shows for bytes that are not text: size, type and a hex preview. */
export function describeBinary(body: Uint8Array, contentType: string | undefined): string {
  const preview = [...body.subarray(0, 32)].map((b) => b.toString(16).padStart(2, '0')).join(' ');
  return `${body.length} bytes, type ${contentType ?? 'unknown'}\n${preview}${body.length > 32 ? ' …' : ''}\n`;
}

/** True when bytes are better shown as a hex preview than as text on a terminal. */
export function looksBinary(body: Uint8Array): boolean {
  const text = decodeUtf8(body);
  return text === undefined || text.includes('\u0000');
}
