/** JSON body checking with the position, line and column of the first syntax error, the same in every JS engine. */
import { MAX_BODY_BYTES, type ApiCommandError } from './command-types.js';
import { showText } from './command-shell.js';

/** UTF-8 length of a JS string; a lone surrogate counts as the 3 bytes of U+FFFD it would be sent as. */
export function utf8Length(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 4;
        i++;
      } else n += 3;
    } else n += 3;
  }
  return n;
}

type Scan = { readonly ok: true } | { readonly ok: false; readonly position: number; readonly reason: string };

const WS = new Set([' ', '\t', '\n', '\r']);

function describe(text: string, i: number): string {
  const ch = text[i];
  return ch === undefined ? 'end of input' : `character ${showText(ch)}`;
}

/** Reads a string starting at the opening quote; returns the index after the closing quote, or the failure. */
function scanString(text: string, start: number): number | { position: number; reason: string } {
  let i = start + 1;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 0x22) return i + 1;
    if (c < 0x20) return { position: i, reason: `Bad control character ${showText(text[i]!)} in string (escape it)` };
    if (c === 0x5c) {
      const e = text[i + 1];
      if (e === undefined) break;
      if (e === 'u') {
        if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) return { position: i, reason: 'Bad Unicode escape (\\u needs 4 hex digits)' };
        i += 6;
        continue;
      }
      if (!'"\\/bfnrt'.includes(e)) return { position: i, reason: `Bad escape \\${showText(e).slice(1, -1)} in string` };
      i += 2;
      continue;
    }
    i++;
  }
  return { position: text.length, reason: 'Unterminated string' };
}

/** Reads a number; returns the index after it, or the failure. */
function scanNumber(text: string, start: number): number | { position: number; reason: string } {
  let i = start;
  const digit = (k: number) => text.charCodeAt(k) >= 0x30 && text.charCodeAt(k) <= 0x39;
  if (text[i] === '-') i++;
  if (text[i] === '0') i++;
  else if (digit(i)) while (digit(i)) i++;
  else return { position: i, reason: `No number after minus sign, found ${describe(text, i)}` };
  if (text[i] === '.') {
    i++;
    if (!digit(i)) return { position: i, reason: `Unterminated fractional number, found ${describe(text, i)}` };
    while (digit(i)) i++;
  }
  if (text[i] === 'e' || text[i] === 'E') {
    i++;
    if (text[i] === '+' || text[i] === '-') i++;
    if (!digit(i)) return { position: i, reason: `Exponent part is missing a number, found ${describe(text, i)}` };
    while (digit(i)) i++;
  }
  return i;
}

/** Validates JSON text (RFC 8259) without recursion, so any nesting depth is fine. */
function scanJson(text: string): Scan {
  const stack: ('{' | '[')[] = [];
  let i = 0;
  const skip = () => {
    while (i < text.length && WS.has(text[i]!)) i++;
  };
  const fail = (position: number, reason: string): Scan => ({ ok: false, position, reason });
  // expect: 'value' | 'after' (a value just ended) | 'key' (after '{' or ',')
  let expect: 'value' | 'after' | 'key' = 'value';
  for (;;) {
    skip();
    const c = text[i];
    if (expect === 'value') {
      if (c === undefined) return fail(i, 'Unexpected end of input: expected a value');
      if (c === '{' || c === '[') {
        stack.push(c);
        i++;
        skip();
        if (c === '{' && text[i] === '}') {
          stack.pop();
          i++;
          expect = 'after';
        } else if (c === '[' && text[i] === ']') {
          stack.pop();
          i++;
          expect = 'after';
        } else expect = c === '{' ? 'key' : 'value';
        continue;
      }
      let end: number | { position: number; reason: string };
      if (c === '"') end = scanString(text, i);
      else if (c === '-' || (c >= '0' && c <= '9')) end = scanNumber(text, i);
      else {
        const word = ['true', 'false', 'null'].find((w) => text.startsWith(w, i));
        if (word === undefined) return fail(i, `Unexpected ${describe(text, i)}: expected a value`);
        end = i + word.length;
      }
      if (typeof end !== 'number') return fail(end.position, end.reason);
      i = end;
      expect = 'after';
      continue;
    }
    if (expect === 'key') {
      if (c !== '"') return fail(i, `Expected a property name in double quotes, found ${describe(text, i)}`);
      const end = scanString(text, i);
      if (typeof end !== 'number') return fail(end.position, end.reason);
      i = end;
      skip();
      if (text[i] !== ':') return fail(i, `Expected ':' after property name, found ${describe(text, i)}`);
      i++;
      expect = 'value';
      continue;
    }
    const top = stack[stack.length - 1];
    if (top === undefined) {
      if (c === undefined) return { ok: true };
      return fail(i, `Unexpected ${describe(text, i)} after the JSON value`);
    }
    const close = top === '{' ? '}' : ']';
    if (c === ',') {
      i++;
      expect = top === '{' ? 'key' : 'value';
    } else if (c === close) {
      stack.pop();
      i++;
    } else return fail(i, `Expected ',' or '${close}', found ${describe(text, i)}`);
  }
}

function lineAndColumn(text: string, position: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let k = 0; k < position && k < text.length; k++) {
    if (text[k] === '\n') {
      line++;
      lineStart = k + 1;
    }
  }
  return { line, column: position - lineStart + 1 };
}

/** Parses a JSON body; a syntax error names its position, line and column; a body over MAX_BODY_BYTES is refused first. */
export function parseJsonBody(text: string): { ok: true; value: unknown } | { ok: false; error: ApiCommandError } {
  const bytes = utf8Length(text);
  if (bytes > MAX_BODY_BYTES) {
    return { ok: false, error: { code: 'body-too-large', message: `The body is ${bytes} bytes; the limit is ${MAX_BODY_BYTES} bytes (1 MiB)` } };
  }
  const scan = scanJson(text);
  if (!scan.ok) {
    const { line, column } = lineAndColumn(text, scan.position);
    return {
      ok: false,
      error: { code: 'body', message: `Invalid JSON body at position ${scan.position} (line ${line}, column ${column}): ${scan.reason}`, position: scan.position },
    };
  }
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (e) {
    // The scanner accepted it, so only an engine limit can land here.
    return { ok: false, error: { code: 'body', message: `Invalid JSON body: ${e instanceof Error ? e.message : String(e)}` } };
  }
}
