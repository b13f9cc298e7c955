/** Making untrusted text safe to show: control characters and bidi overrides become visible escapes. */

// C0 controls except tab and newline, DEL, C1 controls, bidi embeddings/overrides/isolates, and a few invisible formatters.
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/g;

// The same, plus tab and newline: for text that must stay on its own one line (a table cell, a progress bar).
const UNSAFE_IN_LINE = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/g;

/** How escapeForDisplay treats line breaks. */
export interface DisplayEscapeOptions {
  /** Escape tabs and newlines too: the text is one cell or one line of something drawn (default false). */
  readonly oneLine?: boolean;
}

/**
 * The one rule for showing untrusted text (the CLI on a terminal, the console, error titles): `\x1b` → `\u001b`,
 * U+202E → `\u202e`, a C1 control such as U+009B (CSI) → `\u009b`: visible, never interpreted. Tabs and newlines
 * are kept unless `oneLine`. Inside a JSON string the result is still valid JSON.
 */
export function escapeForDisplay(text: string, options: DisplayEscapeOptions = {}): string {
  return text.replace(options.oneLine === true ? UNSAFE_IN_LINE : UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A classic hex dump of the first bytes: offset, 16 hex bytes, printable ASCII. */
export function hexPreview(bytes: Uint8Array, max = 512): string {
  const lines: string[] = [];
  const end = Math.min(bytes.length, max);
  for (let off = 0; off < end; off += 16) {
    const row = bytes.subarray(off, Math.min(off + 16, end));
    const hex = Array.from(row, (b) => b.toString(16).padStart(2, '0')).join(' ');
    const ascii = Array.from(row, (b) => (b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '.')).join('');
    lines.push(`${off.toString(16).padStart(8, '0')}  ${hex.padEnd(47, ' ')}  ${ascii}`);
  }
  return lines.join('\n');
}

/** 1234567 → "1.2 MB". */
export function formatBytes(n: number): string {
  if (n < 1000) return `${n} B`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let v = n;
  let i = -1;
  do {
    v /= 1000;
    i++;
  } while (v >= 1000 && i < units.length - 1);
  return `${v.toFixed(v < 10 ? 1 : 0)} ${units[i]}`;
}
