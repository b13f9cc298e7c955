/** Reading a request body from standard input (`echo '{}' | burrow api post /x`, `burrow api post /x < body.json`). */
import { MAX_BODY_BYTES } from '../shared/console/command-types.js';

/** What standard input held; `invalid` carries the sentence to print (a usage error). */
export type StdinBody =
  | { readonly kind: 'none' }
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'too-large'; readonly bytes: number }
  | { readonly kind: 'invalid'; readonly message: string };

/** The official CLI's rule: a body is read from stdin only when the method may carry one and stdin is not a terminal (asked last: opening it costs). */
export function shouldReadStdin(io: { readonly stdin: { readonly isTTY?: boolean } }, method: string, hasBodyFlag: boolean): boolean {
  return !hasBodyFlag && method !== 'GET' && method !== 'HEAD' && io.stdin.isTTY !== true;
}

/**
 * Where the first malformed UTF-8 sequence starts, or -1 when the bytes are valid UTF-8. The same rules as a fatal
 * TextDecoder (no overlong forms, no surrogates, nothing past U+10FFFF), which only says that the bytes are bad, not where.
 */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i]!;
    if (lead < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) need = 1;
    else if (lead >= 0xe0 && lead <= 0xef) {
      need = 2;
      if (lead === 0xe0) lo = 0xa0; // below: an overlong form
      if (lead === 0xed) hi = 0x9f; // above: a UTF-16 surrogate
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      need = 3;
      if (lead === 0xf0) lo = 0x90; // below: an overlong form
      if (lead === 0xf4) hi = 0x8f; // above: past U+10FFFF
    } else return i;
    for (let k = 1; k <= need; k++) {
      const next = bytes[i + k];
      if (next === undefined || next < (k === 1 ? lo : 0x80) || next > (k === 1 ? hi : 0xbf)) return i;
    }
    i += need + 1;
  }
  return -1;
}

function decode(bytes: Uint8Array): { ok: true; text: string } | { ok: false; message: string } {
  try {
    // Fatal: a body with a broken byte is refused, never sent with U+FFFD in its place. A leading BOM is dropped.
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    const at = firstInvalidUtf8(bytes);
    const byte = bytes[at] ?? 0;
    return { ok: false, message: `The body on standard input is not valid UTF-8: byte 0x${byte.toString(16).toUpperCase().padStart(2, '0')} at byte offset ${at}` };
  }
}

/** Reads stdin to its end, stopping past MAX_BODY_BYTES; whitespace only (or nothing) means no body. A leading BOM is dropped. */
export async function readStdinBody(stdin: NodeJS.ReadableStream & { destroy?: () => void }): Promise<StdinBody> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of stdin) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk);
    bytes += buf.length;
    if (bytes > MAX_BODY_BYTES) {
      // No need to read the rest: it is refused whatever follows.
      stdin.destroy?.();
      return { kind: 'too-large', bytes };
    }
    chunks.push(buf);
  }
  const decoded = decode(Buffer.concat(chunks));
  if (!decoded.ok) return { kind: 'invalid', message: decoded.message };
  const text = decoded.text.startsWith('\uFEFF') ? decoded.text.slice(1) : decoded.text;
  return text.trim() === '' ? { kind: 'none' } : { kind: 'text', text };
}
