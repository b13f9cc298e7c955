/**
 * The rule every API key follows, wherever it comes from (settings, `--api-key`, the environment, a config file).
 * Kept free of zod so the `burrow` command can check a key without loading a schema library.
 */

/** The character rule in the words of a field error. */
export const KEY_CHARACTERS_RULE = 'may contain only printable ASCII characters (no spaces, line breaks or control characters)';

/** Shortest and longest key accepted; the platform's keys are far inside both. */
export const KEY_MIN_LENGTH = 8;
export const KEY_MAX_LENGTH = 4096;

/**
 * Index of the first character a key may not contain, or -1 when every character is allowed. Keys are sent in
 * HTTP headers: only visible ASCII (0x21-0x7E) survives that unchanged, so nothing else is accepted.
 */
export function firstBadKeyCharacter(value: string): number {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x21 || c > 0x7e) return i;
  }
  return -1;
}

/** How a refused character is named in a message: its code point, never the character itself (it may not print). */
export function describeKeyCharacter(value: string, index: number): string {
  const code = value.codePointAt(index) ?? 0;
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')} at position ${index + 1}`;
}
