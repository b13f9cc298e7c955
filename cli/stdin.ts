/** Reading a request body from standard input (`echo '{}' | burrow api post /x`, `burrow api post /x < body.json`). */
import { MAX_BODY_BYTES } from '../shared/api-command.js';

/** What standard input held. */
export type StdinBody = { readonly kind: 'none' } | { readonly kind: 'text'; readonly text: string } | { readonly kind: 'too-large'; readonly bytes: number };

/** The official CLI's rule (NOTES 4.2): a body is read from stdin only when it is not a terminal and the method may carry one. */
export function shouldReadStdin(stdin: { readonly isTTY?: boolean }, method: string, hasBodyFlag: boolean): boolean {
  return !hasBodyFlag && stdin.isTTY !== true && method !== 'GET' && method !== 'HEAD';
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
  let text = Buffer.concat(chunks).toString('utf8');
  if (text.startsWith('\uFEFF')) text = text.slice(1);
  return text.trim() === '' ? { kind: 'none' } : { kind: 'text', text };
}
