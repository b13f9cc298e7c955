/** Shell-like word splitting and quoting for the `api` command line, so a line typed in the app means what it means in a terminal. */
import { escapeForDisplay } from '../common/display.js';
import type { ApiCommandError } from './command-types.js';

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);

/** Inside double quotes a backslash escapes only these (POSIX); before anything else it is a literal backslash. */
const DOUBLE_QUOTE_ESCAPES = new Set(['"', '\\', '$', '`']);

function quoteError(message: string, position: number): { ok: false; error: ApiCommandError } {
  return { ok: false, error: { code: 'quote', message, position } };
}

/**
 * Splits a line into words: single quotes keep everything literally, double quotes allow `\" \\ \$ \``,
 * a backslash outside quotes escapes the next character, backslash-newline joins lines, whitespace separates.
 * No expansion of `$VAR`, globs or `~` happens: the words are taken as written.
 */
export function tokenize(line: string): { ok: true; tokens: string[] } | { ok: false; error: ApiCommandError } {
  const tokens: string[] = [];
  let current = '';
  let inWord = false;
  let i = 0;
  while (i < line.length) {
    const c = line[i]!;
    if (WHITESPACE.has(c)) {
      if (inWord) tokens.push(current);
      current = '';
      inWord = false;
      i++;
      continue;
    }
    if (c === '\\') {
      const next = line[i + 1];
      if (next === undefined) return quoteError(`Unfinished escape at position ${i}: a backslash at the end of the line escapes nothing`, i);
      // A line continuation is removed and does not start a word.
      if (next === '\n') {
        i += 2;
        continue;
      }
      if (next === '\r' && line[i + 2] === '\n') {
        i += 3;
        continue;
      }
      current += next;
      inWord = true;
      i += 2;
      continue;
    }
    inWord = true;
    if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end === -1) return quoteError(`Unterminated single quote at position ${i}: add the closing '`, i);
      current += line.slice(i + 1, end);
      i = end + 1;
      continue;
    }
    if (c === '"') {
      const start = i;
      i++;
      let closed = false;
      while (i < line.length) {
        const d = line[i]!;
        if (d === '"') {
          closed = true;
          i++;
          break;
        }
        if (d === '\\' && i + 1 < line.length) {
          const next = line[i + 1]!;
          if (DOUBLE_QUOTE_ESCAPES.has(next)) {
            current += next;
            i += 2;
            continue;
          }
          if (next === '\n') {
            i += 2;
            continue;
          }
        }
        current += d;
        i++;
      }
      if (!closed) return quoteError(`Unterminated double quote at position ${start}: add the closing "`, start);
      continue;
    }
    current += c;
    i++;
  }
  if (inWord) tokens.push(current);
  return { ok: true, tokens };
}

/** Characters that never need quoting in a POSIX shell word (`~` and `#` do at the start, so they are left out). */
const SAFE_WORD = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** Quotes one word for a POSIX shell: bare when safe, else single-quoted with `'` written as `'\''`. */
export function shellQuote(word: string): string {
  if (SAFE_WORD.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** Double-quotes a word, keeping `$` live so the shell expands variables in it. */
export function shellDoubleQuote(word: string): string {
  return `"${word.replace(/["\\`]/g, (m) => `\\${m}`)}"`;
}

/** A short, escaped rendering of user text for an error message: quoted, controls and bidi overrides visible, capped. */
export function showText(text: string, max = 40): string {
  const cut = text.length > max ? `${text.slice(0, max)}…` : text;
  // JSON quoting escapes C0 controls and quotes; the display rule then shows every other unsafe character as an escape.
  return escapeForDisplay(JSON.stringify(cut));
}
